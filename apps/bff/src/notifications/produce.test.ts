// The notifications an import and the close after it produce on a small tree (README "Notifications"):
// every kind the facts make, each once per distributor and event key, however often the close
// runs; pushes queued as the preferences allow.
import { describe, expect, it, vi } from 'vitest';
import { decodePlanSummary } from '@abo/plan';
import { closeMonths } from '../close/close.ts';
import type * as HeldRows from '../close/held-rows.ts';
import { filesBetween, randomCompany } from '../close/close.test-support.ts';
import { importDirectory } from '../import/import.ts';
import { csv, openTestDb, TODAY, type TestDb } from '../import/import.test-support.ts';
import { savePreferences, defaultPreferences } from './preferences.ts';
import { produceNotifications } from './produce.ts';
import { throwawayDbs } from '../testing/throwaway-db.ts';

const openDb = throwawayDbs(openTestDb);

/** The months a close handed the notifications rows of (close/held-rows.ts, passed through unchanged). */
const heldMonths = vi.hoisted(() => new Set<string>());
vi.mock('../close/held-rows.ts', async (importOriginal) => {
  const original = await importOriginal<typeof HeldRows>();
  return {
    heldMonthRows: (...args: Parameters<typeof original.heldMonthRows>) => {
      const rows = original.heldMonthRows(...args);
      return (month: string) => {
        const of = rows(month);
        if (of) heldMonths.add(month);
        return of;
      };
    },
  };
});

const A = '86100001'; // the leader: Q every month from August (Silver Producer then)
const B = '86100002'; // Q in October, far from it in November
const C = '86100003'; // reaches Q in November
const D = '86100004'; // near the 21 % bracket in November

const distributors = csv(
  'ada,sponsor_ada,name,name_en,joined_on,phone,bank_name,shop_code,user_type',
  [A, '', '张伟', 'Zhang Wei', '2018-03-12', '', '', '', 'ABO'],
  [B, A, '王芳', 'Wang Fang', '2019-06-03', '', '', '', 'ABO'],
  [C, A, '李娜', 'Li Na', '2020-01-15', '', '', '', 'ABO'],
  [D, A, '刘洋', 'Liu Yang', '2021-09-20', '', '', '', 'ABO'],
);

let order = 0;
const o = (ada: string, day: string, pv: number) => [`T-${++order}`, ada, `${day}T10:00:00`, String(pv), '', ''];
const orderLines = [
  'order_id,ada,ordered_at,pv,bv,customer_id',
  o(A, '2026-08-03', 10_400),
  o(A, '2026-09-03', 10_400),
  o(A, '2026-10-03', 10_400),
  o(B, '2026-10-05', 10_500),
  o(B, '2026-11-05', 3_000),
  o(C, '2026-11-06', 10_250),
  o(D, '2026-11-07', 9_100),
];

async function imported(extra: (string | string[])[] = []): Promise<TestDb> {
  const t = await openDb();
  const dir = t.folder({ 'distributors.csv': distributors, 'orders.csv': csv(...orderLines, ...extra) });
  await importDirectory(t.db, { dir, today: TODAY });
  await closeMonths(t.db, { today: TODAY });
  return t;
}

async function keysOf(t: TestDb, ada: string): Promise<string[]> {
  const rows = await t.db.selectFrom('notifications').select('event_key').where('ada', '=', ada).orderBy('event_key').execute();
  return rows.map((r) => r.event_key);
}

