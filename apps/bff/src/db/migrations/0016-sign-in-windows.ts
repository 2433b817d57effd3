import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/**
 * The sign-in budget's windows, shared by every process on one PostgreSQL (issue #35,
 * routes/idp/sign-in-budget.ts): one row per account or client address with the attempts of its
 * current window. SQLite has the table too (one schema for both) but keeps the budget in memory.
 * `ends_at` is in milliseconds since the epoch; expired rows are deleted by the budget itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_windows')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_windows_pk', ['kind', 'key'])
    .modifyEnd(isPostgres(db) ? sql`` : sql`without rowid`)
    .execute();
  await db.schema.createIndex('sign_in_windows_ends_at').on('sign_in_windows').column('ends_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_windows').ifExists().execute();
}
