import type { CreateTableBuilder, Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/**
 * Notifications (README "Notifications"; packages/contract/src/notifications.ts):
 *   - notifications: what the import and the close produced, one row per distributor and event
 *     key (the unique index makes every event once only, however often a close runs);
 *     `title`, `body` and `params` are JSON (the engine's bilingual texts, the template values).
 *   - notification_outbox: one row per notification and push channel, what the delivery worker
 *     claims (`claimed_until` is a lease: a worker that dies leaves the row to be claimed again
 *     when it runs out), sends with `idempotency_key` and records. Due rows are found through
 *     (status, due_at).
 *   - notification_preferences: per distributor, the kinds and channels pushed and quiet hours;
 *     a distributor without a row gets every kind on every channel at any time.
 *   - notification_addresses: where a channel reaches a distributor (WeChat: the openid of the
 *     official account, recorded at WeChat sign-in).
 * Timestamps are ISO-8601 UTC text, as elsewhere, so they compare as strings on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = <T extends string>(t: CreateTableBuilder<T>) =>
    isPostgres(db)
      ? t.addColumn('id', 'bigserial', (col) => col.primaryKey())
      : t.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  await id(db.schema.createTable('notifications'))
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('month', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_ada_event').unique().on('notifications').columns(['ada', 'event_key']).execute();
  await db.schema.createIndex('notifications_ada_id').on('notifications').columns(['ada', 'id']).execute();

  await id(db.schema.createTable('notification_outbox'))
    .addColumn('notification_id', 'bigint', (c) => c.notNull())
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('notification_outbox_due').on('notification_outbox').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('notification_outbox_notification').on('notification_outbox').column('notification_id').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('ada', 'text', (c) => c.primaryKey())
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('quiet_from', 'text')
    .addColumn('quiet_to', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notification_addresses')
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_addresses_pk', ['ada', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['notification_addresses', 'notification_preferences', 'notification_outbox', 'notifications'])
    await db.schema.dropTable(t).ifExists().execute();
}
