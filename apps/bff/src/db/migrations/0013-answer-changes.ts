import type { Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/**
 * Which members an hourly import or close touched (db/data-version.ts): every process keeps the
 * answers it derived for the others instead of deriving every answer again after each hour
 * (issue #30). One row per write: the touched members and all their uplines, one ADA a line.
 * A whole replacement (seed, `--replace`, a month-end close) moves meta `seeded_at` instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('answer_changes')
    .addColumn('seq', 'integer', (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('adas', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('answer_changes').execute();
}
