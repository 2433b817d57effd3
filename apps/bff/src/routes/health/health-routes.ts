import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../../db/index.ts';
import { pingDatabase } from './health-queries.ts';

/** How long /readyz waits for the database: below the 1 s an orchestrator's probe usually allows. */
export const READY_DATABASE_TIMEOUT_MS = 500;

/** `work`, or a rejection once `ms` have passed (the work itself is left to finish). */
export async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type NotReady = { database?: 'unreachable'; migrations?: string[] | 'unknown'; warmUp?: string[] };

/**
 * Liveness (/healthz) and readiness (/readyz) for load balancers, orchestrators and `npm start`.
 * A process shedding calls under load (plugins/backpressure.ts) is still alive: /healthz answers
 * 200 and says so (`underPressure`), so an orchestrator does not restart it for being busy.
 * /readyz is what a load balancer should route by: 503, naming what is missing, until this
 * build's migrations have run, the warm-ups (plugins/readiness.ts) are done and the database
 * answers within READY_DATABASE_TIMEOUT_MS.
 */
export async function healthRoutes(app: FastifyInstance, opts: { databaseTimeoutMs?: number } = {}): Promise<void> {
  const timeoutMs = opts.databaseTimeoutMs ?? READY_DATABASE_TIMEOUT_MS;

  app.get('/healthz', { config: { public: true } }, async (_request, reply) => {
    try {
      await pingDatabase(app.db);
      return app.hasDecorator('isUnderPressure') && app.isUnderPressure() ? { status: 'ok', underPressure: true } : { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  // Migrations never go back while the process runs: once all are seen, they are not read again.
  let migrated = false;
  app.get('/readyz', { config: { public: true } }, async (_request, reply) => {
    const notReady: NotReady = {};
    const [database, migrations] = await Promise.allSettled([
      within(timeoutMs, pingDatabase(app.db)),
      migrated ? Promise.resolve([]) : within(timeoutMs, pendingMigrations(app.db)),
    ]);
    if (database.status === 'rejected') notReady.database = 'unreachable';
    if (migrations.status === 'fulfilled') {
      if (migrations.value.length > 0) notReady.migrations = migrations.value;
      else migrated = true;
    } else if (!notReady.database) {
      notReady.migrations = 'unknown';
    }
    const warmUp = app.readiness.pending();
    if (warmUp.length > 0) notReady.warmUp = warmUp;
    if (Object.keys(notReady).length === 0) return { status: 'ready' };
    return reply.status(503).send({ status: 'not ready', notReady });
  });
}
