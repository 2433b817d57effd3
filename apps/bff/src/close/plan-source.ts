// Where plan_results rows come from: a worker thread that evaluates them while the main thread
// writes the big tables (the machine has two cores), or the close's own thread (small trees, or
// when a worker cannot start). Either way the rows arrive in ADA order, a chunk at a time.
import type { Worker } from 'node:worker_threads';
import type { PyName } from '@abo/plan';
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
  /**
   * A source evaluating step by step (`stepwise`): the months of these PYs are filled in now,
   * with these attendance cells besides (the worker's copy of the inputs has only those sent).
   */
  ready(pys: readonly PyName[], attended: readonly (readonly [number, readonly string[]])[]): void;
  /** A stepwise source: nothing more comes; what is left is evaluated. */
  finish(): void;
  close(): Promise<void>;
}

/** The worker's data: the inputs, and whether it waits to be told which PYs are ready (segments.ts). */
export type WorkerInput = PlanInputs & { readonly stepwise?: boolean };
/** What the close's thread tells the worker: a chunk taken (0), PYs ready, or the end. */
export type ToPlanWorker =
  0 | 'end' | { readonly pys: readonly PyName[]; readonly attended: readonly (readonly [number, readonly string[]])[] };

const CHUNK = 1000;

/** Evaluates on the close's thread, when asked for the next chunk (a stepwise source: all PYs at once, at the end). */
export function inlinePlanRows(input: PlanInputs): PlanRowSource {
  let k = 0;
  return {
    ready: () => undefined,
    finish: () => undefined,
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

function spawn(input: WorkerInput): Worker {
  // What the worker keeps is its copy of the members' ADAs and tree (tens of MiB at a million
  // members; the month arrays are shared or outside the heap); the rest is each chunk's garbage,
  // which V8 would otherwise let grow to hundreds of MiB before collecting it (issue #30).
  const maxOldGenerationSizeMb = Math.ceil(128 + (input.n * 160) / 2 ** 20);
  return startWorker(new URL('./plan-worker.ts', import.meta.url), 'plan-worker', input, { maxOldGenerationSizeMb });
}

type Message = { rows: PlanRow[]; done: number } | { end: true };

/**
 * Starts the worker; falls back to the close's thread if it fails before sending anything.
 * `stepwise`: the worker evaluates PY by PY as told by ready() (the close in segments fills the
 * months in as it goes), in ADA order within each PY; else every PY of each member at once.
 */
export function workerPlanRows(input: PlanInputs, opts: { readonly stepwise?: boolean } = {}): PlanRowSource {
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
  const worker = spawn(opts.stepwise ? { ...input, stepwise: true } : input);
  const tell = (m: ToPlanWorker) => worker.postMessage(m);
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
      if (fallback) return [];
      const chunks = queue.splice(0);
      for (let k = 0; k < chunks.length; k++) tell(0);
      return chunks;
    },
    async next() {
      for (;;) {
        if (fallback) return fallback.next();
        const chunk = queue.shift();
        if (chunk) {
          // The worker evaluates the next one (plan-worker.ts stays a few chunks ahead).
          tell(0);
          return chunk;
        }
        if (failure) throw failure;
        if (ended) return null;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    ready(pys, attended) {
      if (!fallback) tell({ pys, attended });
    },
    finish() {
      if (!fallback) tell('end');
    },
    async close() {
      if (!ended) await worker.terminate();
    },
  };
}
