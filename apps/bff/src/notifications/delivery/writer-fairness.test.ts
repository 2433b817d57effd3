// Writers share SQLite fairly (issue #30): while the delivery worker drains a large outbox batch
// after batch, as the delivery loop does when a batch comes back full, another process's sign-in
// (one INSERT, as idp/session-tokens.ts writes it) gets the write lock within SQLite's busy
// timeout every time. The other process is a worker thread with a connection of its own, so its
// waits are SQLite's busy handler's, not this event loop's.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { rawSqlite } from '../../db/index.ts';
import { insertDistributor } from '../../testing/fixtures.ts';
import { standInsEachTest, T0, testDbEachTest, testWorker } from './delivery.test-support.ts';

const MEMBERS = 200;
const EVENTS_EACH = 25; // 5 000 notifications, 10 000 outbox rows

const t = testDbEachTest();
const rig = standInsEachTest(() => T0);

/** A month-end's worth of notifications, each with a WeChat and an app row due now, as the producer writes them. */
async function fillOutbox(): Promise<number> {
  for (let i = 1; i <= MEMBERS; i++) await insertDistributor(t.db, String(20_000_000 + i));
  const raw = rawSqlite(t.db)!;
  const at = T0.toISOString();
  raw
    .prepare(
      `with recursive k(n) as (select 1 union all select n + 1 from k where n < ${EVENTS_EACH})
       insert into notifications (ada, kind, event_key, month, title, body, link, params, created_at, read_at)
       select d.ada, 'monthClosed', 'event-' || k.n, '2026-10', '{"zh":"10月已结算","en":"October closed"}',
              '{"zh":"服务费¥1,234.00","en":"Service fee ¥1,234.00"}', '/income/servicefee?month=2026-10', '{}', ?, null
       from distributors d cross join k where d.ada > '20000000'`,
    )
    .run(at);
  raw
    .prepare(
      `insert into notification_addresses (ada, channel, address, updated_at) select ada, 'wec', 'openid-' || ada, ? from distributors`,
    )
    .run(at);
  for (const channel of ['wec', 'ca'])
    raw
      .prepare(
        `insert into notification_outbox (notification_id, ada, channel, idempotency_key, status, attempts, due_at, claimed_until, sent_at, last_error)
         select id, ada, ?, id || ':' || ?, 'pending', 0, ?, null, null, null from notifications`,
      )
      .run(channel, channel, at);
  return Number(raw.prepare(`select count(*) from notification_outbox where status = 'pending'`).pluck().get());
}

/** Signs in every 10 ms on its own connection until told to stop; answers each wait and each refusal. */
const SIGN_IN_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomBytes } = require('node:crypto');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const insert = db.prepare(
  "insert into session_tokens (token_hash, ada, kind, expires_at, used_at) values (?, '20000001', 'distributor', ?, null)",
);
let stop = false;
parentPort.on('message', () => (stop = true));
const waits = [];
const refusals = [];
(async () => {
  parentPort.postMessage({ ready: true });
  while (!stop) {
    const started = performance.now();
    try {
      insert.run(randomBytes(16).toString('base64url'), new Date(Date.now() + 300000).toISOString());
    } catch (e) {
      refusals.push(String(e && e.code ? e.code + ': ' + e.message : e));
    }
    waits.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 10));
  }
  db.close();
  parentPort.postMessage({ waits, refusals });
})();
`;

// SQLite's single writer only: PostgreSQL's writers take row locks.
it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a sign-in in another process is never refused while the worker drains a large outbox',
  async () => {
    const pending = await fillOutbox();
    expect(pending).toBe(MEMBERS * EVENTS_EACH * 2);
    const file = rawSqlite(t.db)!.name;
    const signIns = new Worker(SIGN_IN_THREAD, {
      eval: true,
      workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
    });
    const answered = new Promise<{ waits: number[]; refusals: string[] }>((resolve, reject) => {
      signIns.on('message', (m: { ready?: boolean; waits?: number[]; refusals?: string[] }) => {
        if (!m.ready) resolve(m as { waits: number[]; refusals: string[] });
      });
      signIns.on('error', reject);
    });
    await new Promise((r) => signIns.once('message', r));

    // The delivery loop (plugins/notification-delivery.ts): a full batch is followed by the next at once.
    const worker = testWorker(t.db, rig.fetch, () => T0, { batch: 500, concurrency: 16 });
    let sent = 0;
    for (;;) {
      const r = await worker.runOnce();
      sent += r.sent + r.skipped;
      if (r.claimed < worker.batchSize) break;
    }
    signIns.postMessage('stop');
    const { waits, refusals } = await answered;
    await signIns.terminate();

    expect(sent).toBe(pending);
    expect(refusals).toEqual([]);
    expect(waits.length).toBeGreaterThan(10);
  },
);
