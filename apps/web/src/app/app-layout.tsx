import type { Channel } from '@abo/contract';
import { Suspense } from 'react';
import { getSession } from '../lib/storage.ts';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { useAnalytics } from './use-analytics.ts';
import { useChannelIntegrations } from './use-channel-integrations.ts';
import { CA_VIEW_CACHE_MAX, DEFAULT_VIEW_CACHE_MAX, KeepAliveOutlet } from './keep-alive-outlet.tsx';

/** The shell around every page: cached views plus the channel's integrations. */
export function AppLayout() {
  const channel = (getSession('channel') ?? 'ebiz') as Channel;
  useChannelIntegrations(channel);
  useAnalytics(channel);
  return (
    <div className={`app app--${channel}`}>
      <Suspense fallback={<PageSkeleton />}>
        <KeepAliveOutlet max={channel === 'ca' ? CA_VIEW_CACHE_MAX : DEFAULT_VIEW_CACHE_MAX} />
      </Suspense>
    </div>
  );
}
