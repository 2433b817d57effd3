// Delivery on PostgreSQL: several processes share the outbox through pg-boss (issue #21), the
// outbox staying the record (attempts, result, sent_at: what the notification history shows).
//
// Feeding: each process looks for due rows every NOTIFY_WORKER_INTERVAL_MS; in one transaction it
// claims them (outbox.ts, a lease of FEED_LEASE_MS: the row is queued once, whoever feeds) and
// inserts one pg-boss job per JOB_ROWS of them, the job carrying the row ids and the lease. A close
// run from the command line needs no pg-boss of its own: its rows are fed by the next look.
// Working: each process fetches jobs (pg-boss: FOR UPDATE SKIP LOCKED, so every job goes to one
// process), sends the rows that still carry the job's lease (worker.ts), records the results and
// completes the job. A process that dies mid-send leaves its job active: pg-boss's maintenance
// fails it once it expires and hands it to another process, which sends again what was not
// recorded, with the same idempotency key. If pg-boss gives a job up, its rows are fed again when
// their lease runs out; a late result of a stale job is not recorded (outbox.ts: the lease is the token).
//
// Fetching is a loop here rather than pg-boss's work(): work() sleeps its polling interval after
// every batch, even a full one, and does not await the completion of a job, so a database error at
// that moment becomes an unhandled rejection that ends the process (timgit/pg-boss#577).
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import { rawPostgres, type DB } from '../../db/index.ts';
import { claimDue, heldRows, type Claim } from './outbox.ts';
import type { BatchReport, DeliveryWorker, Log } from './worker.ts';

export const SEND_QUEUE = 'notification-send';

/** What a job carries: outbox rows claimed with `lease`. */
interface SendJob {
  lease: string;
  ids: number[];
}

/** Rows per job: small, so processes share a batch and a retried job resends little. */
export const JOB_ROWS = 20;
/** Queued rows are held this long; a row whose job pg-boss gave up on is fed again after it. */
export const FEED_LEASE_MS = 10 * 60_000;
/** Rows claimed per feeding transaction. */
const FEED_CHUNK = 1_000;
/** The queue is topped up to this many rows waiting (about 20 s of work at the goal's pace). */
const FEED_AHEAD_ROWS = 20_000;
/** A job is failed (and retried elsewhere) this long after it was fetched if still active. */
export const DEFAULT_EXPIRE_S = 120;
/** Sends start no later than this before the job expires, so none outlives its job. */
const EXPIRY_MARGIN_MS = 10_000;

export interface OutboxQueueOptions {
  db: DB;
  worker: DeliveryWorker;
  /** pg-boss's schema (NOTIFY_QUEUE_SCHEMA); installed or migrated on start. */
  schema: string;
  /** Rows a fetch takes (NOTIFY_BATCH): jobs of JOB_ROWS. */
  batch?: number;
  /** Pause between two looks at the outbox, and of an idle fetch loop. */
  intervalMs?: number;
  expireInSeconds?: number;
  /** How often pg-boss looks for expired jobs (one process does it per interval). */
  maintenanceIntervalSeconds?: number;
  feedLeaseMs?: number;
  /** pg-boss's first retry delay of a failed or expired job (doubling after). */
  retryDelaySeconds?: number;
  now?: () => Date;
  log?: Log;
  onReport?: (report: BatchReport) => void;
  /** pg-boss's connection (tests); by default the database's pool. */
  bossDb?: PgBoss.Db;
}

export interface OutboxQueue {
  readonly boss: PgBoss;
  /** Queues the due rows not queued yet; returns how many. */
  feed(): Promise<number>;
  /** Starts feeding and fetching in this process. */
  start(): void;
  /**
   * Stops feeding and fetching; the batch under way gets `graceMs` to finish (what is still in
   * flight then is left to its job's expiry), then pg-boss stops.
   */
  stop(graceMs?: number): Promise<void>;
}

const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** pg-boss statements through a pg pool, or within a Kysely transaction (feeding). */
function bossDbOf(db: DB): PgBoss.Db {
  const pool = rawPostgres(db);
  if (pool) return { executeSql: (text, values) => pool.query(text, values) };
  return {
    executeSql: async (text, values) => ({ rows: (await db.executeQuery(CompiledQuery.raw(text, values ?? []))).rows as unknown[] }),
  };
}

