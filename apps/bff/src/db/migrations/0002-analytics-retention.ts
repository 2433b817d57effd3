import type { Kysely } from 'kysely';

/**
 * The housekeeping timer deletes analytics events older than ANALYTICS_RETENTION_DAYS in
 * batches by `at` (routes/analytics/analytics-store.ts): an index keeps each batch from
 * scanning the whole table, on SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('analytics_events_at').on('analytics_events').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('analytics_events_at').ifExists().execute();
}
