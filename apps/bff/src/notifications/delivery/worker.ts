// The delivery worker: claims due outbox rows (outbox.ts), decides each one against the
// distributor's preferences as they are now, sends what is left through the channel's adapter,
// up to `concurrency` at a time, and records every result of the batch in one transaction.
// A WeChat push for someone without an openid yet (no sign-in through WeChat) waits for it, no
// attempt counted, looked at again daily and woken by the sign-in (addresses.ts), until
// ADDRESS_WAIT_MS after its notification was made: then it is skipped with the reason.
//
// Nothing is lost or sent twice by a crash: a claimed row is leased, so a worker that dies
// mid-send leaves it to be claimed again once the lease runs out, and the new send carries the
// same idempotency key (the receiving service deduplicates). A send starts only while the lease
// has at least `sendBudgetMs` left, the longest a send can take (its timeouts), so a live worker
// never holds a row whose lease has run out; rows it had no time for are released unsent.
import type { PushChannel } from '@abo/contract';
import type { DB } from '../../db/index.ts';
import { readBatchData } from './batch-data.ts';
import {
  ADDRESS_RECHECK_MS,
  ADDRESS_WAIT_MS,
  MAX_ATTEMPTS,
  NO_WECHAT_ADDRESS,
  backoffMs,
  claimDue,
  recordResults,
  type Claim,
  type ClaimedRow,
  type RowResult,
} from './outbox.ts';
import { quietUntil } from './quiet-hours.ts';
import { HTTP_TIMEOUT_MS, errorText, type AdapterSlot, type SendOutcome } from './types.ts';

export type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export interface DeliveryWorkerOptions {
  db: DB;
  adapters: Record<PushChannel, AdapterSlot>;
  now?: () => Date;
  /** Jitter of the backoff, in [0, 1). */
  random?: () => number;
  /** Rows claimed at once (NOTIFY_BATCH). */
  batch?: number;
  /** Sends in flight at once within a batch. */
  concurrency?: number;
  leaseMs?: number;
  /** The longest one send may take (WeChat: a token, a send, a new token, a send again). */
  sendBudgetMs?: number;
  maxAttempts?: number;
  /** How long after its notification was made a WeChat push waits for an address (ADDRESS_WAIT_MS). */
  addressWaitMs?: number;
  log?: Log;
}

export interface BatchReport {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
  postponed: number;
  /** Waiting for an address (WeChat: no sign-in through WeChat yet). */
  waiting: number;
  released: number;
  /** Results not written: the row had been claimed by another worker since (this one's lease ran out). */
  lost: number;
}

export interface DeliveryWorker {
  /** Claims one batch, sends it and records it. */
  runOnce(): Promise<BatchReport>;
  /**
   * Sends and records rows claimed elsewhere (the queue on PostgreSQL, queue.ts); a send starts
   * only while its claim's `leaseEnds` leaves `sendBudgetMs`.
   */
  deliver(claims: readonly Claim[]): Promise<BatchReport>;
  /**
   * No send starts after this; resolves when the batches under way have recorded their results,
   * or after `graceMs`, leaving what is still in flight to its lease.
   */
  stop(graceMs?: number): Promise<void>;
  readonly batchSize: number;
}

export const DEFAULT_BATCH = 100;
export const DEFAULT_CONCURRENCY = 50;
export const DEFAULT_LEASE_MS = 120_000;
export const DEFAULT_SEND_BUDGET_MS = 4 * HTTP_TIMEOUT_MS + 5_000;

const EMPTY: BatchReport = { claimed: 0, sent: 0, retried: 0, failed: 0, skipped: 0, postponed: 0, waiting: 0, released: 0, lost: 0 };

const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Runs `work` over `items`, at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}

