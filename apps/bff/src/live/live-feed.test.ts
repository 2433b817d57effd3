// The demo's live feed on a database built as a company's would be: docs/examples imported and
// closed with INQUIRY_TODAY-style today 2026-11-21 (docs/data-import.md).
import { threadId } from 'node:worker_threads';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeMonths } from '../close/close.ts';
import { loadConfig } from '../config.ts';
import { dataVersion } from '../db/data-version.ts';
import { closeDatabase, migrateToLatest, openDatabase, type DB } from '../db/index.ts';
import { importDirectory } from '../import/import.ts';
import { csv, EXAMPLES_DIR, openTestDb, TODAY, type TestDb } from '../import/import.test-support.ts';
import { AnswerCache } from '../db/answer-cache.ts';
import { databasePlugin } from '../plugins/database.ts';
import { attachLiveFeed, createLiveFeed, type LiveFeedOptions } from './live-feed.ts';
import type { LiveOrder } from './live-worker-protocol.ts';

/** The business today as config.today() gives it for INQUIRY_TODAY (noon in China). */
const today = () => new Date(`${TODAY}T12:00:00+08:00`);
/** The China clock at 14:30:05 on the real day (any day: only the time of day is taken). */
const clock = () => new Date('2030-01-02T06:30:05Z');

interface Logged {
  level: 'info' | 'error';
  args: unknown[];
}
function recorder() {
  const lines: Logged[] = [];
  return {
    lines,
    log: {
      info: (...args: unknown[]) => void lines.push({ level: 'info', args }),
      error: (...args: unknown[]) => void lines.push({ level: 'error', args }),
    } as unknown as LiveFeedOptions['log'],
    text: () => lines.map((l) => `${l.level} ${l.args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')}`),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(5);
  }
}

async function openMonthPpv(db: DB, adas: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('monthly_results')
    .select(['ada', 'ppv', 'closed'])
    .where('month', '=', TODAY.slice(0, 7))
    .where('ada', 'in', [...adas])
    .execute();
  for (const r of rows) expect(r.closed).toBe(0);
  return new Map(rows.map((r) => [r.ada, r.ppv]));
}

/** docs/examples standing in for the demo dataset: imported as its rows, with the seed's claim. */
async function loadAsDemo(db: DB): Promise<void> {
  await importDirectory(db, { dir: EXAMPLES_DIR, today: TODAY, demoRows: true });
  await db.insertInto('meta').values({ key: 'seed', value: '{}' }).execute();
  await closeMonths(db, { today: TODAY });
}

