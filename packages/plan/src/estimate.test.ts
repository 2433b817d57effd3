import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closeIncome } from './close-income.ts';
import { closeMonth } from './close.ts';
import { estimateMonth, legHeadOf } from './estimate.ts';
import { monthlyStatement } from './income.ts';
import { PY2627 } from './rules/py2627.ts';
import { closedLegs, randomBvFen, randomPvWithReturns, randomTree } from './testing.ts';
import { buildChildren, frontline } from './tree.ts';

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

  it('keeps what a leg passes on from below, and moves only its own 4 % with the volume added', () => {
    // Leg B: a 21 % group of 12 000 PGPV passing up 700 000 fen in all (its own 4 % is 552 000;
    // the rest came from its own 21 % legs). Leg C: 9 000, not yet 21 %, passing nothing.
    const legs = [
      { id: 'B', gpv: 30_000, pgpv: 12_000, leadershipUpFen: 700_000 },
      { id: 'C', gpv: 9_000, pgpv: 9_000, leadershipUpFen: 0 },
    ];
    const base = { month: '2026-11', ppv: 12_000, legs, rules: PY2627 } as const;
    const same = estimateMonth(base);
    expect(same.after.pretaxFen).toBe(same.before.pretaxFen);
    const statement = (l: typeof legs) => monthlyStatement({ month: '2026-11', ppv: 12_000, legs: l, rules: PY2627 });
    // B +1 000 PV: its own 4 % grows by 1 000 × 1 150 × 4 % = 46 000 fen; what it passes on stays.
    const more = estimateMonth({ ...base, extraLegPv: { B: 1_000 } });
    expect(more.after.pretaxFen).toBe(statement([{ id: 'B', gpv: 31_000, pgpv: 13_000, leadershipUpFen: 746_000 }, legs[1]!]).pretaxFen);
    // C +1 000 PV reaches 21 % and starts passing up its own 4 %: 10 000 × 1 150 × 4 % = 460 000.
    const lifted = estimateMonth({ ...base, extraLegPv: { C: 1_000 } });
    expect(lifted.legsBecomingQ).toEqual(['C']);
    expect(lifted.after.pretaxFen).toBe(statement([legs[0]!, { id: 'C', gpv: 10_000, pgpv: 10_000, leadershipUpFen: 460_000 }]).pretaxFen);
    expect(lifted.after.pretaxFen).not.toBe(statement([legs[0]!, { id: 'C', gpv: 10_000, pgpv: 10_000, leadershipUpFen: 0 }]).pretaxFen);
  });
});

describe('the what-if equals a re-close with the added volume', () => {
  // Random trees of one month: a node's estimate with extra PV on some of its legs' own orders,
  // against closing the tree again with that PV added to those legs (close.ts, close-income.ts).
  const cases = fc.tuple(
    fc.integer({ min: 2, max: 160 }),
    fc.integer({ min: 0, max: 1e6 }),
    fc.array(fc.integer({ min: 1, max: 12_000 }), { minLength: 1, maxLength: 4 }),
  );

  it('for every node and any legs: keep status, Pearl depth and leadership from deep down included', () => {
    const rules = PY2627;
    let lifted = 0;
    fc.assert(
      fc.property(cases, ([n, seed, extras]) => {
        const sponsor = randomTree(n, seed, 1);
        const ppv = randomPvWithReturns(n, seed + 1).map((v) => v * 3);
        const bv = randomBvFen(ppv, seed);
        const ch = buildChildren(sponsor);
        const close = closeMonth(sponsor, ppv, rules, undefined, bv);
        const inc = closeIncome(sponsor, close, rules);
        for (let i = 0; i < n; i++) {
          const front = Array.from(frontline(ch, i));
          if (front.length === 0) continue;
          // Each leg with its own node, as the BFF sends it.
          const legs = closedLegs(ch, i, close, inc).map((l, k) => {
            const head = front[k]!;
            return { ...l, head: legHeadOf(ppv[head]!, bv[head]!, closedLegs(ch, head, close, inc), rules) };
          });
          const extraLegPv: Record<string, number> = {};
          extras.forEach((x, k) => (extraLegPv[String(front[(i + k) % front.length]!)] = x));
          const e = estimateMonth({ month: '2026-11', ppv: ppv[i]!, ppvBvFen: bv[i]!, legs, extraLegPv, rules });
          // The same PV added to those legs' own orders (PV × the ratio of BV: a what-if order has none).
          const ppv2 = Int32Array.from(ppv);
          const bv2 = Float64Array.from(bv);
          for (const [id, x] of Object.entries(extraLegPv)) {
            ppv2[Number(id)] = ppv2[Number(id)]! + x;
            bv2[Number(id)] = bv2[Number(id)]! + x * rules.bvFenPerPv;
          }
          const close2 = closeMonth(sponsor, ppv2, rules, undefined, bv2);
          const inc2 = closeIncome(sponsor, close2, rules);
          const re = monthlyStatement({ month: '2026-11', ppv: ppv[i]!, ppvBvFen: bv[i]!, legs: closedLegs(ch, i, close2, inc2), rules });
          expect(e.after.pretaxFen, `node ${i}`).toBe(re.pretaxFen);
          expect(e.after.promotionFen, `node ${i}`).toBe(inc2.promotionFen[i]);
          expect(e.after.gpv).toBe(close2.groupPv[i]);
          lifted += e.legsBecomingQ.length;
        }
      }),
      { seed: 3102, numRuns: 80 },
    );
    // The cases include legs the extra volume lifts to 21 %.
    expect(lifted).toBeGreaterThan(0);
  });
});
