// Storing a close's notifications (notifications/produce.ts makes them): each event once per
// distributor and event key (the unique index on notifications (ada, event_key)), with an outbox
// row for every push channel the distributor's preferences allow.
import type { NotificationEvent } from '@abo/plan';
import type { NotificationKind, PushChannel } from '@abo/contract';
import type { DB } from '../db/index.ts';
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
      notifications += inserted.length;
      const outbox = [];
      for (const n of inserted) {
        const kind = n.kind as NotificationKind;
        byKind[kind] = (byKind[kind] ?? 0) + 1;
        for (const channel of PUSH) {
          if (!pushesTo(preferences.get(n.ada), kind, channel)) continue;
          outbox.push({
            notification_id: n.id,
            ada: n.ada,
            channel,
            idempotency_key: `${n.id}:${channel}`,
            status: 'pending',
            attempts: 0,
            due_at: now,
            claimed_until: null,
            sent_at: null,
            last_error: null,
          });
        }
      }
      if (outbox.length) await tx.insertInto('notification_outbox').values(outbox).execute();
      queued += outbox.length;
    });
  }
  return { notifications, queued, byKind };
}
