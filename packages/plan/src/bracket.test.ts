import { describe, expect, it } from 'vitest';
import { bracketFor, nextBracket, performanceBracket } from './bracket.ts';
import { closeMonth, isQGroup } from './close.ts';
import { PY2627 } from './rules/py2627.ts';

describe('performanceBracket', () => {
  it.each([
    [0, 0],
    [199, 0],
    [200, 3],
    [599, 3],
    [600, 6],
    [999, 6],
    [1_000, 9],
    [1_999, 9],
    [2_000, 12],
    [3_999, 12],
    [4_000, 15],
    [6_999, 15],
    [7_000, 18],
    [9_999, 18],
    [10_000, 21],
    [1_000_000, 21],
    [-50, 0],
  ])('%i PV → %i %%', (pv, pct) => {
    expect(performanceBracket(pv)).toBe(pct);
  });

  it('accepts a rule table', () => {
    expect(bracketFor(PY2627.brackets, 4_000)).toBe(15);
    expect(bracketFor([{ minPv: 100, percent: 5 }], 99)).toBe(0);
    expect(bracketFor([{ minPv: 100, percent: 5 }], 100)).toBe(5);
  });

  it('tells the PV still needed for the next bracket', () => {
    expect(nextBracket(PY2627.brackets, 1_500)).toEqual({
      currentPercent: 9,
      nextPercent: 12,
      nextMinPv: 2_000,
      pvNeeded: 500,
    });
    expect(nextBracket(PY2627.brackets, 12_000).pvNeeded).toBe(0);
  });
});

describe('isQGroup', () => {
  it('is a 21 % group from the top bracket of group PV on, as the close decides it', () => {
    expect(isQGroup(9_999, PY2627)).toBe(false);
    expect(isQGroup(10_000, PY2627)).toBe(true);
    expect(isQGroup(1_000_000, { ...PY2627, brackets: [] })).toBe(false);
    // A root of 500 PV with legs of 9 999, 10 000 and 12 000: the root is 21 % through them.
    const close = closeMonth(Int32Array.from([-1, 0, 0, 0]), Int32Array.from([500, 9_999, 10_000, 12_000]), PY2627);
    for (let i = 0; i < close.n; i++) expect(isQGroup(close.groupPv[i]!, PY2627)).toBe(close.isQ[i] === 1);
    expect(close.isQ[0]).toBe(1);
  });
});
