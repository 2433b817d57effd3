// The notifications of a distributor's plans (README "Notifications"; the other events are in
// notifications.ts): a plan met, a criterion met, a plan out of reach, and an attendance event's
// registration closing soon; and which stored plan summaries can tell one, so that a month's end
// reads back only those (issue #30).
import type { MonthKey, PyName } from './calendar.ts';
import { plainReason, told } from './notification-catalogue.ts';
import type { NotificationEvent } from './notifications.ts';
import { criterionRequired } from './plans/kinds.ts';
import { planMonths } from './plans/history-summary.ts';
import { attendanceCriteria, planByCode, plansFor } from './plans/registry.ts';
import { reachedSoFarOnly, type WordedReason } from './plans/summary-codec.ts';
import type { AttendanceEvent, PlanDef, PlanResult, Reason, Status } from './plans/types.ts';

export interface PlanFacts {
  readonly plan: PlanDef;
  readonly py: PyName;
  readonly status: Status;
  /** Why it is out of reach (status outOfReach); a summary stored before reasons were data holds its words. */
  readonly reason: Reason | WordedReason | null;
  /** The achieved value of each criterion, in the plan's order. */
  readonly achieved: readonly number[];
  /** Criteria (by position) that reach their value only with the open month so far: not met yet. */
  readonly soFar: readonly number[];
}

// A month's end reads every member's plans for their events (issue #30): what a plan's criteria
// need is worked out once per plan, not once per member.
const requiredOf = new WeakMap<PlanDef, readonly number[]>();
function required(plan: PlanDef): readonly number[] {
  let r = requiredOf.get(plan);
  if (!r) requiredOf.set(plan, (r = plan.criteria.map(criterionRequired)));
  return r;
}

/** One of a member's plans as the close evaluated it or stored it: what its events are made of. */
export type MemberPlan = Omit<PlanFacts, 'py'>;

/** The first month whose attendance the plans of `py` count, up to today's month. */
export function attendanceFrom(py: PyName, todayMonth: MonthKey): MonthKey {
  return plansFor(py)
    .map((p) => planMonths(p)[0]!)
    .reduce((a, b) => (b < a ? b : a), todayMonth);
}

/**
 * What a member's plans of today's PY tell, plan by plan: an event's registration closing soon
 * (attended: the events attended from attendanceFrom through today's month), then what was reached.
 */
export function memberPlanEvents(
  plans: Iterable<MemberPlan>,
  py: PyName,
  attended: ReadonlySet<string>,
  today: string,
): NotificationEvent[] {
  const out: NotificationEvent[] = [];
  for (const p of plans) {
    out.push(...eventDeadlineEvents({ plan: p.plan, py, status: p.status, attended, today }));
    out.push(...planEvents({ ...p, py }));
  }
  return out;
}

/** A criterion planEvents tells as met: its value reached, and not with the open month so far only. */
const toldMet = (achieved: number, need: number, soFarOnly: boolean) => achieved >= need && !soFarOnly;

/** The criteria (by position) planEvents tells as met. */
function metCriteriaOf(plan: PlanDef, achieved: readonly number[], soFar: readonly number[]): number[] {
  const need = required(plan);
  const out: number[] = [];
  for (let i = 0; i < need.length; i++) if (toldMet(achieved[i] ?? 0, need[i]!, soFar.includes(i))) out.push(i);
  return out;
}

/**
 * Whether a distributor's plans of a PY, as the close evaluated them, make a planProgress event
 * (planEvents: a plan met, a criterion met). The close stores it beside the summary
 * (plan_results.news), and telling everyone at a month's end reads back only the summaries that
 * tell something (6 % of the bench company's members; issue #30), but on the days an event's
 * registration closes (eventDeadlinesNear), when every plan still in reach may.
 */
export function resultsMakeNews(results: readonly PlanResult[]): boolean {
  for (const r of results) {
    if (r.status === 'met') return true;
    const plan = planByCode(r.code);
    if (!plan) continue;
    const need = required(plan);
    for (let i = 0; i < need.length; i++) {
      const x = r.criteria[i];
      if (x && toldMet(x.achieved, need[i]!, reachedSoFarOnly(x))) return true;
    }
  }
  return false;
}

