import { describe, expect, it } from 'vitest';
import { annualComprehensiveTax, serviceFeeAnnualTax } from '@abo/plan';
import { reviewDefaultPy } from './income-routes.ts';
import { LEADER, STRANGER, useIncomeApp } from './income.test-support.ts';

describe('income calls: annual income, annual tax, review and types', () => {
  const fx = useIncomeApp();

  it('gives 12 months of a PY whose totals equal the sum of the months', async () => {
    const { body } = await fx.call(LEADER, 'distributorannualincome', { year: '25/26' });
    const d = body.data;
    expect(d.months).toHaveLength(12);
    for (const k of ['pretaxFen', 'taxFen', 'netFen'] as const) {
      expect(d.totals[k]).toBe(d.months.reduce((a: number, m: Record<string, number>) => a + m[k]!, 0));
    }
    const statements = await fx.call(LEADER, 'statements', { year: '25/26' });
    expect(d.totals).toEqual(statements.body.data.totals);
    const bad = await fx.call(LEADER, 'distributorannualincome', { year: '2025' });
    expect(bad.body.success).toBe(false);
  });

  it('works out the annual taxable income of a calendar year', async () => {
    const { body } = await fx.call(LEADER, 'annualtaxable', { year: '2026' });
    const d = body.data;
    expect(d.months).toHaveLength(12);
    expect(d.grossFen).toBe(d.months.reduce((a: number, m: { grossFen: number }) => a + m.grossFen, 0));
    expect(d.withheldFen).toBe(d.months.reduce((a: number, m: { withheldFen: number }) => a + m.withheldFen, 0));
    expect(d.incomeFen).toBe(Math.round(d.grossFen * 0.8));
    expect(d.taxableFen).toBe(Math.max(0, d.incomeFen - 6_000_000));
    expect(d.annualTaxFen).toBe(annualComprehensiveTax(d.taxableFen));
    expect(d.balanceFen).toBe(d.annualTaxFen - d.withheldFen);
    expect(d.complete).toBe(false);
    expect(d.years).toEqual(['2026', '2025']);
  });

  it('counts a statement in the calendar year it is paid in: December in the next year', async () => {
    const taxable = async (year: string) => (await fx.call(LEADER, 'annualtaxable', { year })).body.data;
    const paidBetween = async (from: string, to: string) => (await fx.call(LEADER, 'query', { from, to })).body.data.totals;
    const [y2025, y2026] = [await taxable('2025'), await taxable('2026')];
    // Statements of Sep–Nov 2025 are paid in 2025; December 2025's on 15 Jan 2026, with the rest up to October 2026's.
    expect(y2025.statements.map((s: { month: string; paidOn: string }) => [s.month, s.paidOn])).toEqual([
      ['2025-09', '2025-10-15'],
      ['2025-10', '2025-11-15'],
      ['2025-11', '2025-12-15'],
    ]);
    expect(y2026.statements[0]).toMatchObject({ month: '2025-12', paidOn: '2026-01-15' });
    expect(y2026.statements.at(-1)).toMatchObject({ month: '2026-10', paidOn: '2026-11-15' });
    const december = (await fx.call(LEADER, 'statement', { month: '2025-12' })).body.data;
    expect(december.paidOn).toBe('2026-01-15');
    expect(y2026.months[0]).toEqual({ month: '2026-01', grossFen: december.pretaxFen, withheldFen: december.taxFen, hasStatement: true });
    // The year's totals are the statements paid in it, to the fen.
    for (const [d, from, to] of [
      [y2025, '2025-09', '2025-11'],
      [y2026, '2025-12', '2026-10'],
    ] as const) {
      const paid = await paidBetween(from, to);
      expect(d.grossFen).toBe(paid.pretaxFen);
      expect(d.withheldFen).toBe(paid.taxFen);
      expect(d.annualTaxFen).toBe(annualComprehensiveTax(serviceFeeAnnualTax(paid.pretaxFen, paid.taxFen).taxableFen));
    }
  });

  it('reviews a year: totals, best month, growth, pins reached', async () => {
    const { body } = await fx.call(LEADER, 'annualreview', { year: '26/27' });
    const d = body.data;
    expect(d.monthsPaid).toBe(2);
    expect(d.netFen).toBe(d.months.reduce((a: number, m: { netFen: number }) => a + m.netFen, 0));
    expect(d.bestMonth.netFen).toBe(
      Math.max(...d.months.filter((m: { hasStatement: boolean }) => m.hasStatement).map((m: { netFen: number }) => m.netFen)),
    );
    expect(d.previous.py).toBe('25/26');
    expect(d.comparedMonths).toBe(2);
    const prevSame = (await fx.call(LEADER, 'query', { from: '2025-09', to: '2025-10' })).body.data.totals;
    expect(d.previousSamePeriod).toEqual(prevSame);
    expect(d.growthPercent).toBe(Math.round(((d.netFen - prevSame.netFen) / prevSame.netFen) * 1000) / 10);
    const last = await fx.call(LEADER, 'annualreview', { year: '25/26' });
    expect(last.body.data.pinsReached).toEqual([expect.objectContaining({ code: '342', month: '2026-01' })]);
  });

  it('opens the year in review on the last complete PY, not the open one', async () => {
    // Today is in PY 26/27, which has two statements so far; 25/26 is the last complete PY.
    const d = (await fx.call(LEADER, 'annualreview')).body.data;
    expect(d.py).toBe('25/26');
    expect(d.monthsPaid).toBe(12);
    expect(d.pys).toEqual(['26/27', '25/26']);
    // A member with no complete PY yet sees the open one.
    expect((await fx.call(STRANGER, 'annualreview')).body.data.py).toBe('26/27');
  });

  it('picks the newest PY before the open one that has statements', () => {
    expect(reviewDefaultPy('26/27', ['2026-10', '2026-09', '2026-08', '2025-09'])).toBe('25/26');
    expect(reviewDefaultPy('26/27', ['2026-10', '2024-12'])).toBe('24/25');
    expect(reviewDefaultPy('26/27', ['2026-10'])).toBe('26/27');
    expect(reviewDefaultPy('26/27', [])).toBe('26/27');
  });

  it('gives the type index this PY per item', async () => {
    const { body } = await fx.call(LEADER, 'types');
    const d = body.data;
    expect(d.latestMonth).toBe('2026-10');
    expect(d.types.reduce((a: number, x: { pyAmountFen: number }) => a + x.pyAmountFen, 0)).toBe(d.pyTotals.pretaxFen);
    expect(d.types.reduce((a: number, x: { latestAmountFen: number }) => a + x.latestAmountFen, 0)).toBe(d.latest.pretaxFen);
  });

  it('answers a distributor without statements with empty data, not errors', async () => {
    for (const path of [
      'statement',
      'promotionservicefee',
      'pretaxdetails',
      'types',
      'statements',
      'distributorannualincome',
      'annualtaxable',
      'annualreview',
    ]) {
      const { body } = await fx.call(STRANGER, path);
      expect(body.code, path).toBe(0);
    }
    expect((await fx.call(STRANGER, 'statement')).body.data).toMatchObject({ month: null, items: [], pretaxFen: 0 });
    expect((await fx.call(STRANGER, 'annualreview')).body.data).toMatchObject({ monthsPaid: 0, bestMonth: null, previous: null });
  });
});
