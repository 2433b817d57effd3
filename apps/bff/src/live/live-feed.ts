// The demo's live feed (`npm start -- --live`, DEMO_LIVE=1): every few seconds a handful of
// generated orders dated today go through the documented path of a company's hourly import
// (docs/data-import.md, "Feeding it every day"): an orders.csv in a folder, importDirectory(),
// then closeMonths(), which recomputes the open month and moves the data version, so the
// running server answers the new figures at the next request.
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { addMonths } from '@abo/plan';
import { chinaIso } from '@abo/words';
import { closeMonths } from '../close/close.ts';
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { chinaDay } from '../import/fields.ts';
import { importDirectory } from '../import/import.ts';
import { startWorker } from '../lib/worker-thread.ts';
import { Rng } from '../seed/prng.ts';
import type { LiveOrder, LiveWorkerData, TickResult, WorkerReply, WorkerRequest } from './live-worker-protocol.ts';

/** Buyers are drawn from the orders of the last this many months that have orders. */
const WINDOW_MONTHS = 3;
const MAX_ORDERS_PER_TICK = 5;
/** A return (negative PV) is rare, a new retail customer common. */
const RETURN_CHANCE = 0.04;
const NEW_CUSTOMER_CHANCE = 0.3;
/** Spread of an order's PV around the buyer's usual size (log-normal shape). */
const PV_SIGMA = 0.45;
/** The usual order size of a buyer whose window holds only returns. */
const FALLBACK_PV = 400;
const DAY_MS = 86_400_000;

/** A distributor who ordered in the window, with what the draw weighs. */
export interface Buyer {
  readonly ada: string;
  /** Orders in the window. */
  readonly orders: number;
  /** The day of their latest order, `YYYY-MM-DD`. */
  readonly lastDay: string;
  /** Their mean purchase PV in the window. */
  readonly usualPv: number;
}

type LiveLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

export interface LiveFeedOptions {
  readonly db: DB;
  /** The business "today" (config.today: INQUIRY_TODAY or the clock); its China day dates the orders. */
  readonly today: () => Date;
  /** From the end of a tick to the start of the next. */
  readonly intervalMs: number;
  readonly log: LiveLog;
  /** The draws (buyers, PV, ids); a random one by default, fixed in tests. */
  readonly seed?: number;
  /** The clock giving the orders' time of day (China time). */
  readonly now?: () => Date;
  /** The import and the close (tests wrap them to hold a tick in the middle). */
  readonly importDirectory?: typeof importDirectory;
  readonly closeMonths?: typeof closeMonths;
}

export interface LiveFeed {
  /** Starts the timer: the first tick one interval from now. */
  start(): void;
  /** No tick starts after this; resolves once the tick under way (if any) has finished. */
  stop(): Promise<void>;
  /** One tick now, after the one under way (ticks never overlap). */
  tick(): Promise<TickResult>;
}

/**
 * The distributors who ordered in the last WINDOW_MONTHS months that have orders, up to today's
 * month (the window follows the data, so an imported history that stops before today still
 * feeds). Empty when the database holds no orders.
 */
export async function readBuyers(db: DB, today: string): Promise<Buyer[]> {
  const latest = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.max('month').as('m'))
    .where('month', '<=', today.slice(0, 7))
    .executeTakeFirst();
  if (!latest?.m) return [];
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'ada',
      eb.fn.countAll().as('n'),
      eb.fn.max('ordered_at').as('last'),
      sql<number | string | null>`avg(case when pv > 0 then pv end)`.as('usual'),
    ])
    .where('month', '>=', addMonths(latest.m, -(WINDOW_MONTHS - 1)))
    .where('month', '<=', latest.m)
    .groupBy('ada')
    .orderBy('ada')
    .execute();
  return rows.map((r) => ({
    ada: r.ada,
    orders: Number(r.n),
    lastDay: String(r.last).slice(0, 10),
    usualPv: r.usual === null ? FALLBACK_PV : Math.max(10, Math.round(Number(r.usual))),
  }));
}

/** Recent and frequent buyers come first: orders in the window, fading by a week per week since the last. */
function weightOf(b: Buyer, today: string): number {
  const days = Math.max(0, (Date.parse(today) - Date.parse(b.lastDay)) / DAY_MS);
  return b.orders / (1 + days / 7);
}

export interface DraftContext {
  /** Today in China, `YYYY-MM-DD`. */
  readonly day: string;
  /** The China clock's time of day, `HH:MM:SS`. */
  readonly time: string;
  /** This feed's token in ids (another run or process on the same day and second gets other ids). */
  readonly run: string;
  /** Numbers the orders of this feed, across ticks: the next one is `next()`. */
  readonly next: () => number;
}

