// The reads and writes behind /bff/v1/notifications/*: a distributor's notifications newest
// first, the unread count, read marks, and (for staff) how each push went.
import type { DB } from '../../db/index.ts';
import type { NotificationOutboxTable, NotificationsTable } from '../../db/schema.ts';

export type NotificationRow = Omit<NotificationsTable, 'id'> & { id: number | string };
export type OutboxRow = Pick<NotificationOutboxTable, 'notification_id' | 'channel' | 'status' | 'sent_at' | 'last_error'> & {
  attempts: number;
};

/** A page of notifications, newest first, before the id `before`; one row more than `limit` says there is a next page. */
export async function notificationPage(
  db: DB,
  ada: string,
  opts: { before?: number; limit: number; unreadOnly: boolean },
): Promise<NotificationRow[]> {
  let q = db.selectFrom('notifications').selectAll().where('ada', '=', ada);
  if (opts.before !== undefined) q = q.where('id', '<', opts.before);
  if (opts.unreadOnly) q = q.where('read_at', 'is', null);
  return q
    .orderBy('id', 'desc')
    .limit(opts.limit + 1)
    .execute();
}

export async function unreadCount(db: DB, ada: string): Promise<number> {
  const r = await db
    .selectFrom('notifications')
    .select((e) => e.fn.countAll<number | string>().as('n'))
    .where('ada', '=', ada)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Marks the named notifications (or all) read; those read before keep their time. */
export async function markRead(db: DB, ada: string, ids: readonly number[] | 'all', now: string): Promise<void> {
  if (ids !== 'all' && ids.length === 0) return;
  let q = db.updateTable('notifications').set({ read_at: now }).where('ada', '=', ada).where('read_at', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids);
  await q.execute();
}

/** The pushes of these notifications (staff's view of a distributor's history). */
export async function outboxOf(db: DB, notificationIds: readonly number[]): Promise<OutboxRow[]> {
  if (notificationIds.length === 0) return [];
  return db
    .selectFrom('notification_outbox')
    .select(['notification_id', 'channel', 'status', 'attempts', 'sent_at', 'last_error'])
    .where('notification_id', 'in', notificationIds)
    .orderBy('id')
    .execute();
}
