import { CHANNELS, MOBILE_UA } from '@abo/contract/channels';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/antd-setup.ts', () => ({}));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

import { authMiddleware, beginSignIn } from '../features/auth/auth-middleware.ts';
import { EARLY_DATA_ID, EARLY_KEEP_MS, FIRST_PAGE_ID, starterScript } from '../features/auth/early-exchange.ts';
import { dstInfoQuery } from '../lib/dst-info.ts';
import { createQueryClient, type PagePrefetch } from '../lib/query-client.ts';
import { EARLY_REQUESTS } from './early-requests.ts';
import { routeTable } from './routes.ts';

const pageModules = import.meta.glob<{ prefetch?: PagePrefetch }>('../features/**/*-page.tsx');

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const ID_TOKEN = `${b64({ alg: 'none' })}.${b64({ ada: '10000001', amway_id: '1', amway_user_type: 'ABO', fullName: 'Wang' })}.sig`;
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

interface Sent {
  url: string;
  method: string | undefined;
  headers: unknown;
  body: unknown;
}

// Addresses the portal opens (page path, then the address with its parameters and channel).
const ADDRESSES: Array<[keyof typeof EARLY_REQUESTS, string]> = [
  ['/', '/front/?channel=wec'],
  ['/', '/front?channel=ca&queryAda=10000004'],
  ['/incentiveplan/seminars', '/front/incentiveplan/seminars?channel=ebiz'],
  ['/incentiveplan/seminars', '/front/incentiveplan/seminars?year=25/26&channel=wec'],
  ['/incentiveplan/seminars', '/front/incentiveplan/seminars?year=&channel=wec'],
  ['/income/servicefee', '/front/income/servicefee?month=2026-10&channel=wec'],
  ['/income/servicefee', '/front/income/servicefee?month=&channel=ebiz'],
];

describe('the early requests each page declares (issue #36)', () => {
  let sent: Sent[];
  const prefetches = new Map<string, PagePrefetch | undefined>();
  // The pages' modules (their whole feature) load once, before the cases: on a busy machine that takes seconds.
  beforeAll(async () => {
    for (const path of Object.keys(EARLY_REQUESTS)) {
      const entry = routeTable.find((r) => r.path === path);
      prefetches.set(path, entry && (await pageModules[`../features/${entry.page}`]!()).prefetch);
    }
  }, 60_000);
  beforeEach(() => {
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL | string, init: RequestInit) => {
        sent.push({ url: String(url), method: init.method, headers: init.headers, body: init.body });
        const data = String(url).endsWith('/idaasToken') ? { accessToken: 'access', idToken: ID_TOKEN } : null;
        return new Response(JSON.stringify({ code: 0, message: 'ok', success: true, data }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.__aboExchange;
    delete window.__aboEarly;
    document.getElementById(EARLY_DATA_ID)?.remove();
    window.history.replaceState(null, '', '/');
  });

  it.each(ADDRESSES)('%s: index.html sends exactly the requests the signed-in app then sends first (%s)', async (path, address) => {
    // index.html: the BFF's block with this page's list, and the starter.
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: EARLY_DATA_ID });
    block.textContent = JSON.stringify(EARLY_REQUESTS[path]);
    document.head.append(block);
    window.history.replaceState(null, '', `${address}&sessionToken=page-token`);
    new Function(
      starterScript({ channels: CHANNELS, mobile: MOBILE_UA.source, data: EARLY_DATA_ID, first: FIRST_PAGE_ID, keepMs: EARLY_KEEP_MS }),
    )();
    await settle();
    // The app signs in with the starter's exchange.
    beginSignIn();
    const next = vi.fn(async () => new Response());
    await authMiddleware({ request: new Request(window.location.href), params: {}, context: {} as never } as never, next);
    expect(next).toHaveBeenCalled();
    const early = sent.filter((r) => !r.url.endsWith('/idaasToken'));
    expect(early).toHaveLength(EARLY_REQUESTS[path].length);

    // What the app sends without them: the frame's user info and the page's prefetch (app/route-children.tsx).
    delete window.__aboEarly;
    sent = [];
    const client = createQueryClient();
    void client.prefetchQuery(dstInfoQuery());
    // A page of the route table that prefetches its data.
    const prefetch = prefetches.get(path);
    expect(prefetch).toBeTypeOf('function');
    prefetch!({ pathname: path, searchParams: new URL(window.location.href).searchParams }, client);
    await settle();
    const order = (list: Sent[]) => [...list].sort((a, b) => `${a.url}${String(a.body)}`.localeCompare(`${b.url}${String(b.body)}`));
    expect(order(early)).toEqual(order(sent));
  });
});
