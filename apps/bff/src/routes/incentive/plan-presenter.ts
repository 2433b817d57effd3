// The answers of the /bff/v1/incentive/* plan calls, shaped from the plan engine's result and the
// loaded history. Pure: no database, no request.
import type { CriterionData, PlanData } from '@abo/contract';
import { criterionProjection, rulesFor, type CriterionResult, type PlanDef, type PlanResult } from '@abo/plan';
import type { NameViewer } from '../../lib/name-policy.ts';
import { levelsWaitFor } from './plan-glance.ts';
import { legsFor, recordsFor, type LoadedHistory } from './plan-history.ts';

/** One criterion as the page shows it, with its end-of-period projection at this pace where one applies. */
function criterionOut(c: CriterionResult, frontlineLegs: number | undefined): CriterionData {
  const p = criterionProjection(c, frontlineLegs === undefined ? {} : { frontlineLegs });
  return {
    kind: c.kind,
    label: c.label,
    unit: c.unit,
    required: c.required,
    achieved: c.achieved,
    met: c.met,
    status: c.status,
    ...(c.reason ? { reason: c.reason } : {}),
    gap: c.gap,
    trace: c.trace ? [...c.trace] : [],
    ...(c.events ? { events: c.events.map((e) => ({ ...e })) } : {}),
    ...(c.components ? { components: c.components.map((k) => ({ ...k })) } : {}),
    ...(p
      ? {
          projection: {
            soFar: p.soFar,
            closedSoFar: p.closedSoFar,
            monthsElapsed: p.monthsElapsed,
            monthsInPeriod: p.monthsInPeriod,
            monthsLeft: p.monthsLeft,
            projected: p.projected,
            lastMonth: p.lastMonth,
            required: p.required,
            reaches: p.reaches,
            text: p.text,
          },
        }
      : {}),
  };
}

/** One plan's page: the engine's result with the period's months, pins and legs. */
export function planData(
  plan: PlanDef,
  res: PlanResult,
  at: { editions: readonly PlanDef[]; months: readonly string[]; month: string; chosenTrack: string | null },
  loaded: LoadedHistory,
  names: NameViewer,
): PlanData {
  const rules = rulesFor(plan.py, { fallback: 'nearest' });
  const { months } = at;
  const waitsFor = res.levels?.length ? levelsWaitFor(res.criteria, res.periodState) : undefined;
  const legs = loaded.history.frontlineLegs;
  const criterionOf = (c: CriterionResult) => criterionOut(c, legs);
  return {
    code: plan.code,
    py: plan.py,
    years: plan.years ?? 1,
    type: plan.type,
    name: plan.name,
    route: plan.route,
    reward: plan.reward,
    today: at.month,
    status: res.status,
    ...(res.reason ? { reason: res.reason } : {}),
    met: res.met,
    periodState: res.periodState,
    months: [...res.months],
    remainingMonths: res.remainingMonths,
    historyStart: res.historyStart ?? null,
    criteria: res.criteria.map(criterionOf),
    levelsMode: plan.levels?.mode ?? null,
    levelsRequired: plan.levels?.required ?? false,
    levels: (res.levels ?? []).map((l) => ({
      code: l.code,
      name: l.name,
      status: l.status,
      ...(l.reason ? { reason: l.reason } : {}),
      met: l.met,
      ...(l.rewardFen !== undefined ? { rewardFen: l.rewardFen } : {}),
      criteria: l.criteria.map(criterionOf),
      ...(waitsFor && !l.met ? { waitsFor } : {}),
    })),
    achievedLevel: res.achievedLevel ?? null,
    chosenTrack: at.chosenTrack,
    editions: at.editions.map((p) => ({ code: p.code, py: p.py })),
    records: recordsFor(loaded, months, at.month),
    pins: {
      initialPin: loaded.history.initialPin ?? 230,
      current: loaded.currentPin,
      events: (loaded.history.pins ?? []).map((e) => ({ month: e.month, pinCode: e.pinCode })),
    },
    legs: legsFor(loaded, months, rules.pins.legQMonths, names),
    legQMonths: rules.pins.legQMonths,
    compliancePpv: rules.compliance.minPpv,
  };
}
