// "So far this month against the same day of last month" asked of a small company imported as
// `npm run import` does it, against figures worked out by hand from the rules (packages/plan
// income.ts header; PY 26/27: 3 % from 200 PV, 12 % from 2 000, 15 % from 4 000; orders without
// a BV: PV × 11.50). Today is 10 November: every order after the 10th is left out of October.
import type { SoFarChangeData } from '@abo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importedApp, type ImportedApp } from '../../testing/imported-app.ts';
import { LIN, smallCompany, WANG, X, ZHAO, ZHOU } from '../../testing/small-company.ts';

const URL = '/bff/v1/achievement/soFarChange';

describe('soFarChange: the promotion fee so far against last month up to the same day', () => {
  // Up to the 10th: October X 500 PV (the 1 000 of the 20th left out); Lin's leg 1 500 + Zhao's
  // 600 = 2 100 (Lin's 3 000 of the 12th left out), 12 %; Wang's 400, 3 %; X's group 3 000, 12 %.
  // November X 800 + 100 (the 10th counts) = 900; Lin's leg 2 000 + 1 200 = 3 200, 12 %; Wang
  // none; X's group 4 100, 15 %.
  let a: ImportedApp;
  beforeAll(async () => {
    a = await importedApp(
      smallCompany(
        [X, LIN, WANG, ZHAO, ZHOU],
        [
          ['X-10a', X, '2026-10-03', '500'],
          ['X-10b', X, '2026-10-20', '1000'],
          ['L-10a', LIN, '2026-10-05', '1500'],
          ['L-10b', LIN, '2026-10-12', '3000'],
          ['Z-10', ZHAO, '2026-10-08', '600'],
          ['W-10', WANG, '2026-10-09', '400'],
          ['X-11a', X, '2026-11-03', '800'],
          ['X-11b', X, '2026-11-10', '100'],
          ['L-11', LIN, '2026-11-02', '2000'],
          ['Z-11', ZHAO, '2026-11-10', '1200'],
        ],
      ),
      '2026-11-10',
    );
  });
  afterAll(() => a.close());

  it('cuts both months at the 10th and splits the change: bracket, own orders, each leg', async () => {
    const c = await a.call<SoFarChangeData>(X, URL);
    // October: own 5 750.00 × 12 % = 690.00; Lin's leg 12 % − 12 % = 0; Wang's 4 600.00 × 9 % = 414.00.
    // November: own 10 350.00 × 15 % = 1 552.50; Lin's leg 36 800.00 × 3 % = 1 104.00; Wang none.
    expect(c).toMatchObject({
      estimate: true,
      hasOrders: true,
      to: { month: '2026-11', day: 10, promotionFen: 265_650 },
      from: { month: '2026-10', day: 10, promotionFen: 110_400 },
      promotionChangeFen: 155_250,
      fromVolume: { ppv: 500, gpv: 3_000, bracketPercent: 12 },
      toVolume: { ppv: 900, gpv: 4_100, bracketPercent: 15 },
    });
    // Bracket: October's lines at 15 % less at 12 %: own 172.50, Lin 724.50, Wang 138.00.
    // Own orders at 15 %: (10 350.00 − 5 750.00) × 15 % = 690.00. Lin's leg at 15 %: 1 104.00 −
    // 724.50 = 379.50. Wang's leg: 0 − 552.00.
    const href = '/income/promotionservicefee?month=2026-10';
    expect(c.parts.map((p) => [p.kind, p.legAdaMasked, p.pretaxFen, p.netFen, p.href])).toEqual([
      ['bracket', null, 103_500, 103_500, href],
      ['ownVolume', null, 69_000, 69_000, href],
      ['leg', '865******03', -55_200, -55_200, href],
      ['leg', '865******02', 37_950, 37_950, href],
    ]);
    expect(c.parts.reduce((s, p) => s + p.pretaxFen, 0)).toBe(c.promotionChangeFen);
    expect(c.parts.find((p) => p.legAdaMasked === '865******02')!.text.zh).toBe('林晓一线：小组PV 2,100→3,200');
    expect(c.summary!.zh).toBe('小组PV增加1,100（王芳一线−400）：市场推广服务费+¥1,552.50');
    expect(c.note.en).toMatch(/before tax only/);
  });

  it('a group without any order in either month has nothing to compare, not an error', async () => {
    const c = await a.call<SoFarChangeData>(ZHOU, URL);
    expect(c).toMatchObject({ estimate: true, hasOrders: false, parts: [], summary: null, promotionChangeFen: 0 });
    expect(c.to).toEqual({ month: '2026-11', day: 10, promotionFen: 0 });
  });
});

describe('soFarChange on the 31st: a shorter last month is cut at its last day, which is its statement', () => {
  // November (all of it, to the 30th): X 300 PV; Lin's leg 1 000 + Zhao's 9 500 = 10 500, a 21 %
  // group; Wang's 2 000, 12 %; X's group 12 800, 21 %. December to the 31st: X 700; Lin's leg 500,
  // 3 %; Wang's 2 000 (on the 31st); X's group 3 200, 12 %.
  let a: ImportedApp;
  beforeAll(async () => {
    a = await importedApp(
      smallCompany(
        [X, LIN, WANG, ZHAO],
        [
          ['X-11', X, '2026-11-30', '300'],
          ['L-11', LIN, '2026-11-12', '1000'],
          ['Z-11', ZHAO, '2026-11-03', '9500'],
          ['W-11', WANG, '2026-11-20', '2000'],
          ['X-12', X, '2026-12-05', '700'],
          ['L-12', LIN, '2026-12-01', '500'],
          ['W-12', WANG, '2026-12-31', '2000'],
        ],
      ),
      '2026-12-31',
    );
  });
  afterAll(() => a.close());

  it('31 December against 30 November: Lin’s leg fell below 21 % and the bracket 21 % → 12 %', async () => {
    const c = await a.call<SoFarChangeData>(X, URL);
    // November: own 3 450.00 × 21 % = 724.50; Lin's 21 % leg nothing; Wang's 23 000.00 × 9 % =
    // 2 070.00. December: own 8 050.00 × 12 % = 966.00; Lin's 5 750.00 × 9 % = 517.50; Wang's 0 %.
    expect(c).toMatchObject({
      to: { month: '2026-12', day: 31, promotionFen: 148_350 },
      from: { month: '2026-11', day: 30, promotionFen: 279_450 },
      promotionChangeFen: -131_100,
    });
    // Bracket: November's lines at 12 % less at 21 %: own −310.50, Wang −2 070.00 (Lin's 21 % leg
    // nothing at either). Own orders: 4 600.00 × 12 %. Lin's leg: 517.50 − 0.
    expect(c.parts.map((p) => [p.kind, p.legAdaMasked, p.pretaxFen])).toEqual([
      ['bracket', null, -238_050],
      ['ownVolume', null, 55_200],
      ['leg', '865******02', 51_750],
    ]);
    expect(c.parts[2]!.text.zh).toBe('林晓一线：小组PV 10,500→500，跌出21%：重新计入个人小组');
    expect(c.parts.reduce((s, p) => s + p.pretaxFen, 0)).toBe(c.promotionChangeFen);
  });

  it('November cut at its last day is what its closed statement paid', async () => {
    const st = await a.call<{ items: { code: string; amountFen: number }[] }>(X, '/bff/v1/income/statement', { month: '2026-11' });
    const paid = st.items.filter((i) => i.code === 'PROMOTION').reduce((s, i) => s + i.amountFen, 0);
    const c = await a.call<SoFarChangeData>(X, URL);
    expect(c.from.promotionFen).toBe(paid);
  });
});
