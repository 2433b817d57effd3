import type { Channel } from '@abo/contract';
import { useEffect } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { setApiNavigator } from '../lib/api-client.ts';
import { notifyEbizParent } from '../lib/ebiz-frame.ts';
import { initNativeBridge } from '../lib/native-bridge.ts';
import { configureWechat } from '../lib/wechat.ts';
import type { RouteHandle } from './router-handle.ts';

/**
 * Start-up and per-navigation work of each channel: the native bridge (ca),
 * the WeChat JS-SDK (wec inside WeChat), the ebiz iframe messages, the
 * back-forward-cache reload and the 9900401 navigator.
 */
export function useChannelIntegrations(channel: Channel): void {
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;

  useEffect(() => {
    setApiNavigator((to) => navigate(to));
  }, [navigate]);

  useEffect(() => {
    // docs/contract.md §2: a page restored from the browser's back-forward cache reloads.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  useEffect(() => {
    if (channel === 'ca') void initNativeBridge();
    if (channel === 'wec') configureWechat().catch(() => undefined);
  }, [channel]);

  useEffect(() => {
    if (channel !== 'ebiz') return;
    return notifyEbizParent({ skip: handle?.ebizSkip ?? false });
  }, [channel, location.pathname, location.search, handle?.ebizSkip]);
}
