// Monthly close over the whole sponsorship tree: the hot path of the demo seed
// (100 000 distributors × 48 months). One reverse pass, O(n), no allocation when buffers are
// reused. Definitions (see README):
//   GPV   = own PV + GPV of every frontline leg (the whole downline).
//   PGPV  = own PV + PGPV of every frontline leg that is NOT Q. A Q leg (at the top bracket)
//           breaks away with its whole group, so PGPV = GPV − the GPV of each Q leg that has
//           no Q leg above it inside this group. Volume is therefore in at most one PGPV
//           below the first Q upline, which keeps total bracket pay ≤ the top percentage.
//   Q     = PGPV reaches the top bracket (21 %).
//   APV   = award PV = PGPV: the volume the ABO's own business moved in the month that is not
//           credited to a qualified (Q) leg. The SP-month test and award criteria use it.
//   SP    = APV ≥ 10 000, or APV ≥ 4 000 with ≥ 1 Q leg, or ≥ 2 Q legs (values per rule table).
import { bracketFor, qThreshold } from './bracket.ts';
import type { RuleTable } from './rules/types.ts';

export interface MonthClose {
  readonly n: number;
  /** Own PV + the whole downline's PV. Int32: totals must stay below 2^31 PV. */
  readonly groupPv: Int32Array;
  /** GPV minus break-away Q legs (see file comment). */
  readonly personalGroupPv: Int32Array;
  /** Bracket percentage of the personal-group PV. */
  readonly bracketPercent: Uint8Array;
  /** 1 when the ABO is Q (top bracket) this month: a PQ month. */
  readonly isQ: Uint8Array;
  /** Frontline legs that are Q this month (summed over a PY these are the FLQ months). */
  readonly qLegCount: Int32Array;
  /** Award PV (= personal-group PV, documented above). */
  readonly apv: Int32Array;
  /** 1 when the month is an SP month. */
  readonly isSpMonth: Uint8Array;
  /** Σ PGPV of frontline Q legs: the leadership-bonus base. */
  readonly qLegPgpv: Int32Array;
  /** Σ over frontline Q legs of their own qLegPgpv: the Pearl (depth) base. */
  readonly depthPgpv: Int32Array;
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
  };
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
  const { qLegPgpv, depthPgpv } = r;
  groupPv.set(personalPv);
  pg.set(personalPv);
  qLegCount.fill(0);
  qLegPgpv.fill(0);
  depthPgpv.fill(0);

  // Bracket lookup flattened into two small arrays for the loop.
  const steps = rules.brackets;
  const qMin = qThreshold(steps);
  const hasQ = steps.length > 0;
  const spAlone = rules.sp.apvAlone;
  const spOne = rules.sp.apvWithOneQLeg;
  const spLegs = rules.sp.qLegsAlone;

  for (let i = n - 1; i >= 0; i--) {
    const s = sponsorIndex[i]!;
    if (s >= i || s < -1) throw new RangeError(`node ${i}: sponsor ${s} must precede it`);
    const p = pg[i]!; // own PV + non-Q legs' PGPV, all children already folded in
    const q = hasQ && p >= qMin ? 1 : 0;
    const legs = qLegCount[i]!;
    bracketPercent[i] = bracketFor(steps, p);
    isQ[i] = q;
    apv[i] = p;
    sp[i] = p >= spAlone || (p >= spOne && legs >= 1) || legs >= spLegs ? 1 : 0;
    if (s >= 0) {
      groupPv[s] = groupPv[s]! + groupPv[i]!;
      if (q) {
        qLegCount[s] = qLegCount[s]! + 1;
        qLegPgpv[s] = qLegPgpv[s]! + p;
        depthPgpv[s] = depthPgpv[s]! + qLegPgpv[i]!;
      } else {
        pg[s] = pg[s]! + p;
      }
    }
  }
  return r;
}
