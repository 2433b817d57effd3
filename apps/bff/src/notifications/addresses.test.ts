// A WeChat sign-in records the openid the official account's subscribe messages go to, and the
// pushes queued before it, waiting for that address, go out then.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { insertDistributor, insertStaff, TEST_PASSWORD } from '../testing/fixtures.ts';
import { useTestApp } from '../testing/suite-app.ts';
import { standInOpenId } from './addresses.ts';
import { addNotification, outboxRow, standInRig, testWorker } from './delivery/delivery.test-support.ts';
import { NO_WECHAT_ADDRESS } from './delivery/outbox.ts';

/** The WeChat sign-in as the app goes through it: the authorize form, then the code traded at /idp/wechat/session. */
async function wechatSignIn(app: FastifyInstance, ada: string): Promise<void> {
  const authorized = await app.inject({
    method: 'POST',
    url: '/idp/wechat/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
    payload: new URLSearchParams({ username: ada, password: TEST_PASSWORD, redirect_uri: 'http://localhost/front/' }).toString(),
  });
  expect(authorized.statusCode).toBe(303);
  const code = new URL(authorized.headers.location as string).searchParams.get('code')!;
  const session = await app.inject({ method: 'POST', url: '/idp/wechat/session', payload: { code } });
  expect(session.json().code).toBe(0);
}

describe('WeChat addresses', () => {
  const suite = useTestApp(async (t) => {
    await insertDistributor(t.db, '10000001');
    await insertDistributor(t.db, '10000002');
    await insertStaff(t.db, 'staff01');
  });

  it('records the openid at the WeChat sign-in, once per person, naming nothing of the ADA', async () => {
    const { app, db } = suite.t;
    for (let i = 0; i < 2; i++) await wechatSignIn(app, '10000001');
    const rows = await db.selectFrom('notification_addresses').selectAll().where('ada', '=', '10000001').execute();
    expect(rows).toEqual([
      { ada: '10000001', channel: 'wec', address: expect.stringMatching(/^o[A-Za-z0-9_-]{27}$/), updated_at: expect.any(String) },
    ]);
    expect(rows[0]!.address).not.toContain('10000001');
    expect(rows[0]!.address).toBe(standInOpenId(suite.t.config.WECHAT_APP_ID, '10000001'));
  });

  it('a push queued before the first WeChat sign-in waits, staff see why, and it goes out after the sign-in', async () => {
    const { app, db, config } = suite.t;
    const now = () => new Date();
    const rig = await standInRig(now);
    try {
      const n = await addNotification(db, { ada: '10000002', openid: null, channels: ['wec'], dueAt: now() });
      const worker = testWorker(db, rig.fetch, now);
      expect(await worker.runOnce()).toMatchObject({ claimed: 1, waiting: 1, skipped: 0, sent: 0 });
      expect(await worker.runOnce()).toMatchObject({ claimed: 0 });

      // Staff reading the distributor's notifications see the push waiting, and why.
      const staff = await app.tokens.issueStaff({ username: 'staff01', fullName: 'Staff' });
      const list = async () =>
        (
          await app.inject({
            method: 'POST',
            url: '/bff/v1/notifications/list',
            headers: { channel: 'iinquiry', jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken, queryAda: '10000002' },
            payload: { channel: 'iinquiry', limit: 10 },
          })
        ).json().data.items[0].deliveries;
      expect(await list()).toEqual([
        { channel: 'wec', status: 'pending', attempts: 0, sentAt: null, error: expect.stringContaining(NO_WECHAT_ADDRESS) },
      ]);

      await wechatSignIn(app, '10000002');
      expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
      const openid = standInOpenId(config.WECHAT_APP_ID, '10000002');
      expect(rig.standIn.receipts().map((r) => [r.idempotencyKey, (r.message as { touser: string }).touser, r.accepted])).toEqual([
        [`${n.id}:wec`, openid, true],
      ]);
      expect(await outboxRow(db, n.outbox.wec!)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(await list()).toEqual([{ channel: 'wec', status: 'sent', attempts: 1, sentAt: expect.any(String), error: null }]);
    } finally {
      await rig.close();
    }
  });
});
