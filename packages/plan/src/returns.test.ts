// A company's own records: orders carry their own BV, and returns can make a month's personal
// PV negative. README "Returns and claw-backs" and "BV" give the rules these tests hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settleMonth } from './claw-back.ts';
import { closeIncome } from './close-income.ts';
import { closePeriod } from './close-period.ts';
import { closeMonth } from './close.ts';
import { monthlyStatement } from './income.ts';
import { applyBp } from './money.ts';
import { PY2526 } from './rules/py2526.ts';
import { closedLegs, randomBvFen, randomPvWithReturns, randomTree } from './testing.ts';
import { buildChildren, frontline } from './tree.ts';

const rules = PY2526; // 21 % from 10 000 PV; 1 PV = 1 150 fen of BV where an order has none

function item(st: ReturnType<typeof monthlyStatement>, code: string) {
  const it = st.items.find((i) => i.code === code);
  if (!it) throw new Error(`no ${code}`);
  return it;
}

describe('the order’s own BV is what fees are paid on', () => {
  it('one order of 1 000 PV with BV ¥1 000.00 pays 9 % of ¥1 000, not of PV × 11.50', () => {
    // 1 000 PV → 9 % bracket (1 000 ≤ GPV < 2 000). 9 % × 100 000 fen = 9 000 fen (¥90.00).
    const close = closeMonth(Int32Array.from([-1]), Int32Array.from([1_000]), rules, undefined, Float64Array.from([100_000]));
    const inc = closeIncome(Int32Array.from([-1]), close, rules);
    expect(close.bracketPercent[0]).toBe(9);
    expect(close.groupBvFen[0]).toBe(100_000);
    expect(inc.promotionFen[0]).toBe(9_000);
    const st = monthlyStatement({ month: '2026-10', ppv: 1_000, ppvBvFen: 100_000, legs: [], rules });
    expect(item(st, 'PROMOTION')).toMatchObject({ baseBvFen: 100_000, amountFen: 9_000 });
  });

  it('a leg’s own BV sets its differential; brackets stay on PV', () => {
    // A 2 000 PV (BV ¥20 000.00); leg B 3 000 PV with BV ¥30 000.00 → 12 %. A: 5 000 PV → 15 %.
    //   own  2 000 000 × 15 % = 300 000;  B  3 000 000 × 3 % = 90 000;  total 390 000 fen.
    const st = monthlyStatement({
      month: '2026-10',
      ppv: 2_000,
      ppvBvFen: 2_000_000,
      legs: [{ id: 'B', gpv: 3_000, gbvFen: 3_000_000, pgbvFen: 3_000_000 }],
      rules,
    });
    expect(st.bracketPercent).toBe(15);
    expect(item(st, 'PROMOTION')).toMatchObject({ baseBvFen: 5_000_000, amountFen: 390_000 });
  });
});

