// /readyz: ready only once this build's migrations have run, the warm-ups are done and the
// database answers in time; otherwise 503 naming what is missing. /healthz stays liveness.
import Fastify from 'fastify';
import { Kysely, sql, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type DatabaseConnection } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/index.ts';
import { readinessPlugin } from '../../plugins/readiness.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { healthRoutes, within } from './health-routes.ts';

/** A database whose connections fail (`refuse`) or never come (`hang`). */
function brokenDb(mode: 'refuse' | 'hang'): DB {
  return new Kysely({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createDriver: () => ({
        init: async () => undefined,
        acquireConnection: () =>
          mode === 'hang'
            ? new Promise<DatabaseConnection>(() => undefined)
            : Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
        beginTransaction: async () => undefined,
        commitTransaction: async () => undefined,
        rollbackTransaction: async () => undefined,
        releaseConnection: async () => undefined,
        destroy: async () => undefined,
      }),
    },
  });
}

async function appOn(db: DB) {
  const app = Fastify({ logger: false });
  app.decorate('db', db);
  await app.register(readinessPlugin);
  await app.register(healthRoutes, { databaseTimeoutMs: 50 });
  return app;
}

describe('/readyz on a real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names migrations this build has that the database has not run', async () => {
    // Before the first ready answer: once all migrations are seen, they are not read again.
    const { rows } = await sql<{
      name: string;
      timestamp: string;
    }>`select name, "timestamp" from kysely_migration order by name desc limit 1`.execute(t.db);
    const { name, timestamp } = rows[0]!;
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db);
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', notReady: { migrations: [name] } });
    await sql`insert into kysely_migration (name, "timestamp") values (${name}, ${timestamp})`.execute(t.db);
  });

  it('is ready once migrated and warmed up (the market snapshot), and says so', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(t.app.readiness.pending()).toEqual([]);
  });

  it('answers 503 while a warm-up is under way, and ready again when it ends', async () => {
    const done = t.app.readiness.hold('market snapshot');
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', notReady: { warmUp: ['market snapshot'] } });
    // Liveness is not readiness: a warming process is alive.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    done();
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('/readyz without a database', () => {
  const apps: Array<Awaited<ReturnType<typeof appOn>>> = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('answers 503 naming the database when it refuses connections', async () => {
    const app = await appOn(brokenDb('refuse'));
    apps.push(app);
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', notReady: { database: 'unreachable' } });
  });

  it('gives up on a database that does not answer within its timeout', async () => {
    const app = await appOn(brokenDb('hang'));
    apps.push(app);
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().notReady).toEqual({ database: 'unreachable' });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('within', () => {
  it('answers the work, or rejects once the time is up', async () => {
    await expect(within(1000, Promise.resolve(7))).resolves.toBe(7);
    await expect(within(10, new Promise(() => undefined))).rejects.toThrow('no answer within 10 ms');
  });
});
