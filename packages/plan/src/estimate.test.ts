import { describe, expect, it } from 'vitest';
import { estimateMonth } from './estimate.ts';
import { PY2627 } from './rules/py2627.ts';

// PY2627: 1 PV = 11.50 CNY of BV (1 150 fen).
describe('estimateMonth', () => {
  it('extra personal PV lifts the bracket and the fee', () => {
    // 1 500 own + leg 400 (3 %) = 1 900 group PV → 9 %. +100 PV → 2 000 → 12 %.
    const e = estimateMonth({
      month: '2026-11',
      ppv: 1_500,
      legs: [{ id: 'B', gpv: 400 }],
      rules: PY2627,
      extraPpv: 100,
    });
    expect(e.before.bracketPercent).toBe(9);
    expect(e.before.next.pvNeeded).toBe(100);
    expect(e.after.bracketPercent).toBe(12);
    // before: 1 725 000 × 9 % + 460 000 × (9 − 3) % = 155 250 + 27 600
    // after:  1 840 000 × 12 % + 460 000 × (12 − 3) % = 220 800 + 41 400
    expect(e.before.promotionFen).toBe(182_850);
    expect(e.after.promotionFen).toBe(262_200);
    expect(e.deltaPretaxFen).toBe(79_350);
    expect(e.after.isSpMonth).toBe(false);
    expect(e.ppvNeededForSp).toBe(8_000);
  });

  it('a leg lifted to 21 % leaves the personal group but makes an SP month with APV ≥ 4 000', () => {
    const e = estimateMonth({
      month: '2026-11',
      ppv: 4_500,
      legs: [{ id: 'B', gpv: 9_000 }],
      rules: PY2627,
      extraLegPv: { B: 1_000 },
    });
    expect(e.legsBecomingQ).toEqual(['B']);
    // The bracket is on the whole group: 21 % before and after.
    expect(e.before.bracketPercent).toBe(21);
    expect(e.before.pgpv).toBe(13_500);
    expect(e.after.gpv).toBe(14_500);
    expect(e.after.pgpv).toBe(4_500);
    expect(e.after.qLegs).toBe(1);
    expect(e.after.isSpMonth).toBe(true);
    expect(e.ppvNeededForSp).toBe(0);
    // After: no differential on the 21 % leg; leadership: B passes up 4 % × 10 000 PV
    // (460 000); at 15 % personal group A keeps what exceeds the 460 000 adjustment it owes
    // up, of its own 207 000 + B's 460 000 → 207 000.
    expect(e.after.promotionFen).toBe(1_086_750);
    expect(e.after.pretaxFen - e.after.promotionFen).toBe(207_000);
  });
});
