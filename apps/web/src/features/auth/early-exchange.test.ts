import { CHANNELS, MOBILE_UA } from '@abo/contract/channels';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/antd-setup.ts', () => ({}));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

import { initI18n } from '../../i18n/index.ts';
import { ApiError, AUTH_REDIRECT_DEBOUNCE_MS, post, setApiNavigator } from '../../lib/api-client.ts';
import { getDstInfo } from '../../lib/dst-info.ts';
import { getSession, setSession } from '../../lib/storage.ts';
import { authMiddleware, beginSignIn } from './auth-middleware.ts';
import { EARLY_DATA_ID, EARLY_KEEP_MS, FIRST_PAGE_ID, starterScript, type EarlyRequest, type FirstPageBlock } from './early-exchange.ts';

const WEC_UA = 'Mozilla/5.0 (Linux; Android 13; M2102J20SG) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';
const PC_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36';

interface Sent {
  url: string;
  init: RequestInit;
}

/** Runs the inline script exactly as the build writes it into index.html. */
function runStarter(): void {
  new Function(
    starterScript({ channels: CHANNELS, mobile: MOBILE_UA.source, data: EARLY_DATA_ID, first: FIRST_PAGE_ID, keepMs: EARLY_KEEP_MS }),
  )();
}

describe("index.html's early token exchange", () => {
  let sent: Sent[];
  beforeEach(() => {
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL | string, init: RequestInit) => {
        sent.push({ url: String(url), init });
        return new Promise<Response>(() => {});
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete window.__aboExchange;
    delete window.__aboEarly;
    sessionStorage.clear();
    document.cookie = 'canary=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    window.history.replaceState(null, '', '/');
  });

  /** What the app itself sends for the address (beginSignIn without the starter): url, method, headers, body. */
  function appRequest(address: string): Sent {
    const before = sent.length;
    const used = sessionStorage.getItem('_sessionToken');
    sessionStorage.removeItem('_sessionToken');
    const early = window.__aboEarly;
    delete window.__aboExchange;
    delete window.__aboEarly;
    window.history.replaceState(null, '', address);
    beginSignIn();
    window.__aboEarly = early;
    if (used === null) sessionStorage.removeItem('_sessionToken');
    else sessionStorage.setItem('_sessionToken', used);
    expect(sent).toHaveLength(before + 1);
    return sent.pop()!;
  }

  const comparable = ({ url, init }: Sent) => ({
    url,
    method: init.method,
    headers: init.headers,
    body: init.body,
    credentials: init.credentials,
  });

  it.each([
    { name: 'mobile, channel from the address', ua: WEC_UA, address: '/front/income/servicefee?month=2026-10&channel=WEC&sessionToken=t1' },
    { name: 'desktop default (ebiz)', ua: PC_UA, address: '/front/?sessionToken=t2' },
    { name: 'mobile default (wec)', ua: WEC_UA, address: '/front/incentiveplan/seminars?sessionToken=t3' },
    { name: 'the channel stored for the session (ca)', ua: WEC_UA, address: '/front/?sessionToken=t4', stored: 'ca' },
    {
      name: 'a queried ada, signed in already, a canary',
      ua: WEC_UA,
      address: '/front/?queryAda=20000002&sessionToken=t5',
      signedIn: true,
    },
  ])('sends exactly what the app would send: $name', ({ ua, address, stored, signedIn }) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
    if (stored) sessionStorage.setItem('channel', stored);
    if (signedIn) {
      setSession('accessToken', 'old-access');
      setSession('idToken', 'old-id');
      setSession('loginAda', '10000001');
      document.cookie = 'canary=1';
    }
    window.history.replaceState(null, '', address);
    runStarter();
    expect(sent).toHaveLength(1);
    const early = sent.pop()!;
    const token = new URL(address, window.location.origin).searchParams.get('sessionToken')!;
    expect(window.__aboExchange).toBeTypeOf('function');
    expect(getSession('_sessionToken')).toEqual([token]);

    const own = appRequest(address);
    expect(comparable(early)).toEqual(comparable(own));
    // The app's own call of it is the one the api client hands the starter's answer to.
    expect(window.__aboEarly?.(new URL(own.url), own.init)).toBeInstanceOf(Promise);
    expect(early.url).toBe(`${window.location.origin}/bff/v1/common/idaasToken`);
    expect(JSON.parse(String(early.init.body))).toMatchObject({ sessionToken: token });
  });

  it.each([
    { name: 'no session token', address: '/front/income?channel=wec' },
    { name: 'the sign-in page', address: '/front/Login?sessionToken=x' },
    { name: 'the iinquiry channel', address: '/front/?channel=iinquiry&sessionToken=x' },
  ])('sends nothing for $name', ({ address }) => {
    window.history.replaceState(null, '', address);
    runStarter();
    expect(sent).toEqual([]);
    expect(window.__aboExchange).toBeUndefined();
    expect(window.__aboEarly).toBeUndefined();
  });

  it('never sends a token used in this session again, nor reads unreadable storage as no token used', () => {
    setSession('_sessionToken', ['once']);
    window.history.replaceState(null, '', '/front/?sessionToken=once');
    runStarter();
    sessionStorage.setItem('_sessionToken', '{not json');
    window.history.replaceState(null, '', '/front/?sessionToken=other');
    runStarter();
    expect(sent).toEqual([]);
    expect(window.__aboExchange).toBeUndefined();
  });

  it('tells the guard once, and hands its answer over once, to the exchange of its token only', () => {
    window.history.replaceState(null, '', '/front/?sessionToken=mine');
    runStarter();
    expect(window.__aboExchange?.()).toBe(true);
    expect(window.__aboExchange?.()).toBe(false);
    const exchange = new URL('/bff/v1/common/idaasToken', window.location.origin);
    const init = (sessionToken: string) => ({ method: 'POST', headers: {}, body: JSON.stringify({ sessionToken, channel: 'wec' }) });
    expect(window.__aboEarly?.(exchange, init('another'))).toBeUndefined();
    expect(window.__aboEarly?.(new URL('/bff/v1/common/dstInfo', window.location.origin), init('mine'))).toBeUndefined();
    expect(window.__aboEarly?.(exchange, init('mine'))).toBeInstanceOf(Promise);
    expect(window.__aboEarly?.(exchange, init('mine'))).toBeUndefined();
  });
});

