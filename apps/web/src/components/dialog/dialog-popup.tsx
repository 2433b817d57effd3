import { Button, Popup } from 'antd-mobile';
import type { ReactNode, RefObject } from 'react';
import { useModalDialog } from './use-dialog.ts';
import './dialog-popup.css';

export interface DialogPopupProps {
  /** The dialog's id (the opening button's aria-controls); its title is `${id}-title`. */
  id: string;
  open: boolean;
  onClose: () => void;
  /** The button that opened it: the focus goes back there on closing. */
  returnFocus: RefObject<HTMLElement | null>;
  title: ReactNode;
  /** Beside the title (a link to the longer explanation). */
  aside?: ReactNode;
  /** The id of the element that says what the dialog is about (aria-describedby). */
  describedBy: string;
  closeLabel: string;
  /** The popup's own class, beside the shared one (on antd-mobile's popup body). */
  className?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/** What opens and closes a dialog popup: the props the term and figure-trace popups pass on. */
export type DialogOpening = Pick<DialogPopupProps, 'id' | 'open' | 'onClose' | 'returnFocus'>;

/**
 * A bottom popup that is a modal dialog for the keyboard and screen readers too, as the first-visit
 * guide is (useModalDialog): titled, described, the page behind inert, the close button taking the
 * focus, Escape closing it and the focus going back to the button that opened it. The term and
 * figure-trace popups are this with their own content.
 */
export function DialogPopup({
  id,
  open,
  onClose,
  returnFocus,
  title,
  aside,
  describedBy,
  closeLabel,
  className,
  'data-testid': testId,
  children,
}: DialogPopupProps) {
  const closeButton = useModalDialog(open, onClose, returnFocus);
  return (
    <Popup
      visible={open}
      position="bottom"
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={className ? `dialog-popup ${className}` : 'dialog-popup'}
    >
      <div
        className="dialog-popup__body"
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={describedBy}
        data-testid={testId}
      >
        <div className="dialog-popup__head">
          <h2 id={`${id}-title`} className="dialog-popup__title">
            {title}
          </h2>
          {aside}
        </div>
        {children}
        <Button ref={closeButton} block color="primary" onClick={onClose}>
          {closeLabel}
        </Button>
      </div>
    </Popup>
  );
}
