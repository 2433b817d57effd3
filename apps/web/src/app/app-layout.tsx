import type { Channel } from '@abo/contract';
import { lazy, Suspense } from 'react';
import { useLocation, useMatches } from 'react-router';
import { queriedAda } from '../lib/api-client.ts';
import { getSession } from '../lib/storage.ts';
import { PageActions } from '../components/page-actions.ts';
import { PageBanner } from '../components/page-banner.ts';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { useAnalytics } from './use-analytics.ts';
import { useChannelIntegrations } from './use-channel-integrations.ts';
import { CA_VIEW_CACHE_MAX, DEFAULT_VIEW_CACHE_MAX, KeepAliveOutlet } from './keep-alive-outlet.tsx';
import type { RouteHandle } from './router-handle.ts';
import { staffScreenFor } from './staff-screen.ts';
import { TitleBarActions } from './title-bar-actions.tsx';

// Staff (iinquiry) only, so loaded only for them.
const StaffScreen = lazy(() => import('../features/staff/staff-screen.tsx'));
const StaffBanner = lazy(() => import('../features/staff/staff-banner.tsx'));

/** The shell around every page: cached views plus the channel's integrations. */
export function AppLayout() {
  const channel = (getSession('channel') ?? 'ebiz') as Channel;
  useChannelIntegrations(channel);
  const dstInfo = useAnalytics(channel);
  const { pathname } = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const staff = channel === 'iinquiry';
  const ada = staff ? queriedAda() : null;
  const staffScreen = staff ? staffScreenFor(pathname, handle, ada) : null;
  // Staff looking at a distributor see whose page it is on every page (features/staff).
  const banner = ada ? (
    <Suspense fallback={null}>
      <StaffBanner info={dstInfo} />
    </Suspense>
  ) : null;
  return (
    <div className={`app app--${channel}`}>
      <PageActions value={<TitleBarActions />}>
        <PageBanner value={banner}>
          <Suspense fallback={<PageSkeleton />}>
            {staffScreen ? (
              <StaffScreen kind={staffScreen} />
            ) : (
              <KeepAliveOutlet max={channel === 'ca' ? CA_VIEW_CACHE_MAX : DEFAULT_VIEW_CACHE_MAX} />
            )}
          </Suspense>
        </PageBanner>
      </PageActions>
    </div>
  );
}
