import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { dialectOf } from '../db/index.ts';
import { postgresSchema } from '../db/postgres.ts';
import { openOutboxQueue, type OutboxQueue } from '../notifications/delivery/queue.ts';
import { adapterSlots, deliverySettings, describeSettings, type DeliveryConfig } from '../notifications/delivery/settings.ts';
import { createStandIn, standInPeople, type StandIn } from '../notifications/delivery/stand-in.ts';
import { createDeliveryWorker, type BatchReport, type DeliveryWorker } from '../notifications/delivery/worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notificationDelivery: {
      /** Claims, sends and records one batch now (whether or not the loop runs). */
      runOnce(): Promise<BatchReport>;
      /** The local stand-ins (demo mode, tests), or null. */
      standIn: StandIn | null;
    };
  }
}

export interface NotificationDeliveryOptions {
  config: DeliveryConfig & Pick<Config, 'notifyWorker' | 'NOTIFY_WORKER_INTERVAL_MS' | 'NOTIFY_BATCH' | 'NOTIFY_QUEUE_SCHEMA'>;
}

/** In-flight sends get this long to finish when the server closes; the rest is left to the lease. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Push delivery (README "Notifications: delivery"): the local stand-ins in demo mode, a line in
 * the log per channel saying whether it is on, and the outbox worker in this process: it starts
 * when the server listens (apps driven by inject() never run it unless they call
 * `app.notificationDelivery.runOnce()`), looks at the outbox every NOTIFY_WORKER_INTERVAL_MS
 * (at once again while batches come back full), and stops when the app closes, before the
 * database does. Every process may run it: claims are leased (notifications/delivery/outbox.ts).
 * On PostgreSQL the processes share the work through pg-boss instead (notifications/delivery/
 * queue.ts), installed in NOTIFY_QUEUE_SCHEMA when the server listens and stopped before the
 * database closes; should it fail to start, this process falls back to the leased loop.
 */
export const notificationDeliveryPlugin = fp(
  async (app: FastifyInstance, opts: NotificationDeliveryOptions) => {
    const { config } = opts;
    const localOrigin = () => {
      const address = app.server.address();
      const port = address && typeof address === 'object' ? address.port : config.PORT;
      const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
      return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    };
    const described = describeSettings(deliverySettings(config, localOrigin()));
    app.log.info(`notifications: ${described.wec}`);
    app.log.info(`notifications: ${described.ca}`);
    app.log.info(
      config.notifyWorker
        ? `notifications: delivery worker on in this process (every ${config.NOTIFY_WORKER_INTERVAL_MS} ms, ${config.NOTIFY_BATCH} a batch)`
        : 'notifications: delivery worker off in this process (NOTIFY_WORKER=0)',
    );

    let standIn: StandIn | null = null;
    if (config.demo) {
      const s = deliverySettings(config, localOrigin());
      standIn = createStandIn({
        wechat: { appId: config.WECHAT_APP_ID, secret: s.wechat.on ? s.wechat.secret : '' },
        push: { secret: s.push.on ? s.push.secret : '' },
        people: standInPeople(app.db, config.WECHAT_APP_ID),
      });
      await app.register(standIn.routes);
    }

    // Built on first use: the stand-ins' address is known once the server listens.
    let worker: DeliveryWorker | null = null;
    const getWorker = () =>
      (worker ??= createDeliveryWorker({
        db: app.db,
        adapters: adapterSlots(deliverySettings(config, localOrigin())),
        batch: config.NOTIFY_BATCH,
        log: app.log,
      }));

    const logged = (r: BatchReport) => {
      if (r.claimed > 0)
        app.log.info(
          { ...r },
          `notifications: ${r.sent} sent, ${r.retried} to retry, ${r.skipped} skipped, ${r.failed} failed, ${r.waiting} waiting for an address`,
        );
      return r;
    };
    app.decorate('notificationDelivery', { runOnce: () => getWorker().runOnce().then(logged), standIn });

    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    let loop: Promise<void> = Promise.resolve();
    // Full batches back to back are one backlog (a first demo start's thousands of pushes): one line for it.
    let backlog: BatchReport | null = null;
    const tick = async () => {
      let full = false;
      try {
        const r = await getWorker().runOnce();
        full = r.claimed >= getWorker().batchSize;
        backlog = backlog ? addReports(backlog, r) : r;
        if (!full || closing) {
          logged(backlog);
          backlog = null;
        }
      } catch (err) {
        app.log.error({ err }, 'notifications: a delivery batch failed; the next one tries again');
      }
      if (closing) return;
      timer = setTimeout(() => void (loop = tick()), full ? 0 : config.NOTIFY_WORKER_INTERVAL_MS);
      timer.unref();
    };
    let queue: OutboxQueue | null = null;
    const startQueue = async () => {
      // A database in a schema of its own (the test harness) keeps its queue beside it.
      const own = postgresSchema(app.db);
      const schema = own ? `${own}_${config.NOTIFY_QUEUE_SCHEMA}` : config.NOTIFY_QUEUE_SCHEMA;
      try {
        queue = await openOutboxQueue({
          db: app.db,
          worker: getWorker(),
          schema,
          batch: config.NOTIFY_BATCH,
          intervalMs: config.NOTIFY_WORKER_INTERVAL_MS,
          log: app.log,
          onReport: logged,
        });
      } catch (err) {
        app.log.error({ err }, 'notifications: the delivery queue (pg-boss) did not start; this process claims from the outbox itself');
        return false;
      }
      if (closing) await queue.stop(0);
      else queue.start();
      app.log.info(`notifications: delivery through the pg-boss queue in schema ${schema}`);
      return true;
    };
    app.addHook('onListen', async () => {
      if (!config.notifyWorker || timer || queue || closing) return;
      if (dialectOf(app.db) === 'postgres' && (await startQueue())) return;
      timer = setTimeout(() => void (loop = tick()), config.NOTIFY_WORKER_INTERVAL_MS);
      timer.unref();
    });
    // preClose: before the database plugin's onClose closes the connection a batch may be using.
    app.addHook('preClose', async () => {
      closing = true;
      clearTimeout(timer);
      await queue?.stop(CLOSE_GRACE_MS);
      await worker?.stop(CLOSE_GRACE_MS);
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
    });
  },
  { name: 'notification-delivery', dependencies: ['database'] },
);

function addReports(a: BatchReport, b: BatchReport): BatchReport {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof BatchReport)[]) sum[key] += b[key];
  return sum;
}
