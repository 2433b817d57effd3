import type { Kysely } from 'kysely';

/**
 * The orders' own BV through the close (packages/plan README, "BV"): fees are paid on the BV the
 * orders carry, not PV × the PY's ratio, so a leg's BV is stored beside its PV for the per-leg
 * lines and the what-if: `gbv_fen` and `pgbv_fen` (group and personal-group BV), `pearl_pass_bv_fen`
 * (pearl_pass_pv in BV). With returns a leg below 21 % can hold 21 % groups whose leadership
 * goes on to the first 21 % upline: `lead_legs` counts them and `lead_base_bv_fen` is their
 * positive personal-group BV. Rows closed before this migration keep null there: they were paid
 * on PV × the PY's ratio, which is what the engine assumes for a leg without BV.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['gbv_fen', 'pgbv_fen', 'pearl_pass_bv_fen', 'lead_base_bv_fen']) {
    await db.schema.alterTable('monthly_results').addColumn(column, 'bigint').execute();
  }
  await db.schema.alterTable('monthly_results').addColumn('lead_legs', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['lead_legs', 'lead_base_bv_fen', 'pearl_pass_bv_fen', 'pgbv_fen', 'gbv_fen']) {
    await db.schema.alterTable('monthly_results').dropColumn(column).execute();
  }
}
