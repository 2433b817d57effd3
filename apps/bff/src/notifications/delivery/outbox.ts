// The notification outbox (migration 0007): rows the delivery worker claims with a lease, sends
// and records. Timestamps are ISO-8601 UTC text (`Date#toISOString`), compared as strings on both
// databases.
//
// Claiming: the due, unclaimed rows are read, then one UPDATE … WHERE id IN (them) AND still
// unclaimed … RETURNING takes those no one took in between, so a row is claimed by one worker only
// (SQLite runs one writer at a time and checks the condition again; on PostgreSQL the UPDATE picks
// the rows again in a sub-select that locks them FOR UPDATE SKIP LOCKED, so concurrent workers
// take different rows, and the outer condition is checked again on each row it locked). The lease is `claimed_until`; every
// row of one claim gets the same value, which is the claim's token: results are recorded only
// while the row still carries it, so a worker whose lease ran out (it hung or died) and whose rows
// another worker has claimed since cannot overwrite what the other one recorded. A new claim's
// lease always ends later than the one it replaces (it is taken when that one has run out), so the
// tokens of one row never repeat.
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type UpdateObject } from 'kysely';
import { dialectOf, type DB } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

export interface ClaimedRow {
  id: number;
  notificationId: number;
  ada: string;
  channel: string;
  idempotencyKey: string;
  /** Attempts before this one. */
  attempts: number;
}

export interface Claim {
  /** The lease (`claimed_until`) every claimed row carries: the token results are recorded with. */
  lease: string;
  /** When the lease runs out, in ms since the epoch. */
  leaseEnds: number;
  rows: ClaimedRow[];
}

/** Due, pending and not held by a live lease at `now`. */
const claimable =
  (now: string) =>
  (eb: ExpressionBuilder<Database, 'notification_outbox'>): Expression<SqlBool> =>
    eb.and([
      eb('status', '=', 'pending'),
      eb('due_at', '<=', now),
      eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]),
    ]);

/** Claims up to `limit` due rows, oldest due first, for `leaseMs`. */
export async function claimDue(db: DB, opts: { now: Date; limit: number; leaseMs: number }): Promise<Claim> {
  const now = opts.now.toISOString();
  const leaseEnds = opts.now.getTime() + opts.leaseMs;
  const lease = new Date(leaseEnds).toISOString();
  const pick = db.selectFrom('notification_outbox').select('id').where(claimable(now)).orderBy('due_at').orderBy('id').limit(opts.limit);
  // A read first: an idle worker looks every few seconds, and an UPDATE would take SQLite's write lock each time.
  const due = await pick.execute();
  if (due.length === 0) return { lease, leaseEnds, rows: [] };
  const rows = await db
    .updateTable('notification_outbox')
    .set({ claimed_until: lease })
    // PostgreSQL: pick again under row locks, skipping rows another worker is claiming right now.
    .where('id', 'in', dialectOf(db) === 'postgres' ? pick.forUpdate().skipLocked() : due.map((r) => r.id))
    .where(claimable(now))
    .returning(['id', 'notification_id', 'ada', 'channel', 'idempotency_key', 'attempts'])
    .execute();
  return {
    lease,
    leaseEnds,
    rows: rows.map(toClaimed).sort((a, b) => a.id - b.id),
  };
}

function toClaimed(r: {
  id: number | string;
  notification_id: number | string;
  ada: string;
  channel: string;
  idempotency_key: string;
  attempts: number;
}): ClaimedRow {
  return {
    id: Number(r.id),
    notificationId: Number(r.notification_id),
    ada: r.ada,
    channel: r.channel,
    idempotencyKey: r.idempotency_key,
    attempts: Number(r.attempts),
  };
}

/**
 * The rows among `ids` that still carry the lease `lease` and are pending: what a queued job
 * (queue.ts) may send. Rows recorded since, or claimed again after the lease ran out, are left out.
 */
export async function heldRows(db: DB, ids: readonly number[], lease: string): Promise<ClaimedRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('notification_outbox')
    .select(['id', 'notification_id', 'ada', 'channel', 'idempotency_key', 'attempts'])
    .where('id', 'in', [...ids])
    .where('status', '=', 'pending')
    .where('claimed_until', '=', lease)
    .orderBy('id')
    .execute();
  return rows.map(toClaimed);
}

