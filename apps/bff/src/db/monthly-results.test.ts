import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDistributor } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import {
  byAda,
  byAdaMonth,
  frontlineMonthlyResults,
  frontlineQMonths,
  highestPinBefore,
  monthlyResultOf,
  monthlyResultsOf,
  toMonthlyResult,
} from './monthly-results.ts';

const row = (ada: string, month: string, pgpv: number, over: Record<string, unknown> = {}) => ({
  ada,
  month,
  ppv: 300,
  gpv: pgpv + 10,
  pgpv,
  bv_fen: 30_000,
  bracket: 21,
  is_q: 1,
  q_legs: 2,
  apv: pgpv,
  is_sp: 0,
  pin_code: 330,
  new_customers: 3,
  points: 7,
  compliant: 1,
  closed: 1,
  attended: null,
  pearl_pass_pv: 0,
  leadership_up_fen: 0,
  qualification_credits: 0,
  gbv_fen: null,
  pgbv_fen: null,
  pearl_pass_bv_fen: null,
  lead_legs: null,
  lead_base_bv_fen: null,
  ...over,
});

describe('monthly results', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, '10000001', { tree_pos: 0, tree_size: 3 });
    await insertDistributor(t.db, '20000001', { sponsor_ada: '10000001', tree_pos: 1, depth: 1 });
    await insertDistributor(t.db, '20000002', { sponsor_ada: '10000001', tree_pos: 2, depth: 1 });
    await t.db
      .insertInto('monthly_results')
      .values([
        row('10000001', '2026-10', 12_000, { attended: 'SEM26, GALA ,' }),
        row('10000001', '2026-09', 11_000),
        row('10000001', '2026-11', 900, { is_q: 0, closed: 0, compliant: 0, is_sp: 1 }),
        row('20000001', '2026-10', 2_000, { is_q: 0 }),
        row('20000001', '2026-09', 10_500, { pin_code: 310 }),
        row('20000002', '2026-11', 4_000, { is_q: 0 }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('maps a row to the domain shape once: flags as booleans, events as a list', async () => {
    expect(await monthlyResultOf(t.db, '10000001', '2026-10')).toEqual({
      ada: '10000001',
      month: '2026-10',
      ppv: 300,
      gpv: 12_010,
      pgpv: 12_000,
      bvFen: 30_000,
      bracket: 21,
      isQ: true,
      qLegs: 2,
      apv: 12_000,
      isSp: false,
      pinCode: 330,
      newCustomers: 3,
      points: 7,
      compliant: true,
      closed: true,
      attended: ['SEM26', 'GALA'],
      pearlPassPv: 0,
      leadershipUpFen: 0,
      qualificationCredits: 0,
      // Not stored: the engine takes PV × the PY's ratio, as such a row was paid.
      gbvFen: null,
      pgbvFen: null,
      pearlPassBvFen: null,
      leadershipLegs: 0,
      leadershipBaseBvFen: 0,
    });
    expect(toMonthlyResult(row('x', '2026-11', 1, { is_q: 0, is_sp: 1, compliant: 0, closed: 0 }))).toMatchObject({
      isQ: false,
      isSp: true,
      compliant: false,
      closed: false,
      attended: [],
    });
    expect(await monthlyResultOf(t.db, '10000001', '2026-08')).toBeUndefined();
  });

  it('reads a range oldest first, and a frontline’s months', async () => {
    expect((await monthlyResultsOf(t.db, '10000001', '2026-09', '2026-11')).map((m) => m.month)).toEqual(['2026-09', '2026-10', '2026-11']);
    expect((await monthlyResultsOf(t.db, '10000001', '2026-10', '2026-10')).map((m) => m.month)).toEqual(['2026-10']);
    const legs = await frontlineMonthlyResults(t.db, '10000001', '2026-09', '2026-11');
    expect(byAdaMonth(legs).get('20000001|2026-10')?.pgpv).toBe(2_000);
    expect([...byAda(legs).keys()].sort()).toEqual(['20000001', '20000002']);
    expect(await frontlineMonthlyResults(t.db, '10000001', '2026-11', '2026-11')).toEqual([
      expect.objectContaining({ ada: '20000002', pgpv: 4_000 }),
    ]);
  });

  it('reads the highest pin before a month, and the frontline’s Q months with names', async () => {
    await t.db.updateTable('monthly_results').set({ pin_code: 340 }).where('ada', '=', '10000001').where('month', '=', '2026-09').execute();
    expect(await highestPinBefore(t.db, '10000001', '2026-10')).toBe(340);
    expect(await highestPinBefore(t.db, '10000001', '2026-09')).toBe(0);
    expect(await frontlineQMonths(t.db, '10000001', '2026-09', '2026-11')).toEqual([
      { ada: '20000001', nameZh: '测试会员', nameEn: 'Test Member', month: '2026-09' },
    ]);
    expect(await frontlineQMonths(t.db, '10000001', '2026-10', '2026-11')).toEqual([]);
  });
});
