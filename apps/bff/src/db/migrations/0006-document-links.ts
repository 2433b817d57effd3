import type { Kysely } from 'kysely';

/**
 * One-time links to a statement, certificate or income spreadsheet (routes/documents): the
 * web app asks for a link, then downloads or opens /bff/files/<token>. Only hashes of the link's
 * token and of the browser cookie it is bound to are kept, with whose document it is and what
 * it holds (the request as JSON); `used_at` is set once by the conditional UPDATE that hands the
 * file out, and the housekeeping timer deletes links once they have expired. Timestamps are
 * ISO-8601 UTC text, as in session_tokens, so they compare as strings on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('cookie_hash', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('staff', 'integer', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('document_links_expires_at').on('document_links').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_links').ifExists().execute();
}
