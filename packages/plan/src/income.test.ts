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

const rules = PY2526; // 1 PV = 100 fen BV

function item(st: ReturnType<typeof monthlyStatement>, code: string) {
  const it = st.items.find((i) => i.code === code);
  if (!it) throw new Error(`no ${code}`);
  return it;
}

describe('market promotion service fee: bracket differential', () => {
  it('over two legs (worked by hand)', () => {
    // A: own 1 000 PV; leg B 3 000 PV (12 %); leg C 1 500 PV (9 %).
    // A's PGPV = 1 000 + 3 000 + 1 500 = 5 500 → 15 %.
    //   own PV   100 000 fen × 15 %        = 15 000 fen
    //   leg B    300 000 fen × (15 − 12) % =  9 000 fen
    //   leg C    150 000 fen × (15 − 9) %  =  9 000 fen
    //   total                              = 33 000 fen (330.00 CNY)
    // Check: 15 % × 550 000 − 12 % × 300 000 − 9 % × 150 000 = 82 500 − 36 000 − 13 500 = 33 000.
    // 330 CNY ≤ 800 → no tax.
    const st = monthlyStatement({
      month: '2026-03',
      ppv: 1_000,
      legs: [
        { id: 'B', pgpv: 3_000 },
        { id: 'C', pgpv: 1_500 },
      ],
      rules,
    });
    const p = item(st, 'PROMOTION');
    expect(st.pgpv).toBe(5_500);
    expect(st.bracketPercent).toBe(15);
    expect(p.baseBvFen).toBe(550_000);
    expect(p.rateBp).toBe(1_500);
    expect(p.legs!.map((l) => [l.legId, l.differentialPercent, l.amountFen])).toEqual([
      [null, 15, 15_000],
      ['B', 3, 9_000],
      ['C', 6, 9_000],
    ]);
    expect(p.amountFen).toBe(33_000);
    expect(st.pretaxFen).toBe(33_000);
    expect(st.taxFen).toBe(0);
    expect(st.netFen).toBe(33_000);
  });

  it('a Q leg gives no differential but leadership at own bracket ≥ 15 %', () => {
    // A: own 2 000; leg B 12 000 (Q, breaks away); leg C 3 000 (12 %). PGPV 5 000 → 15 %.
    //   promotion = 200 000 × 15 % + 300 000 × 3 % = 30 000 + 9 000 = 39 000
    //   leadership = 4 % × B's 1 200 000 = 48 000
    //   pre-tax 87 000 (870 CNY): tax (870 − 800) × 20 % = 14 CNY = 1 400; net 85 600
    const st = monthlyStatement({
      month: '2026-03',
      ppv: 2_000,
      legs: [
        { id: 'B', pgpv: 12_000 },
        { id: 'C', pgpv: 3_000 },
      ],
      rules,
    });
    expect(item(st, 'PROMOTION').amountFen).toBe(39_000);
    expect(item(st, 'PROMOTION').legs![1]).toMatchObject({
      legId: 'B',
      isQ: true,
      amountFen: 0,
    });
    expect(item(st, 'LEADERSHIP').amountFen).toBe(48_000);
    expect(st.qLegs).toBe(1);
    expect(st.pretaxFen).toBe(87_000);
    expect(st.taxFen).toBe(1_400);
    expect(st.netFen).toBe(85_600);
    expect(st.isSpMonth).toBe(true); // APV 5 000 ≥ 4 000 with one Q leg
  });

  it('Ruby, Pearl and the August annual bonuses', () => {
    // Own 20 000 (21 %, Ruby); three Q legs of 10 000 each, one with Q legs of 30 000 below.
    const st = monthlyStatement({
      month: '2026-08',
      ppv: 20_000,
      legs: [
        { id: 'L1', pgpv: 10_000, qLegsPgpv: 30_000 },
        { id: 'L2', pgpv: 10_000 },
        { id: 'L3', pgpv: 10_000 },
      ],
      rules,
      annual: { pinCode: PIN.DIAMOND, pyGroupPv: 1_000_000 },
      adjustments: [
        {
          code: 'RETURN',
          name: { zh: '退货冲减', en: 'Return' },
          amountFen: -5_000,
        },
      ],
    });
    expect(item(st, 'PROMOTION').amountFen).toBe(cny(20_000 * 0.21)); // 420 000
    expect(item(st, 'LEADERSHIP').amountFen).toBe(cny(1_200)); // 4 % × 3 000 000
    expect(item(st, 'RUBY').amountFen).toBe(cny(400)); // 2 % × 2 000 000
    expect(item(st, 'PEARL').amountFen).toBe(cny(300)); // 1 % × 3 000 000
    // 1 000 000 PV = 100 000 000 fen; 0.30 % each = 300 000 fen.
    expect(item(st, 'EMERALD_ANNUAL').amountFen).toBe(cny(3_000));
    expect(item(st, 'DIAMOND_ANNUAL').amountFen).toBe(cny(3_000));
    expect(st.pretaxFen).toBe(420_000 + 120_000 + 40_000 + 30_000 + 300_000 + 300_000 - 5_000);
    expect(st.taxFen).toBe(remunerationWithholding(st.pretaxFen));
  });
});

const legArb = fc.record({
  pgpv: fc.integer({ min: 0, max: 25_000 }),
  qLegsPgpv: fc.integer({ min: 0, max: 50_000 }),
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
            annual: { pinCode: PIN.EMERALD, pyGroupPv: ppv * 12 },
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
        const inc = closeIncome(sponsor, ppv, close, rules);
        const ch = buildChildren(sponsor);
        let promoTotal = 0;
        let bvTotal = 0;
        for (let i = 0; i < n; i++) {
          const legs = Array.from(frontline(ch, i), (k) => ({
            id: String(k),
            pgpv: close.personalGroupPv[k]!,
            qLegsPgpv: close.qLegPgpv[k]!,
          }));
          const st = monthlyStatement({
            month: '2026-01',
            ppv: ppv[i]!,
            legs,
            rules,
          });
          expect(st.pgpv).toBe(close.personalGroupPv[i]);
          expect(item(st, 'PROMOTION').amountFen).toBe(inc.promotionFen[i]);
          expect(item(st, 'LEADERSHIP').amountFen).toBe(inc.leadershipFen[i]);
          expect(item(st, 'RUBY').amountFen).toBe(inc.rubyFen[i]);
          expect(item(st, 'PEARL').amountFen).toBe(inc.pearlFen[i]);
          expect(st.pretaxFen).toBe(inc.pretaxFen[i]);
          promoTotal += inc.promotionFen[i]!;
          bvTotal += ppv[i]! * rules.bvFenPerPv;
        }
        expect(promoTotal).toBeLessThanOrEqual(bvTotal * 0.21 + 1e-6);
      }),
      { seed: 3, numRuns: 150 },
    );
  });
});
