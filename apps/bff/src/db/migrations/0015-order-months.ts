import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/**
 * Each member's orders of a month, summed: PV, BV and the customers whose first purchase it
 * holds (import/order-months.ts). The month close reads a month's rows here by its key instead
 * of grouping the month's orders and looking each customer's first order up (issue #30); the
 * import keeps it with the orders. Filled here from the orders already imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_months')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('pv', 'integer', (c) => c.notNull())
    .addColumn('bv_fen', 'bigint', (c) => c.notNull())
    .addColumn('new_customers', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_months_pk', ['month', 'ada'])
    .modifyEnd(isPostgres(db) ? sql`` : sql`without rowid`)
    .execute();
  // As import/order-months.ts rebuildOrderMonths sums them (a copy: a migration stays as it was run).
  await sql`insert into order_months (month, ada, pv, bv_fen, new_customers)
    select month, ada, sum(pv), sum(bv_fen), sum(first) from (
      select month, ada, pv, bv_fen, 0 as first from orders
      union all
      select month, ada, 0, 0, 1 from (
        select month, ada, row_number() over (partition by customer_id order by ordered_at, order_id) as k
        from orders where customer_id is not null and pv > 0
      ) f where k = 1
    ) t group by month, ada`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_months').ifExists().execute();
}
