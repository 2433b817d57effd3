// The delivery worker against the local stand-ins (through inject(), with a clock the tests move):
// retries, a worker dying mid-send, two workers at once, preferences and quiet hours at send time.
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../db/index.ts';
import { recordAddress } from '../addresses.ts';
import {
  ADDRESS_RECHECK_MS,
  ADDRESS_WAIT_MS,
  BACKOFF_CAP_MS,
  claimDue,
  MAX_ATTEMPTS,
  NO_WECHAT_ADDRESS,
  recordResults,
  wakeWaiting,
} from './outbox.ts';
import { acceptedByKey, addNotification, outboxRow, standInsEachTest, T0, testDbEachTest, testWorker } from './delivery.test-support.ts';
import type { HttpRequest } from './http-client.ts';
import type { Fetch } from './types.ts';
import { DEFAULT_LEASE_MS } from './worker.ts';

let clock = T0.getTime();
const now = () => new Date(clock);
const advance = (ms: number) => (clock += ms);
const iso = (ms: number) => new Date(ms).toISOString();

beforeEach(() => {
  clock = T0.getTime();
});
const t = testDbEachTest();
const rig = standInsEachTest(now);

async function setPreferences(db: DB, ada: string, p: { kinds?: object; channels?: object; quiet?: [string, string] }) {
  await db
    .insertInto('notification_preferences')
    .values({
      ada,
      kinds: JSON.stringify(p.kinds ?? {}),
      channels: JSON.stringify(p.channels ?? {}),
      quiet_from: p.quiet?.[0] ?? null,
      quiet_to: p.quiet?.[1] ?? null,
      updated_at: T0.toISOString(),
    })
    .execute();
}

