// Where plan_results rows come from: a worker thread that evaluates them while the main thread
// writes the big tables (the machine has two cores), or the close's own thread (small trees, or
// when a worker cannot start). Either way the rows arrive in ADA order, a chunk at a time.
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/worker-thread.ts';
import { planRows, type PlanInputs, type PlanRow } from './plans.ts';

export interface PlanRowSource {
  readonly mode: 'worker' | 'inline';
  /** Distributors evaluated so far. */
  readonly done: number;
  /** Chunks already evaluated in the background, oldest first (always none inline). */
  take(): PlanRow[][];
  /** The next chunk, or null once every distributor is done. */
  next(): Promise<PlanRow[] | null>;
  close(): Promise<void>;
}

const CHUNK = 1000;

export function inlinePlanRows(input: PlanInputs): PlanRowSource {
  let k = 0;
  return {
    mode: 'inline',
    get done() {
      return k;
    },
    take: () => [],
    async next() {
      if (k >= input.n) return null;
      const to = Math.min(input.n, k + CHUNK);
      const rows: PlanRow[] = [];
      planRows(input, k, to, rows);
      k = to;
      return rows;
    },
    async close() {},
  };
}

function spawn(input: PlanInputs): Worker {
  return startWorker(new URL('./plan-worker.ts', import.meta.url), 'plan-worker', input);
}

type Message = { rows: PlanRow[]; done: number } | { end: true };

/** Starts the worker; falls back to the seed's thread if it fails before sending anything. */
export function workerPlanRows(input: PlanInputs): PlanRowSource {
  const queue: PlanRow[][] = [];
  let done = 0;
  let received = false;
  let ended = false;
  let failure: Error | null = null;
  let fallback: PlanRowSource | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const worker = spawn(input);
  worker.on('message', (m: Message) => {
    received = true;
    if ('end' in m) ended = true;
    else {
      queue.push(m.rows);
      done = m.done;
    }
    notify();
  });
  worker.on('error', (err) => {
    if (!received) fallback = inlinePlanRows(input);
    else failure = err;
    notify();
  });
  worker.on('exit', (code) => {
    if (!ended && !failure && !fallback) failure = new Error(`plan worker exited with code ${code}`);
    notify();
  });
  return {
    get mode() {
      return fallback ? fallback.mode : 'worker';
    },
    get done() {
      return fallback ? fallback.done : done;
    },
    take() {
      return fallback ? [] : queue.splice(0);
    },
    async next() {
      for (;;) {
        if (fallback) return fallback.next();
        const chunk = queue.shift();
        if (chunk) return chunk;
        if (failure) throw failure;
        if (ended) return null;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async close() {
      if (!ended) await worker.terminate();
    },
  };
}
