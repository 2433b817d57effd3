import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthKeyOf } from './calendar.ts';
import { closeMonth } from './close.ts';
import { closeIncome } from './close-income.ts';
import { monthlyStatement, type LegVolume } from './income.ts';
import { cny } from './money.ts';
import { PIN } from './pins.ts';
import { PY2526 } from './rules/py2526.ts';
import { remunerationWithholding } from './tax.ts';
import { randomPv, randomTree } from './testing.ts';
import { buildChildren, frontline } from './tree.ts';

const rules = PY2526; // 1 PV = 1 150 fen of BV

/** The March 2026 statement of an ABO with `ppv` PV of their own and these frontline legs (or legs of these group PVs). */
function march(ppv: number, legs: LegVolume[] | Record<string, number>) {
  const list = Array.isArray(legs) ? legs : Object.entries(legs).map(([id, gpv]) => ({ id, gpv }));
  return monthlyStatement({ month: '2026-03', ppv, legs: list, rules });
}

function item(st: ReturnType<typeof monthlyStatement>, code: string) {
  const it = st.items.find((i) => i.code === code);
  if (!it) throw new Error(`no ${code}`);
  return it;
}

describe('market promotion service fee: bracket differential on group volume', () => {
  it('over two legs (worked by hand)', () => {
    // A: own 1 000 PV; leg B 3 000 PV (12 %); leg C 1 500 PV (9 %).
    // A's group PV = 1 000 + 3 000 + 1 500 = 5 500 → 15 %.
    //   own PV   1 150 000 fen × 15 %        = 172 500 fen
    //   leg B    3 450 000 fen × (15 − 12) % = 103 500 fen
    //   leg C    1 725 000 fen × (15 − 9) %  = 103 500 fen
    //   total                                = 379 500 fen (3 795.00 CNY)
    // Check: 15 % × 6 325 000 − 12 % × 3 450 000 − 9 % × 1 725 000 = 948 750 − 414 000 − 155 250.
    // Tax: 3 795 ≤ 4 000 → (3 795 − 800) × 20 % = 599.00 CNY.
    const st = march(1_000, { B: 3_000, C: 1_500 });
    const p = item(st, 'PROMOTION');
    expect(st.gpv).toBe(5_500);
    expect(st.bracketPercent).toBe(15);
    expect(p.baseBvFen).toBe(6_325_000);
    expect(p.rateBp).toBe(1_500);
    expect(p.legs!.map((l) => [l.legId, l.differentialPercent, l.amountFen])).toEqual([
      [null, 15, 172_500],
      ['B', 3, 103_500],
      ['C', 6, 103_500],
    ]);
    expect(p.amountFen).toBe(379_500);
    expect(st.taxFen).toBe(59_900);
    expect(st.netFen).toBe(319_600);
  });

  it('the bracket comes from the total group PV, 21 % legs included', () => {
    // A: own 2 000; leg B 12 000 (a 21 % leg); leg C 3 000 (12 %). Group PV 17 000 → 21 %
    // (personal group 5 000 alone would be 15 %).
    //   promotion = 2 300 000 × 21 % + B 0 (21 − 21) + 3 450 000 × 9 % = 483 000 + 310 500
    const st = march(2_000, { B: 12_000, C: 3_000 });
    expect(st.bracketPercent).toBe(21);
    expect(st.pgpv).toBe(5_000);
    expect(item(st, 'PROMOTION').amountFen).toBe(793_500);
    expect(item(st, 'PROMOTION').legs![1]).toMatchObject({ legId: 'B', isQ: true, differentialPercent: 0, amountFen: 0 });
    expect(st.qLegs).toBe(1);
    expect(st.isSpMonth).toBe(true); // APV 5 000 ≥ 4 000 with one 21 % leg
  });
});

describe('leadership: kept in full, in part or not at all, the rest passed up', () => {
  // The leadership adjustment a sponsor is owed: 4 % × 10 000 PV × 1 150 = 460 000 fen.
  it('at 15 % personal group: keeps what exceeds the adjustment owed up', () => {
    // A: own 2 000 + C 3 000 = PGPV 5 000 (15 %); B (12 000, 21 %) passes up 4 % × 13 800 000.
    // A's own share 4 % × 5 750 000 = 230 000; pool 552 000 + 230 000 = 782 000;
    // up = max(230 000, 460 000) = 460 000; kept 322 000.
    const st = march(2_000, { B: 12_000, C: 3_000 });
    const lead = item(st, 'LEADERSHIP');
    expect(lead.leadership).toEqual({ keep: 'part', inFen: 552_000, ownFen: 230_000, upFen: 460_000 });
    expect(lead.amountFen).toBe(322_000);
  });

  it('one 21 % leg and a personal group below 15 %: nothing kept, all passed up', () => {
    const st = march(1_000, { B: 10_000 });
    expect(st.bracketPercent).toBe(21);
    const lead = item(st, 'LEADERSHIP');
    expect(lead.amountFen).toBe(0);
    expect(lead.leadership).toEqual({ keep: 'none', inFen: 460_000, ownFen: 46_000, upFen: 506_000 });
  });

  it('an SP month on two 21 % legs keeps its leadership above the adjustment', () => {
    // Own 500 PV only, legs of 10 000 and 12 000: pool 23 000 + 460 000 + 552 000.
    const st = march(500, { B: 10_000, C: 12_000 });
    expect(st.isSpMonth).toBe(true);
    expect(item(st, 'LEADERSHIP').amountFen).toBe(575_000);
    expect(item(st, 'LEADERSHIP').leadership!.upFen).toBe(460_000);
  });

  it('a personal group at 21 % keeps all it receives and passes up its own 4 %', () => {
    const st = march(10_000, [{ id: 'B', gpv: 10_000, leadershipUpFen: 500_000 }]);
    expect(item(st, 'LEADERSHIP').leadership).toEqual({ keep: 'all', inFen: 500_000, ownFen: 460_000, upFen: 460_000 });
    expect(item(st, 'LEADERSHIP').amountFen).toBe(500_000);
  });
});

