// The answers of the /bff/v1/incentive/* plan calls, shaped from the plan engine's result and the
// loaded history. Pure: no database, no request.
import type { CriterionData, LegData, MonthRecordData, PlanData, StatusReasonData, TraceMonthData } from '@abo/contract';
import {
  criterionProjection,
  isPqMonth,
  monthStateOf,
  rulesFor,
  type CriterionResult,
  type Gap,
  type PlanDef,
  type PlanResult,
  type StatusReason,
  type TraceMonth,
} from '@abo/plan';
import { nameTextFor, type NameViewer } from '../../lib/name-policy.ts';
import { levelsWaitFor } from './plan-glance.ts';
import type { LoadedHistory } from './plan-queries.ts';

/** A reason as pages get it: its code and sentence (its params are for the engine and the store). */
function reasonOut(r: StatusReason): StatusReasonData {
  return { code: r.code, text: r.text };
}

/** A gap as pages get it: its figures and sentence (its note is for the engine). */
function gapOut(g: Gap | null): CriterionData['gap'] {
  return g && { stillNeeded: g.stillNeeded, remainingMonths: g.remainingMonths, perMonth: g.perMonth, possible: g.possible, text: g.text };
}

/** A month of a trace as pages get it: its need as a sentence (its note is for the engine). */
function traceMonthOut(m: TraceMonth): TraceMonthData {
  const out: TraceMonthData = { month: m.month, state: m.state, value: m.value, counted: m.counted, cumulative: m.cumulative };
  if (m.need) out.need = m.need;
  return out;
}

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
    ...(c.reason ? { reason: reasonOut(c.reason) } : {}),
    gap: gapOut(c.gap),
    trace: c.trace ? c.trace.map(traceMonthOut) : [],
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
    ...(res.reason ? { reason: reasonOut(res.reason) } : {}),
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
      ...(l.reason ? { reason: reasonOut(l.reason) } : {}),
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

/** The period's month records as the pages show them (missing months as empty; before the history, noData). */
export function recordsFor(loaded: LoadedHistory, months: readonly string[], today: string): MonthRecordData[] {
  const start = loaded.history.firstMonth ?? null;
  let pin = loaded.history.initialPin ?? 230;
  return months.map((month) => {
    const r = month <= today ? loaded.own.get(month) : undefined;
    if (r) pin = Math.max(pin, r.pinCode);
    return {
      month,
      state: monthStateOf(month, today, start),
      present: r !== undefined,
      ppv: r?.ppv ?? 0,
      gpv: r?.gpv ?? 0,
      pgpv: r?.pgpv ?? 0,
      bracket: r?.bracket ?? 0,
      isQ: r?.isQ ?? false,
      qLegs: r?.qLegs ?? 0,
      apv: r?.apv ?? 0,
      isSp: r?.isSp ?? false,
      isPq: r ? isPqMonth(r) : false,
      compliant: r?.compliant ?? false,
      newCustomers: r?.newCustomers ?? 0,
      points: r?.points ?? 0,
      pinCode: pin,
    };
  });
}

/** The history's first month when `months` begin before it (the pages' "history starts in …"), else null. */
export function historyStartIn(loaded: LoadedHistory, months: readonly string[]): string | null {
  const start = loaded.history.firstMonth;
  return start !== undefined && months.length > 0 && start > months[0]! ? start : null;
}

/**
 * Frontline legs with a Q month in the period, most Q months first: ADAs masked, names as the
 * viewer may see them (name-policy.ts: in full for the distributor whose legs they are).
 */
export function legsFor(loaded: LoadedHistory, months: readonly string[], legQMonths: number, viewer: NameViewer): LegData[] {
  const out: LegData[] = [];
  for (const [ada, leg] of loaded.legs) {
    const flags = months.map((m) => leg.qMonths.has(m));
    const qMonths = flags.filter(Boolean).length;
    if (qMonths === 0) continue;
    const name = nameTextFor(viewer, { ada, sponsorAda: loaded.ada, nameZh: leg.nameZh, nameEn: leg.nameEn });
    out.push({ key: '', maskedAda: leg.maskedAda, maskedName: name, qMonths, months: flags, qualified: qMonths >= legQMonths });
  }
  out.sort((a, b) => b.qMonths - a.qMonths || (a.maskedAda < b.maskedAda ? -1 : a.maskedAda > b.maskedAda ? 1 : 0));
  return out.map((l, i) => ({ ...l, key: `L${i + 1}` }));
}
