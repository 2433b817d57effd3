import { useEffect, useEffectEvent, useId, useRef, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './long-press-image.css';

/**
 * An image shown full screen to be saved with a long press: WeChat's and the app's webviews drop
 * a download, but offer "save image" on a long press of an <img>. A modal dialog: focus moves to
 * its close button and stays in it, Escape or the button closes it, and focus goes back to
 * `returnFocus` (the button that opened it), else to where it was. Used by the year in review's
 * share image and by the documents' page images in WeChat and the app (document-button.tsx).
 */
export function LongPressImage({
  src,
  alt,
  onClose,
  returnFocus,
  tall = false,
}: {
  src: string;
  alt: string;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  /** A document's pages: shown at the screen's width and scrolled, not shrunk to fit. */
  tall?: boolean;
}) {
  const { t } = useTranslation('income');
  const hintId = useId();
  const close = useRef<HTMLButtonElement>(null);
  // The latest onClose, without re-running the effect (which would move focus again).
  const closeNow = useEffectEvent(() => onClose());

  useEffect(() => {
    const before = returnFocus?.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeNow();
      } else if (event.key === 'Tab') {
        // The close button is the dialog's only control: Tab stays on it.
        event.preventDefault();
        close.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    // The page behind does not scroll under the image.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus();
    };
    // Focus targets are read once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return createPortal(
    <div className="long-press" role="dialog" aria-modal="true" aria-labelledby={hintId}>
      <p className="long-press__hint" id={hintId}>
        {t('longPressHint')}
      </p>
      {tall ? (
        <div className="long-press__scroll">
          <img className="long-press__image" src={src} alt={alt} />
        </div>
      ) : (
        <img className="long-press__image" src={src} alt={alt} />
      )}
      <button type="button" className="long-press__close" ref={close} onClick={onClose}>
        {t('closeImage')}
      </button>
    </div>,
    document.body,
  );
}
