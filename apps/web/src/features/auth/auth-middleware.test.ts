import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/antd-setup.ts', () => ({}));
// The dialog's answer, as the test gives it.
const confirmAccountSwitch = vi.hoisted(() => vi.fn<(options: { current: { ada: string }; next: { ada: string } }) => Promise<boolean>>());
vi.mock('./account-switch-dialog.tsx', () => ({ confirmAccountSwitch }));

import { getSession, setSession } from '../../lib/storage.ts';
import type * as Middleware from './auth-middleware.ts';
import { authMiddleware, beginSignIn, signInTarget } from './auth-middleware.ts';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const idToken = (ada: string) => `${b64({ alg: 'none' })}.${b64({ ada, amway_id: ada, amway_user_type: 'ABO', fullName: 'Wang' })}.sig`;
const ID_TOKEN = idToken('10000001');
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';

/** The BFF's token exchange, answered when the test says so. */
function exchangeEndpoint() {
  const bodies: unknown[] = [];
  let answer: () => void = () => {};
  const fetch = vi.fn((_url: URL, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    return new Promise<Response>((resolve) => {
      answer = () =>
        resolve(
          new Response(JSON.stringify({ code: 0, message: 'ok', success: true, data: { accessToken: 'access', idToken: ID_TOKEN } }), {
            headers: { 'content-type': 'application/json' },
          }),
        );
    });
  });
  return { fetch, bodies, answer: () => answer() };
}

async function runGuard(path: string, next = vi.fn(async () => new Response())) {
  await authMiddleware({ request: new Request(`http://localhost${path}`), params: {}, context: {} as never } as never, next);
  return next;
}

