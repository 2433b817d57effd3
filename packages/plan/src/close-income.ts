// Service fees for every node of a closed month at once, with exactly the formulas and
// rounding of monthlyStatement (without annual bonuses and adjustments, which are per person).
// Two O(n) passes over typed arrays, for the seed's month-by-month close.
import type { MonthClose } from './close.ts';
import { applyBp } from './money.ts';
import type { RuleTable } from './rules/types.ts';

export interface MonthIncome {
  readonly n: number;
  readonly promotionFen: Float64Array;
  readonly leadershipFen: Float64Array;
  readonly rubyFen: Float64Array;
  readonly pearlFen: Float64Array;
  /** Sum of the four items above. */
  readonly pretaxFen: Float64Array;
}

export function createMonthIncome(n: number): MonthIncome {
  return {
    n,
    promotionFen: new Float64Array(n),
    leadershipFen: new Float64Array(n),
    rubyFen: new Float64Array(n),
    pearlFen: new Float64Array(n),
    pretaxFen: new Float64Array(n),
  };
}

export function closeIncome(
  sponsorIndex: Int32Array,
  personalPv: Int32Array,
  close: MonthClose,
  rules: RuleTable,
  out?: MonthIncome,
): MonthIncome {
  const n = sponsorIndex.length;
  const r = out ?? createMonthIncome(n);
  if (r.n !== n || close.n !== n) throw new RangeError('size mismatch');
  const { promotionFen, leadershipFen, rubyFen, pearlFen, pretaxFen } = r;
  const { personalGroupPv: pg, bracketPercent: pct, isQ, qLegCount, qLegPgpv, depthPgpv } = close;
  const bv = rules.bvFenPerPv;
  const leadMin = rules.leadership.minOwnPercent;
  const leadBp = rules.leadership.rateBp;
  const rubyMin = rules.ruby.minPgpv;
  const rubyBp = rules.ruby.rateBp;
  const pearlLegs = rules.pearl.minQLegs;
  const pearlBp = rules.pearl.rateBp;

  for (let i = 0; i < n; i++) promotionFen[i] = applyBp(personalPv[i]! * bv, pct[i]! * 100);
  for (let i = 0; i < n; i++) {
    const s = sponsorIndex[i]!;
    if (s >= 0 && !isQ[i]) {
      const diff = pct[s]! - pct[i]!;
      if (diff > 0) promotionFen[s] = promotionFen[s]! + applyBp(pg[i]! * bv, diff * 100);
    }
  }
  for (let i = 0; i < n; i++) {
    const p = pct[i]!;
    const legs = qLegCount[i]!;
    const lead = p >= leadMin && legs > 0 ? applyBp(qLegPgpv[i]! * bv, leadBp) : 0;
    const ruby = pg[i]! >= rubyMin ? applyBp(pg[i]! * bv, rubyBp) : 0;
    const pearl = isQ[i] && legs >= pearlLegs ? applyBp(depthPgpv[i]! * bv, pearlBp) : 0;
    leadershipFen[i] = lead;
    rubyFen[i] = ruby;
    pearlFen[i] = pearl;
    pretaxFen[i] = promotionFen[i]! + lead + ruby + pearl;
  }
  return r;
}
