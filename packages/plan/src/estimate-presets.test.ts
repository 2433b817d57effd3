import { describe, expect, it } from 'vitest';
import { estimateMonth } from './estimate.ts';
import { estimatePresets } from './estimate-presets.ts';
import { PY2627 } from './rules/py2627.ts';

const base = { month: '2026-11', rules: PY2627 } as const;

describe('estimatePresets', () => {
  it('offers the next bracket, 21 %, an SP month and the leg closest to Q', () => {
    const legs = [
      { id: 'a', gpv: 10_500 },
      { id: 'b', gpv: 6_000 },
      { id: 'c', gpv: 7_200 },
    ];
    // Own 800 PV + legs 23 700 = 24 500 group PV: at 21 % already; APV = 24 500 − 10 500 = 14 000 (SP).
    expect(estimatePresets({ ...base, ppv: 800, legs })).toEqual([{ kind: 'legQ', extraPpv: 0, legId: 'c', extraLegPv: 2_800 }]);
  });

  it('gives a member at 18 % the step to 21 % (one preset, not two) and the SP month', () => {
    // 8 009 group PV, no legs: +1 991 PV reaches 21 %, which is also an SP month (APV ≥ 10 000).
    const presets = estimatePresets({ ...base, ppv: 8_009, legs: [] });
    expect(presets).toEqual([{ kind: 'nextBracket', extraPpv: 1_991, percent: 21 }]);
  });

  it('gives a new member the first bracket, the top one and the SP month, and each does what it says', () => {
    const input = { ...base, ppv: 120, legs: [{ id: 'x', gpv: 0 }] };
    const presets = estimatePresets(input);
    expect(presets.map((p) => [p.kind, p.extraPpv, p.percent ?? p.extraLegPv])).toEqual([
      ['nextBracket', 80, 3],
      ['topBracket', 9_880, 21],
      ['legQ', 0, 10_000],
    ]);
    // The SP month needs the same 9 880 PV as 21 % here (APV alone ≥ 10 000), so it is not repeated.
    for (const p of presets) {
      const e = estimateMonth({ ...input, extraPpv: p.extraPpv, extraLegPv: p.legId ? { [p.legId]: p.extraLegPv! } : {} });
      if (p.percent !== undefined) {
        expect(e.after.bracketPercent).toBe(p.percent);
        // Not a PV more than needed.
        expect(estimateMonth({ ...input, extraPpv: p.extraPpv - 1 }).after.bracketPercent).toBeLessThan(p.percent);
      }
      if (p.kind === 'legQ') expect(e.legsBecomingQ).toEqual([p.legId]);
    }
  });

  it('offers the SP month on its own when it needs less than 21 %', () => {
    // One 21 % leg: an SP month from APV ≥ 4 000 with one Q leg; own group PV is past 21 % already.
    const presets = estimatePresets({ ...base, ppv: 1_500, legs: [{ id: 'q', gpv: 12_000 }] });
    expect(presets).toEqual([{ kind: 'spMonth', extraPpv: PY2627.sp.apvWithOneQLeg - 1_500 }]);
    const e = estimateMonth({ ...base, ppv: 1_500, legs: [{ id: 'q', gpv: 12_000 }], extraPpv: presets[0]!.extraPpv });
    expect(e.after.isSpMonth).toBe(true);
  });

  it('starts from extra volumes (the month at its pace): each preset adds on top and does what it says', () => {
    const input = { ...base, ppv: 1_000, legs: [{ id: 'a', gpv: 2_000 }], extraPpv: 500, extraLegPv: { a: 1_000 } };
    const presets = estimatePresets(input);
    // 4 500 group PV at the pace (15 %): the next step is 18 % at 7 000, the leg is at 3 000.
    expect(presets.find((p) => p.kind === 'nextBracket')).toEqual({ kind: 'nextBracket', extraPpv: 2_500, percent: 18 });
    expect(presets.find((p) => p.kind === 'legQ')).toMatchObject({ legId: 'a', extraLegPv: 7_000 });
    const next = presets.find((p) => p.kind === 'nextBracket')!;
    expect(estimateMonth({ ...input, extraPpv: input.extraPpv + next.extraPpv }).after.bracketPercent).toBe(18);
  });
});
