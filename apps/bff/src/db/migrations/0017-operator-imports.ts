import { sql, type Kysely } from 'kysely';

/**
 * The operators' import page (issue #35, docs/operators.md):
 * - credentials.role: a staff account is customer service ('service', every staff account so far)
 *   or an operator ('operator', who loads the day's files); empty for distributors' sign-ins;
 * - import_runs: one row per upload, from its check to its import and close (operator/runs.ts).
 *   `busy_slot` is 1 while the run is checked, imported or closed and null otherwise: its unique
 *   index lets one run at a time be busy on the whole database, in every process. `lease_until`
 *   (ISO time) is pushed forward while the process works on it: a busy run whose lease expired
 *   belongs to a process that stopped;
 * - audit_log_at: the audit export reads a range of days, the retention deletes by `at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('credentials')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update credentials set role = 'service' where kind = 'staff'`.execute(db);

  await db.schema
    .createTable('import_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('replace', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_by', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('issues', 'text')
    .addColumn('check_counts', 'text')
    .addColumn('imported', 'text')
    .addColumn('close_result', 'text')
    .addColumn('progress', 'text')
    .addColumn('error', 'text')
    .addColumn('busy_slot', 'integer')
    .addColumn('lease_until', 'text')
    .execute();
  await db.schema.createIndex('import_runs_busy').on('import_runs').column('busy_slot').unique().execute();
  await db.schema.createIndex('import_runs_uploaded_at').on('import_runs').column('uploaded_at').execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_at').ifExists().execute();
  await db.schema.dropTable('import_runs').ifExists().execute();
  await db.schema.alterTable('credentials').dropColumn('role').execute();
}