const b64 = (o: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const idTokenFor = (ada: string) => `${b64({ alg: 'none' })}.${b64({ ada, amway_id: ada, amway_user_type: 'ABO', fullName: '王丽' })}.sig`;
const envelope = (data: unknown, code = 0) =>
  new Response(JSON.stringify({ code, message: code ? 'no' : 'ok', success: code === 0, data }), {
    headers: { 'content-type': 'application/json' },
  });
/** Lets the answers' bodies be read and the callbacks on them run (timers may be fake; setImmediate is not). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};

const SUMMARY: EarlyRequest = { path: '/bff/v1/home/summary', body: {} };
const USER_INFO: EarlyRequest = { path: '/bff/v1/common/dstInfo', body: {} };

describe("index.html's early requests, taken by the app's api client", () => {
  let sent: Sent[];
  /** What the BFF answers, by path; a path without an answer stays unanswered. */
  let answers: Record<string, () => Promise<Response>>;
  beforeAll(() => initI18n('en-US'));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    sent = [];
    answers = {
      '/bff/v1/common/idaasToken': async () => envelope({ accessToken: 'access-new', idToken: idTokenFor('10000001') }),
      '/bff/v1/common/dstInfo': async () => envelope({ ada: '10000001', pinCode: 330 }),
      '/bff/v1/home/summary': async () => envelope({ early: true }),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL | string, init: RequestInit) => {
        sent.push({ url: String(url), init });
        return answers[new URL(String(url)).pathname]?.() ?? new Promise<Response>(() => {});
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete window.__aboExchange;
    delete window.__aboEarly;
    // Every block a test added (a test may open two pages).
    for (const block of document.querySelectorAll(`#${EARLY_DATA_ID}, #${FIRST_PAGE_ID}`)) block.remove();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  const paths = () => sent.map((r) => new URL(r.url).pathname);

  /**
   * Opens `address` with the page's early list as the BFF writes it (and the block of a page it
   * rendered, `first`), and runs the starter.
   */
  async function start(address: string, early: readonly EarlyRequest[] = [USER_INFO, SUMMARY], first?: FirstPageBlock) {
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: EARLY_DATA_ID });
    block.textContent = JSON.stringify(early);
    document.head.append(block);
    if (first) {
      const rendered = Object.assign(document.createElement('script'), { type: 'application/json', id: FIRST_PAGE_ID });
      rendered.textContent = JSON.stringify(first);
      document.head.append(rendered);
    }
    window.history.replaceState(null, '', address);
    runStarter();
    await settle();
  }

  /** Opens `address` as the portal does: the page's early list, the starter, the app's sign-in. */
  async function open(address: string, early: readonly EarlyRequest[] = [USER_INFO, SUMMARY], first?: FirstPageBlock) {
    await start(address, early, first);
    beginSignIn();
    const next = vi.fn(async () => new Response());
    await authMiddleware({ request: new Request(window.location.href), params: {}, context: {} as never } as never, next);
    expect(next).toHaveBeenCalled();
  }

  it("sends the user info and the page's data once the exchange answers, and the app takes each answer once", async () => {
    await open('/front/?channel=wec&sessionToken=early-1');
    expect(paths()).toEqual(['/bff/v1/common/idaasToken', '/bff/v1/common/dstInfo', '/bff/v1/home/summary']);
    expect(getSession('accessToken')).toBe('access-new');

    await expect(getDstInfo()).resolves.toEqual({ ada: '10000001', pinCode: 330 });
    await expect(post('/bff/v1/home/summary', {})).resolves.toEqual({ early: true });
    expect(sent).toHaveLength(3);
    // Taken once: asking again is the app's own request.
    answers['/bff/v1/home/summary'] = async () => envelope({ early: false });
    await expect(post('/bff/v1/home/summary', {})).resolves.toEqual({ early: false });
    expect(paths().slice(3)).toEqual(['/bff/v1/home/summary']);
  });

  it('leaves an answer for another request: another body, queried ada, channel or token', async () => {
    await open('/front/?channel=wec&sessionToken=early-2');
    expect(sent).toHaveLength(3);
    // Another body.
    await post('/bff/v1/home/summary', { month: '2026-10' } as never).catch(() => undefined);
    expect(sent).toHaveLength(4);
    // Another distributor queried by the time the app asks.
    setSession('queryAda', '10000004');
    await getDstInfo();
    expect(sent).toHaveLength(5);
    sessionStorage.removeItem('queryAda');
    // Another channel.
    setSession('channel', 'ca');
    await getDstInfo();
    expect(sent).toHaveLength(6);
    // The very request again: the early answer was still there for it.
    setSession('channel', 'wec');
    await getDstInfo();
    expect(sent).toHaveLength(6);
    // Other tokens (the user signed in again meanwhile).
    setSession('accessToken', 'access-other');
    await post('/bff/v1/home/summary', {});
    expect(paths()).toEqual([
      '/bff/v1/common/idaasToken',
      '/bff/v1/common/dstInfo',
      '/bff/v1/home/summary',
      '/bff/v1/home/summary',
      '/bff/v1/common/dstInfo',
      '/bff/v1/common/dstInfo',
      '/bff/v1/home/summary',
    ]);
    expect((sent[6]!.init.headers as Record<string, string>)['idaas-accesstoken']).toBe('access-other');
  });

  it("hands an error over as the app's own answer: 9900401 redirects to /Authentication, no second request", async () => {
    answers['/bff/v1/home/summary'] = async () => envelope(null, 9900401);
    answers['/bff/v1/common/dstInfo'] = async () => new Response('upstream down', { status: 502 });
    const navigate = vi.fn();
    setApiNavigator(navigate);
    await open('/front/?channel=wec&sessionToken=early-3');
    await expect(post('/bff/v1/home/summary', {}, { loading: false })).rejects.toMatchObject({ code: 9900401, kind: 'auth' });
    await expect(getDstInfo()).rejects.toMatchObject({ code: 502, kind: 'http' });
    expect(sent).toHaveLength(3);
    vi.advanceTimersByTime(AUTH_REDIRECT_DEBOUNCE_MS);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]![0]).toMatch(/^\/Authentication\?from=/);
  });

  it("hands a network failure over as the app's own", async () => {
    answers['/bff/v1/home/summary'] = () => Promise.reject(new TypeError('Failed to fetch'));
    await open('/front/?channel=wec&sessionToken=early-4');
    const error: unknown = await post('/bff/v1/home/summary', {}, { loading: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1, kind: 'transport' });
    expect(sent).toHaveLength(3);
  });

  it('drops an answer the app has not taken within EARLY_KEEP_MS of its arrival', async () => {
    await open('/front/?channel=wec&sessionToken=early-5');
    await getDstInfo();
    vi.advanceTimersByTime(EARLY_KEEP_MS);
    answers['/bff/v1/home/summary'] = async () => envelope({ early: false });
    await expect(post('/bff/v1/home/summary', {})).resolves.toEqual({ early: false });
    expect(paths()).toEqual(['/bff/v1/common/idaasToken', '/bff/v1/common/dstInfo', '/bff/v1/home/summary', '/bff/v1/home/summary']);
  });

  it.each([
    { name: 'the exchange fails', exchange: async () => envelope(null, 9900409) },
    { name: 'the exchange answers HTTP 500', exchange: async () => new Response('', { status: 500 }) },
    { name: 'the id token has no ada', exchange: async () => envelope({ accessToken: 'a', idToken: 'x.e30.y' }) },
  ])('sends nothing more when $name', async ({ exchange }) => {
    answers['/bff/v1/common/idaasToken'] = exchange;
    await start('/front/?channel=wec&sessionToken=early-6');
    expect(paths()).toEqual(['/bff/v1/common/idaasToken']);
  });

  it('sends nothing more while the tab is signed in to another account (the user chooses first)', async () => {
    setSession('accessToken', 'access-old');
    setSession('idToken', idTokenFor('10000004'));
    setSession('loginAda', '10000004');
    await start('/front/?channel=wec&sessionToken=early-7');
    expect(paths()).toEqual(['/bff/v1/common/idaasToken']);
  });

  it('without an early list, or without the starter, the app sends its own requests', async () => {
    await open('/front/?channel=wec&sessionToken=early-8', []);
    expect(paths()).toEqual(['/bff/v1/common/idaasToken']);
    await getDstInfo();
    expect(paths()).toEqual(['/bff/v1/common/idaasToken', '/bff/v1/common/dstInfo']);
    delete window.__aboEarly;
    await post('/bff/v1/home/summary', {});
    expect(paths()).toEqual(['/bff/v1/common/idaasToken', '/bff/v1/common/dstInfo', '/bff/v1/home/summary']);
  });
  /** The block of a page the BFF rendered for `token`: its exchange and the summary it asked for with `sent`. */
  const rendered = (token: string, sent = JSON.stringify({ channel: 'wec', loginada: '10000001' })): FirstPageBlock => ({
    token,
    channel: 'wec',
    exchange: {
      status: 200,
      body: JSON.stringify({
        code: 0,
        message: 'ok',
        success: true,
        data: { accessToken: 'access-served', idToken: idTokenFor('10000001') },
      }),
    },
    answers: [
      {
        path: '/bff/v1/home/summary',
        sent,
        status: 200,
        body: JSON.stringify({ code: 0, message: 'ok', success: true, data: { served: true } }),
      },
      // A call of the page's parts the starter does not send (not in the early list).
      {
        path: '/bff/v1/common/freshness',
        sent,
        status: 200,
        body: JSON.stringify({ code: 0, message: 'ok', success: true, data: { fresh: true } }),
      },
    ],
  });

  it('takes the exchange and the calls a page the BFF rendered carries, sending only the others', async () => {
    await open('/front/?channel=wec&sessionToken=first-1', [USER_INFO, SUMMARY], rendered('first-1'));
    // The exchange was the BFF's; the user info, which the render did not ask for, goes out.
    expect(paths()).toEqual(['/bff/v1/common/dstInfo']);
    expect(getSession('accessToken')).toBe('access-served');
    expect(getSession('_sessionToken')).toEqual(['first-1']);
    await expect(post('/bff/v1/home/summary', {})).resolves.toEqual({ served: true });
    await expect(post('/bff/v1/common/freshness', {})).resolves.toEqual({ fresh: true });
    expect(paths()).toEqual(['/bff/v1/common/dstInfo']);
    // Each answer once: asking again is the app's own request.
    answers['/bff/v1/common/freshness'] = async () => envelope({ fresh: false });
    await expect(post('/bff/v1/common/freshness', {})).resolves.toEqual({ fresh: false });
    expect(paths()).toEqual(['/bff/v1/common/dstInfo', '/bff/v1/common/freshness']);
  });

  it("gives the render's answers to the app signed in with the tokens it exchanged only", async () => {
    await open('/front/?channel=wec&sessionToken=first-4', [USER_INFO, SUMMARY], rendered('first-4'));
    setSession('accessToken', 'another-access');
    answers['/bff/v1/common/freshness'] = async () => envelope({ fresh: false });
    await expect(post('/bff/v1/common/freshness', {})).resolves.toEqual({ fresh: false });
    expect(paths()).toEqual(['/bff/v1/common/dstInfo', '/bff/v1/common/freshness']);
  });

  it("leaves a rendered page's answers to calls the app sends differently, and a block for another token", async () => {
    await open('/front/?channel=wec&sessionToken=first-2', [USER_INFO, SUMMARY], rendered('first-2', '{"channel":"ca"}'));
    expect(paths()).toEqual(['/bff/v1/common/dstInfo', '/bff/v1/home/summary']);
    sent = [];
    sessionStorage.clear();
    await open('/front/?channel=wec&sessionToken=first-3', [USER_INFO, SUMMARY], rendered('first-other'));
    expect(paths()).toEqual(['/bff/v1/common/idaasToken', '/bff/v1/common/dstInfo', '/bff/v1/home/summary']);
    expect(getSession('accessToken')).toBe('access-new');
  });
});

