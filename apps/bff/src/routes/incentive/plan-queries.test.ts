// FLQ (frontline Q legs) counted one way: the frontline legs whose month the close flagged Q,
// the legs the engine is given. A stored q_legs beside them is not read, so the plan page's
// criterion, its month records, the FLQ leg matrix and home agree even when the two differ.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/index.ts';
import { loadProfile } from '../../idp/profile.ts';
import { insertDistributor } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { loadHistory } from './plan-queries.ts';

// Today is 2026-11-21: Sep and Oct closed, Nov month-to-date.
const ME = '10000001';
const [A, B, C] = ['10000011', '10000012', '10000013'];

async function month(db: DB, ada: string, m: string, over: { is_q?: number; q_legs?: number } = {}) {
  const isQ = over.is_q ?? 1;
  await db
    .insertInto('monthly_results')
    .values({
      ...{ ada, month: m, ppv: 200, gpv: 12_000, pgpv: isQ ? 11_000 : 3_000, bv_fen: 0, bracket: isQ ? 21 : 12, is_q: isQ },
      ...{ q_legs: over.q_legs ?? 0, apv: 11_000, is_sp: 1, pin_code: 330, new_customers: 0, points: 0, compliant: 1 },
      ...{ closed: m < '2026-11' ? 1 : 0, attended: null },
    })
    .execute();
}

describe('FLQ months, one count', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (url: string, payload: object = {}): Promise<any> => {
    const res = await t.app.inject({ method: 'POST', url, headers, payload: { channel: 'wec', ...payload } });
    expect(res.json().code, res.body).toBe(0);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, ME, { pin_code: 330, pin_month: '2026-02', tree_pos: 0, tree_size: 4 });
    for (const [i, leg] of [A, B, C].entries()) await insertDistributor(t.db, leg, { sponsor_ada: ME, tree_pos: i + 1, depth: 1 });
    // The stored q_legs disagree with the leg rows: Sep says 3 (two legs were Q), Oct says 1
    // (none was), Nov says 0 (one is so far).
    await month(t.db, ME, '2026-09', { q_legs: 3 });
    await month(t.db, ME, '2026-10', { q_legs: 1 });
    await month(t.db, ME, '2026-11', { q_legs: 0 });
    await month(t.db, A, '2026-09');
    await month(t.db, B, '2026-09');
    await month(t.db, C, '2026-09', { is_q: 0 });
    await month(t.db, A, '2026-10', { is_q: 0 });
    await month(t.db, A, '2026-11');
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, ME))!);
    headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
  });
  afterAll(() => t.close());

  it('gives the engine as many Q legs per month as the legs it lists', async () => {
    const loaded = await loadHistory(t.db, ME, '2026-09', '2026-11', { pin_code: 330, pin_month: '2026-02' });
    expect(loaded.history.months.map((m) => [m.month, m.qLegs, m.legs?.filter((l) => l.isQ).length])).toEqual([
      ['2026-09', 2, 2],
      ['2026-10', 0, 0],
      ['2026-11', 1, 1],
    ]);
  });

  it('shows the same FLQ months on the plan page, its month records, the leg matrix, the PY’s records and home', async () => {
    const plan = await call('/bff/v1/incentive/plan', { route: '/incentiveplan/seminars' });
    const flq = plan.criteria.find((c: { kind: string }) => c.kind === 'flqMonths');
    const lived = (records: { state: string; qLegs: number }[]) =>
      records.filter((r) => r.state !== 'future').reduce((s, r) => s + r.qLegs, 0);
    const matrix = (plan.legs as { months: boolean[] }[]).reduce((s, l) => s + l.months.filter(Boolean).length, 0);
    const months = await call('/bff/v1/incentive/months', { year: '26/27' });
    const home = await call('/bff/v1/home/summary');
    expect({
      criterion: flq.achieved,
      records: lived(plan.records),
      matrix,
      pyRecords: lived(months.records),
      home: home.flqMonths,
    }).toEqual({
      criterion: 3,
      records: 3,
      matrix: 3,
      pyRecords: 3,
      home: 3,
    });
    expect(plan.records.slice(0, 3).map((r: { qLegs: number }) => r.qLegs)).toEqual([2, 0, 1]);
  });
});
