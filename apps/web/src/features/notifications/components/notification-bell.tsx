import { Badge } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { preloadable } from '../../../lib/preloadable.tsx';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { panelTab, withoutPanel, withPanel } from '../panel-address.ts';
import '../i18n-bell.ts';
import './notification-bell.css';

const panel = preloadable(() => import('./notifications-panel.tsx'));

/** The count as the badge shows it. */
const badgeCount = (unread: number) => (unread > 99 ? '99+' : String(unread));

// Closing the panel shows the page's own view again (the view kept for the address without the
// panel), whose bell then takes the focus back.
let focusBellOnShow = false;

/** A history entry the bell opened (Back then closes the panel), as opposed to a link or a refresh. */
interface OpenedByBell {
  notificationsPanel: true;
}

/**
 * The title bar's bell: the unread count, and the notifications panel, which it opens by adding
 * `?notifications=1` to the page's address and which loads on the first open.
 */
export default function NotificationBell() {
  const { t } = useTranslation('notifications');
  const unread = useUnreadCount().data?.unread ?? 0;
  const location = useLocation();
  const navigate = useNavigate();
  const tab = panelTab(location.search);
  const bell = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (tab || !focusBellOnShow) return;
    focusBellOnShow = false;
    bell.current?.focus();
  }, [tab]);

  const state = location.state as Partial<OpenedByBell> | null;
  const close = useCallback(() => {
    focusBellOnShow = true;
    if (state?.notificationsPanel) void navigate(-1);
    else void navigate({ pathname: location.pathname, search: withoutPanel(location.search), hash: location.hash }, { replace: true });
  }, [navigate, state, location.pathname, location.search, location.hash]);

  // Mounted from the first open on, so a second opening does not wait for its chunk again.
  const [used, setUsed] = useState(tab !== null);
  if (tab !== null && !used) setUsed(true);

  const label = unread > 0 ? t('bellUnread', { count: unread }) : t('bell');
  const opened: OpenedByBell = { notificationsPanel: true };
  return (
    <>
      <Link
        ref={bell}
        className="notif-bell"
        to={{ pathname: location.pathname, search: withPanel(location.search), hash: location.hash }}
        state={opened}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={tab !== null}
        onPointerEnter={() => void panel.preload()}
        onFocus={() => void panel.preload()}
      >
        <Badge content={unread > 0 ? badgeCount(unread) : null} aria-hidden="true">
          <BellOutline className="notif-bell__icon" aria-hidden="true" />
        </Badge>
      </Link>
      {used ? <panel.Component open={tab !== null} initialTab={tab ?? 'list'} onClose={close} returnFocus={bell} /> : null}
    </>
  );
}