describe("a rendered page's scripts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.getElementById(FIRST_PAGE_ID)?.remove();
    for (const added of document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')) added.remove();
    delete window.__aboExchange;
    delete window.__aboEarly;
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  /** The block as the BFF writes it with the page's markup (apps/bff/src/page-render/first-page.ts). */
  const withScripts = (token: string) => {
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: FIRST_PAGE_ID });
    const first: FirstPageBlock = {
      token,
      channel: 'wec',
      exchange: { status: 200, body: '{"code":9900401,"message":"no","success":false,"data":null}' },
      answers: [],
      scripts: { entry: '/front/assets/index-1.js', preload: ['/front/assets/runtime-1.js', '/front/assets/page-1.js'] },
    };
    block.textContent = JSON.stringify(first);
    document.head.append(block);
  };
  const added = () => ({
    entry: [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) => [
      s.getAttribute('src'),
      s.hasAttribute('crossorigin'),
    ]),
    preload: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
  });

  it.each([
    { name: 'its sign-in', address: '/front/?channel=wec&sessionToken=s-1', token: 's-1' },
    // The app signs in its own way (or not at all): the page still runs.
    { name: 'a used token', address: '/front/?channel=wec&sessionToken=s-2', token: 's-2', used: true },
    { name: 'no token in the address', address: '/front/?channel=wec', token: 's-3' },
  ])('adds them once the page has painted, whatever the starter does next: $name', ({ address, token, used }) => {
    if (used) sessionStorage.setItem('_sessionToken', JSON.stringify([token]));
    withScripts(token);
    window.history.replaceState(null, '', address);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    runStarter();
    // Not yet: the page paints first.
    expect(added().entry).toEqual([]);
    vi.advanceTimersByTime(600);
    expect(added()).toEqual({
      entry: [['/front/assets/index-1.js', true]],
      preload: ['/front/assets/runtime-1.js', '/front/assets/page-1.js'],
    });
    // And once only (the frame's callback and the timer both run).
    vi.advanceTimersByTime(1000);
    expect(added().entry).toHaveLength(1);
    vi.unstubAllGlobals();
  });
});
