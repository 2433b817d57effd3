import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorBlock } from './error-block.tsx';

describe('ErrorBlock', () => {
  it('shows its text at once and the illustration of its status once that has loaded', async () => {
    const { container } = render(<ErrorBlock status="empty" title="No statements yet" description="Statements appear after the close" />);
    expect(screen.getByText('No statements yet')).toBeInTheDocument();
    expect(screen.getByText('Statements appear after the close')).toBeInTheDocument();
    // antd-mobile's own illustration for "empty", in the image box that holds its place meanwhile.
    const box = container.querySelector('.adm-error-block-image')!;
    expect(box).toBeInTheDocument();
    await expect.poll(() => box.querySelector('svg')).not.toBeNull();
  });

  it('keeps an image given by the page', () => {
    const { container } = render(<ErrorBlock status="default" image="/x.png" title="t" />);
    expect(container.querySelector('.adm-error-block-image img')).toHaveAttribute('src', '/x.png');
  });
});