/** 1–5 orders of distinct buyers, drawn by weight; each around the buyer's usual PV. */
export function draftOrders(rng: Rng, buyers: readonly Buyer[], ctx: DraftContext): LiveOrder[] {
  const weights = buyers.map((b) => weightOf(b, ctx.day));
  const count = rng.int(1, Math.min(MAX_ORDERS_PER_TICK, buyers.length));
  const stamp = `${ctx.day.replaceAll('-', '')}-${ctx.time.replaceAll(':', '')}`;
  const orders: LiveOrder[] = [];
  for (let k = 0; k < count; k++) {
    const i = rng.weighted(weights);
    weights[i] = 0;
    const b = buyers[i]!;
    const n = ctx.next();
    const ret = rng.chance(RETURN_CHANCE);
    const pv = ret
      ? -Math.max(1, Math.round(b.usualPv * (0.05 + 0.2 * rng.next())))
      : Math.min(b.usualPv * 6, Math.max(10, Math.round(rng.logNormal(b.usualPv, PV_SIGMA))));
    orders.push({
      orderId: `LIVE-${stamp}-${ctx.run}-${n}`,
      ada: b.ada,
      orderedAt: `${ctx.day}T${ctx.time}`,
      pv,
      // A return is never a customer's first purchase (docs/data-import.md, orders.csv).
      customerId: !ret && rng.chance(NEW_CUSTOMER_CHANCE) ? `LIVE-C-${ctx.run}-${n}` : null,
    });
  }
  return orders;
}

/** orders.csv of the import (docs/data-import.md): BV left to the PY's PV→BV ratio. */
export function ordersCsv(orders: readonly LiveOrder[]): string {
  const rows = orders.map((o) => [o.orderId, o.ada, o.orderedAt, String(o.pv), o.customerId ?? ''].join(','));
  return ['order_id,ada,ordered_at,pv,customer_id', ...rows].join('\n') + '\n';
}

export function createLiveFeed(opts: LiveFeedOptions): LiveFeed {
  let stopped = false;
  return scheduleTicks(
    tickRunner(opts, () => stopped),
    opts.intervalMs,
    opts.log,
    () => (stopped = true),
  );
}

