// The parts of /bff/v1/home/summary shaped from what the route loaded: the seminar at a glance and
// the frontline leg closest to Q. Pure: no database, no request.
import type { ClosestLeg, HomeFirstGoal, HomeSummary } from '@abo/contract';
import { daysLeftInMonth, firstGoal, qProgressPct, type BracketStep, type MonthProjection, type PlanDef, type PlanResult } from '@abo/plan';
import type { Person } from '../../db/distributors.ts';
import type { MonthlyResult } from '../../db/monthly-results.ts';
import type { NameViewer } from '../../lib/name-policy.ts';
import { bindingGap } from '../incentive/plan-glance.ts';
import { personOf } from '../incentive/market-person.ts';

/** The seminar card: the plan page's status and reason, and the criterion that decides it in words. */
export function seminarAtGlance(plan: PlanDef, res: PlanResult): NonNullable<HomeSummary['seminar']> {
  return {
    code: plan.code,
    name: { zh: plan.name.zh, en: plan.name.en },
    py: plan.py,
    route: plan.route,
    status: res.status,
    ...(res.reason ? { reason: res.reason.text } : {}),
    binding: bindingGap(res.criteria),
  };
}

/**
 * The frontline leg closest to Q in `month`: of the legs not Q yet, the one with the most group
 * PV so far (a leg is Q by its group PV reaching the threshold); none when no such leg has volume.
 */
export function closestLeg(
  frontline: readonly Person[],
  results: readonly MonthlyResult[],
  at: { month: string; threshold: number; names: NameViewer },
): ClosestLeg | null {
  const byAda = new Map(results.filter((r) => r.month === at.month).map((r) => [r.ada, r]));
  let pick: { f: Person; gpv: number } | undefined;
  for (const f of frontline) {
    const r = byAda.get(f.ada);
    if (!r || r.isQ || r.gpv <= 0) continue;
    if (!pick || r.gpv > pick.gpv) pick = { f, gpv: r.gpv };
  }
  if (!pick) return null;
  const { f, gpv } = pick;
  const person = personOf(
    {
      ada: f.ada,
      sponsorAda: f.sponsor_ada,
      nameZh: f.name_zh,
      nameEn: f.name_en,
      pinCode: f.pin_code,
      joinDate: f.join_date,
      memberNo: f.member_no,
    },
    1,
    at.names,
  );
  return {
    ref: person.ref,
    name: person.maskedName,
    maskedAda: person.maskedAda,
    gpv,
    pvToQ: Math.max(0, at.threshold - gpv),
    progressPct: qProgressPct(gpv, at.threshold),
  };
}

/** Frontline legs Q in `month` so far. */
export function legsQ(results: readonly MonthlyResult[], month: string): number {
  return results.filter((r) => r.month === month && r.isQ).length;
}

/**
 * The first goal of the open month: the plan engine's next bracket above the month's group PV so
 * far (as the top-up page counts it), with the days left to reach it; none at the top bracket.
 */
export function firstGoalOf(at: { month: string; today: Date; brackets: readonly BracketStep[]; groupPv: number }): HomeFirstGoal | null {
  const goal = firstGoal(at.brackets, at.groupPv);
  return goal && { month: at.month, ...goal, daysLeft: daysLeftInMonth(at.today) };
}

/** The open month's pay at its pace (an estimate, as the estimate page starts from it). */
export function projectedPayOf(p: MonthProjection): NonNullable<HomeSummary['projectedPay']> {
  return {
    estimate: true,
    month: p.month,
    daysElapsed: p.daysElapsed,
    daysInMonth: p.daysInMonth,
    paidOn: p.soFar.paidOn,
    pace: p.pace && { gpv: p.pace.gpv, pretaxFen: p.pace.pretaxFen, taxFen: p.pace.taxFen, netFen: p.pace.netFen },
  };
}
