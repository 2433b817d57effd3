// Worker thread of the live feed (live-feed.ts, workerLiveFeed): runs each tick — the import and
// the month close — on a database connection of its own, so the server's thread keeps answering
// pages while the close computes. Messages: `{ tick: id }` in; `{ log }`, `{ done: id, result }`
// or `{ failed: id, message }` out; `{ stop: true }` closes the connection and ends the thread.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { loadConfig } from '../config.ts';
import { closeDatabase, openDatabase } from '../db/index.ts';
import { createLiveFeed, type LiveFeedOptions } from './live-feed.ts';
import type { WorkerRequest, WorkerReply, LiveWorkerData } from './live-worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('live-worker must run as a worker thread');
const data = workerData as LiveWorkerData;
const config = loadConfig(data.env);
// A connection or two: ticks run one at a time.
const db = openDatabase({ ...config, DATABASE_POOL_SIZE: 2 });
const send = (m: WorkerReply) => port.postMessage(m);
/**
 * Log fields as plain data (an Error's message and stack survive the trip to the server's
 * logger), with the thread that wrote them.
 */
const plain = (obj: unknown): unknown => ({
  ...(JSON.parse(
    JSON.stringify(obj, (_k, v: unknown) => (v instanceof Error ? { message: v.message, stack: v.stack } : v)) ?? '{}',
  ) as object),
  thread: threadId,
});
const log: LiveFeedOptions['log'] = {
  info: (obj: unknown, msg?: string) => send({ log: { level: 'info', obj: plain(obj), msg } }),
  error: (obj: unknown, msg?: string) => send({ log: { level: 'error', obj: plain(obj), msg } }),
} as LiveFeedOptions['log'];
const feed = createLiveFeed({
  db,
  today: config.today,
  intervalMs: config.DEMO_LIVE_INTERVAL_MS,
  log,
  ...(data.seed !== undefined ? { seed: data.seed } : {}),
});

port.on('message', (m: WorkerRequest) => {
  if ('stop' in m) {
    void feed
      .stop()
      .then(() => closeDatabase(db))
      .finally(() => port.close());
    return;
  }
  feed.tick().then(
    (result) => send({ done: m.tick, result }),
    (err: unknown) => send({ failed: m.tick, message: err instanceof Error ? err.message : String(err) }),
  );
});
