// Issue #9, faults: the PostgreSQL server stops mid-run (a crash: pg_ctl -m immediate) and comes
// back. Runs on a cluster of its own, since stopping the suite's shared server would fail every
// other test running beside this one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Code } from '@abo/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { loadProfile } from '../idp/profile.ts';
import { insertDistributor } from '../testing/fixtures.ts';
import { startPgCluster, type PgCluster } from '../testing/pg-cluster.ts';
import { migrateToLatest, openPostgres } from './index.ts';
import { TEST_TODAY } from '../testing/today.ts';

describe('PostgreSQL stopped mid-run', () => {
  let cluster: PgCluster;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  const connectionErrors: string[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster();
    const db = openPostgres(cluster.url, { poolSize: 4, onConnectionError: (err) => connectionErrors.push(err.message) });
    await migrateToLatest(db);
    await insertDistributor(db, '10000001');
    const config = loadConfig({ DATA_DIR: cluster.dataDir, LOG_LEVEL: 'silent', INQUIRY_TODAY: TEST_TODAY, DATABASE_URL: cluster.url });
    app = await buildApp({ config, db, logger: false });
    await app.ready();
    const tokens = await app.tokens.issue((await loadProfile(db, '10000001'))!);
    headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await app?.close();
    cluster?.destroy();
  });

  const post = (url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers, payload: { channel: 'ebiz', loginada: '10000001', ...payload } });
  const invite = (inviteeName: string) => post('/bff/v1/achievement/invitations/create', { inviteeName, note: 'fault test' });
  const invitees = async () => {
    const res = await post('/bff/v1/achievement/invitations');
    return { res, names: (res.json().data?.invitations ?? []).map((i: { inviteeName: string }) => i.inviteeName).sort() };
  };

  it('answers 9900004 while the server is down, stays up, recovers by itself and keeps every acknowledged write', async () => {
    // Writes acknowledged before the crash.
    for (const name of ['Ann', 'Bo', 'Cai']) {
      const res = await invite(name);
      expect(res.json()).toMatchObject({ code: Code.OK, success: true });
    }
    expect((await invitees()).names).toEqual(['Ann', 'Bo', 'Cai']);

    cluster.stop('immediate');

    // Reads and writes alike: a clear, retryable code, HTTP 503, no driver text.
    for (const res of [(await invitees()).res, await invite('Dong'), await post('/bff/v1/home/summary')]) {
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body).toMatchObject({ code: Code.RETRY, success: false });
      expect(body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|terminat/i);
    }
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);

    cluster.start();

    // Recovers without a restart: the pool connects afresh. Poll for a bounded while.
    const started = Date.now();
    let recovered = false;
    while (Date.now() - started < 30_000) {
      const { res } = await invitees();
      if (res.statusCode === 200) {
        recovered = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered).toBe(true);

    // Everything acknowledged is there; the write refused during the outage is not.
    expect((await invitees()).names).toEqual(['Ann', 'Bo', 'Cai']);
    expect((await invite('Eli')).json()).toMatchObject({ code: Code.OK });
    expect((await invitees()).names).toEqual(['Ann', 'Bo', 'Cai', 'Eli']);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
