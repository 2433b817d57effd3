import type { Channel } from '@abo/contract';
import { redirect, redirectDocument, type MiddlewareFunction } from 'react-router';
import { IDP_PORTAL_URL, WECHAT_APP_ID, WECHAT_OAUTH_URL } from '../../config/env.ts';
import { isWeChat, resolveChannel } from '../../lib/channel.ts';
import { getSession, isSessionTokenUsed, markSessionTokenUsed, setSession } from '../../lib/storage.ts';
import { exchangeSessionToken } from './api/exchange-session-token.ts';
import { exchangeWechatCode } from './api/exchange-wechat-code.ts';
import { clearTokens, currentProfile, hasStoredTokens, storeTokens } from './session.ts';

const IINQUIRY_PARAMS = ['adaToken', 'oktaIdTokenKey', 'oktaIdToken'] as const;
export const WECHAT_OAUTH_STATE = 'abo-inquiry';

export const BASENAME = '/front';

/** '/front/Income/Type' → '/Income/Type' (redirects get the basename added back). */
export function appPath(pathname: string): string {
  return pathname.replace(/^\/front(?=\/|$)/i, '') || '/';
}

/** Where a user without tokens signs in: PC → /login; mobile → the IdP portal or WeChat OAuth. */
export function signInTarget(url: URL, channel: Channel, ua: string): { kind: 'route' | 'document'; to: string } {
  const path = appPath(url.pathname);
  if (channel === 'ebiz') {
    const query = new URLSearchParams(url.search);
    query.set('from', path + url.search);
    return { kind: 'route', to: `/login?${query.toString()}` };
  }
  const back = withoutCredentials(url);
  if (isWeChat(ua)) {
    const oauth = new URL(WECHAT_OAUTH_URL, url.origin);
    oauth.searchParams.set('appid', WECHAT_APP_ID);
    oauth.searchParams.set('redirect_uri', back.href);
    oauth.searchParams.set('response_type', 'code');
    oauth.searchParams.set('scope', 'snsapi_base');
    oauth.searchParams.set('state', WECHAT_OAUTH_STATE);
    return { kind: 'document', to: `${oauth.href}#wechat_redirect` };
  }
  const portal = new URL(IDP_PORTAL_URL, url.origin);
  portal.searchParams.set('redirect_uri', back.href);
  return { kind: 'document', to: portal.href };
}

function signIn(url: URL, channel: Channel): never {
  const target = signInTarget(url, channel, navigator.userAgent);
  throw target.kind === 'route' ? redirect(target.to) : redirectDocument(target.to);
}

const CREDENTIAL_PARAMS = ['sessionToken', 'code', 'state'];

/** The same location without the parameters that carried credentials. */
function withoutCredentials(url: URL): URL {
  const clean = new URL(url.href);
  for (const n of CREDENTIAL_PARAMS) clean.searchParams.delete(n);
  return clean;
}

/** Exchanges a session token or a WeChat code once; afterwards the tokens are stored, or not. */
async function exchangeCredentials(sessionToken: string | null, wechatCode: string | null): Promise<void> {
  if (wechatCode && !isSessionTokenUsed(wechatCode)) {
    markSessionTokenUsed(wechatCode);
    try {
      const { sessionToken: fromWechat } = await exchangeWechatCode(wechatCode);
      markSessionTokenUsed(fromWechat);
      const tokens = await exchangeSessionToken(fromWechat);
      storeTokens(tokens.accessToken, tokens.idToken);
    } catch {
      // Fall through: without tokens the user signs in again.
    }
  }
  if (sessionToken && !isSessionTokenUsed(sessionToken)) {
    markSessionTokenUsed(sessionToken);
    try {
      const tokens = await exchangeSessionToken(sessionToken);
      storeTokens(tokens.accessToken, tokens.idToken);
    } catch {
      // An invalid or replayed token: keep any tokens we have, else sign in.
    }
  }
}

/** The credentials an address carries: a session token, or the code of our WeChat OAuth round trip. */
function credentialsIn(url: URL): { sessionToken: string | null; wechatCode: string | null } {
  return {
    sessionToken: url.searchParams.get('sessionToken'),
    wechatCode: url.searchParams.get('state') === WECHAT_OAUTH_STATE ? url.searchParams.get('code') : null,
  };
}

let earlyExchange: Promise<void> | null = null;

/**
 * Run before the router starts. When the address the app opened with carries credentials, their
 * exchange starts at once (in parallel with loading the page's code) and the address loses
 * them, so the first navigation starts on the clean address instead of redirecting to it; the
 * guard below waits for the exchange. Anything else is left to the guard.
 */
export function beginSignIn(): void {
  const url = new URL(window.location.href);
  if (appPath(url.pathname).toLowerCase() === '/login') return;
  const channel = resolveChannel(url.search, getSession('channel'), navigator.userAgent);
  if (channel === 'iinquiry') return;
  const { sessionToken, wechatCode } = credentialsIn(url);
  if (!sessionToken && !wechatCode) return;
  // The exchange's request carries the channel, as the guard would have stored it.
  setSession('channel', channel);
  earlyExchange = exchangeCredentials(sessionToken, wechatCode);
  const clean = withoutCredentials(url);
  window.history.replaceState(window.history.state, '', clean.pathname + clean.search + clean.hash);
}

/**
 * The navigation guard of spec §2, as router middleware so no page request
 * starts before it has run.
 */
export const authMiddleware: MiddlewareFunction = async ({ request }, next) => {
  const url = new URL(request.url);
  const channel = resolveChannel(url.search, getSession('channel'), navigator.userAgent);
  setSession('channel', channel);
  if (appPath(url.pathname).toLowerCase() === '/login') return next();

  if (channel === 'iinquiry') {
    for (const key of IINQUIRY_PARAMS) {
      const value = url.searchParams.get(key);
      if (value) setSession(key, value);
    }
    const queryAda = url.searchParams.get('queryAda');
    if (queryAda) setSession('queryAda', queryAda);
    return next();
  }

  if (earlyExchange) {
    const exchanging = earlyExchange;
    earlyExchange = null;
    await exchanging;
  }

  // A stored id token that cannot be decoded counts as no token.
  if (hasStoredTokens() && !currentProfile()) clearTokens();

  const { sessionToken, wechatCode } = credentialsIn(url);
  if (hasStoredTokens() && !sessionToken && !wechatCode) return next();

  await exchangeCredentials(sessionToken, wechatCode);
  const clean = withoutCredentials(url);
  if (!hasStoredTokens()) signIn(clean, channel);
  if (sessionToken || wechatCode) throw redirect(appPath(clean.pathname) + clean.search);
  return next();
};