/** A plan reached or moved out of reach, and each criterion met (once a PY each). */
export function planEvents(f: PlanFacts): NotificationEvent[] {
  const { plan, py } = f;
  const metCriteria = metCriteriaOf(plan, f.achieved, f.soFar);
  // Most members' plans: nothing reached, nothing to tell.
  if (f.status !== 'met' && metCriteria.length === 0) return [];
  const link = `${plan.route}?year=${encodeURIComponent(py)}`;
  const base = `planProgress:${plan.code}:${py}`;
  const out: NotificationEvent[] = [];
  if (f.status === 'met') {
    out.push({
      kind: 'planProgress',
      key: `${base}:met`,
      month: null,
      ...told({ code: 'planMet', params: { plan: plan.code, py } }),
      link,
      params: { plan: plan.code, py, status: 'met' },
    });
  } else if (f.status === 'outOfReach') {
    // Only a plan the distributor was working on (a criterion met): most members never aim at
    // most plans, and a message for each would bury the ones that matter.
    out.push({
      kind: 'planProgress',
      key: `${base}:outOfReach`,
      month: null,
      ...told({ code: 'planOutOfReach', params: { plan: plan.code, py, reason: f.reason && plainReason(f.reason) } }),
      link,
      params: { plan: plan.code, py, status: 'outOfReach' },
    });
  }
  // Criteria met along the way (a plan met at once says so in one message).
  if (f.status !== 'met') {
    for (const i of metCriteria) {
      out.push({
        kind: 'planProgress',
        key: `${base}:criterion:${i}`,
        month: null,
        ...told({ code: 'criterionMet', params: { plan: plan.code, py, criterion: i } }),
        link,
        params: { plan: plan.code, py, criterion: i, status: 'criterionMet' },
      });
    }
  }
  return out;
}

/** Registration deadlines are told this many days ahead (the deadline day included: 0 days). */
export const EVENT_DEADLINE_DAYS = 3;

export interface EventDeadlineFacts {
  readonly plan: PlanDef;
  readonly py: PyName;
  /** The plan's status for the distributor (the close's). */
  readonly status: Status;
  /** Codes of the events the distributor attended in the plan's period. */
  readonly attended: ReadonlySet<string>;
  /** The business day, `YYYY-MM-DD` (China). */
  readonly today: string;
}

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

/** Days until the event's registration closes (0: today), when that is within EVENT_DEADLINE_DAYS; else null. */
function registrationDaysLeft(e: AttendanceEvent, today: number): number | null {
  if (!e.registrationCloses) return null;
  const left = dayNumber(e.registrationCloses) - today;
  return left < 0 || left > EVENT_DEADLINE_DAYS ? null : left;
}

/** Whether an event of a plan of `py` closes its registration within EVENT_DEADLINE_DAYS of `today` (eventDeadlineEvents may tell it). */
export function eventDeadlinesNear(py: PyName, today: string): boolean {
  const day = dayNumber(today);
  return plansFor(py).some((plan) => attendanceCriteria(plan).some((c) => c.events.some((e) => registrationDaysLeft(e, day) !== null)));
}

/**
 * An attendance event whose registration closes within EVENT_DEADLINE_DAYS, for a plan the
 * distributor can still reach (on track or at risk) whose attendance criterion is not met yet and
 * who has not attended the event: once per plan and event.
 */
export function eventDeadlineEvents(f: EventDeadlineFacts): NotificationEvent[] {
  if (f.status !== 'onTrack' && f.status !== 'atRisk') return [];
  const criteria = attendanceCriteria(f.plan);
  if (criteria.length === 0) return [];
  const out: NotificationEvent[] = [];
  const today = dayNumber(f.today);
  for (const c of criteria) {
    const attended = c.events.filter((e) => f.attended.has(e.code)).length;
    if (attended >= (c.min ?? c.events.length)) continue;
    for (const e of c.events) {
      const left = registrationDaysLeft(e, today);
      if (left === null || f.attended.has(e.code)) continue;
      const key = `eventDeadline:${f.plan.code}:${e.code}`;
      if (out.some((x) => x.key === key)) continue;
      const closes = e.registrationCloses!;
      out.push({
        kind: 'eventDeadline',
        key,
        month: null,
        ...told({ code: 'eventDeadline', params: { plan: f.plan.code, py: f.py, event: e.code, closes, daysLeft: left } }),
        link: `${f.plan.route}?year=${encodeURIComponent(f.py)}`,
        params: { plan: f.plan.code, py: f.py, event: e.code, closes, daysLeft: left },
      });
    }
  }
  return out;
}