describe('live feed', () => {
  let t: TestDb;
  let logs: ReturnType<typeof recorder>;
  const feeds: { stop(): Promise<void> }[] = [];
  const feed = (extra: Partial<LiveFeedOptions> = {}) => {
    const f = createLiveFeed({ db: t.db, today, now: clock, intervalMs: 60_000, log: logs.log, seed: 1, ...extra });
    feeds.push(f);
    return f;
  };

  beforeEach(async () => {
    t = await openTestDb('sqlite');
    logs = recorder();
  });
  afterEach(async () => {
    for (const f of feeds.splice(0)) await f.stop();
    await t.close();
  });

  const loadExamples = () => loadAsDemo(t.db);

  it('imports orders dated today and the open month grows by exactly their PV', async () => {
    await loadExamples();
    const result = await feed().tick();
    if (result.kind !== 'fed') throw new Error(`expected a fed tick, got ${result.kind}`);
    const orders = result.orders;
    expect(orders.length).toBeGreaterThanOrEqual(1);
    expect(orders.length).toBeLessThanOrEqual(5);
    expect(new Set(orders.map((o) => o.ada)).size).toBe(orders.length);

    const stored = await t.db
      .selectFrom('orders')
      .selectAll()
      .where(
        'order_id',
        'in',
        orders.map((o) => o.orderId),
      )
      .execute();
    expect(stored).toHaveLength(orders.length);
    for (const o of stored) {
      expect(o.ordered_at).toBe(`${TODAY}T14:30:05+08:00`);
      expect(o.month).toBe('2026-11');
    }
    expect(result.close).toMatchObject({ changed: true, open: ['2026-11'] });
    // Only buyers of the examples, each one order of a believable size.
    const known = new Set((await t.db.selectFrom('distributors').select('ada').execute()).map((r) => r.ada));
    for (const o of orders) {
      expect(known.has(o.ada)).toBe(true);
      expect(Math.abs(o.pv)).toBeGreaterThan(0);
      expect(Math.abs(o.pv)).toBeLessThan(20_000);
    }
    expect(logs.text().join('\n')).toMatch(/live feed: \d orders? \(-?\d+ PV\) imported, 2026-11 recomputed/);
  });

  it('adds exactly the imported PV to the open month of those distributors', async () => {
    await loadExamples();
    const f = feed({ seed: 7 });
    let all: LiveOrder[] = [];
    for (let k = 0; k < 3; k++) {
      const adas = (await t.db.selectFrom('distributors').select('ada').execute()).map((r) => r.ada);
      const before = await openMonthPpv(t.db, adas);
      const result = await f.tick();
      if (result.kind !== 'fed') throw new Error(result.kind);
      const after = await openMonthPpv(t.db, adas);
      const added = new Map<string, number>();
      for (const o of result.orders) added.set(o.ada, (added.get(o.ada) ?? 0) + o.pv);
      for (const ada of adas) expect(after.get(ada) ?? 0, ada).toBe((before.get(ada) ?? 0) + (added.get(ada) ?? 0));
      all = all.concat(result.orders);
    }
    // A second (and third) tick never reuses an order id, even within the same clock second.
    expect(new Set(all.map((o) => o.orderId)).size).toBe(all.length);
    const { n } = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', 'like', 'LIVE-%')
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(all.length);
  });

  it('moves the data version, so a kept answer is derived again', async () => {
    await loadExamples();
    const cache = new AnswerCache<number>(10);
    let derived = 0;
    const answer = () => cache.get(t.db, 'k', async () => ++derived);
    expect(await answer()).toBe(1);
    expect(await answer()).toBe(1);
    const before = await dataVersion(t.db);
    expect((await feed().tick()).kind).toBe('fed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await dataVersion(t.db)).not.toBe(before);
    expect(await answer()).toBe(2);
  });

  it('draws the same orders from the same seed (tests), other ids from another feed', async () => {
    await loadExamples();
    const a = await feed({ seed: 3 }).tick();
    await t.close();
    t = await openTestDb('sqlite');
    await loadExamples();
    const b = await feed({ seed: 3 }).tick();
    const c = await feed({ seed: 4 }).tick();
    if (a.kind !== 'fed' || b.kind !== 'fed' || c.kind !== 'fed') throw new Error('not fed');
    expect(b.orders).toEqual(a.orders);
    expect(c.orders.map((o) => o.orderId)).not.toContain(b.orders[0]!.orderId);
  });

  it('closes the month that ended at the first tick of the next one', async () => {
    await loadExamples();
    const result = await feed({ today: () => new Date('2026-12-01T12:00:00+08:00') }).tick();
    if (result.kind !== 'fed') throw new Error(result.kind);
    expect(result.close).toMatchObject({ closed: ['2026-11'], open: ['2026-12'] });
    for (const o of result.orders) expect(o.orderedAt).toBe('2026-12-01T14:30:05');
    expect(logs.text().join('\n')).toMatch(/2026-12 recomputed; closed 2026-11/);
  });

  it('writes nothing into a database a company import filled (no seed claim), and says so once', async () => {
    await importDirectory(t.db, { dir: EXAMPLES_DIR, today: TODAY });
    await closeMonths(t.db, { today: TODAY });
    const f = feed();
    expect(await f.tick()).toEqual({ kind: 'idle' });
    expect(await f.tick()).toEqual({ kind: 'idle' });
    expect(logs.text().filter((l) => l.includes('no longer the demo dataset'))).toHaveLength(1);
    expect(await t.db.selectFrom('orders').select('order_id').where('order_id', 'like', 'LIVE-%').execute()).toHaveLength(0);
  });

  it('stays idle and says so once when the database holds no orders', async () => {
    await importDirectory(t.db, {
      dir: t.folder({ 'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '90000001,,甲,2020-01-01') }),
      today: TODAY,
      demoRows: true,
    });
    await t.db.insertInto('meta').values({ key: 'seed', value: '{}' }).execute();
    const imports: unknown[] = [];
    const f = feed({
      importDirectory: (db, o) => {
        imports.push(o);
        return importDirectory(db, o);
      },
    });
    expect(await f.tick()).toEqual({ kind: 'idle' });
    expect(await f.tick()).toEqual({ kind: 'idle' });
    expect(imports).toHaveLength(0);
    const said = logs.text().filter((l) => l.includes('no orders to feed from'));
    expect(said).toHaveLength(1);
    expect(await t.db.selectFrom('orders').select('order_id').execute()).toHaveLength(0);
  });

  it('runs one tick at a time, logs a failed tick and keeps going', async () => {
    await loadExamples();
    let running = 0;
    let most = 0;
    let calls = 0;
    feed({
      intervalMs: 1,
      importDirectory: async (db, o) => {
        calls++;
        running++;
        most = Math.max(most, running);
        try {
          // Longer than the interval: the next tick has to wait.
          await sleep(30);
          if (calls === 1) throw new Error('disk full');
          return await importDirectory(db, o);
        } finally {
          running--;
        }
      },
    }).start();
    await until(() => logs.text().filter((l) => l.includes('recomputed')).length >= 2);
    expect(most).toBe(1);
    const failed = logs.lines.filter((l) => l.level === 'error');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.args).toEqual([{ err: new Error('disk full') }, expect.stringMatching(/a tick failed/)]);
  });

  it('stop() during a tick waits for it, and no tick starts after', async () => {
    await loadExamples();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let imports = 0;
    let closes = 0;
    const f = feed({
      intervalMs: 1,
      importDirectory: async (db, o) => {
        imports++;
        await gate;
        return importDirectory(db, o);
      },
      closeMonths: async (db, o) => {
        closes++;
        return closeMonths(db, o);
      },
    });
    f.start();
    await until(() => imports === 1);
    let stopped = false;
    const stopping = f.stop().then(() => (stopped = true));
    await sleep(50);
    expect(stopped).toBe(false);
    release();
    await stopping;
    // The tick finished: its orders imported and the open month closed over them.
    expect(closes).toBe(1);
    expect(await t.db.selectFrom('orders').select('order_id').where('order_id', 'like', 'LIVE-%').execute()).not.toHaveLength(0);
    await sleep(50);
    expect(imports).toBe(1);
    expect(await f.tick()).toEqual({ kind: 'stopped' });
  });

  it('stops with the server, after the tick under way (DEMO_LIVE only); ticks run on a worker thread', async () => {
    // The worker opens the database the configuration names: a DATA_DIR of its own here.
    const dataDir = t.folder({});
    const env = { DEMO: '1', DEMO_LIVE: '1', DEMO_LIVE_INTERVAL_MS: '1000', INQUIRY_TODAY: TODAY, LOG_LEVEL: 'silent', DATA_DIR: dataDir };
    const config = loadConfig(env);
    const db = openDatabase(config);
    await migrateToLatest(db);
    await loadAsDemo(db);
    const liveOrders = () => db.selectFrom('orders').select('order_id').where('order_id', 'like', 'LIVE-%').execute();
    try {
      const off = Fastify({ logger: false });
      await off.register(databasePlugin, { db });
      expect(attachLiveFeed(off, { ...config, demoLive: false }, env)).toBeNull();

      const app = Fastify({ logger: false });
      const infos: Record<string, unknown>[] = [];
      app.log.info = ((obj: Record<string, unknown>) => void infos.push(obj)) as typeof app.log.info;
      const live = attachLiveFeed(app, config, env)!;
      await app.ready();
      const first = await live.tick();
      expect(first.kind).toBe('fed');
      if (first.kind !== 'fed') return;
      expect((await liveOrders()).map((o) => o.order_id).sort()).toEqual(first.orders.map((o) => o.orderId).sort());
      // The worker's log line comes through the server's logger, from another thread.
      expect(infos.at(-1)).toMatchObject({ orders: first.orders.length, thread: expect.any(Number) });
      expect(infos.at(-1)!['thread']).not.toBe(threadId);
      // A tick under way when the server closes: the close waits for it.
      const ticking = live.tick();
      await app.close();
      expect((await ticking).kind).toBe('fed');
      expect((await liveOrders()).length).toBeGreaterThan(first.orders.length);
      await expect(live.tick()).resolves.toEqual({ kind: 'stopped' });
    } finally {
      await closeDatabase(db);
    }
  }, 30_000);
});
