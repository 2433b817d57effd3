import { paymentDateOf } from '@abo/plan';
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/**
 * Every statement has a payment date, `paid_on` (`YYYY-MM-DD`): the calendar-year tax views
 * count a statement in the year it was paid (packages/plan/README.md, "payment date"). The
 * close writes it; the statements already there get theirs from the rule of their month's PY.
 * Not null, so no writer can leave it out: PostgreSQL adds the column, fills it and then
 * forbids null; SQLite cannot add a not-null column without a default, so the table is
 * rebuilt with it (still clustered on its key) and the rows copied across in key order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ month: string }>`select distinct month from statements`.execute(db);
  // One CASE over the stored months (a few dozen): the rule runs here, in TypeScript, once a month.
  const paidOn =
    rows.length === 0
      ? sql<string>`null`
      : sql<string>`case month ${sql.join(
          rows.map((r) => sql`when ${r.month} then ${paymentDateOf(r.month)}`),
          sql` `,
        )} end`;

  if (isPostgres(db)) {
    await db.schema.alterTable('statements').addColumn('paid_on', 'text').execute();
    await sql`update statements set paid_on = ${paidOn}`.execute(db);
    await db.schema
      .alterTable('statements')
      .alterColumn('paid_on', (c) => c.setNotNull())
      .execute();
    return;
  }

  await db.schema
    .createTable('statements_0004')
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('pretax_fen', 'bigint', (c) => c.notNull())
    .addColumn('tax_fen', 'bigint', (c) => c.notNull())
    .addColumn('net_fen', 'bigint', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('statements_pk', ['ada', 'month'])
    .modifyEnd(sql`without rowid`)
    .execute();
  await sql`insert into statements_0004 (ada, month, pretax_fen, tax_fen, net_fen, items, paid_on)
    select ada, month, pretax_fen, tax_fen, net_fen, items, ${paidOn} from statements order by ada, month`.execute(db);
  await db.schema.dropTable('statements').execute();
  await db.schema.alterTable('statements_0004').renameTo('statements').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('statements').dropColumn('paid_on').execute();
}
