// The work of an import run, in the background of the process that took it (routes/operator):
// the check (the import in check-only mode: read and checked exactly as an import, nothing
// written) after an upload, and the import and the month close after a confirmation. While it
// works the process pushes the run's lease forward and writes its progress (at most every
// PROGRESS_MS), so every process's `get` shows where it stands. The run's files are deleted once
// nothing can use them any more: at once after a rejection, after the import (done or failed),
// and when the operator discards the run.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportCounts, ImportIssueView, ImportRunStatus } from '@abo/contract';
import { CloseConflictError, CloseRefusedError, CloseUsageError, closeMonths, type CloseSummary } from '../close/close.ts';
import { formatCloseSummary } from '../close/summary-line.ts';
import type { DB } from '../db/index.ts';
import { chinaDay } from '../import/fields.ts';
import { ImportConflictError, importDirectory, ImportUsageError } from '../import/import.ts';
import { ImportRejected } from '../import/issues.ts';
import type { ImportSummary } from '../import/summary.ts';
import { updateBusyRun, type CloseResult } from './runs.ts';

/** A busy run's lease: a run not heard of for this long belongs to a process that stopped. */
export const LEASE_MS = 120_000;
const HEARTBEAT_MS = 10_000;
const PROGRESS_MS = 500;

export const SERVER_FAULT_MESSAGE = 'the import stopped on a server error; nothing was imported. The server log has the details';

export interface RunnerOptions {
  db: DB;
  /** DATA_DIR: the runs' files go to DATA_DIR/imports/<id>/. */
  dataDir: string;
  /** The business "today" (config.today). */
  today: () => Date;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  leaseMs?: number;
  heartbeatMs?: number;
  /** Replaces the import and the close (tests hold a run in the middle). */
  importDirectory?: typeof importDirectory;
  closeMonths?: typeof closeMonths;
}

/** An import summary as the contract shows it. */
function countsOf(s: ImportSummary): ImportCounts {
  return {
    distributors: { ...s.distributors },
    orders: { ...s.orders },
    attendance: { ...s.attendance },
    months: [...s.months],
    changed: s.changed,
  };
}

function closeResultOf(s: CloseSummary): CloseResult {
  return {
    closed: [...s.closed],
    closedThrough: s.closedThrough,
    open: [...s.open],
    distributors: s.distributors,
    summary: formatCloseSummary(s),
    seconds: s.seconds,
  };
}

const issuesOf = (err: ImportRejected): string =>
  JSON.stringify({
    total: err.total,
    shown: err.issues.map((i): ImportIssueView => ({ file: i.file, line: i.line, column: i.column, field: i.field, message: i.message })),
  });

export class ImportRunner {
  private readonly jobs = new Set<Promise<void>>();
  readonly leaseMs: number;
  private readonly heartbeatMs: number;

  constructor(private readonly opts: RunnerOptions) {
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
    this.heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  }

