// Where plan_results rows come from: a worker thread that evaluates them while the main thread
// writes the big tables (the machine has two cores), or the close's own thread (small trees, or
// when a worker cannot start). Either way the rows arrive in ADA order, a chunk at a time.
import type { Worker } from 'node:worker_threads';
import type { PyName } from '@abo/plan';
import { startWorker } from '../lib/worker-thread.ts';
import { letGoBefore, planRows, windowOf, windowStart, type PlanInputs, type PlanMonth, type PlanRow } from './plans.ts';

export interface PlanRowSource {
  readonly mode: 'worker' | 'inline';
  /** Distributors evaluated so far. */
  readonly done: number;
  /** Chunks already evaluated in the background, oldest first (always none inline). */
  take(): PlanRow[][];
  /** The next chunk, or null once every distributor is done. */
  next(): Promise<PlanRow[] | null>;
  /**
   * A source evaluating step by step (`stepwise`): these months are filled in (the worker's copy
   * of the inputs has only those sent), and with them every month of these PYs. `last`: nothing
   * more is filled in; the close's thread, idle but for writing the rows, shares these PYs'
   * chunks with the worker. A worker source that has started lets go of the months no PY still
   * to be told reads (in the inputs it was given, and on the worker once it is past them): the
   * close's thread could no longer evaluate the PYs told before, which a worker failing later
   * does not ask of it.
   */
  ready(pys: readonly PyName[], filled: FilledMonths, last?: boolean): void;
  /** A stepwise source: nothing more comes; what is left is evaluated. */
  finish(): void;
  close(): Promise<void>;
}

/**
 * The worker's data: the inputs, whether it waits to be told which PYs are ready (segments.ts),
 * members per chunk, and with `lanes` = 2 only the even chunks (the close's thread takes the odd).
 */
export type WorkerInput = PlanInputs & { readonly stepwise?: boolean; readonly chunk: number; readonly lanes?: 2 };
/**
 * Months filled in (PlanInputs.byMonth, by index), the pin held before those of them where a PY's
 * plans start reading (windowOf), and their attendance and credit cells (PlanInputs' maps, as entries).
 */
export interface FilledMonths {
  readonly months: readonly (readonly [number, PlanMonth])[];
  readonly pinsBefore: readonly (readonly [number, Uint16Array])[];
  readonly attended: readonly (readonly [number, readonly string[]])[];
  readonly credits: readonly (readonly [number, number])[];
}
/** What the close's thread tells the worker: a chunk taken (0), PYs ready (the last ones, shared), or the end. */
export type ToPlanWorker = 0 | 'end' | ({ readonly pys: readonly PyName[]; readonly last?: true } & FilledMonths);

/** In the worker's messages as queued: the shared PYs start here. */
const SHARED = Symbol('shared');

/** Members per chunk, on this thread and the worker's (WorkerInput.chunk). */
const PLAN_CHUNK = 1000;

