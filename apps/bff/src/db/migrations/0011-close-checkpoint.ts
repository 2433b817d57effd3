import { sql, type Kysely } from 'kysely';

/**
 * What the last closed month left for the next close (the engine's PeriodState, packages/plan
 * close-period.ts), one row per distributor: the pin, the PY's pin counters, the PY's annual tally
 * and the claw-back debit. An hourly close starts from it at the next month instead of re-running
 * every month since the first order (close/checkpoint.ts). Each row also keeps the member's tree
 * facts it was computed on (sponsor, join date, pin held before the history): a row that no longer
 * matches makes the close start from the first month again. The close rewrites it whenever it
 * closes a month; `--replace` empties it.
 *
 * A customer's first order is looked up by customer: the close counts an open month's new
 * customers without reading every earlier order. And monthly results are found by month: the
 * close's comparisons and deletes of the open months, and the notifications' reads of a month,
 * no longer scan every month of every distributor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
  await db.schema
    .createIndex('orders_customer_first')
    .on('orders')
    .columns(['customer_id', 'ordered_at', 'order_id'])
    .where(sql.ref('customer_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('monthly_results_month').on('monthly_results').columns(['month', 'ada']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('monthly_results_month').execute();
  await db.schema.dropIndex('orders_customer_first').execute();
  await db.schema.dropTable('close_checkpoint').execute();
}
