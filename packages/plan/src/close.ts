// Monthly close over the whole sponsorship tree: the hot path of the demo seed
// (100 000 distributors × 48 months). One reverse pass, O(n), no allocation when buffers are
// reused. Definitions (README "Rules and their sources"):
//   GPV      = own PV + GPV of every frontline leg (the whole downline).
//   bracket  = from GPV, the month's total group volume, 21 % groups included.
//   21 % group (Q) = GPV at the top bracket, however it gets there (own volume or its own
//              21 % legs). A frontline 21 % group is a Q leg of its sponsor.
//   PGPV     = GPV minus the GPV of every frontline 21 % leg (a leg below the top bracket has
//              no 21 % group under it, so its whole GPV stays in the sponsor's personal group).
//   APV      = award PV = PGPV.
//   SP month = APV ≥ 10 000, or APV ≥ 4 000 with ≥ 1 Q leg, or ≥ 2 Q legs (values per table);
//              it is also the PQ month: qualified at 21 % in one's own right.
//   Pearl    = depthPgpv: the PGPV of the 21 % groups from the second generation down to and
//              including the first generation of the next Pearl recipient (≥ 3 Q legs).
import { bracketFor, qThreshold } from './bracket.ts';
import type { RuleTable } from './rules/types.ts';

export interface MonthClose {
  readonly n: number;
  /** Own PV + the whole downline's PV. Int32: totals must stay below 2^31 PV. */
  readonly groupPv: Int32Array;
  /** GPV minus the frontline 21 % legs' GPV (see file comment). */
  readonly personalGroupPv: Int32Array;
  /** Bracket percentage of the group PV. */
  readonly bracketPercent: Uint8Array;
  /** 1 when the group is at the top bracket: a 21 % group (a Q leg to its sponsor). */
  readonly isQ: Uint8Array;
  /** Frontline legs that are Q this month (summed over a PY these are the FLQ months). */
  readonly qLegCount: Int32Array;
  /** Award PV (= personal-group PV, documented above). */
  readonly apv: Int32Array;
  /** 1 when the month is an SP month (also the PQ month: see isPqMonth). */
  readonly isSpMonth: Uint8Array;
  /** Σ PGPV of frontline Q legs (what the leadership fee is 4 % of, before passing up). */
  readonly qLegPgpv: Int32Array;
  /** The Pearl base (see file comment); counted whether or not the node is a Pearl recipient. */
  readonly depthPgpv: Int32Array;
  /**
   * PGPV of the 21 % groups below this node that a Pearl recipient above it is paid on: its Q
   * legs (and, unless it is a Pearl recipient itself, theirs, and so on down).
   */
  readonly pearlPassPv: Int32Array;
}

/** Allocates close buffers for n nodes (reuse them month after month). */
export function createMonthClose(n: number): MonthClose {
  return {
    n,
    groupPv: new Int32Array(n),
    personalGroupPv: new Int32Array(n),
    bracketPercent: new Uint8Array(n),
    isQ: new Uint8Array(n),
    qLegCount: new Int32Array(n),
    apv: new Int32Array(n),
    isSpMonth: new Uint8Array(n),
    qLegPgpv: new Int32Array(n),
    depthPgpv: new Int32Array(n),
    pearlPassPv: new Int32Array(n),
  };
}

/**
 * A PQ month: the ABO qualified at 21 % in their own right, which is the SP-month test (not
 * merely a group at the top bracket through its legs).
 */
export function isPqMonth(month: { readonly isSp: boolean }): boolean {
  return month.isSp;
}

/** True when a group PV reaches the top bracket: a 21 % group (a Q leg to its sponsor). */
export function isQGroup(groupPv: number, rules: RuleTable): boolean {
  return rules.brackets.length > 0 && groupPv >= qThreshold(rules.brackets);
}

/** True when a month's Q legs make the ABO a Pearl recipient. */
export function isPearlRecipient(qLegs: number, rules: RuleTable): boolean {
  return qLegs >= rules.pearl.minQLegs;
}

/** SP-month test for one ABO (same rule as the close). */
export function isSpMonth(apv: number, qLegs: number, rules: RuleTable): boolean {
  const sp = rules.sp;
  return apv >= sp.apvAlone || (apv >= sp.apvWithOneQLeg && qLegs >= 1) || qLegs >= sp.qLegsAlone;
}

/**
 * Closes one month for every node of the tree.
 * @param sponsorIndex sponsor of each node, -1 for roots; sponsors precede their downline.
 * @param personalPv the month's personal PV per node.
 * @param out buffers from createMonthClose(n) to overwrite (allocated when omitted).
 */
export function closeMonth(sponsorIndex: Int32Array, personalPv: Int32Array, rules: RuleTable, out?: MonthClose): MonthClose {
  const n = sponsorIndex.length;
  if (personalPv.length !== n) throw new RangeError('personalPv length differs from the tree');
  const r = out ?? createMonthClose(n);
  if (r.n !== n) throw new RangeError('output buffers sized for another tree');

  const { groupPv, personalGroupPv: pg, bracketPercent, isQ, qLegCount, apv, isSpMonth: sp } = r;
  const { qLegPgpv, depthPgpv, pearlPassPv } = r;
  groupPv.set(personalPv);
  pg.set(personalPv);
  qLegCount.fill(0);
  qLegPgpv.fill(0);
  depthPgpv.fill(0);

  const steps = rules.brackets;
  const qMin = qThreshold(steps);
  const hasQ = steps.length > 0;
  const spAlone = rules.sp.apvAlone;
  const spOne = rules.sp.apvWithOneQLeg;
  const spLegs = rules.sp.qLegsAlone;
  const pearlLegs = rules.pearl.minQLegs;

  for (let i = n - 1; i >= 0; i--) {
    const s = sponsorIndex[i]!;
    if (s >= i || s < -1) throw new RangeError(`node ${i}: sponsor ${s} must precede it`);
    // Every child is folded in already (children come after their sponsor).
    const g = groupPv[i]!;
    const p = pg[i]!;
    const q = hasQ && g >= qMin ? 1 : 0;
    const legs = qLegCount[i]!;
    bracketPercent[i] = bracketFor(steps, g);
    isQ[i] = q;
    apv[i] = p;
    sp[i] = p >= spAlone || (p >= spOne && legs >= 1) || legs >= spLegs ? 1 : 0;
    // A Pearl recipient keeps the depth below its own Q legs; above it only its first generation passes.
    pearlPassPv[i] = legs >= pearlLegs ? qLegPgpv[i]! : qLegPgpv[i]! + depthPgpv[i]!;
    if (s >= 0) {
      groupPv[s] = groupPv[s]! + g;
      if (q) {
        qLegCount[s] = qLegCount[s]! + 1;
        qLegPgpv[s] = qLegPgpv[s]! + p;
        depthPgpv[s] = depthPgpv[s]! + pearlPassPv[i]!;
      } else {
        pg[s] = pg[s]! + g;
      }
    }
  }
  return r;
}
