// Storing a close's notifications (notifications/produce.ts makes them): each event once per
// distributor and event key (the unique index on notifications (ada, event_key)), with an outbox
// row for every push channel the distributor's preferences allow.
import type { NotificationEvent } from '@abo/plan';
import type { NotificationKind, PushChannel } from '@abo/contract';
import { rawSqlite, type DB } from '../db/index.ts';
import { pushesTo, type allPreferences } from './preferences.ts';

export interface ProduceSummary {
  /** Notifications stored by this run (events told before are not counted). */
  readonly notifications: number;
  /** Outbox rows queued for the push channels. */
  readonly queued: number;
  readonly byKind: Readonly<Partial<Record<NotificationKind, number>>>;
}

const ROWS_PER_INSERT = 500;
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

/** A push queued for a stored notification (notification_outbox, pending from now). */
interface OutboxRow {
  readonly notification_id: number | string;
  readonly ada: string;
  readonly channel: PushChannel;
  readonly idempotency_key: string;
  readonly due_at: string;
}

/** Stores one run's events, once each, and queues their pushes. */
export async function storeEvents(
  db: DB,
  at: Date,
  events: Map<string, NotificationEvent[]>,
  preferences: Awaited<ReturnType<typeof allPreferences>>,
): Promise<ProduceSummary> {
  const now = at.toISOString();
  const rows = [...events].flatMap(([ada, list]) =>
    // Listed newest first (by id): the most telling event of a close is stored last, to lead the list.
    [...list]
      .sort((a, b) => LEAD[b.kind] - LEAD[a.kind])
      .map((e) => ({
        ada,
        kind: e.kind,
        event_key: e.key,
        month: e.month,
        title: JSON.stringify(e.title),
        body: JSON.stringify(e.body),
        link: e.link,
        params: JSON.stringify(e.params),
        created_at: now,
        read_at: null,
      })),
  );
  let notifications = 0;
  let queued = 0;
  const byKind: Partial<Record<NotificationKind, number>> = {};
  // A transaction per chunk, each storing its notifications with their pushes: a month-end's
  // hundreds of thousands of rows in one would hold SQLite's write lock past another process's
  // busy timeout (a sign-in). A chunk stored is never stored again (the unique event key).
  const told = (n: { id: number | string; ada: string; kind: string }, queue: (row: OutboxRow) => void) => {
    const kind = n.kind as NotificationKind;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    notifications++;
    for (const channel of PUSH) {
      if (!pushesTo(preferences.get(n.ada), kind, channel)) continue;
      queue({ notification_id: n.id, ada: n.ada, channel, idempotency_key: `${n.id}:${channel}`, due_at: now });
      queued++;
    }
  };
  const sqlite = rawSqlite(db);
  if (sqlite) {
    // On SQLite, a prepared statement a row: a first load tells a million members, and building
    // and parsing multi-row INSERTs took a quarter of the store (bench/README.md).
    const insert = sqlite.prepare(
      `insert into notifications (ada, kind, event_key, month, title, body, link, params, created_at, read_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, null) on conflict (ada, event_key) do nothing`,
    );
    const push = sqlite.prepare(
      `insert into notification_outbox (notification_id, ada, channel, idempotency_key, status, attempts, due_at)
       values (?, ?, ?, ?, 'pending', 0, ?)`,
    );
    const queue = (o: OutboxRow) => push.run(o.notification_id, o.ada, o.channel, o.idempotency_key, o.due_at);
    const store = sqlite.transaction((chunk: typeof rows) => {
      for (const r of chunk) {
        const done = insert.run(r.ada, r.kind, r.event_key, r.month, r.title, r.body, r.link, r.params, r.created_at);
        // Events told before conflict on (ada, event_key) and are left as they were.
        if (done.changes === 1) told({ id: Number(done.lastInsertRowid), ada: r.ada, kind: r.kind }, queue);
      }
    });
    // Kysely's connection is held meanwhile: no query of its own runs inside this transaction.
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows.slice(i, i + ROWS_PER_INSERT);
      await db.connection().execute(async () => store(chunk));
    }
    return { notifications, queued, byKind };
  }
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    await db.transaction().execute(async (tx) => {
      // Events told before conflict on (ada, event_key) and are left as they were.
      const inserted = await tx
        .insertInto('notifications')
        .values(chunk)
        .onConflict((oc) => oc.columns(['ada', 'event_key']).doNothing())
        .returning(['id', 'ada', 'kind'])
        .execute();
      const outbox: OutboxRow[] = [];
      for (const n of inserted) told(n, (o) => outbox.push(o));
      if (outbox.length > 0) {
        const values = outbox.map((o) => ({
          ...o,
          status: 'pending',
          attempts: 0,
          claimed_until: null,
          sent_at: null,
          last_error: null,
        }));
        await tx.insertInto('notification_outbox').values(values).execute();
      }
    });
  }
  return { notifications, queued, byKind };
}