/** What became of one claimed row. */
export type RowResult =
  | { id: number; outcome: 'sent' }
  /** Another try at `dueAt` (the attempt counted). */
  | { id: number; outcome: 'retry'; dueAt: string; error: string }
  /** Given up: the service refused it, or the last retry failed. */
  | { id: number; outcome: 'failed'; error: string; attempted: boolean }
  /** Nothing to send (off, no address, unsubscribed): `attempted` when a send was made. */
  | { id: number; outcome: 'skipped'; reason: string; attempted: boolean }
  /** Held (quiet hours) until `dueAt`; no attempt. */
  | { id: number; outcome: 'postponed'; dueAt: string; note: string }
  /**
   * No address on the channel yet (WeChat: no sign-in through WeChat): checked again at `dueAt`,
   * no attempt. Recorded only while the address is still missing: one recorded meanwhile (the
   * sign-in wakes the waiting rows, wakeWaiting) releases the row, due at once, instead.
   */
  | { id: number; outcome: 'waiting'; dueAt: string; note: string }
  /** Not sent in this claim (stopping, lease too short): free to claim again at once. */
  | { id: number; outcome: 'released' };

export interface RecordReport {
  /** Rows whose result was written. */
  recorded: number;
  /** Rows no longer held by this claim (the lease ran out and another worker took them, or one recorded them as sent). */
  lost: number;
}

const ID_CHUNK = 500;
function chunks<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += ID_CHUNK) out.push(xs.slice(i, i + ID_CHUNK));
  return out;
}

/**
 * Writes the results of one claim in one transaction, rows with the same result in one
 * statement. "sent" is written whoever holds the row now, as long as it is pending (the
 * message went out: no one should send it again); every other result only while the row still
 * carries this claim's lease.
 */
export async function recordResults(db: DB, claim: Pick<Claim, 'lease'>, results: readonly RowResult[], now: Date): Promise<RecordReport> {
  if (results.length === 0) return { recorded: 0, lost: 0 };
  const at = now.toISOString();
  const lease = claim.lease;
  let recorded = 0;
  const count = (r: { numUpdatedRows: bigint }) => (recorded += Number(r.numUpdatedRows));
  const inc = sql<number>`attempts + 1`;

  type Set = UpdateObject<Database, 'notification_outbox'>;
  const groups = new Map<string, { set: Set; ids: number[]; anyHolder: boolean }>();
  const group = (key: string, set: Set, id: number, anyHolder = false) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { set, ids: [], anyHolder }));
    g.ids.push(id);
  };
  const single: Array<{ id: number; set: Set }> = [];
  const waiting = new Map<string, { set: Set; ids: number[] }>();

  for (const r of results) {
    switch (r.outcome) {
      case 'sent':
        group('sent', { status: 'sent', sent_at: at, attempts: inc, claimed_until: null, last_error: null }, r.id, true);
        break;
      case 'released':
        group('released', { claimed_until: null }, r.id);
        break;
      case 'skipped':
        group(
          `skipped|${r.attempted}|${r.reason}`,
          { status: 'skipped', last_error: r.reason, claimed_until: null, ...(r.attempted ? { attempts: inc } : {}) },
          r.id,
        );
        break;
      case 'failed':
        group(
          `failed|${r.attempted}|${r.error}`,
          { status: 'failed', last_error: r.error, claimed_until: null, ...(r.attempted ? { attempts: inc } : {}) },
          r.id,
        );
        break;
      case 'retry':
        single.push({ id: r.id, set: { attempts: inc, due_at: r.dueAt, last_error: r.error, claimed_until: null } });
        break;
      case 'postponed':
        group(`postponed|${r.dueAt}|${r.note}`, { due_at: r.dueAt, last_error: r.note, claimed_until: null }, r.id);
        break;
      case 'waiting': {
        const key = `${r.dueAt}|${r.note}`;
        let w = waiting.get(key);
        if (!w) waiting.set(key, (w = { set: { due_at: r.dueAt, last_error: r.note, claimed_until: null }, ids: [] }));
        w.ids.push(r.id);
        break;
      }
    }
  }

  await db.transaction().execute(async (trx) => {
    for (const g of groups.values()) {
      for (const ids of chunks(g.ids)) {
        let q = trx.updateTable('notification_outbox').set(g.set).where('id', 'in', ids).where('status', '=', 'pending');
        if (!g.anyHolder) q = q.where('claimed_until', '=', lease);
        count(await q.executeTakeFirst());
      }
    }
    for (const w of waiting.values()) {
      for (const ids of chunks(w.ids)) {
        const held = () =>
          trx.updateTable('notification_outbox').where('id', 'in', ids).where('status', '=', 'pending').where('claimed_until', '=', lease);
        count(
          await held()
            .set(w.set)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('notification_addresses as a')
                    .select('a.ada')
                    .whereRef('a.ada', '=', 'notification_outbox.ada')
                    .whereRef('a.channel', '=', 'notification_outbox.channel'),
                ),
              ),
            )
            .executeTakeFirst(),
        );
        // The address was recorded while this claim looked: due now, for the next claim to send.
        count(await held().set({ due_at: at, claimed_until: null }).executeTakeFirst());
      }
    }
    for (const s of single) {
      count(
        await trx
          .updateTable('notification_outbox')
          .set(s.set)
          .where('id', '=', s.id)
          .where('status', '=', 'pending')
          .where('claimed_until', '=', lease)
          .executeTakeFirst(),
      );
    }
  });
  return { recorded, lost: results.length - recorded };
}

