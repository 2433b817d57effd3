import type { Kysely } from 'kysely';

/**
 * The income certificates issued (issue #32, db/certificate-issues.ts): one row per verification
 * code, with whose certificate it is, its kind and period, when it was issued, the SHA-256 of the
 * amounts it prints (documents/certificate-digest.ts) and those totals as JSON. The unique index
 * makes issuing idempotent: the same person, kind, period and amounts keep their code; changed
 * amounts (a correction) get a new row. `last_issued_at`/`_on` move with every issue of the row
 * (a re-download), so amounts corrected and then put back make the first row current again.
 * Timestamps are ISO-8601 UTC text, as elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificate_issues')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('last_issued_at', 'text', (c) => c.notNull())
    .addColumn('last_issued_on', 'text', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('totals', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('certificate_issues_amounts')
    .on('certificate_issues')
    .columns(['ada', 'kind', 'period', 'digest'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certificate_issues').ifExists().execute();
}
