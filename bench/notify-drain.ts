/**
 * Notification delivery benchmark: fills the outbox of a throwaway SQLite database with pending
 * pushes (half WeChat, half the app's webhook, each with its notification and, for WeChat, an
 * openid), starts the local stand-ins of both services as a Fastify server on 127.0.0.1 (in a
 * child process, as a real service answers from elsewhere; `--same-process` keeps it in this one),
 * and lets the delivery worker (notifications/delivery/worker.ts, real HTTP) drain it. Prints
 * messages per second, duplicates (messages a stand-in accepted more than once: must be 0), rows
 * not sent, token requests, CPU time and peak RSS. The goal: at least 1 000 messages/s.
 * `--postgres` runs it on a throwaway PostgreSQL cluster instead, through the pg-boss queue
 * (notifications/delivery/queue.ts) with `--workers` queues, each with its own pool and pg-boss
 * as a process of its own would have (all in this one event loop, so a lower bound).
 *   npx tsx bench/notify-drain.ts [--messages 20000] [--batch 500] [--concurrency 50] [--same-process] [--keep]
 *   npx tsx bench/notify-drain.ts --postgres [--workers 2] [--messages 20000] [--batch 500]
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { closeDatabase, migrateToLatest, openPostgres, openSqlite, type DB } from '../apps/bff/src/db/index.ts';
import { openOutboxQueue, type OutboxQueue } from '../apps/bff/src/notifications/delivery/queue.ts';
import { startPgCluster, type PgCluster } from '../apps/bff/src/testing/pg-cluster.ts';
import { createStandIn } from '../apps/bff/src/notifications/delivery/stand-in.ts';
import { createWebhookAdapter } from '../apps/bff/src/notifications/delivery/webhook.ts';
import { createWechatAdapter } from '../apps/bff/src/notifications/delivery/wechat.ts';
import { createDeliveryWorker } from '../apps/bff/src/notifications/delivery/worker.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
    'same-process': { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
    workers: { type: 'string', default: '1' },
    /** Internal: run as the stand-ins' process. */
    serve: { type: 'boolean', default: false },
  },
});

const wechat = { appId: 'wxbench000000001', secret: 'bench-wechat-secret' };
const pushSecret = 'bench-push-secret-0123456789';

interface StandInSummary {
  receipts: number;
  distinctKeys: number;
  duplicates: number;
  tokenRequests: number;
}

/** The stand-ins on 127.0.0.1: their port, and what they received. */
async function startStandIns(): Promise<{ port: number; summary(): StandInSummary; close(): Promise<void> }> {
  const standIn = createStandIn({ wechat, push: { secret: pushSecret }, keep: Number.POSITIVE_INFINITY });
  const server = Fastify({ logger: false });
  await server.register(standIn.routes);
  await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (server.server.address() as { port: number }).port,
    summary() {
      const accepted = new Map<string, number>();
      for (const r of standIn.receipts())
        if (r.accepted && r.idempotencyKey) accepted.set(r.idempotencyKey, (accepted.get(r.idempotencyKey) ?? 0) + 1);
      return {
        receipts: standIn.receipts().length,
        distinctKeys: accepted.size,
        duplicates: [...accepted.values()].reduce((s, n) => s + n - 1, 0),
        tokenRequests: standIn.tokenRequests,
      };
    },
    close: () => server.close(),
  };
}

