import { describe, expect, it } from 'vitest';
import { legsThatCloseGap, type GapLegFacts } from './gap-legs.ts';

const ctx = { threshold: 10_000, legQMonths: 6, monthsLeft: 4 } as const;
const leg = (id: string, qMonths: number, gpv: number, qNow = gpv >= 10_000): GapLegFacts => ({ id, qMonths, qNow, gpv });

describe('legsThatCloseGap: FLQ', () => {
  const legs = [leg('A', 3, 12_000), leg('B', 0, 9_100), leg('C', 5, 2_000), leg('D', 1, 9_960), leg('E', 0, 0)];

  it('lists every leg not Q this month, least PV to Q first; the Q legs already count', () => {
    const r = legsThatCloseGap('flqMonths', legs, ctx);
    expect(r.counting).toBe(1);
    expect(r.candidates.map((l) => l.id)).toEqual(['D', 'B', 'C', 'E']);
    expect(r.candidates.map((l) => l.pvToQ)).toEqual([40, 900, 8_000, 10_000]);
    expect(r.candidates.every((l) => l.monthsNeeded === 1)).toBe(true);
  });

  it('reads 99 %, not a rounded 100 %, for a leg 40 PV short of Q', () => {
    expect(legsThatCloseGap('flqMonths', legs, ctx).candidates[0]!.progressPct).toBe(99);
  });

  it('has no candidates once the period is closed', () => {
    const r = legsThatCloseGap('flqMonths', legs, { ...ctx, monthsLeft: 0 });
    expect(r.candidates).toEqual([]);
    expect(r.counting).toBe(1);
  });
});

describe('legsThatCloseGap: LDD (6 Q months in the period)', () => {
  it('lists legs that can still reach 6 Q months, fewest months needed first', () => {
    const r = legsThatCloseGap(
      'lddMarkets',
      [
        leg('done', 6, 0), // already an LDD leg
        leg('two', 4, 12_000), // Q now: 4 counted with this month, needs 2 of the 3 months after it
        leg('twoNotQ', 4, 9_000), // needs 2 of 4 months
        leg('three', 3, 1_000), // needs 3 of 4
        leg('late', 1, 500), // needs 5 of 4: out of reach
        leg('fresh', 0, 0), // needs 6 of 4: out of reach
        leg('edge', 3, 12_000), // Q now, 3 counted: needs 3 of the 3 months after this one
      ],
      ctx,
    );
    expect(r.counting).toBe(1);
    expect(r.candidates.map((l) => [l.id, l.monthsNeeded])).toEqual([
      ['two', 2],
      ['twoNotQ', 2],
      ['edge', 3],
      ['three', 3],
    ]);
  });

  it('does not count this month twice for a leg already Q in it', () => {
    // 5 Q months with this one and no month after it: it cannot get a sixth.
    const r = legsThatCloseGap('lddMarkets', [leg('X', 5, 11_000)], { ...ctx, monthsLeft: 1 });
    expect(r.candidates).toEqual([]);
    // Not Q yet this month: this month can still be its sixth.
    const r2 = legsThatCloseGap('lddMarkets', [leg('Y', 5, 3_000)], { ...ctx, monthsLeft: 1 });
    expect(r2.candidates.map((l) => [l.id, l.monthsNeeded, l.pvToQ])).toEqual([['Y', 1, 7_000]]);
  });
});
