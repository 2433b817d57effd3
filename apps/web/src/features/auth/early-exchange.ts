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
 * `_sessionToken`), so the token is exchanged once whatever happens next, tells the sign-in guard
 * so (`__aboExchange`), and leaves the answer in flight for the guard's call to the exchange,
 * which the app's api client takes as its own answer (`__aboEarly`, by the token): errors,
 * 9900401 and the redirects to sign in again take the app's one path.
 *
 * It sends nothing when the app would not exchange the token at this point: no token, the
 * sign-in page, the iinquiry channel, a token already used, storage it cannot read or write.
 * Channels are resolved as lib/channel.ts does; the build passes the lists in.
 *
 * Then the page's first requests (app/early-requests.ts: the user info and the page's data),
 * which the BFF writes into the page as a JSON block before this script (EARLY_DATA_ID): once
 * the exchange answers with tokens, it sends them as the app will once signed in with those
 * tokens (headers, body with channel and loginada, query string), and keeps each answer for
 * the app's api client, which takes it once for the very same request: same method, address,
 * body and headers, so another token, queried ada or channel by the time the app asks is not
 * taken, and the app sends its own. Any answer taken goes the app's one path (errors,
 * 9900401…). None is sent when the exchange fails or when the tab is signed in to another
 * account (the guard then asks the user which to keep, auth-middleware.ts adoptTokens); an
 * answer not taken within `keepMs` of arriving is dropped.
 */

import type { EndpointBody, EnvelopePath } from '@abo/contract';
import type { PagePath } from '@abo/contract/pages';

/**
 * Where a value of an early request comes from: written as it is, the page address's parameter
 * (left out when the address has none or an empty one, as the pages do), or the request's channel.
 */
export type EarlyValue = string | { param: string } | { channel: true };

/**
 * One request a page makes first, as lib/api-client.ts sends it (the pages' lists: app/early-requests.ts): a call of the contract's
 * endpoint table (packages/contract/src/endpoints.ts), its body's fields in the order the page's
 * call writes them (the request layer adds channel and loginada), and its query string.
 */
export type EarlyRequest = {
  [P in EnvelopePath]: {
    path: P;
    body: { readonly [K in keyof EndpointBody<P>]?: EarlyValue };
    query?: Readonly<Record<string, EarlyValue>>;
  };
}[EnvelopePath];

/** The id of the JSON block the BFF writes before the starter: the page's early requests (apps/bff/src/plugins/web.ts). */
export const EARLY_DATA_ID = 'abo-early';
/** How long an early answer waits for the app to take it: the first page asks within a few seconds. */
export const EARLY_KEEP_MS = 10_000;

declare global {
  interface Window {
    /**
     * Whether index.html's starter sent the exchange of the address's session token (marking it
     * used): true once, for the sign-in guard's first run (auth-middleware.ts), which then calls
     * the exchange as if it had not, and the api client takes the starter's answer. The starter
     * and that run (beginSignIn) read the same address.
     */
    __aboExchange?: () => boolean;
    /**
     * The answer of a request index.html's starter sent for this very request, once (undefined
     * for any other), to lib/api-client.ts: the exchange of the starter's token, and the page's
     * early requests by method, address, body and headers. A function the api client calls
     * before fetching, so the hand-over costs the shell (at its budget, bench/bundle.ts) one call.
     */
    __aboEarly?: (url: URL, init: RequestInit) => Promise<Response> | undefined;
  }
}

/**
 * What the build hands the starter: the channels of docs/contract.md §1, lib/channel.ts's mobile
 * user agents, the early data block's id and how long an early answer is kept.
 */
export interface StarterFacts {
  channels: readonly string[];
  mobile: string;
  data: string;
  /** The id of the block of the page the BFF rendered (FIRST_PAGE_ID). */
  first: string;
  keepMs: number;
}

/** The id of the JSON block of a page the BFF rendered for a sign-in (apps/bff/src/page-render/first-page.ts). */
export const FIRST_PAGE_ID = 'abo-first';

