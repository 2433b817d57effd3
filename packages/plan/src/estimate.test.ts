import { describe, expect, it } from 'vitest';
import { estimateMonth } from './estimate.ts';
import { PY2627 } from './rules/py2627.ts';

describe('estimateMonth', () => {
  it('extra personal PV lifts the bracket and the fee', () => {
    // 1 500 own + leg 400 (3 %) = 1 900 → 9 %. +100 PV → 2 000 → 12 %.
    const e = estimateMonth({
      month: '2026-11',
      ppv: 1_500,
      legs: [{ id: 'B', pgpv: 400 }],
      rules: PY2627,
      extraPpv: 100,
    });
    expect(e.before.bracketPercent).toBe(9);
    expect(e.before.next.pvNeeded).toBe(100);
    expect(e.after.bracketPercent).toBe(12);
    // before: 150 000 × 9 % + 40 000 × 6 % = 13 500 + 2 400 = 15 900
    // after:  160 000 × 12 % + 40 000 × 9 % = 19 200 + 3 600 = 22 800
    expect(e.before.promotionFen).toBe(15_900);
    expect(e.after.promotionFen).toBe(22_800);
    expect(e.deltaPretaxFen).toBe(6_900);
    expect(e.after.isSpMonth).toBe(false);
    expect(e.ppvNeededForSp).toBe(8_000);
  });

  it('a leg lifted to Q leaves the personal group but makes an SP month with APV ≥ 4 000', () => {
    const e = estimateMonth({
      month: '2026-11',
      ppv: 4_500,
      legs: [{ id: 'B', pgpv: 9_000 }],
      rules: PY2627,
      extraLegPv: { B: 1_000 },
    });
    expect(e.legsBecomingQ).toEqual(['B']);
    expect(e.before.pgpv).toBe(13_500);
    expect(e.after.pgpv).toBe(4_500);
    expect(e.after.qLegs).toBe(1);
    expect(e.after.isSpMonth).toBe(true);
    expect(e.ppvNeededForSp).toBe(0);
  });
});
