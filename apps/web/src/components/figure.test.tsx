import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Figure, figureWidth } from './figure.tsx';

describe('Figure', () => {
  it('measures its value in digit widths, Chinese characters wider, the unit at half size', () => {
    expect(figureWidth('¥12,345.67')).toBe(10);
    expect(figureWidth(8009, 'PV')).toBe(4 + 1 + 0.5);
    expect(figureWidth('2026年10月')).toBeCloseTo(6 + 2 * 1.7);
    expect(figureWidth(<b>1</b>)).toBeUndefined();
  });

  it('keeps the figure and its unit on one line and gives the stylesheet its width to fit a narrow tile', () => {
    const { container } = render(<Figure value="− ¥1,975.31" label="Tax" />);
    const block = container.querySelector('.figure-block')!;
    expect(block).toHaveClass('figure-block--fit');
    expect(block.getAttribute('style')).toContain('--figure-chars: 11.0');
    expect(screen.getByText('− ¥1,975.31').parentElement).toHaveClass('figure-block__value');
  });

  it('leaves a value that is not plain text at its full size', () => {
    const { container } = render(<Figure value={<span>3</span>} label="Legs" />);
    expect(container.querySelector('.figure-block')).not.toHaveClass('figure-block--fit');
  });

  it('joins a percent sign to its figure, as every percentage in the app is written', () => {
    render(<Figure value={18} unit="%" label="Bracket" />);
    expect(screen.getByText('18%')).toHaveClass('figure');
  });
});
