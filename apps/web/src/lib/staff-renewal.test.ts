// Staff sessions are renewed while used (README, "Sessions"): a staff call made in the last
// 20 minutes of the token's 30 first trades it for a new one; a refused renewal keeps the old.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));
vi.mock('./antd-setup.ts', () => ({}));

import { initI18n } from '../i18n/index.ts';
import { post } from './api-client.ts';
import { getSession, setSession } from './storage.ts';

initI18n('en-US');

const NOW = Date.parse('2026-11-21T09:00:00Z');
const MINUTE = 60_000;
/** A staff token that expires `minutes` from NOW (the app reads only its payload). */
const tokenExpiringIn = (minutes: number, name = 'old') =>
  `h.${btoa(JSON.stringify({ sub: 'staff01', exp: (NOW + minutes * MINUTE) / 1000 })).replace(/=+$/, '')}.${name}`;

const envelope = (code: number, data: unknown) =>
  new Response(JSON.stringify({ code, message: code ? 'expired' : 'ok', success: code === 0, data }), {
    headers: { 'content-type': 'application/json' },
  });

type Call = [URL, RequestInit];
/** A BFF: /idp/okta/renew answers `renewal`, every other call answers OK. */
function bff(renewal: () => Response) {
  const fetch = vi.fn(async (url: URL) => (String(url).endsWith('/idp/okta/renew') ? renewal() : envelope(0, { ok: true })));
  vi.stubGlobal('fetch', fetch);
  const calls = () => fetch.mock.calls as unknown as Call[];
  return {
    renewals: () => calls().filter(([url]) => String(url).endsWith('/idp/okta/renew')),
    reads: () => calls().filter(([url]) => !String(url).endsWith('/idp/okta/renew')),
  };
}
const renewed = { adaToken: tokenExpiringIn(30, 'new'), oktaIdToken: 'okta.id.new', oktaIdTokenKey: 'kid-2' };

describe('staff token renewal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    setSession('channel', 'iinquiry');
    setSession('oktaIdTokenKey', 'kid-1');
    setSession('oktaIdToken', 'okta.id.old');
    setSession('queryAda', '10000004');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('renews a token in its last 20 minutes before the call, once for calls made together', async () => {
    const old = tokenExpiringIn(25);
    setSession('adaToken', old);
    const server = bff(() => envelope(0, renewed));
    await post('/bff/v1/common/dstInfo');
    // 25 minutes left: not yet.
    expect(server.renewals()).toHaveLength(0);
    vi.setSystemTime(NOW + 10 * MINUTE);
    await Promise.all([post('/bff/v1/common/dstInfo'), post('/bff/v1/common/getConfig')]);
    expect(server.renewals()).toHaveLength(1);
    expect(server.renewals()[0]![1].headers).toMatchObject({ 'ada-token': old, jwks: 'kid-1' });
    const [first, ...renewedCalls] = server.reads();
    expect(first![1].headers).toMatchObject({ 'ada-token': old });
    expect(renewedCalls).toHaveLength(2);
    for (const [, init] of renewedCalls) expect(init.headers).toMatchObject({ 'ada-token': renewed.adaToken, jwks: 'kid-2' });
    expect(getSession('adaToken')).toBe(renewed.adaToken);
    expect(getSession('oktaIdToken')).toBe('okta.id.new');
  });

  it('keeps the token it has when the renewal is refused (account removed, password changed)', async () => {
    const old = tokenExpiringIn(5);
    setSession('adaToken', old);
    const server = bff(() => envelope(401, null));
    await post('/bff/v1/common/dstInfo');
    expect(server.renewals()).toHaveLength(1);
    expect(server.reads()[0]![1].headers).toMatchObject({ 'ada-token': old });
    expect(getSession('adaToken')).toBe(old);
    // Once expired, the token is not offered for renewal: the query has expired.
    vi.setSystemTime(NOW + 6 * MINUTE);
    await post('/bff/v1/common/dstInfo');
    expect(server.renewals()).toHaveLength(1);
  });
});
