// The notification calls: the list newest first in pages, the bell's count, read marks (own only,
// idempotent), the push preferences; staff read a distributor's history with its pushes, audited,
// and change nothing; nobody reads another distributor's notifications.
import { describe, expect, it } from 'vitest';
import { defaultPreferences } from '../../notifications/preferences.ts';
import { insertDistributor, insertStaff } from '../../testing/fixtures.ts';
import { signInHeaders, useTestApp } from '../../testing/suite-app.ts';

const ME = '10000004';
const OTHER = '10000005';

describe('notification calls', () => {
  const suite = useTestApp(async (t) => {
    await insertDistributor(t.db, ME);
    await insertDistributor(t.db, OTHER);
    await insertStaff(t.db, 'staff01');
    const at = (i: number) => `2026-11-${String(10 + i).padStart(2, '0')}T02:00:00.000Z`;
    for (let i = 0; i < 5; i++) {
      await t.db
        .insertInto('notifications')
        .values({
          ada: ME,
          kind: i === 0 ? 'monthClosed' : 'nearThreshold',
          event_key: `e${i}`,
          month: '2026-10',
          title: JSON.stringify({ zh: `标题${i}`, en: `Title ${i}` }),
          body: JSON.stringify({ zh: '内容', en: 'Body' }),
          link: '/income/servicefee?month=2026-10',
          params: '{}',
          created_at: at(i),
          read_at: null,
        })
        .execute();
    }
    await t.db
      .insertInto('notifications')
      .values({
        ada: OTHER,
        kind: 'monthClosed',
        event_key: 'x',
        month: null,
        title: '{"zh":"别人的","en":"Someone else’s"}',
        body: '{"zh":"","en":""}',
        link: '/',
        params: '{}',
        created_at: at(0),
        read_at: null,
      })
      .execute();
    const first = await t.db.selectFrom('notifications').select('id').where('event_key', '=', 'e0').executeTakeFirstOrThrow();
    await t.db
      .insertInto('notification_outbox')
      .values({
        notification_id: first.id,
        ada: ME,
        channel: 'wec',
        idempotency_key: `${first.id}:wec`,
        status: 'sent',
        attempts: 1,
        due_at: at(0),
        claimed_until: null,
        sent_at: at(0),
        last_error: null,
      })
      .execute();
  });

  // Signed in once: the sign-in budget counts attempts per account and minute.
  let mine: Record<string, string> | undefined;
  const call = async (url: string, payload: object, headers?: Record<string, string>) => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url,
      headers: headers ?? (mine ??= await signInHeaders(suite.t.app, ME)),
      payload: { channel: 'wec', ...payload },
    });
    return res.json() as { code: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const staffHeaders = async () => {
    const staff = await suite.t.app.tokens.issueStaff({ username: 'staff01', fullName: 'Staff' });
    return { channel: 'iinquiry', jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken, queryAda: ME };
  };

  it('lists the own notifications newest first, a page at a time, with the unread count', async () => {
    const first = await call('/bff/v1/notifications/list', { limit: 3 });
    expect(first.code).toBe(0);
    expect(first.data.items.map((n: { title: { en: string } }) => n.title.en)).toEqual(['Title 4', 'Title 3', 'Title 2']);
    expect(first.data).toMatchObject({ unread: 5 });
    expect(first.data.items[0]).toMatchObject({
      kind: 'nearThreshold',
      link: '/income/servicefee?month=2026-10',
      readAt: null,
      month: '2026-10',
    });
    expect(first.data.items[0].deliveries).toBeUndefined();
    const second = await call('/bff/v1/notifications/list', { limit: 3, before: first.data.next });
    expect(second.data.items.map((n: { title: { en: string } }) => n.title.en)).toEqual(['Title 1', 'Title 0']);
    expect(second.data.next).toBeNull();
  });

  it('marks read what was opened, idempotently, and the count follows', async () => {
    const list = await call('/bff/v1/notifications/list', {});
    const id = list.data.items[1].id as string;
    const once = await call('/bff/v1/notifications/read', { ids: [id] });
    expect(once).toMatchObject({ code: 0, data: { unread: 4 } });
    const twice = await call('/bff/v1/notifications/read', { ids: [id] });
    expect(twice.data.unread).toBe(4);
    const readAt = (await call('/bff/v1/notifications/list', {})).data.items[1].readAt;
    expect(readAt).not.toBeNull();
    expect((await call('/bff/v1/notifications/unread', {})).data).toEqual({ unread: 4 });
    // Only the unread ones.
    const unread = await call('/bff/v1/notifications/list', { unreadOnly: true });
    expect(unread.data.items.map((n: { id: string }) => n.id)).not.toContain(id);
  });

  it('never reads or marks another distributor’s notifications', async () => {
    const theirs = await suite.t.db.selectFrom('notifications').select('id').where('ada', '=', OTHER).executeTakeFirstOrThrow();
    await call('/bff/v1/notifications/read', { ids: [String(theirs.id)] });
    const row = await suite.t.db.selectFrom('notifications').select('read_at').where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(row.read_at).toBeNull();
    const mine = await call('/bff/v1/notifications/list', { limit: 50 });
    expect(mine.data.items.map((n: { title: { en: string } }) => n.title.en)).not.toContain('Someone else’s');
  });

  it('refuses a malformed id or page size in the envelope', async () => {
    expect((await call('/bff/v1/notifications/read', { ids: ['1; drop table'] })).code).not.toBe(0);
    expect((await call('/bff/v1/notifications/list', { limit: 500 })).code).not.toBe(0);
  });

  it('saves the push preferences, and reads them back; saving twice changes nothing', async () => {
    expect((await call('/bff/v1/notifications/preferences', {})).data).toEqual(defaultPreferences());
    const p = defaultPreferences();
    const wanted = {
      ...p,
      kinds: { ...p.kinds, legSlipping: false },
      channels: { wec: true, ca: false },
      quietHours: { from: '22:00', to: '08:00' },
    };
    expect((await call('/bff/v1/notifications/preferences/save', { preferences: wanted })).data).toEqual(wanted);
    expect((await call('/bff/v1/notifications/preferences/save', { preferences: wanted })).data).toEqual(wanted);
    expect((await call('/bff/v1/notifications/preferences', {})).data).toEqual(wanted);
    const bad = await call('/bff/v1/notifications/preferences/save', {
      preferences: { ...wanted, quietHours: { from: '25:00', to: '08:00' } },
    });
    expect(bad.code).not.toBe(0);
  });

  it('shows staff the history with each push, audited, and lets them change nothing', async () => {
    const h = await staffHeaders();
    const list = await call('/bff/v1/notifications/list', { channel: 'iinquiry', limit: 50 }, h);
    expect(list.code).toBe(0);
    const closed = list.data.items.find((n: { kind: string }) => n.kind === 'monthClosed');
    expect(closed.deliveries).toEqual([{ channel: 'wec', status: 'sent', attempts: 1, sentAt: expect.any(String), error: null }]);
    const audit = await suite.t.db
      .selectFrom('audit_log')
      .select(['actor', 'subject_ada', 'action'])
      .where('actor', '=', 'staff01')
      .execute();
    expect(audit).toContainEqual({ actor: 'staff01', subject_ada: ME, action: 'POST /bff/v1/notifications/list' });
    const before = (await call('/bff/v1/notifications/unread', {})).data.unread;
    expect((await call('/bff/v1/notifications/read', { channel: 'iinquiry', all: true }, h)).code).not.toBe(0);
    expect((await call('/bff/v1/notifications/unread', {})).data.unread).toBe(before);
    const save = await call('/bff/v1/notifications/preferences/save', { channel: 'iinquiry', preferences: defaultPreferences() }, h);
    expect(save.code).not.toBe(0);
  });
});
