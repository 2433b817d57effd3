// A company's own records honoured (packages/plan README, "BV" and "Returns and claw-backs"):
// small companies imported and closed as `npm run import` does it, read through the BFF (SQLite;
// PostgreSQL in the PostgreSQL suite), against figures worked out by hand from the rules.
import type { AchEstimateData, AchMonthsData, PromotionData, StatementData } from '@abo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv } from '../import/import.test-support.ts';
import { importedApp, type ImportedApp } from '../testing/imported-app.ts';

type Items = Record<string, number>;
const itemsOf = (s: StatementData): Items => Object.fromEntries(s.items.map((i) => [i.code, i.amountFen]));

describe('the order’s own BV is what fees are paid on', () => {
  // X: one October order of 1 000 PV with BV ¥1 000.00 (not PV × 11.50 = ¥11 500), and one in
  // November (open) of 1 000 PV with BV ¥800.00. Y: 500 PV in October without a BV: PV × 11.50,
  // and in November a return of 800 PV with its BV, −¥9 200.00.
  const X = '86400001';
  const Y = '86400002';
  let a: ImportedApp;
  beforeAll(async () => {
    a = await importedApp(
      {
        'distributors.csv': csv('ada,sponsor_ada,name,joined_on', [X, '', '王本', '2020-01-01'], [Y, X, '李无', '2021-01-01']),
        'orders.csv': csv(
          'order_id,ada,ordered_at,pv,bv',
          ['X-10', X, '2026-10-05', '1000', '1000.00'],
          ['Y-10', Y, '2026-10-06', '500', ''],
          ['X-11', X, '2026-11-03', '1000', '800.00'],
          ['Y-11R', Y, '2026-11-09', '-800', '-9200.00'],
        ),
      },
      '2026-11-15',
    );
  });
  afterAll(() => a.close());

  it('pays the bracket on the order’s BV: X’s October promotion fee', async () => {
    // X: group PV 1 500 → 9 %. Own 9 % × ¥1 000.00 = ¥90.00; Y's leg (500 PV → 3 %) with BV
    // 500 × 11.50 = ¥5 750.00: (9 − 3) % = ¥345.00. Total ¥435.00 (before: ¥1 035.00 + ¥345.00).
    const s = await a.call<StatementData>(X, '/bff/v1/income/statement', { month: '2026-10' });
    expect(itemsOf(s)).toEqual({ PROMOTION: 43_500 });
    expect(s.items[0]!.baseBvFen).toBe(100_000 + 575_000);
    const p = await a.call<PromotionData>(X, '/bff/v1/income/promotionservicefee', { month: '2026-10' });
    expect(p.lines.map((l) => [l.pv, l.bvFen, l.differentialPercent, l.amountFen])).toEqual([
      [1_000, 100_000, 9, 9_000],
      [500, 575_000, 6, 34_500],
    ]);
  });

  it('the achievement page’s BV is the statement’s own line, one BV per distributor and month', async () => {
    const m = await a.call<AchMonthsData>(X, '/bff/v1/achievement/months', { count: 3 });
    const oct = m.months.find((x) => x.month === '2026-10')!;
    expect(oct.bvFen).toBe(100_000);
    const nov = m.months.find((x) => x.month === '2026-11')!;
    expect(nov.bvFen).toBe(80_000);
  });

  it('the estimate of the open month runs on it too, the leg a return took below zero included', async () => {
    // November so far: group PV 1 000 − 800 = 200 → 3 %. Own 3 % × ¥800.00 = ¥24.00; Y's leg
    // (−800 PV, 0 %): 3 % × −¥9 200.00 = −¥276.00. So far −¥252.00, as the close counts it.
    const e = await a.call<AchEstimateData>(X, '/bff/v1/achievement/estimate');
    expect(e.ppvBvFen).toBe(80_000);
    expect(e.legs.map((l) => [l.gpv, l.pgbvFen])).toEqual([[-800, -920_000]]);
    expect(e.before.bracketPercent).toBe(3);
    expect(e.before.promotionFen).toBe(2_400 - 27_600);
  });
});