/** Why a push waits for an address, and why it is skipped when the wait runs out (WeChat). */
export const NO_WECHAT_ADDRESS = 'no WeChat address: the distributor has not signed in through WeChat';
/** A push waits this long after its notification was made for an address, then is skipped. */
export const ADDRESS_WAIT_MS = 7 * 86_400_000;
/**
 * A waiting row is looked at again this often: the sign-in that records the address wakes it at
 * once (wakeWaiting), so this is the safety net, kept rare so that thousands of distributors who
 * never sign in through WeChat cost a claim a day each.
 */
export const ADDRESS_RECHECK_MS = 86_400_000;

/**
 * The rows of `ada` on `channel` waiting for an address become due at once: called when the
 * address is recorded. A row a worker holds meanwhile is left to it (recordResults releases it,
 * due, when it finds the address there).
 */
export async function wakeWaiting(db: DB, ada: string, channel: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const r = await db
    .updateTable('notification_outbox')
    .set({ due_at: at })
    // Through the notifications' (ada, …) index: the outbox has no index on ada.
    .where('notification_id', 'in', (eb) => eb.selectFrom('notifications').select('id').where('ada', '=', ada))
    .where('ada', '=', ada)
    .where('channel', '=', channel)
    .where('status', '=', 'pending')
    .where('due_at', '>', at)
    .where('last_error', 'like', `${NO_WECHAT_ADDRESS}%`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** First retry after 30 s, doubling each time, at most an hour apart, ±20 % so retries spread. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_CAP_MS = 3_600_000;
/** Attempts before a message is given up ('failed'): about 3 hours of retries. */
export const MAX_ATTEMPTS = 10;

/** The wait before the next try after the `attempts`-th failed one (1, 2, …); `random` in [0, 1). */
export function backoffMs(attempts: number, random: () => number): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.min(BACKOFF_CAP_MS, Math.round(base * (0.8 + 0.4 * random())));
}

/** Finished rows (sent, skipped, failed) are kept this long, then pruned by the housekeeping timer. */
export const OUTBOX_RETENTION_DAYS = 90;

/**
 * Deletes finished outbox rows older than OUTBOX_RETENTION_DAYS (sent: by when they were sent;
 * skipped and failed: by their last due time). Idempotent, as housekeeping tasks must be.
 */
export async function pruneNotificationOutbox(db: DB, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000).toISOString();
  const r = await db
    .deleteFrom('notification_outbox')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', cutoff)]),
        eb.and([eb('status', 'in', ['skipped', 'failed']), eb('due_at', '<', cutoff)]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
