import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annualBonuses, createAnnualTally, shareByUnits, tallyAnnualMonth } from './annual-bonus.ts';
import { monthIndex, monthKeyOf } from './calendar.ts';
import { closePeriod } from './close-period.ts';
import { closeMonth } from './close.ts';
import { PIN } from './pins.ts';
import { rulesFor } from './rules/registry.ts';
import { randomPv, randomTree } from './testing.ts';

const rules = rulesFor('25/26');

/** The 12 months of PY 25/26, every node with the same PV each month. */
function year(ppv: number[]) {
  const first = monthIndex('2025-09');
  return Array.from({ length: 12 }, (_, k) => ({ month: monthKeyOf(first + k), ppv: Int32Array.from(ppv), closed: true }));
}

function august(sponsor: number[], ppv: number[]) {
  let out: { annual: ReturnType<typeof annualBonuses>; qualified: Uint16Array } | null = null;
  closePeriod({ sponsor: Int32Array.from(sponsor), months: year(ppv) }, (m) => {
    if (m.month === '2026-08') out = { annual: new Map(m.annual), qualified: Uint16Array.from(m.qualified) };
  });
  return out!;
}

describe('shareByUnits', () => {
  it('shares the fund to the fen, each part within a fen of fund × units ÷ all units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 30 }), (fund, units) => {
        const parts = shareByUnits(fund, units);
        const total = units.reduce((a, u) => a + u, 0);
        expect(parts.reduce((a, p) => a + p, 0)).toBe(total > 0 ? fund : 0);
        parts.forEach((p, i) => {
          if (total > 0) expect(Math.abs(p - (fund * units[i]!) / total)).toBeLessThan(1);
          else expect(p).toBe(0);
        });
      }),
      { seed: 3, numRuns: 300 },
    );
  });

  it('gives the odd fen to the largest remainder', () => {
    expect(shareByUnits(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByUnits(10, [1, 2])).toEqual([3, 7]);
  });
});

describe('annual bonuses: funds shared by units', () => {
  // A (0) sponsors B, C, D; B (1) sponsors E, F, G. Every group but A's own is at 21 % all
  // year, so A and B are both qualified Emerald (three legs Q every month).
  const sponsor = [-1, 0, 0, 0, 1, 1, 1];
  const ppv = [500, 1_000, 10_000, 10_000, 10_000, 10_000, 10_000];

  it('counts a downline Emerald’s volume once, and shares the fund by 21 % leg-months', () => {
    const { annual, qualified } = august(sponsor, ppv);
    expect(qualified[0]).toBeGreaterThanOrEqual(PIN.EMERALD);
    expect(qualified[1]).toBeGreaterThanOrEqual(PIN.EMERALD);
    const a = annual.get(0)!;
    const b = annual.get(1)!;
    // Every PV of the tree, once, over 12 months: 51 500 × 12 PV.
    const base = 51_500 * 12 * rules.bvFenPerPv;
    expect(a.emerald.fundBaseBvFen).toBe(base);
    expect(a.emerald.fundFen).toBe(Math.round((base * rules.annual.emeraldRateBp) / 10_000));
    // Three legs × 12 months each: 36 units each, half the fund each.
    expect([a.units, b.units, a.emerald.totalUnits]).toEqual([36, 36, 72]);
    expect(a.emeraldFen + b.emeraldFen).toBe(a.emerald.fundFen);
    expect(Math.abs(a.emeraldFen - b.emeraldFen)).toBeLessThanOrEqual(1);
    // Before: each was paid on its own PY group BV, so B's 41 000 PV a month was paid twice.
    expect(a.emeraldFen).toBeLessThan(Math.round((51_500 * 12 * rules.bvFenPerPv * rules.annual.emeraldRateBp) / 10_000));
  });

  it('pays nobody outside the fund’s qualifiers; the Diamond fund waits for a Diamond', () => {
    const { annual } = august(sponsor, ppv);
    expect([...annual.keys()].sort()).toEqual([0, 1]);
    expect(annual.get(0)!.diamond).toBeNull();
    expect(annual.get(0)!.diamondFen).toBe(0);
  });

  it('leaves volume outside every qualifier’s line of sponsorship out of the fund', () => {
    // A root R above A with its own big frontline: R's other volume is not A's or B's.
    const s = [-1, 0, 1, 1, 1, 2, 2, 2, 0];
    const v = [500, 500, 1_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000];
    const { annual, qualified } = august(s, v);
    expect(qualified[0]).toBeLessThan(PIN.EMERALD);
    const a = annual.get(1)!;
    expect(a.emerald.fundBaseBvFen).toBe(51_500 * 12 * rules.bvFenPerPv);
  });

  it('never pays more than its fund, and the fund never counts a PV twice (random trees)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 300 }), fc.integer({ min: 0, max: 1e6 }), (n, seed) => {
        const s = randomTree(n, seed, 1);
        for (let i = 1; i < Math.min(n, 12); i++) s[i] = i < 4 ? 0 : (i % 3) + 1;
        const t = createAnnualTally(n);
        const qualified = new Uint16Array(n);
        let volume = 0;
        for (let k = 0; k < 12; k++) {
          const pv = randomPv(n, seed + k);
          for (let i = 1; i < Math.min(n, 12); i++) pv[i] = 10_000 + i;
          volume += pv.reduce((a, x) => a + x, 0);
          tallyAnnualMonth(t, closeMonth(s, pv, rules));
        }
        // Any set of qualifiers: the root and a few others.
        qualified[0] = PIN.DIAMOND;
        for (let i = 1; i < n; i += 7) qualified[i] = PIN.EMERALD;
        const bonuses = annualBonuses(t, s, qualified, rules);
        const some = bonuses.get(0)!;
        // The root's line of sponsorship is the whole tree: at most all its volume, once.
        expect(some.emerald.fundBaseBvFen).toBeLessThanOrEqual(volume * rules.bvFenPerPv);
        let paid = 0;
        for (const b of bonuses.values()) paid += b.emeraldFen;
        expect(paid).toBe(some.emerald.totalUnits > 0 ? some.emerald.fundFen : 0);
        expect(some.diamondFen).toBe(some.diamond!.totalUnits > 0 ? some.diamond!.fundFen : 0);
      }),
      { seed: 9, numRuns: 60 },
    );
  });
});
