import type { ButtonRef } from 'antd-mobile';
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';

/**
 * The button side of a popup dialog (a term's definition, a figure's trace): its open state, the
 * id the button controls and the button to hand the focus back to. `used` turns true on the first
 * tap and stays so: the lazily loaded popup is mounted from then on, so it can animate out and
 * return the focus.
 */
export function useDialogTrigger() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const show = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { open, used, button, id, show, close };
}

/**
 * The popup side: a modal dialog for the keyboard and screen readers too, as the first-visit guide
 * is. While open the page behind is inert, the returned close button takes the focus and Escape
 * closes; on closing the focus goes back to `returnFocus`.
 */
export function useModalDialog(open: boolean, onClose: () => void, returnFocus: RefObject<HTMLElement | null>) {
  const closeButton = useRef<ButtonRef>(null);
  useEffect(() => {
    const root = document.getElementById('root');
    if (!open) return;
    const back = returnFocus.current;
    if (root) root.inert = true;
    closeButton.current?.nativeElement?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (root) root.inert = false;
      back?.focus();
    };
  }, [open, onClose, returnFocus]);
  return closeButton;
}
