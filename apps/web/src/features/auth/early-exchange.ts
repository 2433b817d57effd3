/**
 * The token exchange of a sign-in from the portal, sent by index.html itself (issue #36): the
 * largest paint waits for the exchange, the user info and the page's data in series, and the
 * exchange used to start only once the shell's JavaScript had downloaded and run.
 *
 * `startExchange` is not part of the bundle: the web build (vite.config.ts, earlyExchange)
 * writes its source into index.html as an inline script, which the BFF allows by its hash
 * (apps/bff/src/plugins/web.ts). So it uses nothing but its arguments and the browser's own
 * globals, and sends exactly the request the app's exchange would send
 * (features/auth/api/exchange-session-token.ts through lib/api-client.ts: same address, method,
 * headers of docs/contract.md §7 and body). It marks the token used (docs/contract.md §3
 * `_sessionToken`), so the token is exchanged once whatever happens next, and leaves the
 * answer in flight for the sign-in guard, which reads it as its own call's (`__aboExchange`):
 * errors, 9900401 and the redirects to sign in again take the app's one path.
 *
 * It sends nothing when the app would not exchange the token at this point: no token, the
 * sign-in page, the iinquiry channel, a token already used, storage it cannot read or write.
 * Channels are resolved as lib/channel.ts does; the build passes the lists in.
 */

import type { PagePath } from '@abo/contract/pages';

declare global {
  interface Window {
    /**
     * Hands over the answer of the exchange index.html's starter sent, once (later calls get
     * undefined), to the sign-in guard (auth-middleware.ts). It is for the address's session
     * token: the starter and the guard's first run (beginSignIn) read the same address. A
     * function, so taking it costs the shell (at its budget, bench/bundle.ts) one call.
     */
    __aboExchange?: () => Promise<Response> | undefined;
  }
}

/** What the build hands the starter: the channels of docs/contract.md §1 and lib/channel.ts's mobile user agents. */
export interface StarterFacts {
  channels: readonly string[];
  mobile: string;
}

/** The inline starter (see above): self-contained, as its source is all that reaches index.html. */
export function startExchange(w: Window, facts: StarterFacts): void {
  try {
    const url = new URL(w.location.href);
    const q = url.searchParams;
    const token = q.get('sessionToken');
    if (!token || url.pathname.replace(/^\/front(?=\/|$)/i, '').toLowerCase() === ('/login' satisfies PagePath)) return;
    const s = w.sessionStorage;
    const ua = w.navigator.userAgent;
    const asked = q.get('channel')?.toLowerCase() ?? '';
    const stored = s.getItem('channel') ?? '';
    const channel = facts.channels.includes(asked)
      ? asked
      : facts.channels.includes(stored)
        ? stored
        : new RegExp(facts.mobile, 'i').test(ua)
          ? 'wec'
          : 'ebiz';
    if (channel === 'iinquiry') return;
    const used: unknown = JSON.parse(s.getItem('_sessionToken') ?? '[]');
    if (!Array.isArray(used) || used.includes(token)) return;
    s.setItem('_sessionToken', JSON.stringify([...used, token]));
    const canary = /(?:^|;\s*)canary=([^;]*)/.exec(w.document.cookie)?.[1];
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'idaas-accesstoken': s.getItem('accessToken') ?? '',
      'idaas-idtoken': s.getItem('idToken') ?? '',
      'idaas-deviceid': ua,
      'x-am-canary': canary ? decodeURIComponent(canary) : '0',
    };
    const queryAda = q.get('queryAda') ?? s.getItem('queryAda');
    if (queryAda) headers['queryAda'] = queryAda;
    // The request timeout of docs/contract.md §9, as lib/api-client.ts sets it.
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 60000);
    let answer: Promise<Response> | undefined = w.fetch(w.location.origin + '/bff/v1/common/idaasToken', {
      method: 'POST',
      headers,
      body: JSON.stringify({ sessionToken: token, channel, loginada: s.getItem('loginAda') ?? undefined }),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    // Handled by the guard; until then a failure is not an unhandled rejection.
    answer.catch(() => undefined);
    w.__aboExchange = () => {
      const taken = answer;
      answer = undefined;
      return taken;
    };
  } catch {
    // Storage or the address unreadable: the app exchanges the token itself.
  }
}

/** The inline script the build puts into index.html: the starter's source, run at once with the build's facts. */
export function starterScript(facts: StarterFacts): string {
  return `(${startExchange.toString().replace(/\n\s+/g, '\n')})(window,${JSON.stringify(facts)})`;
}
