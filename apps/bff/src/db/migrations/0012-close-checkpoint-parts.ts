import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/**
 * The saved state of the close (close/checkpoint.ts) in a few binary parts instead of one row per
 * distributor: the hourly close read 100 000 rows of it every time (issue #30). A part is one
 * array of every member (their ADAs, their tree facts, each counter of the engine's state), and
 * the open months' figures as the last close wrote them, so the next one finds what moved without
 * reading every open row back.
 *
 * The rows kept in the old form are not converted: the next close runs from the first month
 * once (as with no saved state) and saves the parts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('close_checkpoint').execute();
  await sql`delete from meta where key = 'close_checkpoint'`.execute(db);
  await db.schema
    .createTable('close_checkpoint')
    .addColumn('part', 'text', (c) => c.primaryKey())
    .addColumn('data', isPostgres(db) ? sql`bytea` : sql`blob`, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('close_checkpoint').execute();
  await sql`delete from meta where key = 'close_checkpoint'`.execute(db);
  // The table of 0011 alone (its indexes are still there).
  await db.schema
    .createTable('close_checkpoint')
    .addColumn('ada', 'text', (c) => c.primaryKey())
    .addColumn('sponsor_ada', 'text')
    .addColumn('join_date', 'text', (c) => c.notNull())
    .addColumn('pin_held', 'integer')
    .addColumn('pin_code', 'integer', (c) => c.notNull())
    .addColumn('pin_month', 'integer', (c) => c.notNull())
    .addColumn('qualified', 'integer', (c) => c.notNull())
    .addColumn('sp_months', 'integer', (c) => c.notNull())
    .addColumn('sp_run', 'integer', (c) => c.notNull())
    .addColumn('max_sp_run', 'integer', (c) => c.notNull())
    .addColumn('side_volume_months', 'integer', (c) => c.notNull())
    .addColumn('q_months', 'integer', (c) => c.notNull())
    .addColumn('qualified_legs', 'integer', (c) => c.notNull())
    .addColumn('founders_legs', 'integer', (c) => c.notNull())
    .addColumn('best_pgpv', 'integer', (c) => c.notNull())
    .addColumn('units', 'double precision', (c) => c.notNull())
    .addColumn('q_group_pgbv_fen', 'double precision', (c) => c.notNull())
    .addColumn('debit_fen', 'double precision', (c) => c.notNull())
    .addColumn('debit_since', 'integer', (c) => c.notNull())
    .execute();
}
