// The import runs of the operators' import page (issue #35): one row per upload in import_runs,
// from its check to its import and close. One run at a time is busy (checking, importing or
// closing) on the whole database: its `busy_slot` is 1 and a unique index refuses a second one,
// whichever process asks. The process working on a run pushes its lease forward; a busy run
// whose lease expired belongs to a process that stopped and is failed when next read.
import type { ImportFileName, ImportRunStatus } from '@abo/contract';
import type { Selectable } from 'kysely';
import type { DB } from '../db/index.ts';
import type { ImportRunsTable } from '../db/schema.ts';

/** The statuses of a run being worked on. */
export const BUSY_STATUSES: readonly ImportRunStatus[] = ['checking', 'importing', 'closing'];
export const STOPPED_MESSAGE =
  'the server stopped while this run was under way; nothing of it is being done any more: upload the files again';

export interface RunFile {
  name: ImportFileName;
  bytes: number;
  sha256: string;
}

export interface CloseResult {
  closed: string[];
  closedThrough: string | null;
  open: string[];
  distributors: number;
  summary: string;
  seconds: number;
}

/** Another run is busy: the one-at-a-time refusal (upload and confirm). */
export class RunBusyError extends Error {
  constructor(readonly busy: string | null) {
    super(
      `another import is under way${busy ? ` (run ${busy})` : ''}: one run at a time is checked, imported or closed; wait until it has finished`,
    );
    this.name = 'RunBusyError';
  }
}

export type RunRow = Selectable<ImportRunsTable>;
type Row = RunRow;

/** A unique index refused the row: another run holds the busy slot. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

/** Busy runs whose lease expired (their process stopped) become failed; answers how many. */
export async function expireStaleRuns(db: DB, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable('import_runs')
    .set({ status: 'failed', error: STOPPED_MESSAGE, busy_slot: null, lease_until: null, progress: null, finished_at: at })
    .where('busy_slot', '=', 1)
    .where('lease_until', '<', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The id of the run being worked on now, if any (stale ones failed first). */
export async function busyRun(db: DB, now = new Date()): Promise<string | null> {
  await expireStaleRuns(db, now);
  const row = await db.selectFrom('import_runs').select('id').where('busy_slot', '=', 1).executeTakeFirst();
  return row?.id ?? null;
}

/** A run's status (null: no such run). */
export async function runStatus(db: DB, id: string): Promise<string | null> {
  return (await db.selectFrom('import_runs').select('status').where('id', '=', id).executeTakeFirst())?.status ?? null;
}

export async function readRun(db: DB, id: string, now = new Date()): Promise<Row | undefined> {
  await expireStaleRuns(db, now);
  return db.selectFrom('import_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listRuns(db: DB, limit: number, now = new Date()): Promise<Row[]> {
  await expireStaleRuns(db, now);
  return db.selectFrom('import_runs').selectAll().orderBy('uploaded_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Stores a new run, checking, as the busy one: RunBusyError when another run is busy. */
export async function insertCheckingRun(
  db: DB,
  run: { id: string; replace: boolean; files: readonly RunFile[]; uploadedBy: string },
  leaseMs: number,
  now = new Date(),
): Promise<Row> {
  await expireStaleRuns(db, now);
  try {
    await db
      .insertInto('import_runs')
      .values({
        id: run.id,
        status: 'checking',
        replace: run.replace ? 1 : 0,
        files: JSON.stringify(run.files),
        uploaded_by: run.uploadedBy,
        uploaded_at: now.toISOString(),
        issues: JSON.stringify({ total: 0, shown: [] }),
        busy_slot: 1,
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new RunBusyError(await busyRun(db, now));
    throw err;
  }
  return (await db.selectFrom('import_runs').selectAll().where('id', '=', run.id).executeTakeFirst())!;
}

/**
 * Takes a checked run to importing, as the busy one: false when it is not checked (any more);
 * RunBusyError when another run is busy.
 */
export async function claimForImport(db: DB, id: string, by: string, leaseMs: number, now = new Date()): Promise<boolean> {
  await expireStaleRuns(db, now);
  try {
    const result = await db
      .updateTable('import_runs')
      .set({
        status: 'importing',
        confirmed_by: by,
        confirmed_at: now.toISOString(),
        busy_slot: 1,
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
        progress: null,
      })
      .where('id', '=', id)
      .where('status', '=', 'checked')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  } catch (err) {
    if (isUniqueViolation(err)) throw new RunBusyError(await busyRun(db, now));
    throw err;
  }
}

/** Drops a checked or rejected run: false when it is in another status. */
export async function discardRun(db: DB, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('import_runs')
    .set({ status: 'discarded', finished_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['checked', 'rejected'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a worker writes as it goes: only while the run is still busy with `status` (a stale one was failed meanwhile). */
export async function updateBusyRun(db: DB, id: string, status: ImportRunStatus, set: Partial<Omit<Row, 'id'>>): Promise<boolean> {
  const result = await db
    .updateTable('import_runs')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', status)
    .where('busy_slot', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
