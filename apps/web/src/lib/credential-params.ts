/**
 * Credentials that arrive in the app's address (docs/contract.md §2 "Query parameters read"), and the
 * address without them. Whatever stays in the address reaches the browser history, the
 * server's access log, the Referer of later requests and every analytics page view, so
 * the sign-in guard takes them out before anything else reads the address, and analytics
 * takes them out again of whatever it reports.
 */

/** The `state` of our WeChat OAuth round trip: only with it are `code` and `state` WeChat's. */
export const WECHAT_OAUTH_STATE = 'abo-inquiry';

/** The one-time session token, and the iinquiry (staff) tokens of docs/contract.md §2 and §3. */
export const TOKEN_PARAMS = ['sessionToken', 'adaToken', 'oktaIdTokenKey', 'oktaIdToken'] as const;

/**
 * Whether `params` are the callback of our WeChat OAuth round trip. WeChat adds `code` and
 * `state` after the query the app gave it as redirect_uri (OAuth 2.0, RFC 6749 §3.1.2, keeps
 * that query), so the round trip's are the last of each: a page's own `?code=` (a
 * description page, a plan) comes before them and is the page's.
 */
export function isWechatCallback(params: URLSearchParams): boolean {
  return params.getAll('state').at(-1) === WECHAT_OAUTH_STATE && params.has('code');
}

/** The WeChat OAuth code in `params`, or null when they are not our round trip's callback. */
export function wechatOAuthCode(params: URLSearchParams): string | null {
  return isWechatCallback(params) ? (params.getAll('code').at(-1) ?? null) : null;
}

/** `params` without credentials: the tokens always, `code` and `state` only when they are WeChat's. */
export function withoutCredentialParams(params: URLSearchParams): URLSearchParams {
  const tokens = new Set<string>(TOKEN_PARAMS);
  const entries = [...params].filter(([name]) => !tokens.has(name));
  if (isWechatCallback(params)) {
    for (const name of ['code', 'state']) {
      for (let i = entries.length - 1; i >= 0; i--) {
        if (entries[i]![0] !== name) continue;
        entries.splice(i, 1);
        break;
      }
    }
  }
  return new URLSearchParams(entries);
}

/** Whether the address carries a credential. */
export function hasCredentials(url: URL): boolean {
  return TOKEN_PARAMS.some((name) => url.searchParams.has(name)) || isWechatCallback(url.searchParams);
}

/** The same address without its credentials (unchanged when it has none). */
export function withoutCredentials(url: URL): URL {
  const clean = new URL(url.href);
  if (!hasCredentials(url)) return clean;
  const query = withoutCredentialParams(url.searchParams).toString();
  clean.search = query ? `?${query}` : '';
  return clean;
}
