// Service fees for every node of a closed month at once, on the orders' BV (MonthClose), with
// exactly the formulas and rounding of monthlyStatement (without annual bonuses and adjustments, which are per person).
// O(n) passes over typed arrays, for the month-by-month close.
import { qThreshold, bracketFor } from './bracket.ts';
import type { MonthClose } from './close.ts';
import { applyBp } from './money.ts';
import type { RuleTable } from './rules/types.ts';

export interface MonthIncome {
  readonly n: number;
  readonly promotionFen: Float64Array;
  /** Leadership kept by each node (see leadershipShare). */
  readonly leadershipFen: Float64Array;
  /** Leadership the node's Q legs passed up to it. */
  readonly leadershipInFen: Float64Array;
  /** Leadership the node passes up to its sponsor (its own 4 % plus what it did not keep). */
  readonly leadershipUpFen: Float64Array;
  readonly rubyFen: Float64Array;
  readonly pearlFen: Float64Array;
  /** Sum of the four fees above. */
  readonly pretaxFen: Float64Array;
  /** Leadership passed up past the top of the tree: generated, paid to no one in this tree. */
  leadershipUnpaidFen: number;
}

export function createMonthIncome(n: number): MonthIncome {
  return {
    n,
    promotionFen: new Float64Array(n),
    leadershipFen: new Float64Array(n),
    leadershipInFen: new Float64Array(n),
    leadershipUpFen: new Float64Array(n),
    rubyFen: new Float64Array(n),
    pearlFen: new Float64Array(n),
    pretaxFen: new Float64Array(n),
    leadershipUnpaidFen: 0,
  };
}

/** How much of its leadership a node keeps: all, part (above the adjustment) or none. */
export type LeadershipKeep = 'all' | 'part' | 'none';

export function leadershipKeep(pgpv: number, qLegs: number, rules: RuleTable): LeadershipKeep {
  if (qLegs === 0) return 'none';
  if (rules.brackets.length > 0 && pgpv >= qThreshold(rules.brackets)) return 'all';
  if (bracketFor(rules.brackets, pgpv) >= rules.leadership.minOwnPercent || qLegs >= rules.leadership.minQLegsForPart) return 'part';
  return 'none';
}

export interface LeadershipShare {
  /** rate × own positive personal-group BV when a 21 % group (what it generates for its sponsor), else 0. */
  readonly ownFen: number;
  readonly inFen: number;
  readonly keep: LeadershipKeep;
  readonly keptFen: number;
  readonly upFen: number;
}

/**
 * One node's leadership: it generates rate × its personal-group BV when it is a 21 % group and
 * receives what its leadership legs pass up. It passes up at least its own share, topped up to
 * the leadership adjustment (rate × the top bracket's BV at the table's BV per PV) from what it
 * received when it keeps part; it keeps the rest (all, part) or nothing (none). A node below
 * 21 % keeps nothing: the leadership goes on to the first 21 % upline. kept + up = own + in: no
 * money is made or lost.
 * @param legs its leadership legs (MonthClose.leadershipLegs).
 */
export function leadershipShare(
  isQGroup: boolean,
  pgpv: number,
  pgbvFen: number,
  legs: number,
  inFen: number,
  rules: RuleTable,
): LeadershipShare {
  const rate = rules.leadership.rateBp;
  const ownFen = isQGroup && pgbvFen > 0 ? applyBp(pgbvFen, rate) : 0;
  const keep = isQGroup ? leadershipKeep(pgpv, legs, rules) : 'none';
  const pool = ownFen + inFen;
  let upFen = pool;
  if (keep !== 'none') {
    const adjustment = applyBp(qThreshold(rules.brackets) * rules.bvFenPerPv, rate);
    upFen = Math.min(pool, Math.max(ownFen, adjustment));
  }
  return { ownFen, inFen, keep, keptFen: pool - upFen, upFen };
}

export function closeIncome(sponsorIndex: Int32Array, close: MonthClose, rules: RuleTable, out?: MonthIncome): MonthIncome {
  const n = sponsorIndex.length;
  const r = out ?? createMonthIncome(n);
  if (r.n !== n || close.n !== n) throw new RangeError('size mismatch');
  const { promotionFen, leadershipFen, leadershipInFen, leadershipUpFen, rubyFen, pearlFen, pretaxFen } = r;
  const { personalGroupPv: pg, bracketPercent: pct, isQ, qLegCount, leadershipLegs } = close;
  const { personalBvFen: ownBv, personalGroupBvFen: pgbv, depthPgbvFen } = close;
  const rubyMin = rules.ruby.minPgpv;
  const rubyBp = rules.ruby.rateBp;
  const pearlLegs = rules.pearl.minQLegs;
  const pearlBp = rules.pearl.rateBp;

  // Promotion: own % on own BV, plus the bracket differential on each leg below 21 %'s
  // personal-group BV (a 21 % leg gives none; its group left the personal group). Summed over
  // a tree it telescopes: each BV is paid the bracket of the first 21 % group above it, once.
  for (let i = 0; i < n; i++) promotionFen[i] = applyBp(ownBv[i]!, pct[i]! * 100);
  for (let i = 0; i < n; i++) {
    const s = sponsorIndex[i]!;
    if (s < 0 || isQ[i]) continue;
    const diff = pct[s]! - pct[i]!;
    if (diff !== 0) promotionFen[s] = promotionFen[s]! + applyBp(pgbv[i]!, diff * 100);
  }
  // Leadership bottom-up: children (larger indices) pass up before their sponsor is settled.
  leadershipInFen.fill(0);
  r.leadershipUnpaidFen = 0;
  for (let i = n - 1; i >= 0; i--) {
    const share = leadershipShare(isQ[i] === 1, pg[i]!, pgbv[i]!, leadershipLegs[i]!, leadershipInFen[i]!, rules);
    leadershipFen[i] = share.keptFen;
    leadershipUpFen[i] = share.upFen;
    const s = sponsorIndex[i]!;
    if (s >= 0) leadershipInFen[s] = leadershipInFen[s]! + share.upFen;
    else r.leadershipUnpaidFen += share.upFen;
  }
  for (let i = 0; i < n; i++) {
    const ruby = pg[i]! >= rubyMin ? applyBp(pgbv[i]!, rubyBp) : 0;
    const pearl = isQ[i] && qLegCount[i]! >= pearlLegs ? applyBp(depthPgbvFen[i]!, pearlBp) : 0;
    rubyFen[i] = ruby;
    pearlFen[i] = pearl;
    pretaxFen[i] = promotionFen[i]! + leadershipFen[i]! + ruby + pearl;
  }
  return r;
}
