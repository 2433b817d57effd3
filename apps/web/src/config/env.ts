import type { Channel } from '@abo/contract';

/**
 * Deployment configuration, read from Vite's env at build time. The BFF base
 * address may differ per channel (docs/contract.md §7); the default is the same origin.
 */
const env = import.meta.env;

function read(name: string): string | undefined {
  const v = (env as Record<string, unknown>)[name];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

export function bffBaseUrl(channel: Channel): string {
  return read(`VITE_BFF_BASE_URL_${channel.toUpperCase()}`) ?? read('VITE_BFF_BASE_URL') ?? '';
}

/** The identity provider's sign-in portal for mobile channels. */
export const IDP_PORTAL_URL = read('VITE_IDP_PORTAL_URL') ?? '/idp/login';
/** The identity provider's sign-in page embedded by the PC /login page. */
export const IDP_IFRAME_URL = read('VITE_IDP_IFRAME_URL') ?? '/idp/login';
/** WeChat OAuth authorize endpoint; the default is the embedded IdP's stand-in. */
export const WECHAT_OAUTH_URL = read('VITE_WECHAT_OAUTH_URL') ?? '/idp/wechat/authorize';
export const WECHAT_APP_ID = read('VITE_WECHAT_APP_ID') ?? 'wx0000000000demo0';
export const BUILD_ID = read('VITE_BUILD_ID') ?? 'dev';
/**
 * Where page views and events go: a deployment's own collector (a Sensors-compatible endpoint),
 * or by default the BFF's bounded store (README "Logs and analytics").
 */
export const ANALYTICS_SERVER_URL = read('VITE_ANALYTICS_SERVER_URL');
