import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DialogPopup } from './dialog-popup.tsx';
import { useDialogTrigger } from './use-dialog.ts';
import { appRoot } from '../../testing/render-page.tsx';

function Opener() {
  const { open, used, button, id, show, close } = useDialogTrigger();
  return (
    <>
      <button ref={button} type="button" aria-haspopup="dialog" aria-expanded={open} onClick={show}>
        What is PV?
      </button>
      {used ? (
        <DialogPopup
          id={id}
          open={open}
          onClose={close}
          returnFocus={button}
          title="PV"
          aside={<a href="/descpage?code=PV_BV">Read more</a>}
          describedBy={`${id}-text`}
          closeLabel="Close"
          className="term-popup"
        >
          <p id={`${id}-text`}>The points each order carries.</p>
        </DialogPopup>
      ) : null}
    </>
  );
}

function show() {
  render(<Opener />, { container: appRoot() });
  return screen.getByRole('button', { name: 'What is PV?' });
}

describe('DialogPopup', () => {
  it('is a titled, described modal dialog: the page behind inert, the focus on its close button, then back', async () => {
    const opener = show();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'PV' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('The points each order carries.');
    expect(dialog.closest('.dialog-popup')).toHaveClass('term-popup');
    expect(screen.getByRole('link', { name: 'Read more' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus());
    expect(document.getElementById('root')!.inert).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('root')!.inert).toBe(false);
    expect(opener).toHaveFocus();
    // Opened again (mounted already): the same.
    fireEvent.click(opener);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus());
  });

  it('closes on Escape', async () => {
    const opener = show();
    fireEvent.click(opener);
    await screen.findByRole('dialog', { name: 'PV' });
    act(() => {
      fireEvent.keyDown(window, { key: 'Escape' });
    });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(opener).toHaveFocus();
  });
});