/** The stand-ins in a child process (this script with --serve), spoken to over IPC. */
async function childStandIns(): Promise<{ port: number; summary(): Promise<StandInSummary>; close(): Promise<void> }> {
  const child = fork(process.argv[1]!, ['--serve'], { execArgv: process.execArgv, stdio: 'inherit' });
  const next = () => new Promise<unknown>((resolve) => child.once('message', resolve));
  const { port } = (await next()) as { port: number };
  return {
    port,
    async summary() {
      child.send('summary');
      return (await next()) as StandInSummary;
    },
    async close() {
      child.send('exit');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

if (values.serve) {
  const s = await startStandIns();
  process.on('message', (m) => {
    if (m === 'summary') process.send!(s.summary());
    else void s.close().then(() => process.exit(0));
  });
  process.send!({ port: s.port });
} else {
  await main();
}

async function main() {
  const GOAL_PER_S = 1000;
  const total = Math.max(2, Number(values.messages));
  const notifications = Math.ceil(total / 2);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-notify-bench-'));
  const cluster: PgCluster | null = values.postgres ? await startPgCluster() : null;
  const db = cluster ? openPostgres(cluster.url) : openSqlite(path.join(dir, 'inquiry.sqlite'));
  const workers = values.postgres ? Math.max(1, Number(values.workers)) : 1;
  const standIns = values['same-process'] ? await startStandIns() : await childStandIns();

  const ms = (t0: number) => performance.now() - t0;

  try {
    await migrateToLatest(db);
    console.log(
      `Notification delivery benchmark: ${total.toLocaleString('en-US')} messages, ${cluster ? `PostgreSQL, ${workers} pg-boss queue(s)` : 'SQLite, the in-process worker'}, batch ${values.batch}, ${values.concurrency} in flight, stand-ins ${values['same-process'] ? 'in this process' : 'in a child process'}; ${os.cpus().length} CPUs, Node ${process.version}`,
    );
    const f0 = performance.now();
    const at = new Date().toISOString();
    const CHUNK = 500;
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < notifications; start += CHUNK) {
        const ids = Array.from({ length: Math.min(CHUNK, notifications - start) }, (_, i) => start + i + 1);
        const ada = (id: number) => String(20_000_000 + id);
        await trx
          .insertInto('notifications')
          .values(
            ids.map((id) => ({
              id,
              ada: ada(id),
              kind: 'monthClosed',
              event_key: `bench:${id}`,
              month: '2026-10',
              title: JSON.stringify({ zh: '10月已结算：Q月', en: 'October closed: a Q month' }),
              body: JSON.stringify({ zh: '服务费¥1,234.00，11月15日发放', en: 'Service fee ¥1,234.00, paid on 15 November' }),
              link: '/income/servicefee?month=2026-10',
              params: '{}',
              created_at: at,
              read_at: null,
            })),
          )
          .execute();
        await trx
          .insertInto('notification_addresses')
          .values(ids.map((id) => ({ ada: ada(id), channel: 'wec', address: `o-bench-${id}`, updated_at: at })))
          .execute();
        await trx
          .insertInto('notification_outbox')
          .values(
            ids.flatMap((id) =>
              (['wec', 'ca'] as const).map((channel) => ({
                notification_id: id,
                ada: ada(id),
                channel,
                idempotency_key: `${id}:${channel}`,
                status: 'pending',
                attempts: 0,
                due_at: at,
                claimed_until: null,
                sent_at: null,
                last_error: null,
              })),
            ),
          )
          .execute();
      }
    });
    const rows = notifications * 2;
    console.log(`  filled ${rows.toLocaleString('en-US')} outbox rows in ${(ms(f0) / 1000).toFixed(1)} s`);

    const base = `http://127.0.0.1:${standIns.port}`;
    const workerOn = (wdb: DB) =>
      createDeliveryWorker({
        db: wdb,
        adapters: {
          wec: {
            on: true,
            adapter: createWechatAdapter({
              apiBase: `${base}/stand-in/wechat`,
              ...wechat,
              templates: { byKind: {}, fallback: 'bench-template' },
              publicUrl: 'https://inquiry.example.com',
            }),
          },
          ca: { on: true, adapter: createWebhookAdapter({ url: `${base}/stand-in/push`, secret: pushSecret }) },
        },
        batch: Number(values.batch),
        concurrency: Number(values.concurrency),
      });

    const cpu0 = process.cpuUsage();
    let t0 = performance.now();
    let batches = 0;
    const report = { sent: 0, retried: 0, failed: 0, skipped: 0, released: 0, lost: 0 };
    const add = (r: typeof report & { claimed: number }) => {
      batches++;
      for (const k of Object.keys(report) as Array<keyof typeof report>) report[k] += r[k];
    };
    if (cluster) {
      // One pool and one pg-boss per queue, as separate processes would have; the timer starts
      // once every queue is installed (pg-boss's schema and the queue are made by the first).
      const pools = Array.from({ length: workers }, () => openPostgres(cluster.url));
      const queues: OutboxQueue[] = [];
      for (const wdb of pools) {
        queues.push(
          await openOutboxQueue({
            db: wdb,
            worker: workerOn(wdb),
            schema: 'pgboss',
            batch: Number(values.batch),
            intervalMs: 200,
            onReport: add,
          }),
        );
      }
      t0 = performance.now();
      for (const q of queues) q.start();
      const pending = async () =>
        Number(
          (
            await db
              .selectFrom('notification_outbox')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('status', '=', 'pending')
              .executeTakeFirstOrThrow()
          ).n,
        );
      while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 50));
      await Promise.all(queues.map((q) => q.stop(1_000)));
      await Promise.all(pools.map((p) => closeDatabase(p)));
    } else {
      const worker = workerOn(db);
      for (;;) {
        const r = await worker.runOnce();
        if (r.claimed === 0) break;
        add(r);
      }
    }
    const seconds = ms(t0) / 1000;
    const cpu = process.cpuUsage(cpu0);

    const got = await standIns.summary();
    const duplicates = got.duplicates;
    const notSent = Number(
      (
        await db
          .selectFrom('notification_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '!=', 'sent')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const perS = report.sent / seconds;
    console.log(
      `  drained in ${seconds.toFixed(2)} s (${batches} batches): ${report.sent.toLocaleString('en-US')} sent, ${report.retried} retried, ${report.failed} failed, ${report.skipped} skipped, ${report.released} released`,
    );
    console.log(`  ${Math.round(perS).toLocaleString('en-US')} messages/s`);
    console.log(
      `  duplicates: ${duplicates}; rows not sent: ${notSent}; stand-in receipts ${got.receipts.toLocaleString('en-US')}, distinct keys ${got.distinctKeys.toLocaleString('en-US')}; token requests ${got.tokenRequests}`,
    );
    console.log(
      `  CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (this process: ${cluster ? 'the queues; PostgreSQL runs apart' : 'the worker and the database'}${values['same-process'] ? ', the stand-ins too' : ''}), peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `  ${perS >= GOAL_PER_S ? 'within' : 'UNDER'} the ${GOAL_PER_S.toLocaleString('en-US')} messages/s goal; ${duplicates === 0 && notSent === 0 ? 'nothing lost or sent twice' : 'LOST OR DUPLICATED MESSAGES'}`,
    );
    if (duplicates !== 0 || notSent !== 0) process.exitCode = 1;
  } finally {
    await standIns.close();
    await closeDatabase(db);
    cluster?.destroy();
    if (values.keep) console.log(`  kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}