describe('signing in from the address the app opened with', () => {
  let endpoint: ReturnType<typeof exchangeEndpoint>;
  beforeEach(() => {
    endpoint = exchangeEndpoint();
    vi.stubGlobal('fetch', endpoint.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('starts the exchange before the router and drops the token from the address at once', async () => {
    window.history.replaceState(null, '', '/front/income/servicefee?month=2026-10&sessionToken=one-time&channel=wec');
    beginSignIn();
    expect(window.location.pathname + window.location.search).toBe('/front/income/servicefee?month=2026-10&channel=wec');
    await vi.waitFor(() => expect(endpoint.bodies).toEqual([expect.objectContaining({ sessionToken: 'one-time' })]));
    expect(getSession('channel')).toBe('wec');

    // The guard waits for that exchange, then lets the page load: no redirect, no second exchange.
    const guarded = runGuard('/front/income/servicefee?month=2026-10&channel=wec');
    endpoint.answer();
    const next = await guarded;
    expect(next).toHaveBeenCalledOnce();
    expect(getSession('accessToken')).toBe('access');
    expect(getSession('loginAda')).toBe('10000001');
    expect(endpoint.fetch).toHaveBeenCalledOnce();
  });

  it('leaves an address without credentials, and the login page, to the guard', () => {
    window.history.replaceState(null, '', '/front/login?sessionToken=x');
    beginSignIn();
    window.history.replaceState(null, '', '/front/income');
    beginSignIn();
    expect(endpoint.fetch).not.toHaveBeenCalled();
  });

  it('does not exchange a token it has already used', async () => {
    window.history.replaceState(null, '', '/front/?sessionToken=once&channel=wec');
    beginSignIn();
    await vi.waitFor(() => expect(endpoint.fetch).toHaveBeenCalled());
    endpoint.answer();
    await runGuard('/front/?channel=wec');
    window.history.replaceState(null, '', '/front/?sessionToken=once&channel=wec');
    beginSignIn();
    await runGuard('/front/?channel=wec');
    expect(endpoint.fetch).toHaveBeenCalledOnce();
  });
});

/**
 * The BFF as the guard sees it: each session token signs in the ada `adaOf` gives it; a WeChat
 * code becomes the session token `wx:<code>`.
 */
function bff(adaOf: Record<string, string>) {
  const calls: Array<{ path: string; body: Record<string, string> }> = [];
  const fetch = vi.fn(async (url: URL | string, init: RequestInit) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    const body = JSON.parse(String(init.body)) as Record<string, string>;
    calls.push({ path, body });
    const ok = (data: object) =>
      new Response(JSON.stringify({ code: 0, message: 'ok', success: true, data }), { headers: { 'content-type': 'application/json' } });
    if (path === '/idp/wechat/session') return ok({ sessionToken: `wx:${body.code}` });
    const ada = adaOf[body.sessionToken!];
    if (!ada)
      return new Response(JSON.stringify({ code: 9900401, message: 'invalid', success: false, data: null }), {
        headers: { 'content-type': 'application/json' },
      });
    return ok({ accessToken: `access-${ada}`, idToken: idToken(ada) });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls, exchanged: () => calls.map((c) => c.body.sessionToken ?? c.body.code) };
}

/** What the guard did with a navigation: let it through, or redirect (in the app, or the whole document). */
async function guard(module: typeof Middleware, path: string): Promise<{ next: true } | { location: string; document: boolean }> {
  const next = vi.fn(async () => new Response());
  try {
    await module.authMiddleware({ request: new Request(`http://localhost${path}`), params: {}, context: {} as never } as never, next);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { location: thrown.headers.get('Location')!, document: thrown.headers.has('X-Remix-Reload-Document') };
  }
  expect(next).toHaveBeenCalledOnce();
  return { next: true };
}

const address = () => window.location.pathname + window.location.search;

describe('credentials never stay in the address (staff tokens)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('takes the iinquiry tokens out of the address the app opened with, into session storage', () => {
    const api = bff({});
    window.history.replaceState(
      null,
      '',
      '/front/?channel=iinquiry&adaToken=ada.tok&oktaIdTokenKey=kid-1&oktaIdToken=okta.tok&queryAda=10000004&utm_source=mail#top',
    );
    beginSignIn();
    expect(address()).toBe('/front/?channel=iinquiry&queryAda=10000004&utm_source=mail');
    expect(window.location.hash).toBe('#top');
    expect(getSession('adaToken')).toBe('ada.tok');
    expect(getSession('oktaIdTokenKey')).toBe('kid-1');
    expect(getSession('oktaIdToken')).toBe('okta.tok');
    expect(getSession('queryAda')).toBe('10000004');
    expect(getSession('channel')).toBe('iinquiry');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('stores them and redirects to the clean address when a navigation carries them', async () => {
    const result = await guard(
      { authMiddleware } as typeof Middleware,
      '/front/income?channel=iinquiry&adaToken=ada.tok&oktaIdTokenKey=kid-1&oktaIdToken=okta.tok&queryAda=10000004',
    );
    expect(result).toEqual({ location: '/income?channel=iinquiry&queryAda=10000004', document: false });
    expect(getSession('adaToken')).toBe('ada.tok');
    // Clean, it goes through.
    expect(await guard({ authMiddleware } as typeof Middleware, '/front/income?channel=iinquiry&queryAda=10000004')).toEqual({
      next: true,
    });
  });

  it('never carries them into a sign-in redirect of another channel', async () => {
    const result = await guard(
      { authMiddleware } as typeof Middleware,
      '/front/income?channel=ebiz&adaToken=ada.tok&oktaIdToken=okta.tok&m=1',
    );
    expect(result).toEqual({ location: `/login?channel=ebiz&m=1&from=${encodeURIComponent('/income?channel=ebiz&m=1')}`, document: false });
    // Not iinquiry: nothing stored either.
    expect(getSession('adaToken')).toBeNull();
  });
});

describe('a new sign-in in a tab signed in to another account', () => {
  let module: typeof Middleware;
  beforeEach(async () => {
    // A fresh page: no page shown yet, no exchange under way.
    vi.resetModules();
    confirmAccountSwitch.mockReset();
    module = await import('./auth-middleware.ts');
    setSession('channel', 'wec');
    setSession('accessToken', 'access-10000001');
    setSession('idToken', idToken('10000001'));
    setSession('loginAda', '10000001');
    setSession('UserInfo', { ada: '10000001', amway_id: '1', amway_user_type: 'ABO', fullName: 'Wang', pinCode: 60 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('asks before switching, holding the new tokens in memory until the user answers', async () => {
    bff({ 'link-token': '10000004' });
    let answer: (switchTo: boolean) => void = () => {};
    confirmAccountSwitch.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    window.history.replaceState(null, '', '/front/income?channel=wec&sessionToken=link-token');
    module.beginSignIn();
    expect(address()).toBe('/front/income?channel=wec');

    const guarded = guard(module, '/front/income?channel=wec');
    await vi.waitFor(() => expect(confirmAccountSwitch).toHaveBeenCalledOnce());
    expect(confirmAccountSwitch.mock.calls[0]![0]).toMatchObject({ current: { ada: '10000001' }, next: { ada: '10000004' } });
    // Waiting: still the current account, and the new tokens are nowhere in storage.
    expect(getSession('loginAda')).toBe('10000001');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('access-10000004');

    answer(true);
    expect(await guarded).toEqual({ next: true });
    expect(getSession('accessToken')).toBe('access-10000004');
    expect(getSession('loginAda')).toBe('10000004');
    // The previous account's cached dstInfo does not carry over.
    expect(getSession('UserInfo')).toEqual({ ada: '10000004', amway_id: '10000004', amway_user_type: 'ABO', fullName: 'Wang' });
  });

  it('keeps the current account when the user says so, and drops the new tokens', async () => {
    bff({ 'link-token': '10000004' });
    confirmAccountSwitch.mockResolvedValue(false);
    expect(await guard(module, '/front/income?channel=wec&sessionToken=link-token')).toEqual({
      location: '/income?channel=wec',
      document: false,
    });
    expect(getSession('accessToken')).toBe('access-10000001');
    expect(getSession('loginAda')).toBe('10000001');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('access-10000004');
    // The link is used up: opening it again asks nothing.
    expect(await guard(module, '/front/income?channel=wec&sessionToken=link-token')).toEqual({
      location: '/income?channel=wec',
      document: false,
    });
    expect(confirmAccountSwitch).toHaveBeenCalledOnce();
  });

  it('asks for a WeChat sign-in too', async () => {
    bff({ 'wx:wx-code': '10000004' });
    confirmAccountSwitch.mockResolvedValue(false);
    await guard(module, '/front/?channel=wec&code=wx-code&state=abo-inquiry');
    expect(confirmAccountSwitch).toHaveBeenCalledOnce();
    expect(getSession('loginAda')).toBe('10000001');
  });

  it('reloads the page after a switch once the previous account has been shown', async () => {
    bff({ 'login-token': '10000004' });
    confirmAccountSwitch.mockResolvedValue(true);
    expect(await guard(module, '/front/income?channel=wec')).toEqual({ next: true });
    // Its views, queries and analytics belong to 10000001: the new account starts afresh.
    expect(await guard(module, '/front/descpage?code=TAX&channel=wec&sessionToken=login-token')).toEqual({
      location: '/front/descpage?code=TAX&channel=wec',
      document: true,
    });
    expect(getSession('loginAda')).toBe('10000004');
  });

  it('asks nothing when the new sign-in is the same account', async () => {
    bff({ 'again-token': '10000001' });
    expect(await guard(module, '/front/income?channel=wec&sessionToken=again-token')).toEqual({
      location: '/income?channel=wec',
      document: false,
    });
    expect(confirmAccountSwitch).not.toHaveBeenCalled();
    // Same account: the cached dstInfo stays.
    expect(getSession('UserInfo')).toMatchObject({ pinCode: 60 });
  });
});

describe("a page's own ?code= survives every way of signing in", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('ebiz: through /login?from= and back with the session token', async () => {
    const api = bff({ 'pc-token': '10000001' });
    const toLogin = await guard({ authMiddleware } as typeof Middleware, '/front/descpage?code=PV_BV&channel=ebiz');
    expect(toLogin).toEqual({
      location: `/login?code=PV_BV&channel=ebiz&from=${encodeURIComponent('/descpage?code=PV_BV&channel=ebiz')}`,
      document: false,
    });
    // The login page goes back to `from` with the session token (login-page.tsx).
    const back = await guard({ authMiddleware } as typeof Middleware, '/front/descpage?code=PV_BV&channel=ebiz&sessionToken=pc-token');
    expect(back).toEqual({ location: '/descpage?code=PV_BV&channel=ebiz', document: false });
    expect(api.exchanged()).toEqual(['pc-token']);
  });

  it('mobile: through the IdP portal redirect_uri and back', async () => {
    const api = bff({ 'm-token': '10000001' });
    const toPortal = await guard({ authMiddleware } as typeof Middleware, '/front/descpage?code=PV_BV&channel=wec');
    expect(toPortal).toMatchObject({ document: true });
    const portal = new URL((toPortal as { location: string }).location);
    expect(portal.pathname).toBe('/idp/login');
    expect(portal.searchParams.get('redirect_uri')).toBe('http://localhost/front/descpage?code=PV_BV&channel=wec');
    // The portal appends the session token to redirect_uri.
    window.history.replaceState(null, '', '/front/descpage?code=PV_BV&channel=wec&sessionToken=m-token');
    beginSignIn();
    expect(address()).toBe('/front/descpage?code=PV_BV&channel=wec');
    expect(await guard({ authMiddleware } as typeof Middleware, '/front/descpage?code=PV_BV&channel=wec')).toEqual({ next: true });
    expect(api.exchanged()).toEqual(['m-token']);
  });

  it('WeChat: through the OAuth redirect_uri, telling the page code from the OAuth code', async () => {
    const api = bff({ 'wx:wx-code': '10000001' });
    const target = signInTarget(new URL('http://localhost/front/descpage?code=PV_BV&channel=wec'), 'wec', WECHAT_UA);
    const oauth = new URL(target.to);
    expect(oauth.searchParams.get('state')).toBe('abo-inquiry');
    expect(oauth.searchParams.get('redirect_uri')).toBe('http://localhost/front/descpage?code=PV_BV&channel=wec');
    // WeChat appends its code and state to redirect_uri's query.
    window.history.replaceState(null, '', '/front/descpage?code=PV_BV&channel=wec&code=wx-code&state=abo-inquiry');
    beginSignIn();
    expect(address()).toBe('/front/descpage?code=PV_BV&channel=wec');
    expect(await guard({ authMiddleware } as typeof Middleware, '/front/descpage?code=PV_BV&channel=wec')).toEqual({ next: true });
    expect(api.exchanged()).toEqual(['wx-code', 'wx:wx-code']);
  });

  it('leaves code and state alone when they are not our OAuth round trip', async () => {
    const api = bff({});
    setSession('accessToken', 'access');
    setSession('idToken', ID_TOKEN);
    window.history.replaceState(null, '', '/front/incentiveplan/qualificationquery?code=SEM25&state=open&channel=wec');
    beginSignIn();
    expect(address()).toBe('/front/incentiveplan/qualificationquery?code=SEM25&state=open&channel=wec');
    expect(
      await guard({ authMiddleware } as typeof Middleware, '/front/incentiveplan/qualificationquery?code=SEM25&state=open&channel=wec'),
    ).toEqual({
      next: true,
    });
    expect(api.fetch).not.toHaveBeenCalled();
  });
});

describe('the public check of a certificate code (features/verify)', () => {
  it('opens without a session on any channel', async () => {
    for (const channel of ['ebiz', 'wec', 'ca']) {
      sessionStorage.clear();
      expect(await guard({ authMiddleware } as typeof Middleware, `/front/verify?code=7KQ4-M2X9-HD3P-W8&channel=${channel}`)).toEqual({
        next: true,
      });
    }
    // Any other page still signs in first.
    expect(await guard({ authMiddleware } as typeof Middleware, '/front/verifyx?channel=ebiz')).toMatchObject({
      location: expect.stringMatching(/^\/login/),
    });
  });
});

describe('taking over the exchange index.html sent (early-exchange.ts)', () => {
  let module: typeof Middleware;
  beforeEach(async () => {
    // A fresh page, no session yet.
    vi.resetModules();
    sessionStorage.clear();
    module = await import('./auth-middleware.ts');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.__aboExchange;
    delete window.__aboEarly;
    window.history.replaceState(null, '', '/');
  });

  const envelope = (body: object) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  /** The page as index.html's starter leaves it: the token marked used, its answer in flight for the exchange of that token. */
  function sentByIndexHtml(token: string, answer: Promise<Response>) {
    setSession('_sessionToken', [token]);
    let told = false;
    let left: Promise<Response> | undefined = answer;
    window.__aboExchange = () => !told && (told = true);
    window.__aboEarly = (url, init) => {
      if (url.pathname !== '/bff/v1/common/idaasToken' || JSON.parse(String(init.body)).sessionToken !== token) return undefined;
      const taken = left;
      left = undefined;
      return taken;
    };
    window.history.replaceState(null, '', `/front/income?channel=wec&sessionToken=${token}`);
    module.beginSignIn();
  }

  it('signs in with its answer and never sends the one-time token again', async () => {
    const api = bff({ early: '10000001' });
    sentByIndexHtml(
      'early',
      Promise.resolve(envelope({ code: 0, message: 'ok', success: true, data: { accessToken: 'a-early', idToken: ID_TOKEN } })),
    );
    expect(address()).toBe('/front/income?channel=wec');
    expect(await guard(module, '/front/income?channel=wec')).toEqual({ next: true });
    expect(getSession('accessToken')).toBe('a-early');
    expect(getSession('loginAda')).toBe('10000001');
    expect(getSession('_sessionToken')).toEqual(['early']);
    expect(window.__aboExchange?.()).toBe(false);
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('takes an error envelope the way of its own call: to the portal to sign in again', async () => {
    const api = bff({});
    sentByIndexHtml('refused', Promise.resolve(envelope({ code: 9900401, message: 'invalid', success: false, data: null })));
    const result = await guard(module, '/front/income?channel=wec');
    expect(result).toMatchObject({ document: true });
    expect(new URL((result as { location: string }).location).pathname).toBe('/idp/login');
    expect(getSession('accessToken')).toBeNull();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('takes a network failure the same way', async () => {
    const api = bff({});
    sentByIndexHtml('lost', Promise.reject(new TypeError('Failed to fetch')));
    expect(await guard(module, '/front/income?channel=wec')).toMatchObject({ document: true });
    expect(getSession('accessToken')).toBeNull();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('without it (no starter ran), exchanges the token itself, once', async () => {
    const api = bff({ own: '10000001' });
    window.history.replaceState(null, '', '/front/income?channel=wec&sessionToken=own');
    module.beginSignIn();
    expect(await guard(module, '/front/income?channel=wec')).toEqual({ next: true });
    expect(api.exchanged()).toEqual(['own']);
    expect(getSession('_sessionToken')).toEqual(['own']);
  });
});
