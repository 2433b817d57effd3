import { Button, Popup, Skeleton } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../components/dialog/use-dialog.ts';
import { getSession } from '../../../lib/storage.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import type { PanelTab } from '../panel-address.ts';
import '../i18n.ts';
import { NotificationList } from './notification-list.tsx';
import './notifications-panel.css';

// The settings form loads when its tab is first chosen: most visits only read the list.
const PreferencesForm = lazy(() => import('./preferences-form.tsx'));

export interface NotificationsPanelProps {
  open: boolean;
  initialTab: PanelTab;
  onClose: () => void;
  /** The bell: the focus goes back there on closing. */
  returnFocus: RefObject<HTMLElement | null>;
}

const TABS: PanelTab[] = ['list', 'settings'];

/**
 * The notifications "page": a full-screen sheet on a phone, a side sheet on a wide screen, with the
 * list and the push settings. Staff (iinquiry) see the distributor's history with how each push
 * went, and nothing to change: no read marks, no settings.
 */
export default function NotificationsPanel({ open, initialTab, onClose, returnFocus }: NotificationsPanelProps) {
  const { t } = useTranslation('notifications');
  const staff = getSession('channel') === 'iinquiry';
  const [tab, setTab] = useState<PanelTab>(staff ? 'list' : initialTab);
  const closeButton = useModalDialog(open, onClose, returnFocus);
  const unread = useUnreadCount().data?.unread ?? 0;
  const tabRefs = useRef<Record<PanelTab, HTMLButtonElement | null>>({ list: null, settings: null });

  // Arrow keys move between the tabs (the WAI-ARIA tabs pattern); Tab goes on into the panel.
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next =
      e.key === 'Home'
        ? TABS[0]!
        : e.key === 'End'
          ? TABS.at(-1)!
          : TABS[(TABS.indexOf(tab) + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  const tabLabel = (key: PanelTab) =>
    key === 'settings' ? t('tabSettings') : unread > 0 ? t('tabListUnread', { count: unread }) : t('tabList');

  return (
    <Popup visible={open} position="right" onMaskClick={onClose} bodyClassName="notif-panel">
      <div
        className="notif-panel__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="notif-panel-title"
        data-testid="notifications-panel"
      >
        <header className="notif-panel__head">
          <h2 id="notif-panel-title" className="notif-panel__title">
            {t('title')}
          </h2>
          <Button ref={closeButton} className="notif-panel__close" fill="none" size="small" onClick={onClose} aria-label={t('close')}>
            <CloseOutline aria-hidden="true" />
          </Button>
        </header>
        {staff ? (
          <p className="notif-panel__note">{t('staffNote')}</p>
        ) : (
          <div className="notif-tabs" role="tablist" aria-label={t('tabs')}>
            {TABS.map((key) => (
              <button
                key={key}
                ref={(el) => {
                  tabRefs.current[key] = el;
                }}
                type="button"
                role="tab"
                id={`notif-tab-${key}`}
                aria-controls={`notif-tabpanel-${key}`}
                aria-selected={tab === key}
                tabIndex={tab === key ? 0 : -1}
                className={`notif-tabs__tab${tab === key ? ' notif-tabs__tab--active' : ''}`}
                onClick={() => setTab(key)}
                onKeyDown={onTabKey}
              >
                {tabLabel(key)}
              </button>
            ))}
          </div>
        )}
        <div
          className="notif-panel__scroll"
          {...(staff ? {} : { role: 'tabpanel', id: `notif-tabpanel-${tab}`, 'aria-labelledby': `notif-tab-${tab}` })}
        >
          {tab === 'list' ? (
            <NotificationList staff={staff} unread={unread} />
          ) : (
            <Suspense
              fallback={
                <div className="notif-panel__section" role="status" aria-busy="true" aria-label={t('settings.loading')}>
                  <Skeleton.Paragraph lineCount={8} animated />
                </div>
              }
            >
              <PreferencesForm />
            </Suspense>
          )}
        </div>
      </div>
    </Popup>
  );
}
