import type { Kysely } from 'kysely';

/**
 * What each distributor passes up to its sponsor in a month, for the what-if of the open month
 * (packages/plan estimate.ts: a leg's leadership and its Pearl volume come from its whole
 * downline, not from its own group alone): `pearl_pass_pv`, the PGPV of the 21 % groups below it
 * that a Pearl above is paid on, and `leadership_up_fen`, the leadership it passes up. The close
 * writes both for every month; rows closed before this migration read 0 until the next close.
 * With them, `qualification_credits`: the Global Award credits the close counted when a PY
 * closed (its August row; 0 elsewhere), which Executive Diamond and above need (packages/plan
 * pins.ts) and a single distributor's history cannot count from its own rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('monthly_results')
    .addColumn('pearl_pass_pv', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('monthly_results')
    .addColumn('leadership_up_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('monthly_results')
    .addColumn('qualification_credits', 'real', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('monthly_results').dropColumn('qualification_credits').execute();
  await db.schema.alterTable('monthly_results').dropColumn('leadership_up_fen').execute();
  await db.schema.alterTable('monthly_results').dropColumn('pearl_pass_pv').execute();
}
