import type { UserProfile } from '@abo/contract';
import { maskName, maskPrivacy } from '@abo/contract/privacy';
import { useEffect, useId, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import './account-switch.css';
import './i18n.ts';

export interface AccountSwitchDialogProps {
  current: UserProfile;
  next: UserProfile;
  /** Called once with the user's choice: true to switch, false to keep the current account. */
  onDecide: (switchTo: boolean) => void;
}

/** Masked as everywhere else (docs/contract.md §5): enough for the owner to recognise, little for anyone else. */
function accountLabel(profile: UserProfile): string {
  const name = maskName(profile.fullName);
  return name ? `${name} · ${maskPrivacy(profile.ada)}` : maskPrivacy(profile.ada);
}

/** Whether this browser has modal dialogs (Safari before 15.4 does not). */
function hasModalDialogs(): boolean {
  return typeof HTMLDialogElement === 'function' && typeof HTMLDialogElement.prototype.showModal === 'function';
}

/**
 * "Switch to account X?" when a new sign-in arrives in a tab signed in to another account.
 * A native modal <dialog>: the page behind is inert, Escape (and Android's back gesture)
 * cancels, and focus starts on keeping the current account, the safe choice. Browsers
 * without showModal get the same box over a dimmed page, Escape, and Tab kept inside.
 */
export function AccountSwitchDialog({ current, next, onDecide }: AccountSwitchDialogProps) {
  const { t } = useTranslation('auth');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const modal = hasModalDialogs();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (modal) {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    keepRef.current?.focus();
    return () => {
      if (modal && dialog.open) dialog.close();
    };
  }, [modal]);
  return (
    <dialog
      ref={dialogRef}
      className={modal ? 'account-switch' : 'account-switch account-switch--fallback'}
      {...(modal ? {} : { role: 'dialog', 'aria-modal': true })}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        onDecide(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onDecide(false);
        } else if (event.key === 'Tab' && !modal) {
          // Nothing behind a fallback dialog is inert: Tab goes round its two buttons.
          const buttons = Array.from(event.currentTarget.querySelectorAll('button'));
          const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
          event.preventDefault();
          buttons[(at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length]?.focus();
        }
      }}
    >
      <h2 className="account-switch__title" id={`${id}-title`}>
        {t('switch.title', { account: maskPrivacy(next.ada) })}
      </h2>
      <p className="account-switch__body" id={`${id}-body`}>
        {t('switch.body')}
      </p>
      <dl className="account-switch__accounts">
        <div className="account-switch__account">
          <dt>{t('switch.current')}</dt>
          <dd className="num">{accountLabel(current)}</dd>
        </div>
        <div className="account-switch__account account-switch__account--next">
          <dt>{t('switch.next')}</dt>
          <dd className="num">{accountLabel(next)}</dd>
        </div>
      </dl>
      <div className="account-switch__actions">
        <button ref={keepRef} type="button" className="account-switch__button" onClick={() => onDecide(false)}>
          {t('switch.keep')}
        </button>
        <button type="button" className="account-switch__button account-switch__button--primary" onClick={() => onDecide(true)}>
          {t('switch.confirm')}
        </button>
      </div>
    </dialog>
  );
}

export interface ConfirmAccountSwitch {
  current: UserProfile;
  next: UserProfile;
  /** The navigation's: when it is abandoned (another one started), the current account stays. */
  signal?: AbortSignal;
}

/**
 * Asks in a root of its own: the guard runs before the app has rendered (on the first
 * navigation nothing is on screen but index.html's placeholder). Resolves with the choice.
 */
export function confirmAccountSwitch({ current, next, signal }: ConfirmAccountSwitch): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let decided = false;
    const decide = (switchTo: boolean) => {
      if (decided) return;
      decided = true;
      signal?.removeEventListener('abort', abandon);
      // Unmounted after the event that decided has finished with the tree.
      setTimeout(() => {
        root.unmount();
        host.remove();
        returnFocus?.focus();
      });
      resolve(switchTo);
    };
    const abandon = () => decide(false);
    signal?.addEventListener('abort', abandon, { once: true });
    root.render(<AccountSwitchDialog current={current} next={next} onDecide={decide} />);
  });
}
