// A WeChat sign-in records the openid the official account's subscribe messages go to.
import { describe, expect, it } from 'vitest';
import { insertDistributor, TEST_PASSWORD } from '../testing/fixtures.ts';
import { useTestApp } from '../testing/suite-app.ts';
import { standInOpenId } from './addresses.ts';

describe('WeChat addresses', () => {
  const suite = useTestApp(async (t) => insertDistributor(t.db, '10000001'));

  it('records the openid at the WeChat sign-in, once per person, naming nothing of the ADA', async () => {
    const { app, db } = suite.t;
    for (let i = 0; i < 2; i++) {
      const authorized = await app.inject({
        method: 'POST',
        url: '/idp/wechat/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
        payload: new URLSearchParams({ username: '10000001', password: TEST_PASSWORD, redirect_uri: 'http://localhost/front/' }).toString(),
      });
      expect(authorized.statusCode).toBe(303);
      const code = new URL(authorized.headers.location as string).searchParams.get('code')!;
      const session = await app.inject({ method: 'POST', url: '/idp/wechat/session', payload: { code } });
      expect(session.json().code).toBe(0);
    }
    const rows = await db.selectFrom('notification_addresses').selectAll().execute();
    expect(rows).toEqual([
      { ada: '10000001', channel: 'wec', address: expect.stringMatching(/^o[A-Za-z0-9_-]{27}$/), updated_at: expect.any(String) },
    ]);
    expect(rows[0]!.address).not.toContain('10000001');
    expect(rows[0]!.address).toBe(standInOpenId(suite.t.config.WECHAT_APP_ID, '10000001'));
  });
});
