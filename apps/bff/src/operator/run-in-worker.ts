// The import and the close of an import run on a worker thread (run-worker.ts), behind the same
// signatures as importDirectory and closeMonths, so the runner (runner.ts) does not know where they
// run. Each step starts a thread with a connection of its own and ends it; errors come back as the
// classes the runner tells apart (ImportRejected with its issues, the conflicts, usage errors).
import type { CloseSummary, closeMonths } from '../close/close.ts';
import { CloseConflictError, CloseRefusedError, CloseUsageError } from '../close/close.ts';
import { dialectOf, rawPostgres, rawSqlite, type DB } from '../db/index.ts';
import { postgresSchema } from '../db/postgres.ts';
import { ImportConflictError, ImportUsageError, type importDirectory } from '../import/import.ts';
import { ImportRejected, IssueList } from '../import/issues.ts';
import type { ImportSummary } from '../import/summary.ts';
import { startWorker } from '../lib/worker-thread.ts';
import type { RunJob, RunWorkerData, RunWorkerReply, SentError } from './run-worker-protocol.ts';

/** The error the worker sent, as its class again. */
function received(e: SentError): Error {
  switch (e.name) {
    case 'ImportRejected': {
      const list = new IssueList();
      list.sink().addCounted(e.issues ?? [], e.total ?? 0);
      return new ImportRejected(list);
    }
    case 'ImportConflictError':
      return new ImportConflictError();
    case 'ImportUsageError':
      return new ImportUsageError(e.message);
    case 'CloseConflictError':
      return new CloseConflictError();
    case 'CloseRefusedError':
      return new CloseRefusedError(e.message);
    case 'CloseUsageError':
      return new CloseUsageError(e.message);
    default: {
      const err = new Error(`${e.name}: ${e.message}`);
      if (e.stack) err.stack = e.stack;
      return err;
    }
  }
}

/** Where the worker finds the server's database. */
function whereIs(db: DB): Pick<RunWorkerData, 'sqlite' | 'postgres'> {
  if (dialectOf(db) === 'sqlite') return { sqlite: rawSqlite(db)!.name };
  const url = (rawPostgres(db) as unknown as { options: { connectionString: string } }).options.connectionString;
  const schema = postgresSchema(db);
  return { postgres: { url, ...(schema ? { schema } : {}) } };
}

function runJob<T>(db: DB, job: RunJob, progress: ((p: { phase: string; done: number; total: number }) => void) | undefined): Promise<T> {
  const data: RunWorkerData = { ...whereIs(db), job };
  const worker = startWorker(new URL('./run-worker.ts', import.meta.url), 'run-worker', data);
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const end = (f: () => void) => {
      if (settled) return;
      settled = true;
      f();
    };
    worker.on('message', (m: RunWorkerReply) => {
      if ('progress' in m) progress?.(m.progress);
      else if ('done' in m) end(() => resolve(m.done as T));
      else end(() => reject(received(m.failed)));
    });
    worker.on('error', (err) => end(() => reject(err)));
    worker.on('exit', (code) => end(() => reject(new Error(`the import worker stopped (exit code ${code})`))));
  });
}

/** importDirectory and closeMonths on worker threads. */
export const workerSteps: { importDirectory: typeof importDirectory; closeMonths: typeof closeMonths } = {
  importDirectory: (db, opts) =>
    runJob<ImportSummary>(
      db,
      { kind: opts.checkOnly ? 'check' : 'import', dir: opts.dir, replace: opts.replace ?? false, today: opts.today },
      opts.progress,
    ),
  closeMonths: (db, opts) => runJob<CloseSummary>(db, { kind: 'close', today: opts.today }, opts.progress),
};
