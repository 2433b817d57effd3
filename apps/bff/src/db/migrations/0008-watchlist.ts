import type { Kysely } from 'kysely';

/**
 * The market watchlist (packages/contract/src/watchlist.ts, routes/incentive/watchlist-routes.ts):
 * one row per distributor and member they starred, with the note only they read. The member is
 * kept by ADA, not by tree position, so a star follows the member when an import moves the tree;
 * a member who left the distributor's downline is simply not listed. Timestamps are ISO-8601 UTC
 * text, as elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('watchlist')
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('member_ada', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watchlist_pk', ['ada', 'member_ada'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('watchlist').ifExists().execute();
}