describe('a return never counts a 21 % group twice (A 8 000 ← B 10 000 ← C 0 ← D −2 000 ← E 10 000)', () => {
  // Reading chosen (README "Returns and claw-backs"): E is a 21 % group on its own and leaves
  // every upline's personal group; its leadership goes to the first 21 % upline, B. Group PV
  // still counts everything for the bracket: E 10 000, D 8 000, C 8 000, B 18 000, A 26 000.
  const sponsor = Int32Array.from([-1, 0, 1, 2, 3]);
  const ppv = Int32Array.from([8_000, 10_000, 0, -2_000, 10_000]);
  const close = closeMonth(sponsor, ppv, rules);
  const inc = closeIncome(sponsor, close, rules);

  it('E leaves D’s, C’s and B’s personal groups', () => {
    expect(Array.from(close.groupPv)).toEqual([26_000, 18_000, 8_000, 8_000, 10_000]);
    expect(Array.from(close.isQ)).toEqual([1, 1, 0, 0, 1]);
    expect(Array.from(close.personalGroupPv)).toEqual([8_000, 8_000, -2_000, -2_000, 10_000]);
    // Frontline Q legs (qualification) stay frontline: D has E, A has B.
    expect(Array.from(close.qLegCount)).toEqual([1, 0, 0, 1, 0]);
    // Leadership legs: E's reaches B through D and C.
    expect(Array.from(close.leadershipLegs)).toEqual([1, 1, 1, 1, 0]);
  });

  it('pays the tree exactly 21 % of its BV in promotion fees, D’s return clawed back', () => {
    // E 21 % × 11 500 000 = 2 415 000; D 18 % × −2 300 000 = −414 000; C 0;
    // B 21 % × 11 500 000 + (21 − 18) % × C's −2 300 000 = 2 346 000; A 21 % × 9 200 000 = 1 932 000.
    expect(Array.from(inc.promotionFen)).toEqual([1_932_000, 2_346_000, 0, -414_000, 2_415_000]);
    const total = Array.from(inc.promotionFen).reduce((a, b) => a + b, 0);
    expect(total).toBe(applyBp(26_000 * 1_150, 2_100)); // 6 279 000 fen = 21 % of ¥299 000
  });

  it('A keeps ¥3 680 of leadership: 4 % of B’s personal group, E’s 4 % goes to B', () => {
    // E generates 460 000 and passes it through D and C (below 21 %, they keep none) to B.
    // B (personal group 8 000 → 18 %: keeps part) generates 368 000, passes up the adjustment
    // 460 000 and keeps 368 000; A likewise keeps 368 000 (¥3 680), 460 000 passes above A.
    expect(Array.from(inc.leadershipFen)).toEqual([368_000, 368_000, 0, 0, 0]);
    expect(Array.from(inc.leadershipUpFen)).toEqual([460_000, 460_000, 460_000, 460_000, 460_000]);
    expect(inc.leadershipUnpaidFen).toBe(460_000);
  });

  it('each node’s statement says the same, with the legs as the close gives them', () => {
    const ch = buildChildren(sponsor);
    for (let i = 0; i < 5; i++) {
      const st = monthlyStatement({ month: '2026-10', ppv: ppv[i]!, legs: closedLegs(ch, i, close, inc), rules });
      expect(item(st, 'PROMOTION').amountFen, `node ${i}`).toBe(inc.promotionFen[i]);
      expect(item(st, 'LEADERSHIP').amountFen, `node ${i}`).toBe(inc.leadershipFen[i]);
      // D's fees are below zero: the statement pays 0 and carries the rest.
      const fees = st.items.filter((x) => !x.code.startsWith('DEBIT_')).reduce((t, x) => t + x.amountFen, 0);
      expect(fees).toBe(inc.pretaxFen[i]);
      expect(st.pretaxFen).toBe(Math.max(0, inc.pretaxFen[i]!));
    }
    const d = monthlyStatement({ month: '2026-10', ppv: ppv[3]!, legs: closedLegs(ch, 3, close, inc), rules });
    expect(d.items.find((x) => x.code === 'DEBIT_CARRIED_FORWARD')?.amountFen).toBe(414_000);
  });

  it('D’s negative fee is carried to its next statement, and taken from it', () => {
    // September: D 2 000 PV. October: the return above. November: D 4 000 PV alone (15 %).
    const months = [
      { month: '2026-09', ppv: Int32Array.from([8_000, 10_000, 0, 2_000, 10_000]), closed: true },
      { month: '2026-10', ppv, closed: true },
      { month: '2026-11', ppv: Int32Array.from([0, 0, 0, 4_000, 0]), closed: true },
    ];
    const seen: { month: string; computed: number; brought: number; carried: number }[] = [];
    closePeriod({ sponsor, months }, (m) => {
      seen.push({ month: m.month, computed: m.income!.pretaxFen[3]!, brought: m.carry!.broughtFen[3]!, carried: m.carry!.carriedFen[3]! });
    });
    // September: D's group 12 000 is at 21 % (E inside it): 21 % × 2 300 000 = 483 000.
    // November: 15 % × 4 600 000 = 690 000, less the 414 000 brought forward: 276 000 paid.
    expect(seen).toEqual([
      { month: '2026-09', computed: 483_000, brought: 0, carried: 0 },
      { month: '2026-10', computed: -414_000, brought: 0, carried: 414_000 },
      { month: '2026-11', computed: 690_000, brought: 414_000, carried: 0 },
    ]);
    expect(settleMonth(690_000, 414_000)).toEqual({ computedFen: 690_000, broughtFen: 414_000, paidFen: 276_000, carriedFen: 0 });
  });
});

