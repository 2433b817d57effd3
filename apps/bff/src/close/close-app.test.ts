// Imported data in a running BFF: after the import and its close, the pages answer the imported
// distributor's figures; after another import and close into the same database from another
// connection (as `npm run import` in another process does), the next answers carry the new
// figures, with no restart (the data version moved, so kept answers were dropped).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, type DB } from '../db/index.ts';
import { loadProfile } from '../idp/profile.ts';
import { importDirectory } from '../import/import.ts';
import { csv, EXAMPLES_DIR, TODAY } from '../import/import.test-support.ts';
import { createTestApp, nextRequest, secondConnection, type TestApp } from '../testing/test-app.ts';
import { closeMonths } from './close.ts';
import { engineRun, readCompany } from './close.test-support.ts';

const LEADER = '86000001';

describe('imported data in a running server', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let other: DB;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-close-app-'));

  beforeAll(async () => {
    t = await createTestApp({ INQUIRY_TODAY: TODAY });
    await importDirectory(t.db, { dir: EXAMPLES_DIR, today: TODAY });
    // October stays open for now: the second test closes it with the running server.
    await closeMonths(t.db, { today: TODAY, through: '2026-09' });
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, LEADER))!);
    headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
    other = await secondConnection(t, 2);
  });
  afterAll(async () => {
    await closeDatabase(other);
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const call = async (url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers, payload: { channel: 'ebiz', loginada: LEADER, ...payload } });
    const body = res.json();
    expect(body.code, res.body).toBe(0);
    return body.data;
  };
  const monthOf = (d: { months: { month: string; ppv: number }[] }, month: string) => d.months.find((m) => m.month === month);
  const expected = engineRun(readCompany(EXAMPLES_DIR), TODAY, '2026-10');

  it('answers the imported figures: the latest statement and the months so far', async () => {
    const latest = await call('/bff/v1/income/statement');
    expect(latest).toMatchObject({ month: '2026-09', pretaxFen: expected.statements.get(`${LEADER}|2026-09`)!.pretax });
    const overview = await call('/bff/v1/achievement/overview');
    expect(monthOf(overview, '2026-09')?.ppv).toBe(540);
    expect(monthOf(overview, '2026-10')?.ppv).toBe(700);
    expect(monthOf(overview, '2026-11')?.ppv).toBe(480);
  });

  it('answers the new figures after another import and close into the running server, with no restart', async () => {
    const dir = path.join(work, 'more');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'orders.csv'), csv('order_id,ada,ordered_at,pv', 'M-1,86000001,2026-11-20T18:00:00,1020'));
    await importDirectory(other, { dir, today: TODAY });
    await nextRequest();
    // Pages read between the import and its close: nothing computed yet, and kept as such.
    expect(await call('/bff/v1/income/statement')).toMatchObject({ month: '2026-09' });
    expect(monthOf(await call('/bff/v1/achievement/overview'), '2026-11')?.ppv).toBe(480);
    // The close closes October and recomputes November.
    expect(await closeMonths(other, { today: TODAY })).toMatchObject({ changed: true, closed: ['2026-10'] });
    await nextRequest();
    expect(await call('/bff/v1/income/statement')).toMatchObject({
      month: '2026-10',
      pretaxFen: expected.statements.get(`${LEADER}|2026-10`)!.pretax,
    });
    const after = await call('/bff/v1/achievement/overview');
    expect(monthOf(after, '2026-11')?.ppv).toBe(480 + 1020);
    expect(monthOf(after, '2026-10')?.ppv).toBe(700);
  });
});
