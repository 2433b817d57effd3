import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { errorsPlugin, isDatabaseUnavailable } from './errors.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertDistributor } from '../testing/fixtures.ts';
import { loadProfile } from '../idp/profile.ts';
import { rawSqlite, sqlitePath } from '../db/index.ts';
import path from 'node:path';

const coded = (code: string, message = `${code}: secret detail from the driver`) => Object.assign(new Error(message), { code });

describe('database faults answer a retryable envelope', () => {
  // A bare app with the real error handler and a route that throws whatever the test hands it.
  const app = Fastify({ logger: false });
  let next: unknown;
  beforeAll(async () => {
    await app.register(errorsPlugin);
    app.post('/boom', async () => {
      throw next;
    });
    app.post('/fine', async () => ({ code: 0 }));
    await app.ready();
  });
  afterAll(() => app.close());

  const retryable: Array<[string, unknown]> = [
    ['SQLITE_BUSY', coded('SQLITE_BUSY', 'database is locked')],
    ['SQLITE_BUSY_SNAPSHOT', coded('SQLITE_BUSY_SNAPSHOT')],
    ['SQLITE_LOCKED', coded('SQLITE_LOCKED', 'database table is locked: distributors')],
    ['SQLITE_CANTOPEN', coded('SQLITE_CANTOPEN', 'unable to open database file /data/inquiry.sqlite')],
    ['SQLITE_IOERR_SHORT_READ', coded('SQLITE_IOERR_SHORT_READ', 'disk I/O error')],
    ['PostgreSQL down (ECONNREFUSED)', coded('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:5432')],
    ['PostgreSQL admin shutdown (57P01)', coded('57P01', 'terminating connection due to administrator command')],
    ['PostgreSQL connection failure (08006)', coded('08006')],
    ['Node happy-eyeballs AggregateError', Object.assign(new AggregateError([coded('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' })],
    ['wrapped in a cause', new Error('query failed', { cause: coded('SQLITE_BUSY') })],
    ['pool connection terminated', new Error('Connection terminated unexpectedly')],
    ['closed better-sqlite3 handle', new TypeError('The database connection is not open')],
  ];

  it.each(retryable)('%s → HTTP 503, code 9900004, no driver text', async (_name, error) => {
    next = error;
    const res = await app.inject({ method: 'POST', url: '/boom' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ code: Code.RETRY, message: 'Service busy, please retry', success: false, data: null });
    expect(res.body).not.toMatch(/SQLITE|ECONN|5432|locked|administrator|inquiry\.sqlite|secret/);
    // The process keeps serving.
    expect((await app.inject({ method: 'POST', url: '/fine' })).statusCode).toBe(200);
  });

  it('other faults stay a plain 500 server error (not a false "retry")', async () => {
    for (const error of [
      coded('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: x.y'),
      coded('SQLITE_ERROR', 'no such table: x'),
      coded('42P01'),
      new Error('boom'),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      next = error;
      const res = await app.inject({ method: 'POST', url: '/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: Code.SERVER_ERROR, success: false });
      expect(res.body).not.toMatch(/UNIQUE|no such table|42P01|boom/);
    }
  });
});

// SQLite's own locking; the PostgreSQL suite stops a real server instead (db/postgres-faults.postgres.test.ts).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a database locked by another process', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let other: SQLite.Database;

  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, '10000001');
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, '10000001'))!);
    auth = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken, 'content-type': 'application/json' };
    // Wait only briefly for a lock here, so the test does not sit out the 5 s production timeout.
    rawSqlite(t.db)!.pragma('busy_timeout = 50');
    other = new SQLite(path.join(t.config.dataDir, 'test.sqlite'));
    expect(sqlitePath(t.config)).toContain(t.config.dataDir);
  });
  afterAll(async () => {
    other.close();
    await t.close();
  });

  const markGuideDone = () =>
    t.app.inject({
      method: 'POST',
      url: '/bff/v1/common/guideNovices/add',
      headers: auth,
      payload: { channel: 'ebiz', businessType: 'home' },
    });

  it('answers 9900004 while the lock is held, keeps reads working, and recovers when it is released', async () => {
    other.exec('BEGIN IMMEDIATE');
    other.exec("INSERT INTO novice_guides (ada, business_type, done_at) VALUES ('10000001', 'other', '2026-11-21T00:00:00Z')");
    try {
      const busy = await markGuideDone();
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toMatchObject({ code: Code.RETRY, success: false, message: 'Service busy, please retry' });
      expect(busy.body).not.toMatch(/SQLITE|locked/i);
      // WAL: readers are not blocked by a writer.
      const read = await t.app.inject({ method: 'POST', url: '/bff/v1/common/getConfig', headers: auth, payload: { channel: 'ebiz' } });
      expect(read.json()).toMatchObject({ code: 0 });
    } finally {
      other.exec('COMMIT');
    }
    const retried = await markGuideDone();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ code: 0, data: { done: true } });
    const rows = await t.db.selectFrom('novice_guides').select('business_type').where('ada', '=', '10000001').execute();
    expect(rows.map((r) => r.business_type).sort()).toEqual(['home', 'other']);
  });
});
