import type { Channel, DstInfo } from '@abo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ANALYTICS_SERVER_URL } from '../config/env.ts';
import { hasStoredTokens } from '../features/auth/session.ts';
import { initAnalytics, trackPageView, updateAnalyticsUser } from '../lib/analytics.ts';
import { queriedAda } from '../lib/api-client.ts';
import { dstInfoQuery } from '../lib/dst-info.ts';
import { getSession } from '../lib/storage.ts';

/** How long after the first page's data the SDK waits before loading. */
const SDK_DELAY_MS = 4000;

/**
 * Page views per route and the spec's super properties (channel, visitor grade, app version, ada).
 * Returns the user info it asks for (staff: the distributor they look at).
 */
export function useAnalytics(channel: Channel): DstInfo | undefined {
  const location = useLocation();
  const client = useQueryClient();
  // The user info of docs/contract.md §3 (cached as UserInfo): its pinCode is the visitor grade. Asked once
  // signed in (staff: with their tokens); the sign-in pages have no one to ask about.
  // Staff have no one to ask about until they have looked a distributor up.
  const signedIn = channel === 'iinquiry' ? !!getSession('adaToken') && !!queriedAda() : hasStoredTokens();
  const { data: dstInfo } = useQuery({ ...dstInfoQuery(), enabled: signedIn });
  useEffect(() => {
    if (dstInfo) updateAnalyticsUser({ ada: getSession('loginAda'), pinCode: dstInfo.pinCode, appVersion: getSession('appVersion') });
  }, [dstInfo]);
  useEffect(() => {
    // The SDK is large (about 50 KB): load it once the first page has its data (no request
    // running), has had time to draw it, and the browser is idle, so it never competes with what
    // the page needs on a slow phone. Page views from before are kept and sent when it loads.
    const start = () => {
      const user = getSession('UserInfo');
      void initAnalytics({
        serverUrl: ANALYTICS_SERVER_URL,
        channel,
        ada: getSession('loginAda'),
        appVersion: getSession('appVersion'),
        pinCode: user?.pinCode ?? null,
      });
    };
    let cancelIdle = () => {};
    const whenIdle = () => {
      const timer = setTimeout(() => {
        if ('requestIdleCallback' in window) {
          const id = window.requestIdleCallback(start, { timeout: 3000 });
          cancelIdle = () => window.cancelIdleCallback(id);
        } else start();
      }, SDK_DELAY_MS);
      cancelIdle = () => clearTimeout(timer);
    };
    // Effects run children first: the page's queries have started by now.
    if (client.isFetching() === 0) {
      whenIdle();
      return () => cancelIdle();
    }
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      unsubscribe();
      whenIdle();
    });
    return () => {
      unsubscribe();
      cancelIdle();
    };
  }, [channel, client]);

  useEffect(() => {
    const user = getSession('UserInfo');
    updateAnalyticsUser({ ada: getSession('loginAda'), pinCode: user?.pinCode ?? null, appVersion: getSession('appVersion') });
    trackPageView(location.pathname.replace(/^\/front/i, '') || '/', document.title);
  }, [location.pathname]);
  return dstInfo;
}
