// Golden tests: worked examples from the published plan, figures as printed. Where this plan's
// definitions (README, Rules and their sources) differ from the example, the test says so and the README's rule table
// lists the difference.
import { describe, expect, it } from 'vitest';
import { closeIncome } from './close-income.ts';
import { closeMonth } from './close.ts';
import { rulesFor } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';

describe('Amway Hong Kong, Ruby bonus example (corp.amway.com.hk/cn/bonus-ruby)', () => {
  // HK$16 of BV a PV in the example (15 000 PV = $240 000 BV); the bracket table is this plan's.
  const hk: RuleTable = { ...rulesFor('25/26'), bvFenPerPv: 1_600 };
  //            A       B      C      D      E      F       G      H
  const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
  const sponsor = Int32Array.from([-1, 0, 0, 2, 0, 4, 0, 6]);
  const ppv = Int32Array.from([15_000, 8_000, 2_000, 4_000, 2_000, 10_000, 2_000, 10_000]);
  const close = closeMonth(sponsor, ppv, hk);
  const income = closeIncome(sponsor, close, hk);
  const at = (name: string) => names.indexOf(name);

  it('each member’s bracket is the one printed beside it', () => {
    // B 18 %, C 15 % (with D's 4 000), D 15 %, E 21 % (through F), F 21 %, G 21 % (through H), H 21 %.
    const printed = { B: 18, C: 15, D: 15, E: 21, F: 21, G: 21, H: 21 };
    for (const [name, percent] of Object.entries(printed)) expect([name, close.bracketPercent[at(name)]]).toEqual([name, percent]);
  });

  it('E and G are 21 % groups however they got there, and leave A’s Ruby points with F and H', () => {
    expect([close.isQ[at('E')], close.isQ[at('G')]]).toEqual([1, 1]);
    expect(close.qLegCount[at('A')]).toBe(2);
    // Published: A's points leave out E+F and G+H (the 21 % groups) and count A, B and C.
    const published = 15_000 + 8_000 + 2_000;
    // The example also leaves out D, a downline direct distributor (a Platinum) below 21 %: in
    // this plan a group leaves its sponsor's personal group only at 21 % (README, Rules and their sources), so D's
    // 4 000 PV stays in A's. README, "Not modelled".
    expect(close.personalGroupPv[at('A')]).toBe(published + 4_000);
  });

  it('pays 2 % of the Ruby points’ BV: HK$8 000 on HK$400 000 in the example, D’s HK$1 280 more here', () => {
    // Published: (240 000 + 128 000 + 32 000) BV × 2 % = HK$8 000.
    expect(((240_000 + 128_000 + 32_000) * 100 * hk.ruby.rateBp) / 10_000).toBe(800_000);
    expect(income.rubyFen[at('A')]).toBe(800_000 + (4_000 * 1_600 * hk.ruby.rateBp) / 10_000);
    // Nobody else reaches 20 000 points.
    expect(names.filter((_, i) => income.rubyFen[i]! > 0)).toEqual(['A']);
  });
});
