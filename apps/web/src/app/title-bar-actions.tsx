import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { queriedAda } from '../lib/api-client.ts';
import { getSession } from '../lib/storage.ts';

// The notifications bell (and, on its first opening, the panel) loads after the page: the frame
// and the first page carry none of it, and its slot keeps its size meanwhile so nothing moves.
const NotificationBell = lazy(() => import('../features/notifications/components/notification-bell.tsx'));
const BELL_SLOT = { display: 'inline-block', width: 32, height: 32 } as const;

/** Pages a bell makes no sense on: signing in, the public certificate check, and staff with no distributor chosen yet. */
function showsBell(pathname: string): boolean {
  if (/^\/(login|authentication|verify)\/?$/i.test(pathname)) return false;
  return getSession('channel') !== 'iinquiry' || !!queriedAda();
}

/** What the app adds to every page's title bar (components/page-actions.ts): the notifications bell. */
export function TitleBarActions() {
  const { pathname } = useLocation();
  if (!showsBell(pathname)) return null;
  return (
    <Suspense fallback={<span style={BELL_SLOT} aria-hidden="true" />}>
      <NotificationBell />
    </Suspense>
  );
}
