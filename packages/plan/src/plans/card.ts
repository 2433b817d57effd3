// A plan card: the one-line view of a plan in the plan list (status, progress, the criterion
// to headline), from a live evaluation or from the summary the close stored.
import type { DateLike, PeriodState } from '../calendar.ts';
import type { Text } from '../text.ts';
import { periodPosition, planMonths } from './history-summary.ts';
import { CRITERION_KINDS, criterionLabel, criterionRequired, kindOf } from './kinds.ts';
import type { StoredPlanEntry } from './summary-codec.ts';
import type { CriterionKind, PlanDef, PlanResult, PlanType, Status } from './types.ts';

/** Where one criterion stands. */
export interface CriterionProgress {
  readonly label: Text;
  readonly unit: Text;
  readonly kind: CriterionKind;
  readonly achieved: number;
  readonly required: number;
  readonly met: boolean;
}

export interface PlanCard {
  readonly code: string;
  readonly py: string;
  readonly type: PlanType;
  readonly name: Text;
  readonly route: string;
  readonly status: Status;
  /** Why the plan is out of reach (status outOfReach, when known). */
  readonly reason?: Text;
  readonly met: boolean;
  readonly periodState: PeriodState;
  readonly remainingMonths: number;
  readonly criteriaMet: number;
  readonly criteriaTotal: number;
  readonly achievedLevel: string | null;
  readonly headline: CriterionProgress | null;
}

/**
 * The criterion a card headlines: among the unmet paceable criteria the one furthest from
 * its target (smallest achieved / required); else the first unmet one; else the first.
 */
export function planHeadline(all: readonly CriterionProgress[]): CriterionProgress | null {
  if (!all.length) return null;
  let pick: CriterionProgress | undefined;
  let worst = Infinity;
  for (const c of all) {
    if (c.met || !CRITERION_KINDS[c.kind].paceable) continue;
    const ratio = c.required > 0 ? c.achieved / c.required : 1;
    if (ratio < worst) {
      worst = ratio;
      pick = c;
    }
  }
  pick ??= all.find((c) => !c.met) ?? all[0]!;
  return { label: pick.label, unit: pick.unit, kind: pick.kind, achieved: pick.achieved, required: pick.required, met: pick.met };
}

/** The card of a live evaluation. */
export function planCard(plan: PlanDef, res: PlanResult): PlanCard {
  return {
    code: res.code,
    py: res.py,
    type: res.type,
    name: res.name,
    route: plan.route,
    status: res.status,
    ...(res.reason ? { reason: res.reason.text } : {}),
    met: res.met,
    periodState: res.periodState,
    remainingMonths: res.remainingMonths,
    criteriaMet: res.criteria.filter((c) => c.met).length,
    criteriaTotal: res.criteria.length,
    achievedLevel: res.achievedLevel ?? null,
    headline: planHeadline(res.criteria),
  };
}

/**
 * The card of a stored summary entry on `today`; null when the entry does not fit the plan
 * (another criteria count: the catalogue changed since it was stored), so the caller
 * evaluates it live.
 */
export function planCardFromSummary(plan: PlanDef, stored: StoredPlanEntry, today: DateLike): PlanCard | null {
  if (stored.achieved.length !== plan.criteria.length) return null;
  const period = periodPosition(planMonths(plan), today);
  const criteria = plan.criteria.map((c, i): CriterionProgress => {
    const required = criterionRequired(c);
    const achieved = stored.achieved[i]!;
    // A criterion the open month alone carries over the line is not met yet (evaluate.ts).
    const met = achieved >= required && !stored.soFar?.includes(i);
    return { kind: c.kind, label: criterionLabel(c, plan.py), unit: kindOf(c).unit, required, achieved, met };
  });
  // Summaries stored before the out-of-reach status said "missed" for an open period that could
  // no longer be met: that is out of reach (its reason was not stored).
  const status: Status = stored.status === 'missed' && period.periodState !== 'closed' ? 'outOfReach' : stored.status;
  return {
    code: plan.code,
    py: plan.py,
    type: plan.type,
    name: plan.name,
    route: plan.route,
    status,
    ...(stored.reason ? { reason: stored.reason.text } : {}),
    met: status === 'met',
    periodState: period.periodState,
    remainingMonths: period.remaining,
    criteriaMet: criteria.filter((c) => c.met).length,
    criteriaTotal: criteria.length,
    achievedLevel: stored.level ?? null,
    headline: planHeadline(criteria),
  };
}
