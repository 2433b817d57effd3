// The messages between an import run and its worker thread (run-worker.ts, run-in-worker.ts).
import type { CloseSummary } from '../close/close.ts';
import type { ImportIssue } from '../import/issues.ts';
import type { ImportSummary } from '../import/summary.ts';

/** One step of a run: the check, the import or the close. */
export interface RunJob {
  readonly kind: 'check' | 'import' | 'close';
  readonly dir?: string;
  readonly replace?: boolean;
  readonly today: string;
}

export interface RunWorkerData {
  /** The database the server serves: its SQLite file, or its PostgreSQL address and schema. */
  readonly sqlite?: string;
  readonly postgres?: { readonly url: string; readonly schema?: string };
  readonly job: RunJob;
}

/** An error as it crosses the thread: its class by name, and an import's issues. */
export interface SentError {
  readonly name: string;
  readonly message: string;
  readonly stack?: string;
  readonly issues?: readonly ImportIssue[];
  readonly total?: number;
}

export type RunWorkerReply =
  | { readonly progress: { readonly phase: string; readonly done: number; readonly total: number } }
  | { readonly done: ImportSummary | Omit<CloseSummary, 'moved'> }
  | { readonly failed: SentError };
