// Worker thread: evaluates every distributor's plans while the close's main thread writes the
// monthly results and statements. Sends plan_results rows a chunk at a time, in ADA order (a
// close in segments: PY by PY as the main thread says each PY's months are filled in, see
// segments.ts), and stays at most AHEAD chunks ahead of what the main thread took (plan-source.ts
// acknowledges each one): the rows waiting in memory would grow with the company (issue #30).
import { parentPort, workerData } from 'node:worker_threads';
import type { PyName } from '@abo/plan';
import { letGoBefore, planRows, windowOf, windowStart, type PlanInputs, type PlanRow } from './plans.ts';
import type { ToPlanWorker, WorkerInput } from './plan-source.ts';

const AHEAD = 8;
const input = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('plan-worker must run as a worker thread');
let waiting = 0;
const told: Exclude<ToPlanWorker, 0>[] = [];
let wake: (() => void) | null = null;
const listen = (m: ToPlanWorker) => {
  if (m === 0) waiting--;
  else told.push(m);
  const w = wake;
  wake = null;
  w?.();
};
const message = () => new Promise<void>((resolve) => (wake = resolve));
port.on('message', listen);
const attended = input.attended as Map<number, readonly string[]>;
const credits = input.qualificationCredits as Map<number, number>;
/** Stepwise: the pin held before the months where a PY's plans start (windowOf). */
const pinsBefore = new Map<number, Uint16Array>();

async function evaluate(ds: PlanInputs, lanes = input.lanes): Promise<void> {
  const size = input.chunk;
  for (let from = 0, c = 0; from < ds.n; from += size, c++) {
    // With lanes, the close's thread evaluates the odd chunks (plan-source.ts `share`).
    if (lanes && c % lanes !== 0) continue;
    while (waiting >= AHEAD) await message();
    const to = Math.min(ds.n, from + size);
    const rows: PlanRow[] = [];
    planRows(ds, from, to, rows);
    port!.postMessage({ rows, done: to });
    waiting++;
  }
}

if (!input.stepwise) await evaluate(input);
else {
  /** The PYs not evaluated yet. */
  let left: readonly PyName[] = input.cal.pys;
  for (;;) {
    while (told.length === 0) await message();
    const next = told.shift()!;
    if (next === 'end') break;
    for (const [m, month] of next.months) input.byMonth[m] = month;
    for (const [m, pin] of next.pinsBefore) pinsBefore.set(m, pin);
    for (const [cell, codes] of next.attended) attended.set(cell, codes);
    for (const [cell, c] of next.credits) credits.set(cell, c);
    const pys: readonly PyName[] = next.pys;
    // The PYs told last: shared with the close's thread, which has nothing else to do then.
    if (next.last) port.postMessage({ shared: true });
    if (pys.length) await evaluate(windowOf(input, pys, pinsBefore), next.last ? 2 : undefined);
    // The months no PY left reads go (the close's thread lets go of them too).
    left = left.filter((py) => !pys.includes(py));
    letGoBefore(input.byMonth, windowStart(input.cal, left));
  }
}
port.postMessage({ end: true });
// Nothing more to wait for: the listener would keep the thread alive.
port.off('message', listen);