describe('Ruby, Pearl and the annual bonuses', () => {
  it('Pearl needs three 21 % legs, not the ABO’s own 10 000 PV', () => {
    const legs = [
      { id: 'L1', gpv: 10_000, pearlPassPv: 30_000 },
      { id: 'L2', gpv: 10_000 },
      { id: 'L3', gpv: 10_000 },
    ];
    const st = march(100, legs);
    expect(st.pgpv).toBe(100);
    expect(item(st, 'PEARL').amountFen).toBe(345_000); // 1 % × 30 000 × 1 150
    expect(item(st, 'PEARL').name.zh).toBe('明珠服务费');
    const two = march(20_000, legs.slice(0, 2));
    expect(item(two, 'PEARL').amountFen).toBe(0);
  });

  it('Ruby at 20 000 PGPV and the August annual bonuses', () => {
    // Half of each fund (36 of 72 units): 2 000 000 PV × 11.50 × 0.30 % = 69 000 CNY a fund.
    const fund = { rateBp: 30, fundBaseBvFen: 2_300_000_000, fundFen: 6_900_000, totalUnits: 72, amountFen: 3_450_000 };
    const diamondShare = { pinCode: PIN.DIAMOND, units: 36, emerald: fund, diamond: fund, emeraldFen: 3_450_000, diamondFen: 3_450_000 };
    const st = monthlyStatement({
      month: '2026-08',
      ppv: 20_000,
      legs: [],
      rules,
      annual: diamondShare,
      adjustments: [{ code: 'RETURN', name: { zh: '退货冲减', en: 'Return' }, amountFen: -5_000 }],
    });
    expect(item(st, 'PROMOTION').amountFen).toBe(cny(20_000 * 11.5 * 0.21)); // 4 830 000
    expect(item(st, 'RUBY').amountFen).toBe(cny(4_600)); // 2 % × 23 000 000
    // The threshold in the note as the app writes numbers.
    expect(item(st, 'RUBY').note).toEqual({ zh: '个人小组PV≥20,000', en: 'personal-group PV ≥ 20,000' });
    // The close's shares, as they are: base, rate, the fund and the units that share it.
    expect(item(st, 'EMERALD_ANNUAL')).toMatchObject({ amountFen: cny(34_500), baseBvFen: 2_300_000_000, rateBp: 30 });
    expect(item(st, 'EMERALD_ANNUAL').share).toEqual({ fundFen: 6_900_000, units: 36, totalUnits: 72 });
    expect(item(st, 'DIAMOND_ANNUAL').amountFen).toBe(cny(34_500));
    expect(st.pretaxFen).toBe(4_830_000 + 460_000 + 3_450_000 + 3_450_000 - 5_000);
    expect(st.taxFen).toBe(remunerationWithholding(st.pretaxFen));
  });
});

const legArb = fc.record({
  gpv: fc.integer({ min: 0, max: 25_000 }),
  pearlPassPv: fc.integer({ min: 0, max: 50_000 }),
});

