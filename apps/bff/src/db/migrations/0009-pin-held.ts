import type { Kysely } from 'kysely';

/**
 * The pin a distributor held before the imported history (distributors.csv `pin_held`,
 * docs/data-import.md): the close starts each member's pin from it instead of Member, and a pin at
 * or below it is never news. Null: none before the history (the rows already there, the demo).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('distributors').addColumn('pin_held', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('distributors').dropColumn('pin_held').execute();
}
