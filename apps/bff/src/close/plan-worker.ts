// Worker thread: evaluates every distributor's plans while the close's main thread writes the
// monthly results and statements. Sends plan_results rows in ADA order, a chunk at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { planRows, type PlanInputs, type PlanRow } from './plans.ts';

const CHUNK = 1000;
const input = workerData as PlanInputs;
if (!parentPort) throw new Error('plan-worker must run as a worker thread');
for (let from = 0; from < input.n; from += CHUNK) {
  const to = Math.min(input.n, from + CHUNK);
  const rows: PlanRow[] = [];
  planRows(input, from, to, rows);
  parentPort.postMessage({ rows, done: to });
}
parentPort.postMessage({ end: true });