/** Evaluates on the close's thread, when asked for the next chunk (a stepwise source: all PYs at once, at the end). */
export function inlinePlanRows(input: PlanInputs, chunk = PLAN_CHUNK): PlanRowSource {
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
      const to = Math.min(input.n, k + chunk);
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

/** Rows, the end, or (stepwise) that the shared last PYs start: the chunks after it are the last PYs' even ones. */
type Message = { rows: PlanRow[]; done: number } | { end: true } | { shared: true };

/**
 * Starts the worker; falls back to the close's thread if it fails before sending anything.
 * `stepwise`: the worker evaluates PY by PY as told by ready() (the close in segments fills the
 * months in as it goes), in ADA order within each PY; else every PY of each member at once.
 * `share`: the close's thread evaluates every other chunk itself when asked for it, instead of
 * waiting idle for the worker (an hourly close writes little before the plans: at 1 000 000
 * members its thread waited ~24 s for the worker, issue #30); the chunks still come in order.
 * Stepwise, the PYs told last are shared so (the first load waited 282 s for them at 1 000 000).
 */
export function workerPlanRows(
  input: PlanInputs,
  opts: { readonly stepwise?: boolean; readonly share?: boolean; readonly chunk?: number } = {},
): PlanRowSource {
  const chunkSize = opts.chunk ?? PLAN_CHUNK;
  /** Whether the chunks are shared now (stepwise: from the worker's `shared` mark on). */
  let share = !!opts.share && !opts.stepwise;
  const chunks = Math.ceil(input.n / chunkSize);
  /** Shared: the next chunk to hand over (even: the worker's, odd: this thread's). */
  let nextChunk = 0;
  /** Stepwise: the inputs of the PYs this thread evaluates its chunks of, once shared. */
  let sharedInput: PlanInputs | null = null;
  /** Stepwise: the PYs not told yet, and the pins held before a PY's months (windowOf). */
  let untold: readonly PyName[] = input.cal.pys;
  const pinsBefore = new Map<number, Uint16Array>();
  /** What the worker sent, in order: chunks, and (stepwise) the mark where the shared PYs start. */
  const queue: (PlanRow[] | typeof SHARED)[] = [];
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
  const worker = spawn({
    ...input,
    ...(opts.stepwise ? { stepwise: true } : {}),
    ...(share ? { lanes: 2 as const } : {}),
    chunk: chunkSize,
  });
  const tell = (m: ToPlanWorker) => worker.postMessage(m);
  worker.on('message', (m: Message) => {
    received = true;
    if ('end' in m) ended = true;
    else if ('shared' in m) queue.push(SHARED);
    else {
      queue.push(m.rows);
      done = m.done;
    }
    notify();
  });
  /** Past the mark of the shared PYs, when it comes next: the chunks are shared from here. */
  const passMark = () => {
    if (queue[0] !== SHARED) return;
    queue.shift();
    share = true;
  };
  /** This thread's chunk (shared: the odd ones), evaluated now. */
  const ownChunk = (): PlanRow[] => {
    const from = nextChunk * chunkSize;
    const to = Math.min(input.n, from + chunkSize);
    const rows: PlanRow[] = [];
    planRows(sharedInput ?? input, from, to, rows);
    nextChunk++;
    done = to;
    return rows;
  };
  /** The worker's next chunk (none before the mark is passed). */
  const shift = () => (queue[0] === SHARED ? undefined : (queue.shift() as PlanRow[] | undefined));
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
      const taken: PlanRow[][] = [];
      while (!share) {
        const chunk = shift();
        if (!chunk) break;
        taken.push(chunk);
      }
      passMark();
      let acks = taken.length;
      // Shared: the worker's chunk that comes next, then one of this thread's (evaluated between
      // the writes, so that the worker, a few chunks ahead at most, does not wait for it), then the
      // worker's next again.
      for (let own = 0; share && nextChunk < chunks;) {
        if (nextChunk % 2 === 0) {
          if (!queue.length) break;
          taken.push(shift()!);
          nextChunk++;
          acks++;
        } else if (own++ === 0) taken.push(ownChunk());
        else break;
      }
      for (let k = 0; k < acks; k++) tell(0);
      return taken;
    },
    async next() {
      passMark();
      if (share && !fallback) {
        if (nextChunk >= chunks) return null;
        if (nextChunk % 2 === 1) return ownChunk();
      }
      for (;;) {
        if (fallback) return fallback.next();
        passMark();
        const chunk = shift();
        if (chunk) {
          // The worker evaluates the next one (plan-worker.ts stays a few chunks ahead).
          tell(0);
          if (share) {
            nextChunk++;
            done = Math.min(input.n, nextChunk * chunkSize);
          }
          return chunk;
        }
        if (failure) throw failure;
        if (ended) return null;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    ready(pys, filled, last) {
      if (fallback) return;
      for (const [m, pin] of filled.pinsBefore) pinsBefore.set(m, pin);
      untold = untold.filter((py) => !pys.includes(py));
      if (last && pys.length > 0) {
        sharedInput = windowOf(input, pys, pinsBefore);
        tell({ pys, ...filled, last: true });
      } else tell({ pys, ...filled });
      if (received && !last) letGoBefore(input.byMonth, windowStart(input.cal, untold));
    },
    finish() {
      if (!fallback) tell('end');
    },
    async close() {
      if (!ended) await worker.terminate();
    },
  };
}