describe('retries', () => {
  it('a stand-in that fails twice then succeeds gets the message once: attempts 3, sent', async () => {
    const n = await addNotification(t.db, { channels: ['wec', 'ca'] });
    rig.standIn.failNext('wechat', 2);
    rig.standIn.failNext('push', 2);
    const worker = testWorker(t.db, rig.fetch, now);

    expect(await worker.runOnce()).toMatchObject({ claimed: 2, retried: 2 });
    expect(await outboxRow(t.db, n.outbox.wec!)).toMatchObject({
      status: 'pending',
      attempts: 1,
      claimed_until: null,
      due_at: iso(clock + 30_000),
      last_error: 'WeChat -1 system error',
    });
    expect(await outboxRow(t.db, n.outbox.ca!)).toMatchObject({ attempts: 1, last_error: 'push service answered HTTP 503' });
    // Not due before its backoff.
    advance(29_999);
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
    advance(1);
    expect(await worker.runOnce()).toMatchObject({ claimed: 2, retried: 2 });
    expect(await outboxRow(t.db, n.outbox.wec!)).toMatchObject({ attempts: 2, due_at: iso(clock + 60_000) });
    advance(60_000);
    expect(await worker.runOnce()).toMatchObject({ claimed: 2, sent: 2 });

    for (const channel of ['wec', 'ca']) {
      expect(await outboxRow(t.db, n.outbox[channel]!)).toMatchObject({
        status: 'sent',
        attempts: 3,
        sent_at: iso(clock),
        claimed_until: null,
        last_error: null,
      });
    }
    expect(Object.fromEntries(acceptedByKey(rig.standIn))).toEqual({ [`${n.id}:wec`]: 1, [`${n.id}:ca`]: 1 });
    expect(rig.standIn.receipts()).toHaveLength(6);
    expect(rig.standIn.tokenRequests).toBe(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts: failed, with the last error`, async () => {
    const n = await addNotification(t.db, { channels: ['ca'] });
    rig.standIn.failNext('push', 100, 502);
    const worker = testWorker(t.db, rig.fetch, now);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect(await worker.runOnce()).toMatchObject({ claimed: 1 });
      advance(BACKOFF_CAP_MS * 1.2);
    }
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
    const row = await outboxRow(t.db, n.outbox.ca!);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sent_at: null, claimed_until: null });
    expect(row.last_error).toBe(`gave up after ${MAX_ATTEMPTS} attempts: push service answered HTTP 502`);
    expect(acceptedByKey(rig.standIn).size).toBe(0);
  });

  it('a refusal for good (4xx, bad template data) fails at once', async () => {
    const n = await addNotification(t.db, { channels: ['ca'] });
    rig.standIn.failNext('push', 1, 422);
    expect(await testWorker(t.db, rig.fetch, now).runOnce()).toMatchObject({ failed: 1 });
    expect(await outboxRow(t.db, n.outbox.ca!)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'push service answered HTTP 422',
    });
  });
});

describe('a worker that dies mid-send', () => {
  it('loses nothing and sends nothing twice: the lease runs out, another worker sends it once', async () => {
    const n = await addNotification(t.db, { channels: ['ca'] });
    const key = `${n.id}:ca`;
    let fail: (err: Error) => void = () => undefined;
    let reached: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (reached = resolve));
    // The send never gets anywhere: the worker hangs (or its process was killed) before the service saw it.
    const hanging = (() => {
      reached();
      return new Promise((_resolve, reject) => (fail = reject));
    }) as Fetch;
    const dying = testWorker(t.db, hanging, now);
    const dyingRun = dying.runOnce();
    await inFlight;
    expect((await outboxRow(t.db, n.outbox.ca!)).claimed_until).toBe(iso(clock + DEFAULT_LEASE_MS));

    // Another process: nothing to claim while the lease holds, the row once it has run out.
    const other = testWorker(t.another(), rig.fetch, now);
    advance(DEFAULT_LEASE_MS - 1);
    expect(await other.runOnce()).toMatchObject({ claimed: 0 });
    advance(1);
    expect(await other.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await outboxRow(t.db, n.outbox.ca!)).toMatchObject({ status: 'sent', attempts: 1, claimed_until: null });
    expect(rig.standIn.receipts().filter((r) => r.idempotencyKey === key)).toHaveLength(1);

    // The first worker comes back: its send fails, and what it would record no longer counts.
    fail(new Error('socket hang up'));
    expect(await dyingRun).toMatchObject({ claimed: 1, retried: 1, lost: 1 });
    expect(await outboxRow(t.db, n.outbox.ca!)).toMatchObject({ status: 'sent', attempts: 1, claimed_until: null, last_error: null });
    expect(await other.runOnce()).toMatchObject({ claimed: 0 });
    expect(acceptedByKey(rig.standIn).get(key)).toBe(1);
  });

  it('a message the service got before the worker died is sent again with the same key (the service deduplicates)', async () => {
    const n = await addNotification(t.db, { channels: ['wec'] });
    let reached: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (reached = resolve));
    const deliveredThenHang = (async (input: string, init?: HttpRequest) => {
      const res = await rig.fetch(input, init);
      if (String(input).includes('bizsend')) {
        reached();
        return new Promise(() => undefined);
      }
      return res;
    }) as Fetch;
    void testWorker(t.db, deliveredThenHang, now).runOnce();
    await inFlight;
    advance(DEFAULT_LEASE_MS);
    expect(await testWorker(t.another(), rig.fetch, now).runOnce()).toMatchObject({ sent: 1 });
    const keys = rig.standIn.receipts().map((r) => r.idempotencyKey);
    expect(keys).toEqual([`${n.id}:wec`, `${n.id}:wec`]);
    expect(await outboxRow(t.db, n.outbox.wec!)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('starts no send it could not finish within its lease: the rest of the batch is released unsent', async () => {
    const rows = [];
    for (let i = 0; i < 3; i++) rows.push(await addNotification(t.db, { ada: `1000002${i}`, channels: ['ca'] }));
    // Each send takes 10 s of the test's clock; a send needs 50 s of lease left to start.
    const slow = (async (input: string, init?: HttpRequest) => {
      advance(10_000);
      return rig.fetch(input, init);
    }) as Fetch;
    const worker = testWorker(t.db, slow, now, { leaseMs: 60_000, sendBudgetMs: 50_000, concurrency: 1 });
    expect(await worker.runOnce()).toMatchObject({ claimed: 3, sent: 2, released: 1 });
    expect(await outboxRow(t.db, rows[2]!.outbox.ca!)).toMatchObject({ status: 'pending', attempts: 0, claimed_until: null });
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
  });

  it('stop(): the send under way finishes and is recorded, the others are released unsent', async () => {
    for (let i = 0; i < 3; i++) await addNotification(t.db, { ada: `1000003${i}`, channels: ['ca'] });
    let go: () => void = () => undefined;
    let reached: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (reached = resolve));
    const gated = (async (input: string, init?: HttpRequest) => {
      reached();
      await new Promise<void>((resolve) => (go = resolve));
      return rig.fetch(input, init);
    }) as Fetch;
    const worker = testWorker(t.db, gated, now, { concurrency: 1 });
    const run = worker.runOnce();
    await inFlight;
    const stopped = worker.stop();
    go();
    await stopped;
    expect(await run).toMatchObject({ claimed: 3, sent: 1, released: 2 });
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
    const pending = await t.db.selectFrom('notification_outbox').selectAll().where('status', '=', 'pending').execute();
    expect(pending.map((r) => [r.attempts, r.claimed_until])).toEqual([
      [0, null],
      [0, null],
    ]);
  });
});

describe('two workers at once', () => {
  it('never both claim a row', async () => {
    for (let i = 0; i < 30; i++) await addNotification(t.db, { ada: `100001${String(i).padStart(2, '0')}` });
    const other = t.another();
    const ids: number[] = [];
    for (;;) {
      const claims = await Promise.all([t.db, other, t.db].map((db) => claimDue(db, { now: now(), limit: 8, leaseMs: 60_000 })));
      const round = claims.flatMap((c) => c.rows.map((r) => r.id));
      if (round.length === 0) break;
      ids.push(...round);
    }
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
  });

  it('never both send a row: every message once', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 40; i++) {
      const n = await addNotification(t.db, { ada: `100002${String(i).padStart(2, '0')}` });
      keys.push(`${n.id}:wec`, `${n.id}:ca`);
    }
    const a = testWorker(t.db, rig.fetch, now, { batch: 25 });
    const b = testWorker(t.another(), rig.fetch, now, { batch: 25 });
    let claimed = 0;
    for (;;) {
      const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
      claimed += ra.claimed + rb.claimed;
      if (ra.claimed + rb.claimed === 0) break;
    }
    expect(claimed).toBe(80);
    expect(rig.standIn.receipts()).toHaveLength(80);
    const accepted = acceptedByKey(rig.standIn);
    expect([...accepted.keys()].sort()).toEqual([...keys].sort());
    expect([...accepted.values()].every((c) => c === 1)).toBe(true);
    const statuses = await t.db.selectFrom('notification_outbox').select(['status', 'attempts']).execute();
    expect(statuses.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('preferences at send time', () => {
  it('a channel or kind turned off since the message was queued: skipped with the reason, nothing sent', async () => {
    const channelOff = await addNotification(t.db, { ada: '10000041' });
    const kindOff = await addNotification(t.db, { ada: '10000042', kind: 'legSlipping' });
    const kindOn = await addNotification(t.db, { ada: '10000042', kind: 'monthClosed', channels: ['ca'] });
    await setPreferences(t.db, '10000041', { channels: { wec: false, ca: true } });
    await setPreferences(t.db, '10000042', { kinds: { legSlipping: false, monthClosed: true } });

    expect(await testWorker(t.db, rig.fetch, now).runOnce()).toMatchObject({ claimed: 5, skipped: 3, sent: 2 });
    expect(await outboxRow(t.db, channelOff.outbox.wec!)).toMatchObject({
      status: 'skipped',
      attempts: 0,
      last_error: 'channel wec turned off',
    });
    expect(await outboxRow(t.db, channelOff.outbox.ca!)).toMatchObject({ status: 'sent' });
    for (const channel of ['wec', 'ca']) {
      expect(await outboxRow(t.db, kindOff.outbox[channel]!)).toMatchObject({
        status: 'skipped',
        attempts: 0,
        last_error: 'legSlipping turned off',
      });
    }
    expect(await outboxRow(t.db, kindOn.outbox.ca!)).toMatchObject({ status: 'sent' });
    expect([...acceptedByKey(rig.standIn).keys()].sort()).toEqual([`${channelOff.id}:ca`, `${kindOn.id}:ca`].sort());
  });

  it('a kind pushed only once switched on (a member joined): skipped for whoever has not, sent to whoever has', async () => {
    const never = await addNotification(t.db, { ada: '10000046', kind: 'memberJoined', channels: ['ca'] });
    const savedBefore = await addNotification(t.db, { ada: '10000047', kind: 'memberJoined', channels: ['ca'] });
    const switchedOn = await addNotification(t.db, { ada: '10000048', kind: 'memberJoined', channels: ['ca'] });
    // Saved before the kind existed: the kind is off, as for someone who never chose.
    await setPreferences(t.db, '10000047', { kinds: { monthClosed: true } });
    await setPreferences(t.db, '10000048', { kinds: { memberJoined: true } });

    expect(await testWorker(t.db, rig.fetch, now).runOnce()).toMatchObject({ claimed: 3, skipped: 2, sent: 1 });
    for (const n of [never, savedBefore]) {
      expect(await outboxRow(t.db, n.outbox.ca!)).toMatchObject({ status: 'skipped', last_error: 'memberJoined turned off' });
    }
    expect([...acceptedByKey(rig.standIn).keys()]).toEqual([`${switchedOn.id}:ca`]);
  });

  it('a row of someone no longer a distributor (dropped by an import): skipped, nothing sent', async () => {
    const gone = await addNotification(t.db, { ada: '10000044' });
    const stays = await addNotification(t.db, { ada: '10000045', channels: ['ca'] });
    await t.db.deleteFrom('distributors').where('ada', '=', '10000044').execute();

    expect(await testWorker(t.db, rig.fetch, now).runOnce()).toMatchObject({ claimed: 3, skipped: 2, sent: 1 });
    for (const channel of ['wec', 'ca']) {
      expect(await outboxRow(t.db, gone.outbox[channel]!)).toMatchObject({ status: 'skipped', last_error: 'not a distributor any more' });
    }
    expect([...acceptedByKey(rig.standIn).keys()]).toEqual([`${stays.id}:ca`]);
  });

  it('inside quiet hours (China time): held until they end, no attempt counted, then sent', async () => {
    clock = Date.parse('2026-11-21T23:30:00+08:00');
    const n = await addNotification(t.db, { ada: '10000043', dueAt: now() });
    await setPreferences(t.db, '10000043', { quiet: ['22:00', '08:00'] });
    const worker = testWorker(t.db, rig.fetch, now);

    expect(await worker.runOnce()).toMatchObject({ claimed: 2, postponed: 2, sent: 0 });
    const end = Date.parse('2026-11-22T08:00:00+08:00');
    expect(await outboxRow(t.db, n.outbox.wec!)).toMatchObject({
      status: 'pending',
      attempts: 0,
      due_at: iso(end),
      claimed_until: null,
      last_error: `quiet hours: held until ${iso(end)}`,
    });
    clock = end - 1;
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
    clock = end;
    expect(await worker.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
    expect(await outboxRow(t.db, n.outbox.ca!)).toMatchObject({ status: 'sent', attempts: 1, sent_at: iso(end) });
    expect(acceptedByKey(rig.standIn).size).toBe(2);
  });

  it('not subscribed, or the channel adapter off: skipped with the reason', async () => {
    const refused = await addNotification(t.db, { ada: '10000045', openid: 'o-refused', channels: ['wec'] });
    rig.standIn.unsubscribe('o-refused');
    expect(await testWorker(t.db, rig.fetch, now).runOnce()).toMatchObject({ skipped: 1 });
    const r = await outboxRow(t.db, refused.outbox.wec!);
    expect(r).toMatchObject({ status: 'skipped', attempts: 1 });
    expect(r.last_error).toMatch(/^not subscribed \(WeChat 43101 user refuse to accept the msg/);

    const off = await addNotification(t.db, { ada: '10000046' });
    const worker = testWorker(t.db, rig.fetch, now, {
      adapters: {
        wec: { on: false, reason: 'WeChat off: WECHAT_APP_SECRET not set' },
        ca: { on: false, reason: 'app push off: PUSH_WEBHOOK_URL and PUSH_WEBHOOK_SECRET not set' },
      },
    });
    expect(await worker.runOnce()).toMatchObject({ claimed: 2, skipped: 2 });
    expect(await outboxRow(t.db, off.outbox.wec!)).toMatchObject({
      status: 'skipped',
      last_error: 'WeChat off: WECHAT_APP_SECRET not set',
    });
    expect(await outboxRow(t.db, off.outbox.ca!)).toMatchObject({
      status: 'skipped',
      last_error: 'app push off: PUSH_WEBHOOK_URL and PUSH_WEBHOOK_SECRET not set',
    });
  });
});

describe('a WeChat push queued before the distributor signed in through WeChat', () => {
  const touser = () => rig.standIn.receipts().map((r) => (r.message as { touser?: string }).touser);
  const waitingNote = (made: number) => `${NO_WECHAT_ADDRESS} (waiting until ${iso(made + ADDRESS_WAIT_MS)})`;

  it('waits without an attempt, looked at again daily, and goes out once the address is recorded', async () => {
    const n = await addNotification(t.db, { ada: '10000051', openid: null });
    const worker = testWorker(t.db, rig.fetch, now);

    // The app's push goes at once; WeChat's waits, pending, no attempt, the reason on the row.
    expect(await worker.runOnce()).toMatchObject({ claimed: 2, sent: 1, waiting: 1, skipped: 0 });
    expect(await outboxRow(t.db, n.outbox.wec!)).toMatchObject({
      status: 'pending',
      attempts: 0,
      due_at: iso(T0.getTime() + ADDRESS_RECHECK_MS),
      claimed_until: null,
      last_error: waitingNote(T0.getTime()),
    });
    advance(ADDRESS_RECHECK_MS - 1);
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
    advance(1);
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, waiting: 1 });
    expect(await outboxRow(t.db, n.outbox.wec!)).toMatchObject({ attempts: 0, due_at: iso(clock + ADDRESS_RECHECK_MS) });

    // The sign-in records the openid and wakes the row: the next claim sends it.
    advance(3_600_000);
    await recordAddress(t.db, '10000051', 'wec', 'o-signed-in', now());
    expect(await outboxRow(t.db, n.outbox.wec!)).toMatchObject({ status: 'pending', due_at: iso(clock) });
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await outboxRow(t.db, n.outbox.wec!)).toMatchObject({ status: 'sent', attempts: 1, last_error: null, sent_at: iso(clock) });
    expect(touser()).toEqual([undefined, 'o-signed-in']);
    expect(acceptedByKey(rig.standIn).get(`${n.id}:wec`)).toBe(1);
  });

  it('is skipped with the reason once the wait is over; the last look is at its end', async () => {
    const made = T0.getTime() - ADDRESS_WAIT_MS + 3_600_000;
    const n = await addNotification(t.db, { ada: '10000052', openid: null, channels: ['wec'], dueAt: new Date(made) });
    const worker = testWorker(t.db, rig.fetch, now);
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, waiting: 1 });
    // Less than a day left: looked at again when the wait ends, not later.
    expect(await outboxRow(t.db, n.outbox.wec!)).toMatchObject({ due_at: iso(made + ADDRESS_WAIT_MS), last_error: waitingNote(made) });
    advance(3_600_000);
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, skipped: 1, waiting: 0 });
    expect(await outboxRow(t.db, n.outbox.wec!)).toMatchObject({ status: 'skipped', attempts: 0, last_error: NO_WECHAT_ADDRESS });
    // A sign-in after that wakes nothing: the push stays skipped.
    await recordAddress(t.db, '10000052', 'wec', 'o-late', now());
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
    expect(rig.standIn.receipts()).toEqual([]);
  });

  it('an address recorded while a worker holds the row: released, due at once, not put off a day', async () => {
    const n = await addNotification(t.db, { ada: '10000053', openid: null, channels: ['wec'] });
    const claim = await claimDue(t.db, { now: now(), limit: 10, leaseMs: DEFAULT_LEASE_MS });
    expect(claim.rows.map((r) => r.id)).toEqual([n.outbox.wec]);
    // The sign-in comes between the worker's look at the addresses and its record.
    advance(1000);
    await recordAddress(t.db, '10000053', 'wec', 'o-meanwhile', now());
    const note = waitingNote(T0.getTime());
    const dueAt = iso(clock + ADDRESS_RECHECK_MS);
    expect(await recordResults(t.db, claim, [{ id: n.outbox.wec!, outcome: 'waiting', dueAt, note }], now())).toEqual({
      recorded: 1,
      lost: 0,
    });
    expect(await outboxRow(t.db, n.outbox.wec!)).toMatchObject({ status: 'pending', attempts: 0, due_at: iso(clock), claimed_until: null });
    expect(await testWorker(t.db, rig.fetch, now).runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(touser()).toEqual(['o-meanwhile']);
  });

  it('waking touches only the rows of that person waiting for an address', async () => {
    const waiting = await addNotification(t.db, { ada: '10000054', openid: null, channels: ['wec'] });
    const other = await addNotification(t.db, { ada: '10000055', openid: null, channels: ['wec'] });
    const worker = testWorker(t.db, rig.fetch, now);
    expect(await worker.runOnce()).toMatchObject({ waiting: 2 });
    // A retry's backoff of the same person on the same channel stays as it is.
    const retrying = await addNotification(t.db, { ada: '10000054', openid: null, channels: ['wec'] });
    const later = iso(clock + 600_000);
    await t.db
      .updateTable('notification_outbox')
      .set({ due_at: later, attempts: 1, last_error: 'WeChat -1 system error' })
      .where('id', '=', retrying.outbox.wec!)
      .execute();
    expect(await wakeWaiting(t.db, '10000054', 'wec', now())).toBe(1);
    expect((await outboxRow(t.db, waiting.outbox.wec!)).due_at).toBe(iso(clock));
    expect((await outboxRow(t.db, other.outbox.wec!)).due_at).toBe(iso(clock + ADDRESS_RECHECK_MS));
    expect((await outboxRow(t.db, retrying.outbox.wec!)).due_at).toBe(later);
  });
});
