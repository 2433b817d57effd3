import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/antd-setup.ts', () => ({}));

import { createMemoryRouter } from 'react-router';
import { initI18n } from '../i18n/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { setSession } from '../lib/storage.ts';
import { childRoutes } from './route-children.tsx';

// The page modules add their translations when they load.
initI18n('en-US');

/** Requests the pages' loaders send, answered only when a test says so. */
function pendingFetch() {
  const calls: Array<{ path: string; body: unknown; answer: (data: unknown) => void }> = [];
  const fetch = vi.fn(
    (url: URL, init: RequestInit) =>
      new Promise<Response>((resolve) => {
        calls.push({
          path: new URL(url).pathname,
          body: JSON.parse(String(init.body)),
          answer: (data) =>
            resolve(
              new Response(JSON.stringify({ code: 0, message: 'ok', success: true, data }), {
                headers: { 'content-type': 'application/json' },
              }),
            ),
        });
      }),
  );
  return { fetch, calls };
}

async function navigate(to: string) {
  const router = createMemoryRouter([{ id: 'root', path: '/', children: childRoutes('/front') }], {
    basename: '/front',
    initialEntries: [`/front${to}`],
  });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
  return router;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('page loaders (data requested with the navigation, not after the page mounts)', () => {
  let fake: ReturnType<typeof pendingFetch>;
  beforeEach(() => {
    queryClient.clear();
    setSession('channel', 'ebiz');
    setSession('accessToken', 'a.b.c');
    fake = pendingFetch();
    vi.stubGlobal('fetch', fake.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the plan a plan route shows, with its edition year, and does not hold the navigation', async () => {
    const router = await navigate('/incentiveplan/SeminarBangkok/pqdetails?year=24/25');
    // The navigation is done while the plan is still on its way (the page shows its skeleton).
    expect(router.state.navigation.state).toBe('idle');
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls.map((c) => [c.path, c.body])).toEqual([
      ['/bff/v1/incentive/plan', expect.objectContaining({ route: '/incentiveplan/seminarbangkok', year: '24/25' })],
    ]);
  });

  it('asks for the latest statement on the service-fee page, and leaves its PY months to the page', async () => {
    await navigate('/income/servicefee');
    await vi.waitFor(() => expect(fake.calls.map((c) => c.path)).toEqual(['/bff/v1/income/statement']));
    fake.calls[0]!.answer({ month: '2026-10', py: '26/27', months: ['2026-10'] });
    await flush();
    expect(fake.calls.map((c) => c.path)).toEqual(['/bff/v1/income/statement']);
  });

  it('asks for the month in the address when there is one', async () => {
    await navigate('/income/servicefee?month=2026-08');
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]!.body).toEqual(expect.objectContaining({ month: '2026-08' }));
  });

  it('asks for the home summary and the novice guide on the home page', async () => {
    await navigate('/');
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(fake.calls.map((c) => c.path).sort()).toEqual(['/bff/v1/common/guideNovices', '/bff/v1/home/summary']);
  });

  it('sends nothing for staff shown the look-up (no distributor chosen) or a read-only notice', async () => {
    setSession('channel', 'iinquiry');
    setSession('adaToken', 'staff.token');
    await navigate('/');
    await navigate('/achievement/setshop?queryAda=10000004');
    await flush();
    expect(fake.calls).toEqual([]);
    // With a distributor chosen, a page's data is asked for as before.
    await navigate('/?queryAda=10000004');
    await vi.waitFor(() => expect(fake.calls.length).toBeGreaterThan(0));
  });

  it("opens the operators' import page beside the contract's table, without a loader", async () => {
    const router = await navigate('/operator');
    expect(router.state.matches.at(-1)?.route.path).toBe('operator');
    await flush();
    expect(fake.calls).toEqual([]);
  });

  it('sends nothing for a page without a loader', async () => {
    await navigate('/test');
    await flush();
    expect(fake.calls).toEqual([]);
  });
});