/** Installs pg-boss's schema if needed, creates the queue, and returns the queue, not yet started. */
export async function openOutboxQueue(opts: OutboxQueueOptions): Promise<OutboxQueue> {
  const { db, worker } = opts;
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? silent;
  const intervalMs = opts.intervalMs ?? 2_000;
  const expireInSeconds = opts.expireInSeconds ?? DEFAULT_EXPIRE_S;
  const feedLeaseMs = opts.feedLeaseMs ?? FEED_LEASE_MS;
  const jobsPerFetch = Math.max(1, Math.ceil((opts.batch ?? 100) / JOB_ROWS));

  const boss = new PgBoss({
    db: opts.bossDb ?? bossDbOf(db),
    schema: opts.schema,
    migrate: true,
    supervise: true,
    // No cron schedules: the feeding timer is ours.
    schedule: false,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60,
    // Jobs are plumbing (the outbox is the record): keep them a day.
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterHours: 24,
  });
  boss.on('error', (err) => log.warn({ err }, 'notifications: the delivery queue (pg-boss) reported an error'));
  await boss.start();
  const queue: PgBoss.Queue = {
    name: SEND_QUEUE,
    policy: 'standard',
    expireInSeconds,
    retryLimit: 3,
    retryDelay: opts.retryDelaySeconds ?? 5,
    retryBackoff: true,
  };
  try {
    // Processes starting together can deadlock creating it (a table and a partition each): PostgreSQL
    // aborts one, which finds the queue there on its next try.
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(SEND_QUEUE, queue);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt === 5) throw err;
      }
    }
    // createQueue leaves an existing queue as it was: bring its options up to date.
    await boss.updateQueue(SEND_QUEUE, queue);
  } catch (err) {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    throw err;
  }

  let stopping = false;
  let feedTimer: NodeJS.Timeout | undefined;
  let wake: (() => void) | null = null;
  let loop: Promise<void> = Promise.resolve();
  let feeding: Promise<number> = Promise.resolve(0);

  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const feedOnce = async (limit: number): Promise<number> =>
    db.transaction().execute(async (trx) => {
      const claim = await claimDue(trx, { now: now(), limit, leaseMs: feedLeaseMs });
      if (claim.rows.length === 0) return 0;
      const jobs: PgBoss.JobInsert<SendJob>[] = [];
      for (let i = 0; i < claim.rows.length; i += JOB_ROWS) {
        jobs.push({ name: SEND_QUEUE, data: { lease: claim.lease, ids: claim.rows.slice(i, i + JOB_ROWS).map((r) => r.id) } });
      }
      // In the claim's transaction: rows are queued if and only if their jobs are.
      await boss.insert(jobs, { db: bossDbOf(trx) });
      return claim.rows.length;
    });

  const feed = async (): Promise<number> => {
    let total = 0;
    const waiting = (await boss.getQueueSize(SEND_QUEUE)) * JOB_ROWS;
    for (let room = FEED_AHEAD_ROWS - waiting; room > 0 && !stopping;) {
      const n = await feedOnce(Math.min(FEED_CHUNK, room));
      total += n;
      room -= n;
      if (n > 0) wake?.();
      if (n < FEED_CHUNK) break;
    }
    return total;
  };

  const feedTick = async () => {
    try {
      await (feeding = feed());
    } catch (err) {
      log.error({ err }, 'notifications: queueing due messages failed; the next look tries again');
    }
    if (!stopping) (feedTimer = setTimeout(() => void feedTick(), intervalMs)).unref();
  };

  /** Sends the rows of `jobs` that still carry their lease, then completes the jobs. */
  const handle = async (jobs: PgBoss.Job<SendJob>[]) => {
    const ids = jobs.map((j) => j.id);
    try {
      // Sends start only while the job's lease and its expiry leave a whole send's time.
      const expires = now().getTime() + expireInSeconds * 1000 - Math.min(EXPIRY_MARGIN_MS, expireInSeconds * 250);
      const byLease = new Map<string, number[]>();
      for (const j of jobs) byLease.set(j.data.lease, [...(byLease.get(j.data.lease) ?? []), ...j.data.ids]);
      const claims: Claim[] = [];
      for (const [lease, rowIds] of byLease)
        claims.push({ lease, leaseEnds: Math.min(Date.parse(lease), expires), rows: await heldRows(db, rowIds, lease) });
      if (stopping) throw new Error('stopping');
      // Not inside `onReport?.(…)`: an optional call skips its arguments when there is no callback.
      const report = await worker.deliver(claims);
      opts.onReport?.(report);
    } catch (err) {
      if (!stopping) log.error({ err }, 'notifications: a delivery job failed; pg-boss retries it');
      // Retried at once elsewhere: nothing of it was sent (or its results are recorded).
      await boss.fail(SEND_QUEUE, ids).catch(() => undefined);
      return;
    }
    // If this fails the job expires and is retried; its rows are recorded, so the retry sends nothing.
    await boss.complete(SEND_QUEUE, ids).catch((err: unknown) => log.warn({ err }, 'notifications: completing delivery jobs failed'));
  };

  const fetchLoop = async () => {
    while (!stopping) {
      // pg-boss's fetch answers nothing when the database is away.
      const jobs = await boss.fetch<SendJob>(SEND_QUEUE, { batchSize: jobsPerFetch });
      if (jobs.length === 0) {
        if (!stopping) await nap(intervalMs);
        continue;
      }
      await handle(jobs);
    }
  };

  return {
    boss,
    feed,
    start() {
      if (stopping || feedTimer) return;
      void feedTick();
      loop = fetchLoop();
    },
    async stop(graceMs = 5_000) {
      stopping = true;
      clearTimeout(feedTimer);
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.allSettled([worker.stop(graceMs), loop, feeding]), grace]);
      clearTimeout(timer);
      await boss.stop({ graceful: false, wait: true });
    },
  };
}
