// The document render threads (security finding M5): a PDF or spreadsheet takes tens to hundreds
// of milliseconds of pure CPU, which on the event loop stalled every request of the process
// (health checks too) while one account asked for 20 statements at once. Jobs run on a Piscina
// pool of worker threads instead. Documents are admitted before their model is read, under two
// bounds so a burst cannot queue without end:
// - globally, `threads` + `queue` documents in flight; past that 503 + Retry-After (try shortly);
// - per account, `perAccount` in flight; past that 429 + Retry-After at once rather than a wait,
//   so one account's burst never fills the shared queue ahead of everyone else.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { Code } from '@abo/contract';
import { AppError } from '../lib/app-error.ts';
import type { RenderJob } from './render-job.ts';

export interface RenderPoolOptions {
  /** Render threads; 0: one fewer than the cores, at least 1 (the event loop keeps a core). */
  threads: number;
  /** Documents that may wait for a thread (beyond one per thread). */
  queue: number;
  /** Documents one account may have in flight (being read, rendering or waiting). */
  perAccount: number;
}

/** Threads kept after their last job, so a page's next document skips the font parse (~1 s). */
const IDLE_MS = 5 * 60_000;

/** The worker's file: the bundled render-worker.js beside the server in dist/, else its source through tsx. */
function workerFile(): string {
  const name = import.meta.url.endsWith('.ts') ? './render-worker.dev.mjs' : './render-worker.js';
  return fileURLToPath(new URL(name, import.meta.url));
}

function renderThreads(configured: number): number {
  return configured > 0 ? configured : Math.max(1, os.availableParallelism() - 1);
}

export class RenderPool {
  private readonly pool: Piscina;
  private readonly limit: number;
  private readonly perAccount: number;
  private readonly accounts = new Map<string, number>();
  private inFlight = 0;

  constructor(opts: RenderPoolOptions) {
    const threads = renderThreads(opts.threads);
    this.limit = threads + opts.queue;
    this.perAccount = opts.perAccount;
    // Started on the first job, not with the app: most processes (CLIs, tests) never render.
    this.pool = new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: threads, idleTimeout: IDLE_MS });
  }

  /**
   * Takes one of `account`'s places (the signed-in actor) before the document's model is read,
   * so a refused call costs no database reads; or refuses it (see above). Call the answer, once,
   * when the document is done.
   */
  admit(account: string): () => void {
    if (this.inFlight >= this.limit) {
      throw new AppError(Code.RETRY, 'Documents are busy, please try again in a moment', 503, 2);
    }
    const mine = this.accounts.get(account) ?? 0;
    if (mine >= this.perAccount) {
      throw new AppError(Code.RATE_LIMITED, 'Another document of yours is still being prepared; try again when it is ready', 429, 1);
    }
    this.inFlight++;
    this.accounts.set(account, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      const left = (this.accounts.get(account) ?? 1) - 1;
      if (left > 0) this.accounts.set(account, left);
      else this.accounts.delete(account);
    };
  }

  /** Makes a job's bytes on a pool thread (the caller holds a place, see admit). */
  async render(job: RenderJob): Promise<Buffer> {
    const bytes = (await this.pool.run(job)) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
