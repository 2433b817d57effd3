// Pins above Platinum need a qualified Platinum of the same PY (packages/plan/README.md, "pins
// above Platinum": Amway's classic plan, the Emerald and Diamond bonuses going to qualified
// Emeralds / Diamonds who are Platinums first). A small company imported and closed as
// `npm run import` does it, its leader's rank page and August statement read through the BFF
// (SQLite; PostgreSQL in the PostgreSQL suite), against figures worked out by hand below.
import type { AchRankData, StatementData } from '@abo/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { csv, TODAY } from '../import/import.test-support.ts';
import { importedApp, type ImportedApp } from '../testing/imported-app.ts';

const R = '86200001'; // the leader: 500 PV every month of 25/26
const LEGS = ['86200011', '86200012', '86200013']; // R's frontline: 10 000 PV (a 21 % group) in the months given

/** R and three legs; the legs order in the months flagged, R every month of 25/26 (Sep 2025 … Aug 2026). */
function company(flags: readonly number[]): Record<string, string> {
  const months = [
    '2025-09',
    '2025-10',
    '2025-11',
    '2025-12',
    '2026-01',
    '2026-02',
    '2026-03',
    '2026-04',
    '2026-05',
    '2026-06',
    '2026-07',
    '2026-08',
  ];
  const orders: string[][] = [];
  months.forEach((m, k) => {
    orders.push([`R-${m}`, R, `${m}-03`, '500', '']);
    if (flags[k]) for (const leg of LEGS) orders.push([`L-${leg}-${m}`, leg, `${m}-05`, '10000', '']);
  });
  return {
    'distributors.csv': csv(
      'ada,sponsor_ada,name,joined_on',
      [R, '', '赵领', '2015-01-10'],
      ...LEGS.map((leg, k) => [leg, R, `腿${k + 1}`, '2016-05-02']),
    ),
    'orders.csv': csv('order_id,ada,ordered_at,pv,bv', ...orders),
  };
}

const apps: ImportedApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});
async function load(flags: readonly number[]): Promise<ImportedApp> {
  const a = await importedApp(company(flags), TODAY);
  apps.push(a);
  return a;
}

const rises = (d: AchRankData) => d.history.map((h) => [h.pinCode, h.month]);
const codes = (s: StatementData) => s.items.map((i) => i.code);

describe('pins above Platinum need a qualified Platinum in the PY', () => {
  it('three legs each Q six months, SP months never three in a row: Gold, and no Emerald bonus in August', async () => {
    //              Sep Oct Nov Dec Jan Feb Mar Apr May Jun Jul Aug
    const a = await load([1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]);
    // R is an SP month exactly when the three legs are Q (≥ 2 Q legs): Sep, Nov, Jan, Mar, May,
    // Jul. Silver with the 1st (Sep), Gold with the 3rd (Jan); six SP months but no 3 in a row is
    // no Platinum, so no Emerald in July for the legs' 6th Q month (before: Emerald, and paid).
    const rank = await a.call<AchRankData>(R, '/bff/v1/achievement/rank');
    expect([rank.pinCode, rank.pinMonth]).toEqual([320, '2026-01']);
    expect(rises(rank)).toEqual([
      [310, '2025-09'],
      [320, '2026-01'],
    ]);
    // August: R's 500 PV alone (legs 0), bracket 3 %: 3 % × 500 PV × ¥11.50 = ¥172.50; no annual bonus.
    const august = await a.call<StatementData>(R, '/bff/v1/income/statement', { month: '2026-08' });
    expect(codes(august)).not.toContain('EMERALD_ANNUAL');
    expect(august.pretaxFen).toBe(17_250);
  });

  it('the same legs with six SP months in a row: Emerald in February, and the Emerald bonus in August', async () => {
    //              Sep Oct Nov Dec Jan Feb Mar Apr May Jun Jul Aug
    const a = await load([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);
    // SP Sep–Feb: Silver Sep, Gold Nov (3rd), Platinum's 6 with 3 in a row and the legs' 6th Q
    // month both in February: Emerald then.
    const rank = await a.call<AchRankData>(R, '/bff/v1/achievement/rank');
    expect([rank.pinCode, rank.pinMonth]).toEqual([370, '2026-02']);
    expect(rises(rank)).toEqual([
      [310, '2025-09'],
      [320, '2025-11'],
      [370, '2026-02'],
    ]);
    // The Emerald fund of 25/26 (0.30 %) on the personal-group BV of the 21 % groups under R over
    // the PY, at ¥11.50 a PV: the legs 3 × 6 × 10 000 PV and R's own 6 × 500 PV (R's group is
    // 21 % Sep–Feb) = 183 000 PV = ¥2 104 500.00; × 0.30 % = ¥6 313.50, all R's (the only
    // qualifier; 18 units, its legs' Q months). With the month's promotion fee of ¥172.50.
    const august = await a.call<StatementData>(R, '/bff/v1/income/statement', { month: '2026-08' });
    const emerald = august.items.find((i) => i.code === 'EMERALD_ANNUAL');
    expect(emerald).toMatchObject({ amountFen: 631_350, share: { fundFen: 631_350, units: 18, totalUnits: 18 } });
    expect(august.pretaxFen).toBe(631_350 + 17_250);
  });
});