describe('statement invariants', () => {
  it('items sum to the pre-tax total; pre-tax − tax = net; tax = withholding(pre-tax)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000 }),
        fc.array(legArb, { maxLength: 12 }),
        fc.array(fc.integer({ min: -50_000, max: 50_000 }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 11 }),
        (ppv, legs, adj, m) => {
          const month = monthKeyOf(2025 * 12 + 8 + m);
          const st = monthlyStatement({
            month,
            ppv,
            legs: legs.map((l, i): LegVolume => ({ id: `L${i}`, ...l })),
            adjustments: adj.map((a, i) => ({
              code: `A${i}`,
              name: { zh: '调整', en: 'adj' },
              amountFen: a,
            })),
            annual: {
              pinCode: PIN.EMERALD,
              units: 12,
              emerald: { rateBp: 30, fundBaseBvFen: ppv * 12 * 1_150, fundFen: ppv * 41, totalUnits: 36, amountFen: ppv * 13 },
              diamond: null,
              emeraldFen: ppv * 13,
              diamondFen: 0,
            },
          });
          const sum = st.items.reduce((t, i) => t + i.amountFen, 0);
          expect(sum).toBe(st.pretaxFen);
          expect(st.pretaxFen - st.taxFen).toBe(st.netFen);
          expect(st.taxFen).toBe(remunerationWithholding(st.pretaxFen));
          const promo = st.items[0]!;
          expect(promo.legs!.reduce((t, l) => t + l.amountFen, 0)).toBe(promo.amountFen);
          for (const i of st.items) if (i.code !== 'ADJUSTMENT') expect(i.amountFen).toBeGreaterThanOrEqual(0);
        },
      ),
      { seed: 11, numRuns: 400 },
    );
  });

  it('closeIncome equals each node’s statement, and bracket pay ≤ 21 % of all BV', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 1e6 }), (n, seed) => {
        const sponsor = randomTree(n, seed, 2 > n ? 1 : 2);
        const ppv = randomPv(n, seed + 5);
        const close = closeMonth(sponsor, ppv, rules);
        const inc = closeIncome(sponsor, close, rules);
        const ch = buildChildren(sponsor);
        let promoTotal = 0;
        let bvTotal = 0;
        for (let i = 0; i < n; i++) {
          const legs = Array.from(frontline(ch, i), (k) => ({
            id: String(k),
            gpv: close.groupPv[k]!,
            pgpv: close.personalGroupPv[k]!,
            pearlPassPv: close.pearlPassPv[k]!,
            leadershipUpFen: inc.leadershipUpFen[k]!,
          }));
          const st = monthlyStatement({ month: '2026-01', ppv: ppv[i]!, legs, rules });
          expect(st.gpv).toBe(close.groupPv[i]);
          expect(st.pgpv).toBe(close.personalGroupPv[i]);
          expect(item(st, 'PROMOTION').amountFen).toBe(inc.promotionFen[i]);
          expect(item(st, 'LEADERSHIP').amountFen).toBe(inc.leadershipFen[i]);
          expect(item(st, 'LEADERSHIP').leadership!.upFen).toBe(inc.leadershipUpFen[i]);
          expect(item(st, 'RUBY').amountFen).toBe(inc.rubyFen[i]);
          expect(item(st, 'PEARL').amountFen).toBe(inc.pearlFen[i]);
          expect(st.pretaxFen).toBe(inc.pretaxFen[i]);
          promoTotal += inc.promotionFen[i]!;
          bvTotal += ppv[i]! * rules.bvFenPerPv;
        }
        // The differentials telescope: each PV is paid at most the top bracket along its upline
        // (plus at most half a fen of rounding per line).
        expect(promoTotal).toBeLessThanOrEqual(bvTotal * 0.21 + n);
      }),
      { seed: 3, numRuns: 150 },
    );
  });

  it('leadership is conserved: kept + unpaid above the top = 4 % of every 21 % group’s PGBV', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 3 }), (n, seed, roots) => {
        const sponsor = randomTree(n, seed, Math.min(n, roots));
        // Heavier volume than randomPv so that 21 % groups nest several deep.
        const ppv = randomPv(n, seed + 9).map((v) => v * 4);
        const close = closeMonth(sponsor, ppv, rules);
        const inc = closeIncome(sponsor, close, rules);
        let generated = 0;
        let kept = 0;
        for (let i = 0; i < n; i++) {
          if (close.isQ[i]) generated += Math.round(close.personalGroupPv[i]! * rules.bvFenPerPv * 0.04);
          kept += inc.leadershipFen[i]!;
          expect(inc.leadershipFen[i]).toBeGreaterThanOrEqual(0);
        }
        expect(kept + inc.leadershipUnpaidFen).toBe(generated);
      }),
      { seed: 8, numRuns: 200 },
    );
  });
});

describe('Pearl depth on random trees', () => {
  it('a recipient is paid on the 21 % groups from its second generation down to the next recipient’s first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 250 }), fc.integer({ min: 0, max: 1e6 }), (n, seed) => {
        const sponsor = randomTree(n, seed, 1);
        const ppv = randomPv(n, seed + 2).map((v) => v * 5);
        const close = closeMonth(sponsor, ppv, rules);
        const ch = buildChildren(sponsor);
        const qLegs = (i: number) => Array.from(frontline(ch, i)).filter((k) => close.isQ[k]);
        const recipient = (i: number) => qLegs(i).length >= rules.pearl.minQLegs;
        // By the definition, walking down: generation 2 onward; below a recipient only its first generation.
        const paidBelow = (leg: number): number => {
          let sum = 0;
          for (const g of qLegs(leg)) {
            sum += close.personalGroupPv[g]!;
            if (!recipient(leg)) sum += paidBelow(g);
          }
          return sum;
        };
        for (let i = 0; i < n; i++) {
          const expected = qLegs(i).reduce((t, l) => t + paidBelow(l), 0);
          expect(close.depthPgpv[i]).toBe(expected);
        }
      }),
      { seed: 5, numRuns: 150 },
    );
  });
});
