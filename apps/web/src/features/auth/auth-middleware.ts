import type { PagePath } from '@abo/contract/pages';
import type { Channel, IdaasTokenData } from '@abo/contract';
import { redirect, redirectDocument, type MiddlewareFunction } from 'react-router';
import { IDP_PORTAL_URL, WECHAT_APP_ID, WECHAT_OAUTH_URL } from '../../config/env.ts';
import { isWeChat, resolveChannel } from '../../lib/channel.ts';
import { hasCredentials, WECHAT_OAUTH_STATE, wechatOAuthCode, withoutCredentials } from '../../lib/credential-params.ts';
import { getSession, isSessionTokenUsed, markSessionTokenUsed, setSession } from '../../lib/storage.ts';
import { exchangeSessionToken } from './api/exchange-session-token.ts';
import { exchangeWechatCode } from './api/exchange-wechat-code.ts';
import { clearTokens, currentProfile, decodeProfile, hasStoredTokens, storeTokens } from './session.ts';

const IINQUIRY_PARAMS = ['adaToken', 'oktaIdTokenKey', 'oktaIdToken'] as const;
export { WECHAT_OAUTH_STATE };

export const BASENAME = '/front';

/** '/front/Income/Type' → '/Income/Type' (redirects get the basename added back). */
export function appPath(pathname: string): string {
  return pathname.replace(/^\/front(?=\/|$)/i, '') || '/';
}
/**
 * Where a user without tokens signs in: PC → /login; mobile → the IdP portal or WeChat OAuth.
 * ('/login' is checked with `satisfies PagePath`, not href: this module is in the shell, which
 * sits at its 100 KB budget, bench/bundle.ts.)
 * Every way back is the page's own address without credentials: its other parameters (a
 * description page's or a plan's `?code=` too) come back with the user.
 */
