// /metrics in Prometheus text format (README "Running it"). Each app has a registry of its own,
// so several apps in one process (the tests) do not collide; the process's own metrics
// (event-loop delay, memory, CPU) are one set per process, shared by every app.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { cacheLookups, runs, type RunKind } from '../lib/observed.ts';
import { NO_WECHAT_ADDRESS } from '../notifications/delivery/outbox.ts';

export type MetricsConfig = Pick<Config, 'NODE_ENV' | 'METRICS_TOKEN'>;

/** Off in production until a token guards it; elsewhere on, guarded when a token is set. */
export function metricsEnabled(config: MetricsConfig): boolean {
  return config.NODE_ENV !== 'production' || config.METRICS_TOKEN !== undefined;
}

let processRegistry: Registry | undefined;

/** The process's default metrics, collected once however many apps there are. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  // Digests are of equal length, so the comparison takes the same time whatever was sent.
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/** From a call's answer to a run's ten minutes or more. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const RUN_BUCKETS = [0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600];

export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { config: MetricsConfig }) => {
    if (!metricsEnabled(opts.config)) return;
    const token = opts.config.METRICS_TOKEN;
    const registry = new Registry();
    const registers = [registry];

    const requestSeconds = new Histogram({
      name: 'abo_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status class.',
      labelNames: ['route', 'method', 'status_class'] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the address: ids and tokens in paths would make a series each.
      const route = request.routeOptions.url ?? 'unmatched';
      requestSeconds.observe(
        { route, method: request.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
        reply.elapsedTime / 1000,
      );
    });

    const outboxPending = new Gauge({
      name: 'abo_notification_outbox_pending',
      help: 'Pushes waiting in the notification outbox (due or not).',
      registers,
    });
    const outboxFailed = new Gauge({
      name: 'abo_notification_outbox_failed',
      help: 'Pushes given up after their last attempt, kept until pruned.',
      registers,
    });
    const outboxOldestAge = new Gauge({
      name: 'abo_notification_outbox_oldest_pending_age_seconds',
      help: 'Age of the notification behind the oldest pending push, those waiting for an address left out; 0 when none waits.',
      registers,
    });

    const runSeconds: Record<RunKind, Histogram<'outcome'>> = {
      import: new Histogram({
        name: 'abo_import_duration_seconds',
        help: 'Imports run by this process (the live feed), by outcome.',
        labelNames: ['outcome'] as const,
        buckets: RUN_BUCKETS,
        registers,
      }),
      close: new Histogram({
        name: 'abo_close_duration_seconds',
        help: 'Month closes run by this process (start-up, the live feed), by outcome.',
        labelNames: ['outcome'] as const,
        buckets: RUN_BUCKETS,
        registers,
      }),
    };
    const cacheLookupsTotal = new Counter({
      name: 'abo_answer_cache_lookups_total',
      help: 'Kept-answer lookups (db/answer-cache.ts), by result: hit or miss.',
      labelNames: ['result'] as const,
      registers,
    });
    // Both results from the start, so a rate of hits over all lookups exists before the first hit.
    cacheLookupsTotal.inc({ result: 'hit' }, 0);
    cacheLookupsTotal.inc({ result: 'miss' }, 0);

    const stopRuns = runs.subscribe((e) => {
      if (e.db === app.db) runSeconds[e.kind].observe({ outcome: e.ok ? 'ok' : 'failed' }, e.seconds);
    });
    const stopLookups = cacheLookups.subscribe((e) => {
      if (e.db === app.db) cacheLookupsTotal.inc({ result: e.hit ? 'hit' : 'miss' });
    });
    app.addHook('onClose', async () => {
      stopRuns();
      stopLookups();
    });

    /** The outbox as it is now: read at scrape time, so every process reports the shared table. */
    const readOutbox = async () => {
      const counts = await app.db
        .selectFrom('notification_outbox')
        .select(['status', sql<number>`count(*)`.as('n')])
        .where('status', 'in', ['pending', 'failed'])
        .groupBy('status')
        .execute();
      const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
      const oldest = await app.db
        .selectFrom('notification_outbox as o')
        .innerJoin('notifications as n', 'n.id', 'o.notification_id')
        .select(sql<string | null>`min(n.created_at)`.as('at'))
        .where('o.status', '=', 'pending')
        // A push waiting days for a WeChat sign-in (notifications/delivery/worker.ts) is no backlog.
        .where((eb) => eb.or([eb('o.last_error', 'is', null), eb('o.last_error', 'not like', `${NO_WECHAT_ADDRESS}%`)]))
        .executeTakeFirst();
      outboxPending.set(count('pending'));
      outboxFailed.set(count('failed'));
      outboxOldestAge.set(oldest?.at ? Math.max(0, (Date.now() - Date.parse(oldest.at)) / 1000) : 0);
    };

    const all = Registry.merge([processMetrics(), registry]);
    app.get('/metrics', { config: { public: true } }, async (request, reply) => {
      if (token !== undefined && !bearerMatches(request, token)) {
        return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ status: 'unauthorized' });
      }
      try {
        await readOutbox();
      } catch (err) {
        // NaN rather than stale figures (or zeros, which would look healthy); the rest is still worth scraping.
        request.log.warn({ err }, 'metrics: the notification outbox could not be read');
        for (const gauge of [outboxPending, outboxFailed, outboxOldestAge]) gauge.set(Number.NaN);
      }
      reply.header('Content-Type', all.contentType);
      return all.metrics();
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