describe('notifications of an import and its close', () => {
  it('tells each distributor what the close changed: the month closed, a pin, thresholds, legs, plans', async () => {
    const t = await imported();
    const a = await keysOf(t, A);
    expect(a).toContain('monthClosed:2026-10');
    expect(a).toContain('pinReached:310');
    expect(a).toContain(`legQualified:2026-11:${C}`);
    expect(a).toContain(`legSlipping:2026-11:${B}`);
    expect(await keysOf(t, D)).toContain('nearThreshold:2026-11:bracket:21');
    const kinds = await t.db.selectFrom('notifications').select('kind').distinct().execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual([
      'legQualified',
      'legSlipping',
      'monthClosed',
      'nearThreshold',
      'pinReached',
      'planProgress',
    ]);

    const closed = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('ada', '=', A)
      .where('event_key', '=', 'monthClosed:2026-10')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(closed.title)).toEqual({ zh: '10月已结算', en: 'October closed' });
    expect(JSON.parse(closed.body).en).toMatch(/^a Q month ✓ · net fee ¥[\d,]+\.\d{2} paid on 11-\d{2}$/);
    expect(closed.link).toBe('/income/servicefee?month=2026-10');
    // The month closed leads the list (newest first by id), plans come last.
    const listed = await t.db.selectFrom('notifications').select('kind').where('ada', '=', A).orderBy('id', 'desc').execute();
    expect(listed[0]!.kind).toBe('monthClosed');
    expect(listed.at(-1)!.kind).toBe('planProgress');
    // The sponsor sees a personally sponsored leg's name in full.
    const leg = await t.db
      .selectFrom('notifications')
      .select('title')
      .where('event_key', '=', `legQualified:2026-11:${C}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(leg.title).en).toBe('Li Na reached Q this month');
  });

  it('tells each event once: producing again, or closing again after more orders, adds only what is new', async () => {
    const t = await imported();
    const before = await t.db.selectFrom('notifications').select(['ada', 'event_key', 'id']).execute();
    const outboxBefore = await t.db.selectFrom('notification_outbox').select('id').execute();
    expect(await produceNotifications(t.db, { today: TODAY, closed: ['2026-10'] })).toMatchObject({ notifications: 0, queued: 0 });

    // An order that takes D over 21 %: D's bracket event is not told again, C's leg stays told once.
    const dir = t.folder({
      'orders.csv': csv('order_id,ada,ordered_at,pv,bv,customer_id', ['T-extra', D, '2026-11-20T09:00:00', '1000', '', '']),
    });
    await importDirectory(t.db, { dir, today: TODAY });
    expect((await closeMonths(t.db, { today: TODAY })).notifications?.notifications).toBeGreaterThan(0);
    const after = await t.db.selectFrom('notifications').select(['ada', 'event_key', 'id']).execute();
    const keys = after.map((r) => `${r.ada}|${r.event_key}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const b of before) expect(after).toContainEqual(b);
    expect(after.filter((r) => !before.some((b) => b.id === r.id)).map((r) => `${r.ada}|${r.event_key}`)).toContain(
      `${A}|legQualified:2026-11:${D}`,
    );
    // Every new notification queued once per push channel, every old one not again.
    const outbox = await t.db.selectFrom('notification_outbox').select(['notification_id', 'channel', 'idempotency_key']).execute();
    expect(outbox.length).toBe(2 * after.length);
    expect(outbox.length - outboxBefore.length).toBe(2 * (after.length - before.length));
    const idempotency = outbox.map((r) => r.idempotency_key);
    expect(new Set(idempotency).size).toBe(idempotency.length);
  });

  it('queues pushes as the preferences allow: a kind off, a channel off', async () => {
    const t = await openDb();
    const p = defaultPreferences();
    await savePreferences(t.db, A, { ...p, kinds: { ...p.kinds, legSlipping: false }, channels: { wec: true, ca: false } });
    const dir = t.folder({ 'distributors.csv': distributors, 'orders.csv': csv(...orderLines) });
    await importDirectory(t.db, { dir, today: TODAY });
    await closeMonths(t.db, { today: TODAY });
    const rows = await t.db
      .selectFrom('notification_outbox')
      .innerJoin('notifications', 'notifications.id', 'notification_outbox.notification_id')
      .select(['notifications.kind', 'notification_outbox.channel'])
      .where('notification_outbox.ada', '=', A)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.channel === 'wec')).toBe(true);
    expect(rows.some((r) => r.kind === 'legSlipping')).toBe(false);
    // The page still lists it.
    expect(await keysOf(t, A)).toContain(`legSlipping:2026-11:${B}`);
  });

  it('tells a leader of members joining their team, three generations down, pushed only once switched on', async () => {
    const t = await imported();
    const p = defaultPreferences();
    expect(p.kinds.memberJoined).toBe(false);
    // A leader who switched the news on (B): saved before the joins.
    await savePreferences(t.db, B, { ...p, kinds: { ...p.kinds, memberJoined: true } });
    // This month's hourly file: E joins under B, F under E, G under F (four generations below A).
    const E = '86100005';
    const F = '86100006';
    const G = '86100007';
    const dir = t.folder({
      'distributors.csv': csv(
        'ada,sponsor_ada,name,name_en,joined_on,phone,bank_name,shop_code,user_type',
        [E, B, '赵敏', 'Zhao Min', '2026-11-18', '', '', '', 'ABO'],
        [F, E, '孙磊', 'Sun Lei', '2026-11-19', '', '', '', 'ABO'],
        [G, F, '周杰', 'Zhou Jie', '2026-11-20', '', '', '', 'ABO'],
      ),
    });
    await importDirectory(t.db, { dir, today: TODAY });
    await closeMonths(t.db, { today: TODAY });
    const joined = async (ada: string) =>
      (
        await t.db
          .selectFrom('notifications')
          .select(['event_key', 'title', 'body', 'link'])
          .where('ada', '=', ada)
          .where('kind', '=', 'memberJoined')
          .orderBy('event_key')
          .execute()
      ).map((r) => ({
        key: r.event_key,
        title: JSON.parse(r.title) as { zh: string; en: string },
        body: JSON.parse(r.body) as { en: string },
        link: r.link,
      }));
    // B: all three (generations 1–3); A: E and F only; the sponsor sees the name in full, a leader further up masked.
    const toB = await joined(B);
    expect(toB.map((n) => n.key)).toEqual([`memberJoined:${E}`, `memberJoined:${F}`, `memberJoined:${G}`]);
    expect(toB[0]!.title.en).toBe('Zhao Min joined your team');
    expect(toB[0]!.body.en).toBe('Joined on 18 Nov 2026 · sponsored by you');
    expect(toB[2]!.body.en).toBe('Joined on 20 Nov 2026 · generation 3 of your team');
    expect(toB[0]!.link).toMatch(/^\/incentiveplan\/marketdetails\?ref=/);
    const toA = await joined(A);
    expect(toA.map((n) => n.key)).toEqual([`memberJoined:${E}`, `memberJoined:${F}`]);
    expect(toA[0]!.title.zh).not.toContain('赵敏');
    expect(await joined(E)).toHaveLength(2);
    // Pushed to B, who switched it on; listed but not pushed to A, who did not.
    const pushed = await t.db
      .selectFrom('notification_outbox')
      .innerJoin('notifications', 'notifications.id', 'notification_outbox.notification_id')
      .select('notification_outbox.ada')
      .where('notifications.kind', '=', 'memberJoined')
      .execute();
    expect(new Set(pushed.map((r) => r.ada))).toEqual(new Set([B]));
    // Told once: another close the same day adds none.
    await produceNotifications(t.db, { today: TODAY, closed: [] });
    expect(await joined(B)).toHaveLength(3);
  });

  it('tells an attendance event’s registration deadline 3 days ahead, to those in reach who have not attended', async () => {
    const t = await imported();
    // January: the preparatory session of the marketing training class (MTC2627-PREP) closes
    // registration on 15 Jan; A is in reach of the class and has not attended, C attended in December.
    const later = '2027-01-13';
    const dir = t.folder({
      'orders.csv': csv(
        'order_id,ada,ordered_at,pv,bv,customer_id',
        ['T-dec', A, '2026-12-03T10:00:00', '10400', '', ''],
        ['T-jan', A, '2027-01-04T10:00:00', '10400', '', ''],
      ),
      'attendance.csv': csv('ada,event_code,attended_on', [C, 'MTC2627-PREP', '2026-12-12']),
    });
    await importDirectory(t.db, { dir, today: later });
    await closeMonths(t.db, { today: later });
    const key = 'eventDeadline:MKT_TRAINING_CLASS_2627:MTC2627-PREP';
    expect(await keysOf(t, A)).toContain(key);
    expect(await keysOf(t, C)).not.toContain(key);
    // C is as much in reach of the class as A: only the attendance keeps it from being told.
    const statusOf = async (ada: string) => {
      const row = await t.db
        .selectFrom('plan_results')
        .select('summary')
        .where('ada', '=', ada)
        .where('py', '=', '26/27')
        .executeTakeFirstOrThrow();
      return decodePlanSummary(row.summary).get('MKT_TRAINING_CLASS_2627')?.status;
    };
    expect(['onTrack', 'atRisk']).toContain(await statusOf(A));
    expect(['onTrack', 'atRisk']).toContain(await statusOf(C));
    const told = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('ada', '=', A)
      .where('event_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(told.title).en).toBe('Preparatory session: registration closes 15 Jan');
    expect(JSON.parse(told.body).en).toMatch(/^2 days left · attending is a criterion of /);
    expect(told.link).toBe('/incentiveplan/marketingtrainingclass?year=26%2F27');
    // Told once: the next day's close adds no second one.
    await produceNotifications(t.db, { today: '2027-01-14', closed: [] });
    expect((await keysOf(t, A)).filter((k) => k === key)).toHaveLength(1);
    // Days when a registration closes soon read every plan, not only those that make news.
    await t.db.updateTable('plan_results').set({ news: 0 }).execute();
    await t.db.deleteFrom('notifications').where('event_key', '=', key).execute();
    await produceNotifications(t.db, { today: '2027-01-14', closed: [] });
    expect(await keysOf(t, A)).toContain(key);
  });

  it('a day’s first close tells what depends on the day to everyone; a later close that day, only those whose figures moved', async () => {
    const t = await imported();
    const key = 'eventDeadline:MKT_TRAINING_CLASS_2627:MTC2627-PREP';
    const E = '86100009'; // joins in January, in a tree of their own
    const orders = (...rows: string[][]) => csv('order_id,ada,ordered_at,pv,bv,customer_id', ...rows);
    const day = async (today: string, files: Record<string, string>) => {
      await importDirectory(t.db, { dir: t.folder(files), today });
      return closeMonths(t.db, { today });
    };
    // 10 January: registration closes on the 15th, 5 days ahead: not told yet.
    await day('2027-01-10', {
      'orders.csv': orders(['T-dec', A, '2026-12-03T10:00:00', '10400', '', ''], ['T-jan', A, '2027-01-04T10:00:00', '10400', '', '']),
    });
    expect(await keysOf(t, A)).not.toContain(key);
    // 13 January: only E's order is new, yet A is told: the day moved.
    const first = await day('2027-01-13', {
      'distributors.csv': csv('ada,sponsor_ada,name,joined_on', [E, '', '赵敏', '2027-01-13']),
      'orders.csv': orders(['T-e1', E, '2027-01-13T09:00:00', '200', '', '']),
    });
    expect(first).toMatchObject({ resumedAfter: '2026-12' });
    expect(await keysOf(t, A)).toContain(key);

    // Within a day only those whose figures moved are read and told: here D alone would be (A's
    // events are already told, so telling only D gives D's and nothing else).
    const fresh = await openDb();
    await importDirectory(fresh.db, {
      dir: fresh.folder({ 'distributors.csv': distributors, 'orders.csv': csv(...orderLines) }),
      today: TODAY,
    });
    await closeMonths(fresh.db, { today: TODAY, notify: false });
    await produceNotifications(fresh.db, { today: TODAY, closed: [], only: new Set([D]) });
    const told = await fresh.db.selectFrom('notifications').select('ada').distinct().execute();
    expect(told.map((r) => r.ada)).toEqual([D]);
  });

  /** Every stored notification but its id and read state, in a fixed order: what two ways of telling are compared by. */
  const storedNotifications = (db: TestDb['db']) =>
    db
      .selectFrom('notifications')
      .select(['ada', 'kind', 'event_key', 'month', 'title', 'body', 'link', 'params', 'created_at'])
      .orderBy('ada')
      .orderBy('event_key')
      .execute();

  it('a later close that day tells its members, from the rows it holds, what telling everyone from the table tells', async () => {
    const company = randomCompany(5, TODAY);
    const at = new Date('2026-11-21T02:00:00Z');
    const dayOf = async (laterClose: (t: TestDb) => Promise<void>) => {
      const t = await openDb();
      await importDirectory(t.db, { dir: t.folder(filesBetween(company, '0000-00-00', '2026-11-14')), today: TODAY });
      await closeMonths(t.db, { today: TODAY, notifyAt: at });
      // The day's later orders, closed within the same day: only the members they move are told.
      await importDirectory(t.db, { dir: t.folder(filesBetween(company, '2026-11-14', TODAY)), today: TODAY });
      await laterClose(t);
      return storedNotifications(t.db);
    };
    const held = await dayOf(async (t) => {
      const close = await closeMonths(t.db, { today: TODAY, notifyAt: at });
      expect(close.notifications?.notifications).toBeGreaterThan(0);
    });
    const everyone = await dayOf(async (t) => {
      await closeMonths(t.db, { today: TODAY, notify: false });
      const all = new Set((await t.db.selectFrom('distributors').select('ada').execute()).map((r) => r.ada));
      await produceNotifications(t.db, { today: TODAY, closed: [], now: at, only: all });
    });
    expect(held).toEqual(everyone);
  });

  it('at a month’s end tells everyone, from the rows the close holds, what telling them from the table tells', async () => {
    const company = randomCompany(5, TODAY);
    const at = new Date('2026-11-01T02:00:00Z');
    const monthEnd = async (tell: (t: TestDb) => Promise<void>) => {
      const t = await openDb();
      await importDirectory(t.db, { dir: t.folder(filesBetween(company, '0000-00-00', '2026-10-24')), today: '2026-10-24' });
      await closeMonths(t.db, { today: '2026-10-24', notifyAt: at });
      // The month's last week imported on the first of the next, and October closed.
      await importDirectory(t.db, { dir: t.folder(filesBetween(company, '2026-10-24', '2026-10-31')), today: '2026-11-01' });
      await tell(t);
      return storedNotifications(t.db);
    };
    const held = await monthEnd(async (t) => {
      const close = await closeMonths(t.db, { today: '2026-11-01', notifyAt: at });
      expect(close).toMatchObject({ closed: ['2026-10'], resumedAfter: '2026-09' });
    });
    const table = await monthEnd(async (t) => {
      const close = await closeMonths(t.db, { today: '2026-11-01', notify: false });
      await produceNotifications(t.db, { today: '2026-11-01', closed: close.closed, now: at });
    });
    expect(held.filter((r) => r.kind === 'monthClosed').length).toBeGreaterThan(50);
    expect(held).toEqual(table);
  });

  it('at the first load tells everyone, from the rows of the last months it ran, what telling them from the table tells', async () => {
    const company = randomCompany(5, TODAY);
    const at = new Date('2026-11-21T02:00:00Z');
    // Two months at a time: the first close runs in segments (close/segments.ts), and only the
    // last run's months are in memory when everyone is told.
    const firstLoad = async (close: (t: TestDb) => Promise<void>) => {
      const t = await openDb();
      await importDirectory(t.db, { dir: t.folder(filesBetween(company, '0000-00-00', TODAY)), today: TODAY });
      await close(t);
      return storedNotifications(t.db);
    };
    heldMonths.clear();
    const held = await firstLoad(async (t) => {
      const close = await closeMonths(t.db, { today: TODAY, notifyAt: at, segmentMonths: 2 });
      expect(close.closed.length).toBeGreaterThan(2);
    });
    expect([...heldMonths].sort()).toEqual(['2026-10', '2026-11']);
    const table = await firstLoad(async (t) => {
      const close = await closeMonths(t.db, { today: TODAY, notify: false, segmentMonths: 2 });
      await produceNotifications(t.db, { today: TODAY, closed: close.closed, now: at });
    });
    expect(held.filter((r) => r.kind === 'monthClosed').length).toBeGreaterThan(50);
    expect(held).toEqual(table);
  });

  it('at a month’s end reads only the plans that make news, and tells what reading every plan tells', async () => {
    const company = randomCompany(6, TODAY);
    const at = new Date('2026-11-01T02:00:00Z');
    const monthEnd = async (news: number | null | 'as written') => {
      const t = await openDb();
      await importDirectory(t.db, { dir: t.folder(filesBetween(company, '0000-00-00', '2026-10-31')), today: '2026-11-01' });
      const close = await closeMonths(t.db, { today: '2026-11-01', notify: false });
      // null: as rows written before the close kept it (migration 0019), read every one.
      if (news !== 'as written') await t.db.updateTable('plan_results').set({ news }).execute();
      await produceNotifications(t.db, { today: '2026-11-01', closed: close.closed, now: at });
      return storedNotifications(t.db);
    };
    const flagged = await monthEnd('as written');
    const plans = flagged.filter((r) => r.kind === 'planProgress');
    expect(new Set(plans.map((r) => r.ada)).size).toBeGreaterThan(3);
    expect(flagged).toEqual(await monthEnd(null));
    // The flag is what is read: with none set, no plan tells anything, and the rest is the same.
    expect(await monthEnd(0)).toEqual(flagged.filter((r) => r.kind !== 'planProgress'));
  });

  it('tells nothing when the close writes nothing', async () => {
    const t = await imported();
    const count = async () =>
      (
        await t.db
          .selectFrom('notifications')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const n = await count();
    const s = await closeMonths(t.db, { today: TODAY });
    expect(s.changed).toBe(false);
    expect(s.notifications).toBeUndefined();
    expect(await count()).toBe(n);
  });

  it('tells everyone a slice of members at a time exactly what it tells them at once, and as when each is named', async () => {
    const company = randomCompany(9, TODAY);
    const at = new Date('2026-11-21T02:00:00Z');
    const told = async (slice: number | 'named') => {
      const t = await openDb();
      await importDirectory(t.db, { dir: t.folder(filesBetween(company, '0000-00-00', TODAY)), today: TODAY });
      const close = await closeMonths(t.db, { today: TODAY, notify: false });
      // Slices read their members by ADA range; naming everyone reads them by list.
      const everyone = new Set((await t.db.selectFrom('distributors').select('ada').execute()).map((r) => r.ada));
      const whom = slice === 'named' ? { only: everyone } : { slice };
      const summary = await produceNotifications(t.db, { today: TODAY, closed: close.closed, now: at, ...whom });
      const rows = await t.db
        .selectFrom('notifications')
        .select(['ada', 'kind', 'event_key', 'month', 'title', 'body', 'link', 'params', 'created_at'])
        .orderBy('ada')
        .orderBy('event_key')
        .execute();
      const pushes = await t.db.selectFrom('notification_outbox').select(['ada', 'channel']).orderBy('ada').orderBy('channel').execute();
      return { summary, rows, pushes };
    };
    const inSlices = await told(7);
    expect(inSlices.rows.length).toBeGreaterThan(100);
    expect(new Set(inSlices.rows.map((r) => r.kind)).size).toBeGreaterThan(3);
    expect(inSlices).toEqual(await told(Infinity));
    expect(inSlices).toEqual(await told('named'));
  });
});