/** One tick's work on `opts.db`: draw, import, close. `stopped` says stop() was called. */
function tickRunner(opts: LiveFeedOptions, stopped: () => boolean): () => Promise<TickResult> {
  const { db, log } = opts;
  const now = opts.now ?? (() => new Date());
  const importFiles = opts.importDirectory ?? importDirectory;
  const close = opts.closeMonths ?? closeMonths;
  const rng = new Rng(opts.seed ?? randomInt(2 ** 31), 'live-feed');
  const run = (rng.next32() % 36 ** 4).toString(36).padStart(4, '0');
  let counter = 0;
  let idleSaid = false;
  let notDemoSaid = false;

  return async (): Promise<TickResult> => {
    if (stopped()) return { kind: 'stopped' };
    const t0 = performance.now();
    // Generated orders go into the demo dataset only: a company's import since the start removed its claim.
    if (!(await db.selectFrom('meta').select('key').where('key', '=', 'seed').executeTakeFirst())) {
      if (!notDemoSaid) log.info('live feed: the database is no longer the demo dataset (a company import came in); it writes nothing');
      notDemoSaid = true;
      return { kind: 'idle' };
    }
    const day = chinaDay(opts.today());
    const buyers = await readBuyers(db, day);
    if (buyers.length === 0) {
      if (!idleSaid) log.info('live feed: the database holds no orders to feed from (a demo seeded without orders?); idle');
      idleSaid = true;
      return { kind: 'idle' };
    }
    idleSaid = false;
    const time = chinaIso(now().getTime()).slice(11, 19);
    const orders = draftOrders(rng, buyers, { day, time, run, next: () => ++counter });
    if (stopped()) return { kind: 'stopped' };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-live-'));
    try {
      fs.writeFileSync(path.join(dir, 'orders.csv'), ordersCsv(orders));
      await importFiles(db, { dir, today: day, demoRows: true });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Once imported, the close runs even after stop(): the open month then matches its orders.
    const closed = await close(db, { today: day });
    const seconds = (performance.now() - t0) / 1000;
    const pv = orders.reduce((s, o) => s + o.pv, 0);
    // The first tick after a month ends also closes it (the close's rule for an hourly import).
    const turned = closed.closed.length ? `; closed ${closed.closed.join(', ')}` : '';
    log.info(
      { orders: orders.length, pv, month: day.slice(0, 7), closed: closed.closed, seconds: Number(seconds.toFixed(3)) },
      `live feed: ${orders.length} order${orders.length === 1 ? '' : 's'} (${pv} PV) imported, ${day.slice(0, 7)} recomputed${turned}`,
    );
    return { kind: 'fed', orders, close: closed, seconds };
  };
}

/**
 * Runs `runTick` every `intervalMs`, one at a time. `onStop` is called first thing in stop(),
 * before waiting for the tick under way.
 */
function scheduleTicks(runTick: () => Promise<TickResult>, intervalMs: number, log: LiveLog, onStop: () => void): LiveFeed {
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** The tick under way or last finished: the next one starts after it. */
  let chain: Promise<unknown> = Promise.resolve();

  const tick = (): Promise<TickResult> => {
    const next = chain.then(runTick);
    chain = next.catch(() => undefined);
    return next;
  };

  const loop = async () => {
    if (stopped) return;
    try {
      await tick();
    } catch (err) {
      log.error({ err }, 'live feed: a tick failed; the next one tries again');
    }
    if (stopped) return;
    // Counted from the end of the tick: however long a close takes on a big dataset, the
    // database gets a whole interval between two ticks for everything else.
    timer = setTimeout(() => void loop(), intervalMs);
    timer.unref();
  };

  return {
    start() {
      if (started || stopped) return;
      started = true;
      timer = setTimeout(() => void loop(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      onStop();
      clearTimeout(timer);
      timer = undefined;
      await chain;
    },
    tick,
  };
}

export interface WorkerFeedOptions {
  /** The environment the worker loads its configuration (database, today) from. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly intervalMs: number;
  readonly log: LiveLog;
  readonly seed?: number;
}

/**
 * The feed with its ticks on a worker thread (live-worker.ts) and a database connection of its
 * own: the import and the close compute there, and the server's thread only waits for the
 * database's write lock while the close writes (SQLite WAL lets every read through meanwhile).
 */
export function workerLiveFeed(opts: WorkerFeedOptions): LiveFeed {
  const data: LiveWorkerData = { env: { ...opts.env }, ...(opts.seed !== undefined ? { seed: opts.seed } : {}) };
  const worker = startWorker(new URL('./live-worker.ts', import.meta.url), 'live-worker', data);
  const pending = new Map<number, { resolve: (r: TickResult) => void; reject: (e: Error) => void }>();
  let ids = 0;
  let stopped = false;
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('message', (m: WorkerReply) => {
    if ('log' in m) opts.log[m.log.level](m.log.obj, m.log.msg);
    else if ('done' in m) {
      pending.get(m.done)?.resolve(m.result);
      pending.delete(m.done);
    } else {
      pending.get(m.failed)?.reject(new Error(m.message));
      pending.delete(m.failed);
    }
  });
  worker.on('error', (err) => failAll(err));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      failAll(new Error('the live feed worker stopped'));
      resolve();
    }),
  );
  const runTick = (): Promise<TickResult> => {
    if (stopped) return Promise.resolve({ kind: 'stopped' });
    return new Promise((resolve, reject) => {
      const id = ++ids;
      pending.set(id, { resolve, reject });
      worker.postMessage({ tick: id } satisfies WorkerRequest);
    });
  };
  const feed = scheduleTicks(runTick, opts.intervalMs, opts.log, () => (stopped = true));
  return {
    start: feed.start,
    tick: feed.tick,
    async stop() {
      await feed.stop();
      worker.postMessage({ stop: true } satisfies WorkerRequest);
      await exited;
    },
  };
}

/**
 * The feed of a server started with DEMO_LIVE, or null: its ticks on a worker thread, which
 * loads the configuration from `env` (the server's environment) and opens its own connection.
 * It stops in preClose, so the server closes after the tick under way; hooks must be added
 * before listen, the feed is started after it (server.ts).
 */
export function attachLiveFeed(
  app: FastifyInstance,
  config: Pick<Config, 'demoLive' | 'DEMO_LIVE_INTERVAL_MS'>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): LiveFeed | null {
  if (!config.demoLive) return null;
  const feed = workerLiveFeed({ env, intervalMs: config.DEMO_LIVE_INTERVAL_MS, log: app.log });
  app.addHook('preClose', () => feed.stop());
  return feed;
}
