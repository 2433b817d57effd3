import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/index.ts';
import { StatusTag } from './status-tag.tsx';

describe('StatusTag', () => {
  it('shows out of reach with its own icon, words and class in both languages', async () => {
    initI18n('en-US');
    const { container, rerender } = render(<StatusTag status="outOfReach" />);
    const tag = screen.getByText('Out of reach');
    expect(tag).toHaveClass('status', 'status--outOfReach');
    expect(tag.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    // Not the missed icon: the two are told apart by more than colour (docs/product.md, Look and feel).
    rerender(<StatusTag status="missed" />);
    const missedIcon = container.querySelector('svg')!.innerHTML;
    rerender(<StatusTag status="outOfReach" />);
    expect(container.querySelector('svg')!.innerHTML).not.toBe(missedIcon);
    await i18n.changeLanguage('zh-CN');
    rerender(<StatusTag status="outOfReach" />);
    expect(screen.getByText('无法达成')).toBeInTheDocument();
  });
});
