// Worker thread of one step of an import run (run-in-worker.ts): the check, the import or the
// close on a database connection of its own, so the server's thread keeps answering pages while
// the files are read, checked and written (SQLite's synchronous statements would stall it).
// Progress goes back as messages; the result or the error (by class name) ends the thread.
import { parentPort, workerData } from 'node:worker_threads';
import { closeMonths } from '../close/close.ts';
import { closeDatabase, openPostgres, openSqlite } from '../db/index.ts';
import { importDirectory } from '../import/import.ts';
import { ImportRejected } from '../import/issues.ts';
import type { RunWorkerData, RunWorkerReply, SentError } from './run-worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('run-worker must run as a worker thread');
const data = workerData as RunWorkerData;
const send = (m: RunWorkerReply) => port.postMessage(m);

function sent(err: unknown): SentError {
  if (err instanceof ImportRejected) return { name: err.name, message: err.message, issues: [...err.issues], total: err.total };
  if (err instanceof Error) return { name: err.name, message: err.message, ...(err.stack ? { stack: err.stack } : {}) };
  return { name: 'Error', message: String(err) };
}

async function main(): Promise<void> {
  const db = data.sqlite ? openSqlite(data.sqlite) : openPostgres(data.postgres!.url, { schema: data.postgres!.schema, poolSize: 2 });
  const { job } = data;
  const progress = (p: { phase: string; done: number; total: number }) =>
    send({ progress: { phase: p.phase, done: p.done, total: p.total } });
  try {
    if (job.kind === 'close') {
      // Who moved is the close's own business, and may be every member: not sent.
      const { moved: _moved, ...summary } = await closeMonths(db, { today: job.today, progress });
      send({ done: summary });
    } else {
      const summary = await importDirectory(db, {
        dir: job.dir!,
        replace: job.replace ?? false,
        today: job.today,
        checkOnly: job.kind === 'check',
        progress,
      });
      send({ done: summary });
    }
  } catch (err) {
    send({ failed: sent(err) });
  } finally {
    await closeDatabase(db);
  }
}

void main();