/**
 * What that block holds (apps/bff/src/page-render/first-page.ts, FirstPageBlock): the session token
 * it exchanged, the exchange's answer, and each call the page made (address with its query string,
 * the body sent) with its answer.
 */
export interface FirstPageBlock {
  token: string;
  channel: string;
  exchange: { status: number; body: string };
  answers: { path: string; sent: string; status: number; body: string }[];
  /** The page's scripts (index.html's entry and its preloads), there when it carries the page's markup. */
  scripts?: { entry: string; preload: string[] };
}

/** The inline starter (see above): self-contained, as its source is all that reaches index.html. */
export function startExchange(w: Window, facts: StarterFacts): void {
  // A page the BFF rendered (its block, FIRST_PAGE_ID) carries its scripts in the block, not as tags:
  // they start once the page has painted, so the browser shows the page before it downloads and
  // runs them. Whatever else happens below.
  let first: FirstPageBlock | null = null;
  try {
    first = JSON.parse(w.document.getElementById(facts.first)?.textContent || 'null');
    const scripts = first?.scripts;
    if (scripts) {
      const d = w.document;
      let loaded = false;
      const load = () => {
        if (loaded) return;
        loaded = true;
        for (const href of scripts.preload)
          d.head.append(Object.assign(d.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }));
        d.head.append(Object.assign(d.createElement('script'), { type: 'module', crossOrigin: '', src: scripts.entry }));
      };
      // After the next frame is drawn; a hidden tab draws none, so a timer as well.
      w.setTimeout(load, 500);
      w.requestAnimationFrame?.(() => w.setTimeout(load, 0));
    }
  } catch {
    // A block it cannot read: a page the BFF did not render.
  }
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
    // The headers of docs/contract.md §7 off iinquiry, as lib/api-client.ts's requestHeaders.
    const headersWith = (accessToken: string, idToken: string) => {
      const canary = /(?:^|;\s*)canary=([^;]*)/.exec(w.document.cookie)?.[1];
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'idaas-accesstoken': accessToken,
        'idaas-idtoken': idToken,
        'idaas-deviceid': ua,
        'x-am-canary': canary ? decodeURIComponent(canary) : '0',
      };
      const queryAda = q.get('queryAda') ?? s.getItem('queryAda');
      if (queryAda) headers['queryAda'] = queryAda;
      return headers;
    };
    // The page the BFF rendered for this token (apps/bff/src/page-render/first-page.ts): it made the
    // exchange and the page's first calls already, and their answers are here to take.
    const served = first?.token === token ? first : null;
    const answer = (a: { status: number; body: string }) =>
      Promise.resolve(new Response(a.body, { status: a.status, headers: { 'content-type': 'application/json' } }));
    const send = (path: string, headers: Record<string, string>, body: string) => {
      // The request timeout of docs/contract.md §9, as lib/api-client.ts sets it.
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 60000);
      const init: RequestInit = {
        method: 'POST',
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      };
      const sent = w.fetch(path, init);
      // Handled by the app once taken; until then a failure is not an unhandled rejection.
      sent.catch(() => undefined);
      return { sent, init };
    };
    const exchangeAt = w.location.origin + '/bff/v1/common/idaasToken';
    const exchange = served
      ? answer(served.exchange)
      : send(
          exchangeAt,
          headersWith(s.getItem('accessToken') ?? '', s.getItem('idToken') ?? ''),
          JSON.stringify({ sessionToken: token, channel, loginada: s.getItem('loginAda') ?? undefined }),
        ).sent;
    // One key per request: what the app's call must match to take the answer.
    const keyOf = (url: string, init: RequestInit) =>
      JSON.stringify([init.method, url, init.body, Object.entries(init.headers as Record<string, string>).sort()]);
    // The answers waiting for the app, by key; the exchange's under '', never dropped.
    const waiting = new Map<string, Promise<Response>>([['', exchange]]);
    let told = false;
    w.__aboExchange = () => !told && (told = true);
    w.__aboEarly = (url, init) => {
      const at = String(url);
      // The exchange goes to the guard's call for this token whatever its headers: the token is for one use.
      const exchanging = at === exchangeAt && typeof init.body === 'string' && JSON.parse(init.body).sessionToken === token;
      const key = exchanging ? '' : keyOf(at, init);
      const taken = waiting.get(key);
      waiting.delete(key);
      if (taken || !servedAccess || (init.headers as Record<string, string>)['idaas-accesstoken'] !== servedAccess) return taken;
      // Any other call the BFF's render made, for the app signed in with the tokens it exchanged:
      // the same address and body (channel and ada in it) is the same answer.
      const servedKey = JSON.stringify([at, init.body]);
      const other = servedOthers.get(servedKey);
      servedOthers.delete(servedKey);
      return other;
    };
    // The render's answers by address and body, kept for EARLY_KEEP_MS (the app asks within it);
    // the early requests below that the render made are not sent.
    const servedOthers = new Map<string, Promise<Response>>();
    let servedAccess: string | undefined;
    try {
      servedAccess = served && JSON.parse(served.exchange.body).data.accessToken;
    } catch {
      servedAccess = undefined;
    }
    if (servedAccess)
      for (const a of served!.answers) {
        const servedKey = JSON.stringify([w.location.origin + a.path, a.sent]);
        servedOthers.set(servedKey, answer(a));
        w.setTimeout(() => servedOthers.delete(servedKey), facts.keepMs);
      }

    const data = w.document.getElementById(facts.data)?.textContent;
    const early: readonly EarlyRequest[] = data ? JSON.parse(data) : [];
    if (!early.length) return;
    // The ada of an id token, read as lib/token-payload.ts reads it (undefined: the app would sign in again).
    const adaOf = (idToken: string | null) => {
      try {
        const binary = atob(idToken!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'));
        const profile: unknown = JSON.parse(
          new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
        );
        const ada = (profile as { ada?: unknown } | null)?.ada;
        return typeof ada === 'string' ? ada : undefined;
      } catch {
        return undefined;
      }
    };
    exchange
      // Read before the guard reads the answer itself: this callback was registered first.
      .then((response) => (response.ok ? response.clone().json() : undefined))
      .then((envelope?: { code?: unknown; data?: { accessToken?: unknown; idToken?: unknown } }) => {
        const tokens = envelope?.code === 0 ? envelope.data : undefined;
        if (typeof tokens?.accessToken !== 'string' || typeof tokens.idToken !== 'string') return;
        const ada = adaOf(tokens.idToken);
        const current = s.getItem('accessToken') ? adaOf(s.getItem('idToken')) : undefined;
        if (!ada || (current && current !== ada)) return;
        const headers = headersWith(tokens.accessToken, tokens.idToken);
        const valueFor = (value: EarlyValue) =>
          typeof value === 'string' ? value : 'param' in value ? q.get(value.param) || undefined : channel;
        for (const request of early) {
          const url = new URL(w.location.origin + request.path);
          for (const [name, value] of Object.entries(request.query ?? {})) {
            const v = valueFor(value);
            if (v !== undefined) url.searchParams.set(name, v);
          }
          const fields = Object.fromEntries(Object.entries(request.body).map(([name, value]) => [name, valueFor(value)]));
          const body = JSON.stringify({ ...fields, channel, loginada: ada });
          // Made by the BFF's render already, with these tokens: the app takes that answer (above).
          if (servedOthers.has(JSON.stringify([url.href, body]))) continue;
          const { sent, init } = send(url.href, headers, body);
          const key = keyOf(url.href, init);
          waiting.set(key, sent);
          const drop = () => setTimeout(() => waiting.get(key) === sent && waiting.delete(key), facts.keepMs);
          sent.then(drop, drop);
        }
      })
      .catch(() => undefined);
  } catch {
    // Storage or the address unreadable: the app exchanges the token itself.
  }
}

/** The inline script the build puts into index.html: the starter's source, run at once with the build's facts. */
export function starterScript(facts: StarterFacts): string {
  return `(${startExchange.toString().replace(/\n\s+/g, '\n')})(window,${JSON.stringify(facts)})`;
}
