// Which frontline legs could close a plan's FLQ or LDD gap (issue #22, "From a plan's FLQ/LDD gap,
// the legs that could close it"). The plan page tells how many Q leg months (FLQ) or qualified
// legs (LDD) are still needed; this says which legs can bring them, nearest first, so a leader
// knows whom to call. The same tests as the criteria (evaluate.ts): a Q leg is a frontline leg with
// a 21 % group in the month; an LDD leg is Q in legQMonths months of the period.
import { qProgressPct } from '../market-rules.ts';

export type GapLegKind = 'flqMonths' | 'lddMarkets';

export interface GapLegFacts {
  readonly id: string;
  /** Q months in the plan's period so far, the open month included when the leg is Q in it. */
  readonly qMonths: number;
  /** Q in the open month so far. */
  readonly qNow: boolean;
  /** Group PV in the open month so far. */
  readonly gpv: number;
}

export interface GapLeg {
  readonly id: string;
  readonly qMonths: number;
  readonly qNow: boolean;
  /** Group PV still needed this month to reach Q (0 when Q). */
  readonly pvToQ: number;
  /** This month's group PV against the Q threshold (floored, 100 only once Q). */
  readonly progressPct: number;
  /**
   * Q months the leg still needs: FLQ 1 (this month adds one when it reaches Q); LDD the months
   * between its Q months and legQMonths.
   */
  readonly monthsNeeded: number;
}

export interface GapLegsResult {
  /** Legs already counting: Q this month (FLQ) or already at legQMonths Q months (LDD). */
  readonly counting: number;
  /** Legs that can still add to the criterion, nearest first. */
  readonly candidates: readonly GapLeg[];
}

export interface GapLegsContext {
  /** The PY's Q threshold (group PV). */
  readonly threshold: number;
  /** Q months an LDD leg needs in the period (the rule table's legQMonths). */
  readonly legQMonths: number;
  /** Months of the period from the open month on, the open month included (0: period closed). */
  readonly monthsLeft: number;
}

/**
 * The legs that could close the gap, nearest first.
 * - FLQ: every leg not Q this month; reaching Q adds a Q leg month. Nearest: least PV to Q.
 * - LDD: legs short of legQMonths that still have enough months left (the open month counts
 *   unless it is already one of their Q months); nearest: fewest Q months still needed, then Q
 *   this month, then least PV to Q.
 * Nothing while the period is closed.
 */
export function legsThatCloseGap(kind: GapLegKind, legs: readonly GapLegFacts[], ctx: GapLegsContext): GapLegsResult {
  const pvToQ = (l: GapLegFacts) => (l.qNow ? 0 : Math.max(0, ctx.threshold - l.gpv));
  const leg = (l: GapLegFacts, monthsNeeded: number): GapLeg => ({
    id: l.id,
    qMonths: l.qMonths,
    qNow: l.qNow,
    pvToQ: pvToQ(l),
    progressPct: l.qNow ? 100 : qProgressPct(l.gpv, ctx.threshold),
    monthsNeeded,
  });
  const byId = (a: GapLeg, b: GapLeg) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  if (kind === 'flqMonths') {
    const counting = legs.filter((l) => l.qNow).length;
    if (ctx.monthsLeft <= 0) return { counting, candidates: [] };
    const candidates = legs
      .filter((l) => !l.qNow)
      .map((l) => leg(l, 1))
      .sort((a, b) => a.pvToQ - b.pvToQ || byId(a, b));
    return { counting, candidates };
  }
  const need = ctx.legQMonths;
  const counting = legs.filter((l) => l.qMonths >= need).length;
  if (ctx.monthsLeft <= 0) return { counting, candidates: [] };
  const candidates = legs
    .filter((l) => l.qMonths < need && l.qMonths + ctx.monthsLeft - (l.qNow ? 1 : 0) >= need)
    .map((l) => leg(l, need - l.qMonths))
    .sort((a, b) => a.monthsNeeded - b.monthsNeeded || Number(b.qNow) - Number(a.qNow) || a.pvToQ - b.pvToQ || byId(a, b));
  return { counting, candidates };
}
