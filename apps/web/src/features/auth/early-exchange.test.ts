import { CHANNELS, MOBILE_UA } from '@abo/contract/channels';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/antd-setup.ts', () => ({}));

import { getSession, setSession } from '../../lib/storage.ts';
import { beginSignIn } from './auth-middleware.ts';
import { starterScript } from './early-exchange.ts';

const WEC_UA = 'Mozilla/5.0 (Linux; Android 13; M2102J20SG) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';
const PC_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36';

interface Sent {
  url: string;
  init: RequestInit;
}

/** Runs the inline script exactly as the build writes it into index.html. */
function runStarter(): void {
  new Function(starterScript({ channels: CHANNELS, mobile: MOBILE_UA.source }))();
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
    sessionStorage.clear();
    document.cookie = 'canary=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    window.history.replaceState(null, '', '/');
  });

  /** What the app itself sends for the address (beginSignIn without the starter): url, method, headers, body. */
  function appRequest(address: string): Sent {
    const before = sent.length;
    const used = sessionStorage.getItem('_sessionToken');
    sessionStorage.removeItem('_sessionToken');
    delete window.__aboExchange;
    window.history.replaceState(null, '', address);
    beginSignIn();
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

  it('hands its answer over once', () => {
    window.history.replaceState(null, '', '/front/?sessionToken=mine');
    runStarter();
    const answer = window.__aboExchange?.();
    expect(answer).toBeInstanceOf(Promise);
    expect(window.__aboExchange?.()).toBeUndefined();
  });
});
