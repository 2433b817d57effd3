import type { Channel } from '@abo/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { initAnalytics, trackPageView, updateAnalyticsUser } from '../lib/analytics.ts';
import { getSession } from '../lib/storage.ts';

/** Page views per route and the spec's super properties (channel, visitor grade, app version, ada). */
export function useAnalytics(channel: Channel): void {
  const location = useLocation();
  useEffect(() => {
    // The SDK is large: load it once the first page is on screen and the browser is idle.
    const start = () => {
      const user = getSession('UserInfo');
      void initAnalytics({
        channel,
        ada: getSession('loginAda'),
        appVersion: getSession('appVersion'),
        pinCode: user?.pinCode ?? null,
      });
    };
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(start, 1500);
    return () => clearTimeout(timer);
  }, [channel]);

  useEffect(() => {
    const user = getSession('UserInfo');
    updateAnalyticsUser({ ada: getSession('loginAda'), pinCode: user?.pinCode ?? null, appVersion: getSession('appVersion') });
    trackPageView(location.pathname.replace(/^\/front/i, '') || '/', document.title);
  }, [location.pathname]);
}