describe('a return never counts a 21 % group twice, and a negative fee is carried, not lost', () => {
  // A 8 000 ← B 10 000 ← C 0 ← D ← E 10 000 (no BV on the orders: PV × 11.50 = 1 150 fen).
  // D bought 2 000 PV in September and returned 4 000 PV in October (−2 000 for the month);
  // November: D 4 000 PV alone.
  const [A, B, C, D, E] = ['86500001', '86500002', '86500003', '86500004', '86500005'];
  let a: ImportedApp;
  beforeAll(async () => {
    const months = ['09', '10'];
    a = await importedApp(
      {
        'distributors.csv': csv(
          'ada,sponsor_ada,name,joined_on',
          [A, '', '甲', '2019-01-01'],
          [B, A, '乙', '2019-02-01'],
          [C, B, '丙', '2019-03-01'],
          [D, C, '丁', '2019-04-01'],
          [E, D, '戊', '2019-05-01'],
        ),
        'orders.csv': csv(
          'order_id,ada,ordered_at,pv',
          ...months.flatMap((m) => [
            [`A-${m}`, A, `2026-${m}-02`, '8000'],
            [`B-${m}`, B, `2026-${m}-03`, '10000'],
            [`E-${m}`, E, `2026-${m}-04`, '10000'],
          ]),
          ['D-09', D, '2026-09-05', '2000'],
          ['D-10', D, '2026-10-06', '2000'],
          ['D-10R', D, '2026-10-20', '-4000'],
          ['D-11', D, '2026-11-07', '4000'],
        ),
      },
      '2026-12-10',
    );
  });
  afterAll(() => a.close());
  const statement = (ada: string, month: string) => a.call<StatementData>(ada, '/bff/v1/income/statement', { month });

  it('October: E’s 21 % group leaves B’s personal group; A keeps ¥3 680.00 of leadership, not ¥11 960.00', async () => {
    // Group PV: E 10 000, D 8 000, C 8 000 (below 21 %), B 18 000, A 26 000. Personal groups:
    // B 10 000 + C's −2 000 = 8 000 (E left it), A 8 000. Leadership: E's 4 % (¥4 600.00) goes
    // through D and C (below 21 %, they keep none) to B; B and A each keep 4 % of their own
    // personal group (¥3 680.00: personal group at 18 %, they keep part), passing ¥4 600.00 up.
    const sa = await statement(A, '2026-10');
    expect(itemsOf(sa)).toEqual({ PROMOTION: 1_932_000, LEADERSHIP: 368_000 });
    const sb = await statement(B, '2026-10');
    // B: 21 % × ¥115 000.00 + (21 − 18) % × C's personal-group BV −¥23 000.00.
    expect(itemsOf(sb)).toEqual({ PROMOTION: 2_346_000, LEADERSHIP: 368_000 });
    const se = await statement(E, '2026-10');
    expect(itemsOf(se)).toEqual({ PROMOTION: 2_415_000 });
    // The tree is paid 21 % of its BV (¥299 000.00) in promotion fees, not 23.5 % (C is paid 0).
    const sd = await statement(D, '2026-10');
    const promo = [sa, sb, sd, se].reduce((t, s) => t + itemsOf(s).PROMOTION!, 0);
    expect(promo).toBe(6_279_000);
  });

  it('D’s October is −¥4 140.00: nothing paid, carried to November and taken from it', async () => {
    const oct = await statement(D, '2026-10');
    // D: 18 % × (−2 000 × ¥11.50) = −¥4 140.00 (E is a 21 % leg: nothing on it); E's
    // leadership passes through D, all of it (the item says so, and keeps 0).
    expect(itemsOf(oct)).toEqual({ PROMOTION: -414_000, LEADERSHIP: 0, DEBIT_CARRIED_FORWARD: 414_000 });
    expect([oct.pretaxFen, oct.taxFen, oct.netFen]).toEqual([0, 0, 0]);
    // Nothing is paid for it, so nothing is "paid on" a day.
    expect(oct.paidOn).toBeNull();
    const nov = await statement(D, '2026-11');
    // November: 15 % × ¥46 000.00 = ¥6 900.00, less ¥4 140.00 = ¥2 760.00;
    // tax (¥2 760 − ¥800) × 20 % = ¥392.00.
    expect(itemsOf(nov)).toEqual({ PROMOTION: 690_000, DEBIT_BROUGHT_FORWARD: -414_000 });
    expect([nov.pretaxFen, nov.taxFen, nov.netFen]).toEqual([276_000, 39_200, 236_800]);
    expect(nov.paidOn).toBe('2026-12-15');
    const brought = nov.items.find((i) => i.code === 'DEBIT_BROUGHT_FORWARD')!;
    expect(brought.note?.en).toContain('2026-10');
    expect(brought.name.zh).toBe('上期负额扣回');
  });
});