  /** DATA_DIR/imports: made 0700 (the files hold every distributor's personal data). */
  importsDir(): string {
    const dir = path.join(this.opts.dataDir, 'imports');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dir, 0o700);
    return dir;
  }

  folderOf(id: string): string {
    return path.join(this.opts.dataDir, 'imports', id);
  }

  removeFolder(id: string): void {
    fs.rmSync(this.folderOf(id), { recursive: true, force: true });
  }

  /** Resolves when no job of this process is running (the app's close, tests). */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  /** Checks an uploaded run (status 'checking') in the background. */
  startCheck(id: string, replace: boolean): void {
    this.spawn(id, 'checking', async (work) => {
      const today = chinaDay(this.opts.today());
      try {
        const summary = await (this.opts.importDirectory ?? importDirectory)(this.opts.db, {
          dir: this.folderOf(id),
          replace,
          today,
          checkOnly: true,
          progress: work.progress,
        });
        await work.finish({ status: 'checked', check_counts: JSON.stringify(countsOf(summary)) });
      } catch (err) {
        this.removeFolder(id);
        if (err instanceof ImportRejected) return work.finish({ status: 'rejected', issues: issuesOf(err) });
        if (err instanceof ImportUsageError) return work.finish({ status: 'failed', error: err.message });
        this.opts.log.error({ err, run: id }, 'import run check failed');
        return work.finish({ status: 'failed', error: SERVER_FAULT_MESSAGE });
      }
    });
  }

  /** Imports and closes a confirmed run (status 'importing') in the background. */
  startImport(id: string, replace: boolean): void {
    this.spawn(id, 'importing', async (work) => {
      const today = chinaDay(this.opts.today());
      let imported: ImportCounts | null = null;
      try {
        const summary = await (this.opts.importDirectory ?? importDirectory)(this.opts.db, {
          dir: this.folderOf(id),
          replace,
          today,
          progress: work.progress,
        });
        imported = countsOf(summary);
        await work.move('closing', { imported: JSON.stringify(imported) });
        const close = await (this.opts.closeMonths ?? closeMonths)(this.opts.db, { today, progress: work.progress });
        await work.finish({ status: 'done', close_result: JSON.stringify(closeResultOf(close)) });
      } catch (err) {
        if (err instanceof ImportRejected) {
          // The data changed since the check (another import): the files no longer pass it.
          return work.finish({
            status: 'rejected',
            issues: issuesOf(err),
            error: 'the files no longer pass the check (the data changed since it ran); nothing was imported',
          });
        }
        if (err instanceof ImportConflictError || err instanceof ImportUsageError)
          return work.finish({ status: 'failed', error: err.message });
        if (err instanceof CloseConflictError || err instanceof CloseRefusedError || err instanceof CloseUsageError) {
          return work.finish({ status: 'failed', error: `imported, but the close refused: ${err.message}` });
        }
        this.opts.log.error({ err, run: id }, 'import run failed');
        return work.finish({
          status: 'failed',
          error: imported
            ? 'imported, but the close stopped on a server error: the next import or `npm run close` closes the months. The server log has the details'
            : SERVER_FAULT_MESSAGE,
        });
      } finally {
        this.removeFolder(id);
      }
    });
  }

  /**
   * Runs `body` for run `id` (busy in `status`): a heartbeat pushes the lease forward and writes
   * the latest progress; `finish` ends the run (the busy slot freed), `move` goes to the next busy status.
   */
  private spawn(id: string, status: ImportRunStatus, body: (work: Work) => Promise<void>): void {
    const { db } = this.opts;
    let current = status;
    let latest: { phase: string; done: number; total: number } | null = null;
    let written = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const lease = () => new Date(Date.now() + this.leaseMs).toISOString();
    const write = () => {
      written = Date.now();
      const set = { lease_until: lease(), ...(latest ? { progress: JSON.stringify(latest) } : {}) };
      writing = writing
        .then(() => updateBusyRun(db, id, current, set))
        .catch((err: unknown) => this.opts.log.warn({ err, run: id }, 'import run progress not written'));
      return writing;
    };
    const heartbeat = setInterval(() => void write(), this.heartbeatMs);
    heartbeat.unref();
    const work: Work = {
      progress: (p) => {
        latest = { phase: p.phase, done: p.done, total: p.total };
        if (Date.now() - written >= PROGRESS_MS) void write();
      },
      move: async (next, set) => {
        await writing;
        await updateBusyRun(db, id, current, { ...set, status: next, progress: null, lease_until: lease() });
        current = next;
        latest = null;
      },
      finish: async (set) => {
        clearInterval(heartbeat);
        await writing;
        await updateBusyRun(db, id, current, {
          ...set,
          busy_slot: null,
          lease_until: null,
          progress: null,
          finished_at: set.status === 'checked' ? null : new Date().toISOString(),
        });
      },
    };
    const job = body(work)
      .catch((err: unknown) => this.opts.log.error({ err, run: id }, 'import run not recorded'))
      .finally(() => {
        clearInterval(heartbeat);
        this.jobs.delete(job);
      });
    this.jobs.add(job);
  }
}

interface Work {
  progress(p: { phase: string; done: number; total: number }): void;
  move(next: ImportRunStatus, set: { imported: string }): Promise<void>;
  finish(set: { status: ImportRunStatus; issues?: string; check_counts?: string; close_result?: string; error?: string }): Promise<void>;
}
