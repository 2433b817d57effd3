import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bracketFor } from './bracket.ts';
import { closeMonth, createMonthClose } from './close.ts';
import { PY2526 } from './rules/py2526.ts';
import { randomPv, randomTree } from './testing.ts';
import { buildChildren, frontline, validateTree } from './tree.ts';

const rules = PY2526;

describe('closeMonth worked example', () => {
  //        0 (A, 2 000)
  //      /    |      \
  //  1 (B, 500)  2 (C, 3 000)  3 (D, 1 000)
  //   |             |
  //  4 (E, 11 000)  5 (F, 8 000)
  // Brackets come from group PV. E (11 000) is a 21 % group on its own; B reaches 21 % through
  // E (11 500) and C with F (11 000): both are 21 % legs of A. A's group PV is 25 500 (21 %),
  // its personal group 2 000 + D 1 000 = 3 000 (B and C break away with their groups).
  const sponsor = Int32Array.from([-1, 0, 0, 0, 1, 2]);
  const ppv = Int32Array.from([2_000, 500, 3_000, 1_000, 11_000, 8_000]);
  const c = closeMonth(sponsor, ppv, rules);

  it('rolls up group and personal-group PV; the bracket is on group PV', () => {
    expect(Array.from(c.groupPv)).toEqual([25_500, 11_500, 11_000, 1_000, 11_000, 8_000]);
    expect(Array.from(c.personalGroupPv)).toEqual([3_000, 500, 11_000, 1_000, 11_000, 8_000]);
    expect(Array.from(c.bracketPercent)).toEqual([21, 21, 21, 9, 21, 18]);
    expect(Array.from(c.isQ)).toEqual([1, 1, 1, 0, 1, 0]);
  });
  it('counts 21 % legs however they got there, and SP months on the personal group', () => {
    expect(Array.from(c.qLegCount)).toEqual([2, 1, 0, 0, 0, 0]);
    // A: two 21 % legs → SP. B: APV 500 with one leg → not SP. C and E: APV ≥ 10 000 → SP.
    expect(Array.from(c.isSpMonth)).toEqual([1, 0, 1, 0, 1, 0]);
    expect(Array.from(c.qLegPgpv)).toEqual([11_500, 11_000, 0, 0, 0, 0]);
    // A's Pearl base: E, the 21 % group below its leg B.
    expect(Array.from(c.depthPgpv)).toEqual([11_000, 0, 0, 0, 0, 0]);
  });
  it('SP with one Q leg at APV ≥ 4 000, or two Q legs', () => {
    const s2 = Int32Array.from([-1, 0, 0]);
    expect(closeMonth(s2, Int32Array.from([4_000, 10_000, 0]), rules).isSpMonth[0]).toBe(1);
    expect(closeMonth(s2, Int32Array.from([3_999, 10_000, 0]), rules).isSpMonth[0]).toBe(0);
    expect(closeMonth(s2, Int32Array.from([0, 10_000, 10_000]), rules).isSpMonth[0]).toBe(1);
  });
  it('rejects a node listed before its sponsor', () => {
    expect(() => closeMonth(Int32Array.from([1, -1]), Int32Array.from([0, 0]), rules)).toThrow();
    expect(() => validateTree(Int32Array.from([-1, 0, 2]))).toThrow();
  });
});

describe('closeMonth invariants on random trees', () => {
  it('GPV = PPV + Σ frontline GPV; PGPV = GPV − Σ frontline 21 % legs’ GPV; bracket and Q from GPV', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 3 }),
        (n, seed, roots) => {
          const sponsor = randomTree(n, seed, Math.min(n, roots));
          const ppv = randomPv(n, seed + 1);
          const c = closeMonth(sponsor, ppv, rules);
          const ch = buildChildren(sponsor);
          for (let i = 0; i < n; i++) {
            let g = ppv[i]!;
            let pg = ppv[i]!;
            let q = 0;
            for (const k of frontline(ch, i)) {
              g += c.groupPv[k]!;
              if (c.isQ[k]) q++;
              else pg += c.groupPv[k]!;
            }
            expect(c.groupPv[i]).toBe(g);
            expect(c.personalGroupPv[i]).toBe(pg);
            expect(c.qLegCount[i]).toBe(q);
            expect(c.isQ[i]).toBe(c.groupPv[i]! >= 10_000 ? 1 : 0);
            expect(c.bracketPercent[i]).toBe(bracketFor(rules.brackets, c.groupPv[i]!));
          }
          // Every PV is in exactly one root's GPV.
          let total = 0;
          let rootsGpv = 0;
          for (let i = 0; i < n; i++) {
            total += ppv[i]!;
            if (sponsor[i] === -1) rootsGpv += c.groupPv[i]!;
          }
          expect(rootsGpv).toBe(total);
        },
      ),
      { seed: 20261121, numRuns: 100 },
    );
  });

  it('more volume anywhere never lowers a bracket or takes away a 21 % leg', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 200 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.nat(),
        fc.integer({ min: 1, max: 20_000 }),
        (n, seed, at, extra) => {
          const sponsor = randomTree(n, seed, 1);
          const ppv = randomPv(n, seed + 3);
          const before = closeMonth(sponsor, ppv, rules);
          const brackets = Array.from(before.bracketPercent);
          const legs = Array.from(before.qLegCount);
          const more = ppv.slice();
          more[at % n] = more[at % n]! + extra;
          const after = closeMonth(sponsor, more, rules);
          for (let i = 0; i < n; i++) {
            expect(after.bracketPercent[i]).toBeGreaterThanOrEqual(brackets[i]!);
            expect(after.qLegCount[i]).toBeGreaterThanOrEqual(legs[i]!);
          }
        },
      ),
      { seed: 12, numRuns: 150 },
    );
  });

  it('closes a 100 000-node tree in one linear pass and reuses buffers', () => {
    const n = 100_000;
    const sponsor = randomTree(n, 7, 50);
    const out = createMonthClose(n);
    for (let m = 0; m < 3; m++) {
      const ppv = randomPv(n, 100 + m);
      const c = closeMonth(sponsor, ppv, rules, out);
      expect(c).toBe(out);
      let total = 0;
      for (let i = 0; i < n; i++) total += ppv[i]!;
      let roots = 0;
      for (let i = 0; i < 50; i++) roots += c.groupPv[i]!;
      expect(roots).toBe(total);
    }
    // A path (worst depth) of 100 000 nodes needs no recursion either.
    const chain = Int32Array.from({ length: n }, (_, i) => i - 1);
    const c = closeMonth(chain, new Int32Array(n).fill(1), rules);
    expect(c.groupPv[0]).toBe(n);
  });
});
