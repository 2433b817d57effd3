import { sql, type Kysely } from 'kysely';

/**
 * A member's number (distributors.member_no): what the pages' member references (`?ref=m…`,
 * lib/member-ref.ts) and stored notifications name a member by. It was the tree position, which
 * moves for most of the tree whenever a member joins (an hourly import), so a link kept from
 * before pointed at someone else. The number is given once and never changes: here the tree
 * position of today, so every reference handed out so far still names the member it named; a
 * member who joins later gets the next number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('distributors')
    .addColumn('member_no', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update distributors set member_no = tree_pos`.execute(db);
  await db.schema.createIndex('distributors_member_no').on('distributors').column('member_no').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('distributors_member_no').execute();
  await db.schema.alterTable('distributors').dropColumn('member_no').execute();
}
