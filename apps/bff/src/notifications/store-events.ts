// Storing a close's notifications (notifications/produce.ts makes them): each event once per
// distributor and event key (the unique index on notifications (ada, event_key)), with an outbox
// row for every push channel the distributor's preferences allow.
// The rows go to a staging table of the store's own connection first (COPY on PostgreSQL), then
// one INSERT … SELECT stores those not told before and one more queues their pushes: a month's
// end tells every member, and row by row through the query builder, with the ids read back to
// build the outbox rows, that was most of the month-end close (issue #30, bench/README.md).
import type { NotificationEvent } from '@abo/plan';
import type { NotificationKind, PushChannel } from '@abo/contract';
import type { DB } from '../db/index.ts';
import { openImportConn, type ImportConn } from '../import/conn.ts';
import { pushesTo, type allPreferences } from './preferences.ts';

export interface ProduceSummary {
  /** Notifications stored by this run (events told before are not counted). */
  readonly notifications: number;
  /** Outbox rows queued for the push channels. */
  readonly queued: number;
  readonly byKind: Readonly<Partial<Record<NotificationKind, number>>>;
}

/**
 * Rows stored per transaction: each holds SQLite's write lock for a moment only (another
 * process's sign-in waits at most its 5 s busy timeout: close/writer-fairness.test.ts), and a
 * chunk stored is never stored again (the unique event key).
 */
const ROWS_PER_TRANSACTION = 5_000;
/** How prominently a kind leads the list, 0 first. */
const LEAD: Readonly<Record<NotificationKind, number>> = {
  monthClosed: 0,
  pinReached: 1,
  nearThreshold: 2,
  legQualified: 3,
  legSlipping: 4,
  memberJoined: 5,
  eventDeadline: 6,
  planProgress: 7,
};
const PUSH: readonly PushChannel[] = ['wec', 'ca'];
const STAGE = 'notification_stage';
const STAGE_COLUMNS = ['seq', 'ada', 'kind', 'event_key', 'month', 'title', 'body', 'link', 'params', ...PUSH.map((c) => `push_${c}`)];

type Preferences = Awaited<ReturnType<typeof allPreferences>>;

export interface EventStore {
  /** Stores one batch of events, once each, and queues their pushes. */
  store(events: Map<string, NotificationEvent[]>): Promise<void>;
  /** What every batch stored so far. */
  readonly total: ProduceSummary;
  close(): Promise<void>;
}

/** A store of events on a connection of its own, its staging table with it, until close(). */
export async function openEventStore(db: DB, at: Date, preferences: Preferences): Promise<EventStore> {
  const conn = await openImportConn(db);
  try {
    await conn.run(`drop table if exists ${STAGE}`);
    await conn.run(
      `create temporary table ${STAGE} (seq integer not null, ada text not null, kind text not null, event_key text not null,
        month text, title text not null, body text not null, link text not null, params text not null,
        ${PUSH.map((c) => `push_${c} integer not null`).join(', ')})`,
    );
  } catch (err) {
    conn.release();
    throw err;
  }
  const now = at.toISOString();
  const total = { notifications: 0, queued: 0, byKind: {} as Partial<Record<NotificationKind, number>> };
  return {
    store: (events) => storeAll(conn, now, events, preferences, total),
    total,
    async close() {
      try {
        await conn.run(`drop table if exists ${STAGE}`);
      } finally {
        conn.release();
      }
    },
  };
}

/** Stores `events`, adding what it stored to `total`. */
async function storeAll(
  conn: ImportConn,
  now: string,
  events: Map<string, NotificationEvent[]>,
  preferences: Preferences,
  total: { notifications: number; queued: number; byKind: Partial<Record<NotificationKind, number>> },
): Promise<void> {
  const { byKind } = total;
  const stage = conn.inserter(STAGE, STAGE_COLUMNS);
  let staged = 0;
  const storeStaged = async () => {
    if (staged === 0) return;
    await stage.flush();
    await conn.transaction(async () => {
      const [top] = await conn.all<{ id: number | string | null }>(`select max(id) as id from notifications`);
      const from = Number(top?.id ?? 0);
      // Events told before conflict on (ada, event_key) and are left as they were; the rest get
      // their ids in the order staged.
      total.notifications += await conn.run(
        `insert into notifications (ada, kind, event_key, month, title, body, link, params, created_at, read_at)
         select ada, kind, event_key, month, title, body, link, params, ?, null from ${STAGE} where true order by seq
         on conflict (ada, event_key) do nothing`,
        [now],
      );
      // The rows just stored are those past `from`: the transaction holds the write lock (on
      // PostgreSQL the import's lock, which every store takes).
      for (const channel of PUSH)
        total.queued += await conn.run(
          `insert into notification_outbox (notification_id, ada, channel, idempotency_key, status, attempts, due_at, claimed_until, sent_at, last_error)
           select n.id, n.ada, ?, ${concatId(conn)} || ?, 'pending', 0, ?, null, null, null
           from notifications n join ${STAGE} s on s.ada = n.ada and s.event_key = n.event_key
           where n.id > ? and s.push_${channel} = 1 order by n.id
           on conflict (idempotency_key) do nothing`,
          [channel, `:${channel}`, now, from],
        );
      for (const r of await conn.all<{ kind: NotificationKind; n: number | string }>(
        `select kind, count(*) as n from notifications where id > ? group by kind`,
        [from],
      ))
        byKind[r.kind] = (byKind[r.kind] ?? 0) + Number(r.n);
      // PostgreSQL never vacuums a temporary table: deleted rows stay behind, and every later
      // batch's scans of the stage read them all (a month's end at 1 000 000 members spent most of
      // its 240 s of telling everyone so). TRUNCATE gives the space back; SQLite's unqualified
      // DELETE already does.
      await conn.run(conn.dialect === 'postgres' ? `truncate ${STAGE}` : `delete from ${STAGE}`);
    });
    staged = 0;
  };
  let seq = 0;
  for (const [ada, list] of events) {
    const prefs = preferences.get(ada);
    // Listed newest first (by id): the most telling event of a close is stored last, to lead the list.
    for (const e of [...list].sort((a, b) => LEAD[b.kind] - LEAD[a.kind])) {
      const sent = stage.add([
        seq++,
        ada,
        e.kind,
        e.key,
        e.month,
        JSON.stringify(e.title),
        JSON.stringify(e.body),
        e.link,
        JSON.stringify(e.params),
        ...PUSH.map((c) => (pushesTo(prefs, e.kind, c) ? 1 : 0)),
      ]);
      if (sent) await sent;
      staged++;
    }
    // A member's events stay in one transaction.
    if (staged >= ROWS_PER_TRANSACTION) await storeStaged();
  }
  await storeStaged();
}

/** The notification id as text: PostgreSQL's bigint needs the cast to concatenate. */
const concatId = (conn: ImportConn) => (conn.dialect === 'postgres' ? 'n.id::text' : 'n.id');