export function createDeliveryWorker(opts: DeliveryWorkerOptions): DeliveryWorker {
  const { db, adapters } = opts;
  const now = opts.now ?? (() => new Date());
  const random = opts.random ?? Math.random;
  const batchSize = opts.batch ?? DEFAULT_BATCH;
  const concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const sendBudgetMs = Math.min(opts.sendBudgetMs ?? DEFAULT_SEND_BUDGET_MS, leaseMs);
  const maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
  const addressWaitMs = opts.addressWaitMs ?? ADDRESS_WAIT_MS;
  const log = opts.log ?? silent;
  let stopping = false;
  const running = new Set<Promise<BatchReport>>();

  const afterSend = (row: ClaimedRow, outcome: SendOutcome): RowResult => {
    switch (outcome.status) {
      case 'sent':
        return { id: row.id, outcome: 'sent' };
      case 'skipped':
        return { id: row.id, outcome: 'skipped', reason: outcome.reason, attempted: outcome.attempted };
      case 'failed':
        return { id: row.id, outcome: 'failed', error: outcome.error, attempted: true };
      case 'retry': {
        const attempts = row.attempts + 1;
        if (attempts >= maxAttempts)
          return { id: row.id, outcome: 'failed', error: `gave up after ${attempts} attempts: ${outcome.error}`, attempted: true };
        const dueAt = new Date(now().getTime() + backoffMs(attempts, random)).toISOString();
        return { id: row.id, outcome: 'retry', dueAt, error: outcome.error };
      }
    }
  };

  /** Sends the rows of `claims` and records each claim's results (in one transaction per claim). */
  const deliver = async (claims: readonly Claim[]): Promise<BatchReport> => {
    const report: BatchReport = { ...EMPTY };
    const held = claims.flatMap((claim) => claim.rows.map((row) => ({ row, claim })));
    report.claimed = held.length;
    if (held.length === 0) return report;
    const results = new Map<Claim, RowResult[]>(claims.map((c) => [c, []]));
    const done = new Set<number>();
    const put = (claim: Claim, r: RowResult) => {
      results.get(claim)!.push(r);
      done.add(r.id);
    };
    try {
      const data = await readBatchData(
        db,
        held.map((h) => h.row),
      );
      const toSend: Array<() => Promise<void>> = [];
      for (const { row, claim } of held) {
        const skip = (reason: string) => put(claim, { id: row.id, outcome: 'skipped', reason, attempted: false });
        const slot = adapters[row.channel as PushChannel];
        const note = data.notifications.get(row.notificationId);
        if (!slot) {
          skip(`unknown channel ${row.channel}`);
          continue;
        }
        if (!note) {
          skip('the notification no longer exists');
          continue;
        }
        if (!data.isDistributor(row.ada)) {
          skip('not a distributor any more');
          continue;
        }
        if (!slot.on) {
          skip(slot.reason);
          continue;
        }
        const prefs = data.preferences(row.ada);
        if (!prefs.channelOn(row.channel)) {
          skip(`channel ${row.channel} turned off`);
          continue;
        }
        if (!prefs.kindOn(note.kind)) {
          skip(`${note.kind} turned off`);
          continue;
        }
        const adapter = slot.adapter;
        const address = data.address(adapter.channel, row.ada);
        if (adapter.channel === 'wec' && address === null) {
          // Not signed in through WeChat yet: wait (no attempt) until the sign-in records the
          // openid and wakes the row, looking again now and then; skipped once the wait is over.
          const t = now().getTime();
          const made = Date.parse(note.createdAt);
          const deadline = (Number.isNaN(made) ? t : made) + addressWaitMs;
          if (t >= deadline) skip(NO_WECHAT_ADDRESS);
          else {
            const dueAt = new Date(Math.min(deadline, t + ADDRESS_RECHECK_MS)).toISOString();
            put(claim, {
              id: row.id,
              outcome: 'waiting',
              dueAt,
              note: `${NO_WECHAT_ADDRESS} (waiting until ${new Date(deadline).toISOString()})`,
            });
          }
          continue;
        }
        const until = quietUntil(now(), prefs.quietHours);
        if (until) {
          const dueAt = until.toISOString();
          put(claim, { id: row.id, outcome: 'postponed', dueAt, note: `quiet hours: held until ${dueAt}` });
          continue;
        }
        const message = {
          idempotencyKey: row.idempotencyKey,
          ada: row.ada,
          kind: note.kind,
          title: note.title,
          body: note.body,
          link: note.link,
          month: note.month,
          createdAt: note.createdAt,
        };
        toSend.push(async () => {
          // No time left in the lease for a whole send, or stopping: leave it for the next claim.
          if (stopping || now().getTime() + sendBudgetMs > claim.leaseEnds) return put(claim, { id: row.id, outcome: 'released' });
          let outcome: SendOutcome;
          try {
            outcome = await adapter.send(message, address);
          } catch (err) {
            outcome = { status: 'retry', error: errorText(err) };
          }
          put(claim, afterSend(row, outcome));
        });
      }
      await pool(toSend, concurrency, (send) => send());
    } catch (err) {
      // Reading the batch failed: give back whatever has no result yet (nothing was sent for it).
      log.error({ err }, 'notification delivery: a batch failed; its rows are released');
      for (const { row, claim } of held) if (!done.has(row.id)) put(claim, { id: row.id, outcome: 'released' });
    }

    for (const [claim, rs] of results) {
      const written = await recordResults(db, claim, rs, now());
      report.lost += written.lost;
      for (const r of rs) {
        if (r.outcome === 'sent') report.sent++;
        else if (r.outcome === 'retry') report.retried++;
        else if (r.outcome === 'failed') report.failed++;
        else if (r.outcome === 'skipped') report.skipped++;
        else if (r.outcome === 'postponed') report.postponed++;
        else if (r.outcome === 'waiting') report.waiting++;
        else report.released++;
        if (r.outcome === 'failed') log.warn({ outboxId: r.id, error: r.error }, 'notification delivery: a message failed for good');
      }
    }
    if (report.lost)
      log.warn({ lost: report.lost }, 'notification delivery: results not recorded, the rows were claimed again after the lease ran out');
    return report;
  };

  const track = (p: Promise<BatchReport>) => {
    running.add(p);
    const forget = () => void running.delete(p);
    p.then(forget, forget);
    return p;
  };

  return {
    batchSize,
    runOnce() {
      if (stopping) return Promise.resolve({ ...EMPTY });
      return track(claimDue(db, { now: now(), limit: batchSize, leaseMs }).then((claim) => deliver([claim])));
    },
    deliver(claims) {
      if (stopping) return Promise.resolve({ ...EMPTY });
      return track(deliver(claims));
    },
    async stop(graceMs = 5_000) {
      stopping = true;
      if (running.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.allSettled([...running]).then(() => undefined), grace]);
      clearTimeout(timer);
    },
  };
}
