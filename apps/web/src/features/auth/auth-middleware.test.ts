import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/antd-setup.ts', () => ({}));

import { getSession } from '../../lib/storage.ts';
import { authMiddleware, beginSignIn } from './auth-middleware.ts';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const ID_TOKEN = `${b64({ alg: 'none' })}.${b64({ ada: '10000001', amway_id: '1', amway_user_type: 'ABO', fullName: 'Wang' })}.sig`;

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
