// The legs that could close a plan's FLQ or LDD gap (contract plan-gap-legs.ts), on the market
// fixture's tree (market.test-support.ts): today 2026-11-21, PY 26/27 open, November so far.
import { describe, expect, it } from 'vitest';
import { Code, type GapLegRow, type MemberRow, type PlanData } from '@abo/contract';
import { useMarketApp } from './market.test-support.ts';

describe('/bff/v1/incentive/plan/gapLegs', () => {
  const fx = useMarketApp();
  const gapLegs = (as: string, body: object, extra: Record<string, string> = {}) =>
    fx.post('/bff/v1/incentive/plan/gapLegs', as, body, extra);
  const ids = (rows: GapLegRow[]) => rows.map((r) => r.maskedAda);

  it('FLQ: the frontline not Q this month, least PV to Q first, as member tracking shows them', async () => {
    const d = (await gapLegs('10000002', { code: 'SEMINAR_2627', kind: 'flqMonths' })).json().data;
    expect(d).toMatchObject({ code: 'SEMINAR_2627', py: '26/27', month: '2026-11', periodState: 'open', qThreshold: 10_000 });
    // 20000001 is Q this month (10 100): it already counts. Second-level members are not legs.
    expect(d.counting).toBe(1);
    expect(d.total).toBe(3);
    expect(ids(d.rows)).toEqual(['200******02', '200******03', '200******04']);
    expect(d.rows.map((r: GapLegRow) => [r.pvToQ, r.progressPct])).toEqual([
      [2_000, 80],
      [3_500, 65],
      [9_900, 1],
    ]);
    // Each row is the member tracking row's member: the same ref, name and gap.
    const members = (await fx.call('members', '10000002', { pageSize: 100 })).json().data.rows as MemberRow[];
    for (const r of d.rows as GapLegRow[]) {
      const m = members.find((x) => x.ref === r.ref)!;
      expect({ name: r.maskedName, gpv: r.gpv, pvToQ: r.pvToQ, isQ: r.isQ }).toEqual({
        name: m.maskedName,
        gpv: m.gpv,
        pvToQ: m.pvToQ,
        isQ: m.isQ,
      });
    }
  });

  it('LDD: legs that can still reach 6 Q months, fewest months needed first; Q months agree with the plan page', async () => {
    const d = (await gapLegs('10000002', { code: 'FEM_TRAVEL_2627', kind: 'lddMarkets' })).json().data;
    expect(d.legQMonths).toBe(6);
    expect(d.counting).toBe(0);
    // 20000001: Sep, Oct and November so far (3, needs 3); 20000002: Oct (needs 5); the others none (6 of 10 months).
    expect(d.rows.map((r: GapLegRow) => [r.maskedAda, r.qMonths, r.monthsNeeded])).toEqual([
      ['200******01', 3, 3],
      ['200******02', 1, 5],
      ['200******03', 0, 6],
      ['200******04', 0, 6],
    ]);
    const plan = (await fx.post('/bff/v1/incentive/plan', '10000002', { code: 'FEM_TRAVEL_2627' })).json().data as PlanData;
    for (const leg of plan.legs) expect(d.rows.find((r: GapLegRow) => r.maskedAda === leg.maskedAda)?.qMonths).toBe(leg.qMonths);
    const ldd = plan.criteria.find((c) => c.kind === 'lddMarkets')!;
    expect(ldd.achieved).toBe(d.counting);
  });

  it('has none for a closed edition, and for someone without a frontline', async () => {
    const past = (await gapLegs('10000002', { route: '/incentiveplan/seminars', year: '25/26', kind: 'flqMonths' })).json().data;
    expect(past).toMatchObject({ periodState: 'closed', total: 0, rows: [] });
    const alone = (await gapLegs('30000001', { code: 'SEMINAR_2627', kind: 'flqMonths' })).json().data;
    expect(alone).toMatchObject({ counting: 0, total: 0, rows: [] });
  });

  it('answers bad input in the envelope', async () => {
    expect((await gapLegs('10000002', { code: 'SEMINAR_2627', kind: 'pqMonths' })).json()).toMatchObject({
      success: false,
      code: Code.BAD_REQUEST,
    });
    expect((await gapLegs('10000002', { kind: 'flqMonths' })).json()).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect((await gapLegs('10000002', { code: 'NO_SUCH', kind: 'flqMonths' })).json()).toMatchObject({
      success: false,
      code: Code.NOT_FOUND,
    });
    // The seminar plan counts no LDD markets.
    const wrong = (await gapLegs('10000002', { code: 'SEMINAR_2627', kind: 'lddMarkets' })).json();
    expect(wrong).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect(wrong.message).toContain('LDD');
  });
});
