// Delivery through pg-boss on PostgreSQL (queue.ts): several processes (pools, each with its own
// pg-boss) share the outbox and send every message once; a process that dies mid-send loses
// nothing (its job expires and another sends the rows) and sends nothing twice; a service that
// fails twice then succeeds gets the message once.
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../db/index.ts';
import { rawPostgres } from '../../db/index.ts';
import { uniqueSchemaName } from '../../testing/throwaway-db.ts';
import { openOutboxQueue, type OutboxQueue, type OutboxQueueOptions } from './queue.ts';
import { acceptedByKey, addNotification, outboxRow, standInsEachTest, T0, testDbEachTest, testWorker } from './delivery.test-support.ts';
import type { Fetch } from './types.ts';
import type { BatchReport } from './worker.ts';

// The app's clock runs from T0 (midday in China: no quiet hours); pg-boss keeps the database's.
let started = Date.now();
let skew = 0;
const now = () => new Date(T0.getTime() + Date.now() - started + skew);
let bossSchema: string;
const queues: OutboxQueue[] = [];

beforeEach(() => {
  skew = 0;
  started = Date.now();
  bossSchema = uniqueSchemaName('nq');
});
// Closed after the queues are stopped and the schema dropped: vitest runs afterEach hooks last
// registered first.
const t = testDbEachTest();
const rig = standInsEachTest(now);
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop(1_000)));
  await sql`drop schema if exists ${sql.id(bossSchema)} cascade`.execute(t.db);
});

/** A delivery queue on `db` (one process), sending to the stand-ins through `fetch`. */
async function openQueue(db: DB, more: Partial<OutboxQueueOptions> & { fetch?: Fetch } = {}) {
  const q = await openOutboxQueue({
    db,
    worker: testWorker(db, more.fetch ?? rig.fetch, now, { batch: 20, sendBudgetMs: 500, leaseMs: 60_000 }),
    schema: bossSchema,
    batch: 20,
    intervalMs: 100,
    now,
    ...more,
  });
  queues.push(q);
  return q;
}

const statuses = async () => (await t.db.selectFrom('notification_outbox').select('status').execute()).map((r) => r.status);

describe('delivery through pg-boss', () => {
  it('installs its schema once when two processes start together, and both share the outbox: every message once', async () => {
    for (let i = 0; i < 150; i++) await addNotification(t.db, { ada: `1000${String(i).padStart(4, '0')}`, dueAt: now() });
    const sent = [0, 0];
    const report = (k: number) => (r: BatchReport) => void (sent[k]! += r.sent);
    const [a, b] = await Promise.all([openQueue(t.db, { onReport: report(0) }), openQueue(t.another(), { onReport: report(1) })]);
    a!.start();
    b!.start();
    await vi.waitFor(async () => expect((await statuses()).every((s) => s === 'sent')).toBe(true), { timeout: 30_000, interval: 100 });
    const accepted = acceptedByKey(rig.standIn);
    expect(accepted.size).toBe(300);
    expect([...accepted.values()].every((n) => n === 1)).toBe(true);
    expect(rig.standIn.receipts()).toHaveLength(300);
    expect(sent[0]! + sent[1]!).toBe(300);
    expect(sent.every((n) => n > 0)).toBe(true);
  });

  it('a process killed mid-send: its job expires, another process sends each message once', async () => {
    const ns = [];
    for (let i = 0; i < 3; i++) ns.push(await addNotification(t.db, { ada: `1000100${i}`, channels: ['ca'], dueAt: now() }));
    // Process A: its sends never get an answer, and once "killed" its database calls never return.
    let sends = 0;
    const hung: Fetch = () => {
      sends++;
      return new Promise<Response>(() => undefined);
    };
    let killed = false;
    const pool = rawPostgres(t.db)!;
    const bossDb: PgBoss.Db = {
      executeSql: (text, values) => (killed ? new Promise(() => undefined) : pool.query(text, values)),
    };
    const aDb = t.another();
    const a = await openOutboxQueue({
      db: aDb,
      worker: testWorker(aDb, hung, now, { batch: 20, sendBudgetMs: 500 }),
      schema: bossSchema,
      batch: 20,
      intervalMs: 100,
      expireInSeconds: 2,
      retryDelaySeconds: 1,
      now,
      bossDb,
    });
    a.start();
    await vi.waitFor(() => expect(sends).toBe(3), { timeout: 10_000, interval: 20 });
    killed = true;

    const b = await openQueue(t.another(), { expireInSeconds: 2, retryDelaySeconds: 1, maintenanceIntervalSeconds: 1 });
    b.start();
    await vi.waitFor(async () => expect((await statuses()).every((s) => s === 'sent')).toBe(true), { timeout: 30_000, interval: 100 });
    const accepted = acceptedByKey(rig.standIn);
    expect(accepted.size).toBe(3);
    expect([...accepted.values()].every((n) => n === 1)).toBe(true);
    expect(rig.standIn.receipts()).toHaveLength(3);
    for (const n of ns) expect(await outboxRow(t.db, n.outbox.ca!)).toMatchObject({ status: 'sent', attempts: 1, claimed_until: null });
    // A stays frozen; its timers go.
    await a.boss.stop({ graceful: false, wait: true });
  });

  it('a stand-in that fails twice then succeeds gets the message once', async () => {
    const n = await addNotification(t.db, { dueAt: now() });
    rig.standIn.failNext('wechat', 2);
    rig.standIn.failNext('push', 2);
    const q = await openQueue(t.db);
    q.start();
    for (const attempts of [1, 2]) {
      await vi.waitFor(
        async () => {
          for (const id of Object.values(n.outbox)) expect(await outboxRow(t.db, id)).toMatchObject({ status: 'pending', attempts });
        },
        { timeout: 20_000, interval: 50 },
      );
      // Past the backoff.
      skew += 5 * 60_000;
    }
    await vi.waitFor(async () => expect(await statuses()).toEqual(['sent', 'sent']), { timeout: 20_000, interval: 50 });
    for (const id of Object.values(n.outbox)) expect(await outboxRow(t.db, id)).toMatchObject({ status: 'sent', attempts: 3 });
    const accepted = acceptedByKey(rig.standIn);
    expect([...accepted.entries()].sort()).toEqual([
      [`${n.id}:ca`, 1],
      [`${n.id}:wec`, 1],
    ]);
  });

  it('stops cleanly: nothing is fetched after stop(), and what was queued is sent by the next process', async () => {
    const q = await openQueue(t.db);
    await q.stop(1_000);
    await addNotification(t.db, { dueAt: now() });
    await new Promise((r) => setTimeout(r, 300));
    expect(rig.standIn.receipts()).toHaveLength(0);
    const next = await openQueue(t.another());
    expect(await next.feed()).toBe(2);
    next.start();
    await vi.waitFor(async () => expect(await statuses()).toEqual(['sent', 'sent']), { timeout: 20_000, interval: 50 });
  });
});
