// Monthly close over the whole sponsorship tree: the hot path of the demo seed
// (100 000 distributors × 48 months). One reverse pass, O(n), no allocation when buffers are
// reused. Definitions (README "Rules and their sources"):
//   GPV      = own PV + GPV of every frontline leg (the whole downline).
//   bracket  = from GPV, the month's total group volume, 21 % groups included.
//   21 % group (Q) = GPV at the top bracket, however it gets there (own volume or its own
//              21 % legs). A frontline 21 % group is a Q leg of its sponsor.
//   PGPV     = own PV + the PGPV of every frontline leg below the top bracket: every 21 % group
//              leaves every upline's personal group, wherever it sits. (With returns a leg below
//              21 % can hold a 21 % group: its GPV would count that group twice.)
//   APV      = award PV = PGPV.
//   SP month = APV ≥ 10 000, or APV ≥ 4 000 with ≥ 1 Q leg, or ≥ 2 Q legs (values per table);
//              it is also the PQ month: qualified at 21 % in one's own right.
//   leadership legs = the 21 % groups whose leadership and Pearl reach this node first: its
//              frontline Q legs and the 21 % groups a leg below 21 % passes up (returns only).
//              A node below 21 % receives none: it passes them to its sponsor.
//   Pearl    = depthPgpv: the PGPV of the 21 % groups from the second generation down to and
//              including the first generation of the next Pearl recipient (a 21 % group with
//              ≥ 3 Q legs).
// Money bases are BV (fen), summed from the orders' own BV like PV; brackets and every
// qualification stay on PV. A 21 % group's PGBV counts in the leadership, Pearl and annual
// bases only when positive: a month whose returns outweigh its sales generates none.
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
  /** Σ PGPV of the leadership legs (what the leadership fee is 4 % of, before passing up). */
  readonly qLegPgpv: Int32Array;
  /** The Pearl base (see file comment); counted whether or not the node is a Pearl recipient. */
  readonly depthPgpv: Int32Array;
  /**
   * PGPV of the 21 % groups below this node that a Pearl recipient above it is paid on beyond
   * its leadership legs: for a 21 % group its Q legs (and, unless it is a Pearl recipient
   * itself, theirs, and so on down); below 21 %, its depthPgpv.
   */
  readonly pearlPassPv: Int32Array;
  /** The 21 % groups whose leadership reaches this node first (frontline Q legs, and see file comment). */
  readonly leadershipLegs: Int32Array;
  /** BV of the personal PV, fen (the orders' own BV). */
  readonly personalBvFen: Float64Array;
  /** BV of the whole group, fen (the promotion fee's base). */
  readonly groupBvFen: Float64Array;
  /** BV of the personal group, fen (what the bracket differential and Ruby are paid on). */
  readonly personalGroupBvFen: Float64Array;
  /** Σ positive PGBV of the leadership legs, fen (the leadership base). */
  readonly qLegPgbvFen: Float64Array;
  /** The Pearl base in BV, fen. */
  readonly depthPgbvFen: Float64Array;
  /** pearlPassPv in BV, fen. */
  readonly pearlPassBvFen: Float64Array;
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
    leadershipLegs: new Int32Array(n),
    personalBvFen: new Float64Array(n),
    groupBvFen: new Float64Array(n),
    personalGroupBvFen: new Float64Array(n),
    qLegPgbvFen: new Float64Array(n),
    depthPgbvFen: new Float64Array(n),
    pearlPassBvFen: new Float64Array(n),
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

/**
 * True when a month's Q legs make the ABO a Pearl recipient: a 21 % group itself (a node below
 * 21 % passes its legs' Pearl up, see the file comment).
 */
export function isPearlRecipient(qLegs: number, rules: RuleTable, isQ = true): boolean {
  return isQ && qLegs >= rules.pearl.minQLegs;
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
 * @param personalBvFen the month's personal BV per node, fen, from the orders (default: PV × the
 *   table's BV per PV, for what-ifs and tables without order BV).
 */
export function closeMonth(
  sponsorIndex: Int32Array,
  personalPv: Int32Array,
  rules: RuleTable,
  out?: MonthClose,
  personalBvFen?: ArrayLike<number>,
): MonthClose {
  const n = sponsorIndex.length;
  if (personalPv.length !== n) throw new RangeError('personalPv length differs from the tree');
  if (personalBvFen && personalBvFen.length !== n) throw new RangeError('personalBvFen length differs from the tree');
  const r = out ?? createMonthClose(n);
  if (r.n !== n) throw new RangeError('output buffers sized for another tree');

  const { groupPv, personalGroupPv: pg, bracketPercent, isQ, qLegCount, apv, isSpMonth: sp } = r;
  const { qLegPgpv, depthPgpv, pearlPassPv, leadershipLegs } = r;
  const { personalBvFen: ownBv, groupBvFen: gbv, personalGroupBvFen: pgbv, qLegPgbvFen, depthPgbvFen, pearlPassBvFen } = r;
  groupPv.set(personalPv);
  pg.set(personalPv);
  if (personalBvFen) ownBv.set(personalBvFen);
  else for (let i = 0; i < n; i++) ownBv[i] = personalPv[i]! * rules.bvFenPerPv;
  gbv.set(ownBv);
  pgbv.set(ownBv);
  qLegCount.fill(0);
  qLegPgpv.fill(0);
  depthPgpv.fill(0);
  leadershipLegs.fill(0);
  qLegPgbvFen.fill(0);
  depthPgbvFen.fill(0);

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
    if (q) {
      // A Pearl recipient keeps the depth below its own Q legs; above it only its first generation passes.
      const keepsDepth = legs >= pearlLegs;
      pearlPassPv[i] = keepsDepth ? qLegPgpv[i]! : qLegPgpv[i]! + depthPgpv[i]!;
      pearlPassBvFen[i] = keepsDepth ? qLegPgbvFen[i]! : qLegPgbvFen[i]! + depthPgbvFen[i]!;
    } else {
      // Below 21 %: its leadership legs become its sponsor's, and their depth goes with them.
      pearlPassPv[i] = depthPgpv[i]!;
      pearlPassBvFen[i] = depthPgbvFen[i]!;
    }
    if (s >= 0) {
      groupPv[s] = groupPv[s]! + g;
      gbv[s] = gbv[s]! + gbv[i]!;
      if (q) {
        qLegCount[s] = qLegCount[s]! + 1;
        leadershipLegs[s] = leadershipLegs[s]! + 1;
        qLegPgpv[s] = qLegPgpv[s]! + (p > 0 ? p : 0);
        qLegPgbvFen[s] = qLegPgbvFen[s]! + (pgbv[i]! > 0 ? pgbv[i]! : 0);
      } else {
        pg[s] = pg[s]! + p;
        pgbv[s] = pgbv[s]! + pgbv[i]!;
        leadershipLegs[s] = leadershipLegs[s]! + leadershipLegs[i]!;
        qLegPgpv[s] = qLegPgpv[s]! + qLegPgpv[i]!;
        qLegPgbvFen[s] = qLegPgbvFen[s]! + qLegPgbvFen[i]!;
      }
      depthPgpv[s] = depthPgpv[s]! + pearlPassPv[i]!;
      depthPgbvFen[s] = depthPgbvFen[s]! + pearlPassBvFen[i]!;
    }
  }
  return r;
}