export function signInTarget(url: URL, channel: Channel, ua: string): { kind: 'route' | 'document'; to: string } {
  const back = withoutCredentials(url);
  if (channel === 'ebiz') {
    const query = new URLSearchParams(back.search);
    query.set('from', appPath(back.pathname) + back.search);
    return { kind: 'route', to: `${'/login' satisfies PagePath}?${query.toString()}` };
  }
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

/** The same page inside the app, for a redirect (the router adds the basename back). */
function routeOf(url: URL): string {
  return appPath(url.pathname) + url.search;
}

/** Exchanges a session token or a WeChat code, each once per session: the tokens, or null. */
async function exchangeCredentials(sessionToken: string | null, wechatCode: string | null): Promise<IdaasTokenData | null> {
  let tokens: IdaasTokenData | null = null;
  if (wechatCode && !isSessionTokenUsed(wechatCode)) {
    markSessionTokenUsed(wechatCode);
    try {
      const { sessionToken: fromWechat } = await exchangeWechatCode(wechatCode);
      markSessionTokenUsed(fromWechat);
      tokens = await exchangeSessionToken(fromWechat);
    } catch {
      // Fall through: without tokens the user signs in again.
    }
  }
  // index.html may have sent this exchange already (early-exchange.ts), marking the token used:
  // the call below then takes its answer.
  if (sessionToken && (window.__aboExchange?.() || !isSessionTokenUsed(sessionToken))) {
    markSessionTokenUsed(sessionToken);
    try {
      tokens = await exchangeSessionToken(sessionToken);
    } catch {
      // An invalid or replayed token: keep any tokens we have, else sign in.
    }
  }
  return tokens;
}

/**
 * Takes newly exchanged tokens. When the tab is signed in to another ada, the user chooses:
 * a link with someone else's session token must not silently swap the account under them
 * (whatever they enter afterwards would go to that account). Until they have chosen, the new
 * tokens wait here, in memory only; keeping the current account drops them.
 */
async function adoptTokens(tokens: IdaasTokenData, signal: AbortSignal): Promise<'stored' | 'switched' | 'kept'> {
  const next = decodeProfile(tokens.idToken);
  const current = hasStoredTokens() ? currentProfile() : null;
  if (next && current && current.ada !== next.ada) {
    const { confirmAccountSwitch } = await import('./account-switch-dialog.tsx');
    if (!(await confirmAccountSwitch({ current, next, signal }))) return 'kept';
    clearTokens();
    storeTokens(tokens.accessToken, tokens.idToken);
    return 'switched';
  }
  storeTokens(tokens.accessToken, tokens.idToken);
  return 'stored';
}

/** The credentials an address carries: a session token, or the code of our WeChat OAuth round trip. */
function credentialsIn(url: URL): { sessionToken: string | null; wechatCode: string | null } {
  return { sessionToken: url.searchParams.get('sessionToken'), wechatCode: wechatOAuthCode(url.searchParams) };
}

/** iinquiry (docs/contract.md §2): the staff tokens and the queried ada are kept for the session. */
function keepStaffParams(url: URL): void {
  for (const key of IINQUIRY_PARAMS) {
    const value = url.searchParams.get(key);
    if (value) setSession(key, value);
  }
  const queryAda = url.searchParams.get('queryAda');
  if (queryAda) setSession('queryAda', queryAda);
}

let earlyExchange: Promise<IdaasTokenData | null> | null = null;
/** Whether a page has been shown in this document (an account switch then reloads it). */
let pageShown = false;

/**
 * Run before the router starts. When the address the app opened with carries credentials
 * (a session token, our WeChat OAuth code, the iinquiry staff tokens), they leave the address
 * at once, before the router, analytics or anything else reads it: the staff tokens go to
 * session storage (docs/contract.md §3), the exchange of a session token or code starts now (in parallel
 * with loading the page's code) and the guard below waits for it. So the first navigation
 * starts on the clean address instead of redirecting to it.
 */
export function beginSignIn(): void {
  const url = new URL(window.location.href);
  if (appPath(url.pathname).toLowerCase() === ('/login' satisfies PagePath)) return;
  if (!hasCredentials(url)) return;
  const channel = resolveChannel(url.search, getSession('channel'), navigator.userAgent);
  // The exchange's request carries the channel, as the guard would have stored it.
  setSession('channel', channel);
  if (channel === 'iinquiry') keepStaffParams(url);
  else {
    // Without either (other credentials only), it resolves to null at once.
    const { sessionToken, wechatCode } = credentialsIn(url);
    earlyExchange = exchangeCredentials(sessionToken, wechatCode);
  }
  const clean = withoutCredentials(url);
  window.history.replaceState(window.history.state, '', clean.pathname + clean.search + clean.hash);
}

/**
 * The navigation guard of docs/contract.md §2, as router middleware so no page request starts before it
 * has run. No address it lets through or redirects to carries a credential.
 */
export const authMiddleware: MiddlewareFunction = async ({ request }, next) => {
  const url = new URL(request.url);
  const channel = resolveChannel(url.search, getSession('channel'), navigator.userAgent);
  setSession('channel', channel);
  // The sign-in form, and the public check of a certificate's code (features/verify), need no session.
  const page = appPath(url.pathname).toLowerCase();
  if (page === ('/login' satisfies PagePath) || page === ('/verify' satisfies PagePath)) return next();
  const clean = withoutCredentials(url);

  if (channel === 'iinquiry') {
    keepStaffParams(url);
    if (hasCredentials(url)) throw redirect(routeOf(clean));
    const response = await next();
    pageShown = true;
    return response;
  }

  let tokens: IdaasTokenData | null = null;
  if (earlyExchange) {
    const exchanging = earlyExchange;
    earlyExchange = null;
    tokens = await exchanging;
  }

  // A stored id token that cannot be decoded counts as no token.
  if (hasStoredTokens() && !currentProfile()) clearTokens();

  const { sessionToken, wechatCode } = credentialsIn(url);
  if (sessionToken || wechatCode) tokens = (await exchangeCredentials(sessionToken, wechatCode)) ?? tokens;
  const adopted = tokens ? await adoptTokens(tokens, request.signal) : null;

  if (!hasStoredTokens()) signIn(clean, channel);
  // What the app has shown and cached (queries, views, analytics) belongs to the previous account.
  if (adopted === 'switched' && pageShown) throw redirectDocument(BASENAME + routeOf(clean));
  if (hasCredentials(url)) throw redirect(routeOf(clean));
  const response = await next();
  pageShown = true;
  return response;
};
