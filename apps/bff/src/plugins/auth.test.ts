import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertDistributor } from '../testing/fixtures.ts';
import { loadProfile } from '../idp/profile.ts';

describe('access control: the session guard', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, '10000001');
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, '10000001'))!);
    headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
  });
  afterAll(() => t.close());

  it('asks for a session however the path is spelt (case, percent-encoding)', async () => {
    for (const url of [
      '/BFF/v1/common/getConfig',
      '/bff/V1/Common/dstInfo',
      '/%62ff/v1/common/shops',
      '/bff/v1/common/%73hops',
      '/bff/v1/common/shops?x=1',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.json(), url).toMatchObject({ code: Code.UNAUTHORIZED, success: false, data: null });
    }
  });

  it('fails closed: every route not declared public needs a session', async () => {
    const guarded = t.app.routeList.filter((r) => !r.public && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(guarded.length).toBeGreaterThan(40);
    for (const route of guarded) {
      const url = route.url.replace(/:\w+/g, 'x').replace('*', 'x');
      const res = await t.app.inject({ method: route.method as 'GET' | 'POST', url, payload: route.method === 'GET' ? undefined : {} });
      expect(res.json(), `${route.method} ${route.url}`).toMatchObject({ code: Code.UNAUTHORIZED, success: false });
    }
  });

  it('declares public exactly the sign-in, health, page and asset routes', () => {
    const open = [...new Set(t.app.routeList.filter((r) => r.public).map((r) => r.url))].sort();
    const bffOpen = open.filter((u) => u.toLowerCase().startsWith('/bff'));
    // Only the session-token exchange, the analytics collector and the one-time document files
    // (their link and cookie are the credential: routes/documents) answer without a session.
    // And the API's description (plugins/openapi.ts), which holds no data, and the public check of
    // a certificate's verification code (routes/certificate: what the document shows, rate-limited).
    expect(bffOpen).toEqual([
      '/bff/files/:token',
      '/bff/openapi.json',
      '/bff/v1/analytics/events',
      '/bff/v1/common/idaasToken',
      '/bff/v1/public/certificateCheck',
    ]);
    // /metrics checks a bearer token of its own when one is configured (plugins/metrics.ts).
    for (const url of open)
      expect(url, url).toMatch(
        /^\/(bff\/v1\/(analytics|common\/idaasToken|public\/certificateCheck$)|bff\/files\/:token$|bff\/openapi\.json$|idp|\.well-known|healthz|readyz|metrics$|wechat\/signature|ebiz-demo|front|$)/,
      );
  });

  it('accepts only the four channels, so the audit log holds no free text', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/common/dstInfo',
      headers: { ...headers, channel: '<script>x</script>' },
      payload: { loginada: '10000001' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: Code.BAD_REQUEST, success: false });
    const inBody = await t.app.inject({ method: 'POST', url: '/bff/v1/common/dstInfo', headers, payload: { channel: 'evil' } });
    expect(inBody.json().code).toBe(Code.BAD_REQUEST);
    for (const channel of ['ebiz', 'WEC', 'ca']) {
      const res = await t.app.inject({ method: 'POST', url: '/bff/v1/common/dstInfo', headers: { ...headers, channel }, payload: {} });
      expect(res.json().code, channel).toBe(Code.OK);
    }
    const audited = await t.db.selectFrom('audit_log').select('channel').execute();
    expect(audited.every((a) => ['ebiz', 'wec', 'ca', 'iinquiry'].includes(a.channel))).toBe(true);
  });

  it('tells browsers and proxies to keep no personal answer', async () => {
    const mine = await t.app.inject({ method: 'POST', url: '/bff/v1/common/dstInfo', headers, payload: {} });
    expect(mine.json().code).toBe(Code.OK);
    expect(mine.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'POST', url: '/bff/v1/common/dstInfo', payload: {} });
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