/** Node i's frontline as the statement reads it, from the close (what monthly_results stores). */
describe('random trees with returns and the orders’ own BV', () => {
  const trees = fc.tuple(fc.integer({ min: 1, max: 250 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 3 }));

  it('every PV is in exactly one 21 % group’s personal group, or a root’s: the 4 % base counts it once', () => {
    fc.assert(
      fc.property(trees, ([n, seed, roots]) => {
        const sponsor = randomTree(n, seed, Math.min(n, roots));
        const ppv = randomPvWithReturns(n, seed + 1).map((v) => v * 3);
        const c = closeMonth(sponsor, ppv, rules);
        const ch = buildChildren(sponsor);
        let total = 0;
        let parts = 0;
        for (let i = 0; i < n; i++) {
          let pg = ppv[i]!;
          for (const k of frontline(ch, i)) if (!c.isQ[k]) pg += c.personalGroupPv[k]!;
          expect(c.personalGroupPv[i]).toBe(pg);
          total += ppv[i]!;
          if (c.isQ[i] || sponsor[i] === -1) parts += c.personalGroupPv[i]!;
        }
        expect(parts).toBe(total);
      }),
      { seed: 2911, numRuns: 150 },
    );
  });

  it('promotion on a tree is the top bracket’s share of each 21 % group at most, and each statement agrees', () => {
    fc.assert(
      fc.property(trees, ([n, seed, roots]) => {
        const sponsor = randomTree(n, seed, Math.min(n, roots));
        const ppv = randomPvWithReturns(n, seed + 2).map((v) => v * 3);
        const bv = randomBvFen(ppv, seed);
        const close = closeMonth(sponsor, ppv, rules, undefined, bv);
        const inc = closeIncome(sponsor, close, rules);
        const ch = buildChildren(sponsor);
        let promo = 0;
        let topsBv = 0;
        let exact = 0;
        for (let i = 0; i < n; i++) {
          promo += inc.promotionFen[i]!;
          // The differentials telescope to each top group's own bracket on its personal group.
          if (close.isQ[i] || sponsor[i] === -1) {
            exact += (close.personalGroupBvFen[i]! * close.bracketPercent[i]!) / 100;
            topsBv += Math.max(0, close.personalGroupBvFen[i]!);
          }
          const st = monthlyStatement({ month: '2026-01', ppv: ppv[i]!, ppvBvFen: bv[i]!, legs: closedLegs(ch, i, close, inc), rules });
          expect(st.gpv).toBe(close.groupPv[i]);
          expect(st.pgpv).toBe(close.personalGroupPv[i]);
          expect(item(st, 'PROMOTION').amountFen).toBe(inc.promotionFen[i]);
          expect(item(st, 'LEADERSHIP').amountFen).toBe(inc.leadershipFen[i]);
          expect(item(st, 'RUBY').amountFen).toBe(inc.rubyFen[i]);
          expect(item(st, 'PEARL').amountFen).toBe(inc.pearlFen[i]);
        }
        // At most half a fen of rounding per line.
        expect(Math.abs(promo - exact)).toBeLessThanOrEqual(n);
        expect(promo).toBeLessThanOrEqual(topsBv * 0.21 + n);
      }),
      { seed: 2912, numRuns: 150 },
    );
  });

  it('leadership: kept + unpaid above the top = 4 % of every 21 % group’s positive PGBV; none kept below 21 %', () => {
    fc.assert(
      fc.property(trees, ([n, seed, roots]) => {
        const sponsor = randomTree(n, seed, Math.min(n, roots));
        const ppv = randomPvWithReturns(n, seed + 9).map((v) => v * 4);
        const close = closeMonth(sponsor, ppv, rules, undefined, randomBvFen(ppv, seed));
        const inc = closeIncome(sponsor, close, rules);
        let generated = 0;
        let kept = 0;
        for (let i = 0; i < n; i++) {
          if (close.isQ[i]) generated += applyBp(Math.max(0, close.personalGroupBvFen[i]!), 400);
          else expect(inc.leadershipFen[i]).toBe(0);
          kept += inc.leadershipFen[i]!;
          expect(inc.leadershipFen[i]).toBeGreaterThanOrEqual(0);
        }
        expect(kept + inc.leadershipUnpaidFen).toBe(generated);
      }),
      { seed: 2913, numRuns: 150 },
    );
  });

  it('Pearl: from the second generation of leadership legs down to the next recipient’s first', () => {
    fc.assert(
      fc.property(trees, ([n, seed]) => {
        const sponsor = randomTree(n, seed, 1);
        const ppv = randomPvWithReturns(n, seed + 4).map((v) => v * 5);
        const close = closeMonth(sponsor, ppv, rules);
        const ch = buildChildren(sponsor);
        // The 21 % groups whose leadership reaches i first: through legs below 21 %.
        const lead = (i: number): number[] => Array.from(frontline(ch, i)).flatMap((k) => (close.isQ[k] ? [k] : lead(k)));
        const recipient = (i: number) => close.isQ[i] === 1 && Array.from(frontline(ch, i)).filter((k) => close.isQ[k]).length >= 3;
        const paidBelow = (leg: number): number =>
          lead(leg).reduce((t, g) => t + Math.max(0, close.personalGroupPv[g]!) + (recipient(leg) ? 0 : paidBelow(g)), 0);
        for (let i = 0; i < n; i++) expect(close.depthPgpv[i]).toBe(lead(i).reduce((t, l) => t + paidBelow(l), 0));
      }),
      { seed: 2914, numRuns: 120 },
    );
  });

  it('paid + carried = computed, month after month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 120 }), fc.integer({ min: 0, max: 1e6 }), (n, seed) => {
        const sponsor = randomTree(n, seed, 1);
        const months = Array.from({ length: 6 }, (_, k) => {
          const ppv = randomPvWithReturns(n, seed + 10 * k);
          return { month: `2026-0${k + 1}`, ppv, bvFen: randomBvFen(ppv, seed + k), closed: true };
        });
        const computed = new Float64Array(n);
        const paid = new Float64Array(n);
        const result = closePeriod({ sponsor, months }, (m) => {
          for (let i = 0; i < n; i++) {
            computed[i] = computed[i]! + m.income!.pretaxFen[i]!;
            const s = settleMonth(m.income!.pretaxFen[i]!, m.carry!.broughtFen[i]!);
            expect(s.carriedFen).toBe(m.carry!.carriedFen[i]);
            paid[i] = paid[i]! + s.paidFen;
          }
        });
        for (let i = 0; i < n; i++) {
          expect(result.debitFen[i]).toBeGreaterThanOrEqual(0);
          expect(paid[i]! - result.debitFen[i]!).toBe(computed[i]);
        }
      }),
      { seed: 2915, numRuns: 80 },
    );
  });
});
