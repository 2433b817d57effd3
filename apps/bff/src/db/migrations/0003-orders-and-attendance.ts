import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/**
 * The raw facts a company feeds in (docs/data-import.md): orders and event attendance. The
 * month close derives monthly results, pins, statements and plan results from them and the
 * tree. Orders are keyed by the company's own order id, so importing the same file again adds
 * nothing; `ordered_at` is ISO text in China time and `month` its `YYYY-MM`, so the close reads a
 * month for the whole tree through (month, ada) and a member's history through (ada, month).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Short rows: clustered on the key in SQLite, as the per-month tables of 0001 are.
  const clustered = isPostgres(db) ? sql`` : sql`without rowid`;

  await db.schema
    .createTable('orders')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('ordered_at', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    // Negative for a return.
    .addColumn('pv', 'integer', (c) => c.notNull())
    .addColumn('bv_fen', 'bigint', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .modifyEnd(clustered)
    .execute();
  await db.schema.createIndex('orders_month_ada').on('orders').columns(['month', 'ada']).execute();
  await db.schema.createIndex('orders_ada_month').on('orders').columns(['ada', 'month']).execute();

  await db.schema
    .createTable('attendance')
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('event_code', 'text', (c) => c.notNull())
    .addColumn('attended_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_pk', ['ada', 'event_code', 'attended_on'])
    .modifyEnd(clustered)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attendance').ifExists().execute();
  await db.schema.dropTable('orders').ifExists().execute();
}
