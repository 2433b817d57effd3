// The plan catalogue, by code, PY and type.
import { monthIndex, type PyName } from '../calendar.ts';
import { planMonths } from './history-summary.ts';
import { PLANS_2324 } from './py2324.ts';
import { PLANS_2425 } from './py2425.ts';
import { PLANS_2526 } from './py2526.ts';
import { PLANS_2627 } from './py2627.ts';
import type { AttendanceEvent, PlanDef, PlanType } from './types.ts';

export const PLANS: readonly PlanDef[] = [...PLANS_2324, ...PLANS_2425, ...PLANS_2526, ...PLANS_2627];

const byCode = new Map<string, PlanDef>(PLANS.map((p) => [p.code, p]));
if (byCode.size !== PLANS.length) throw new Error('duplicate plan code in the catalogue');

export function planByCode(code: string): PlanDef | undefined {
  return byCode.get(code);
}

/** Plans closing in a PY, optionally of one type. */
export function plansFor(py: PyName, type?: PlanType): PlanDef[] {
  return PLANS.filter((p) => p.py === py && (type === undefined || p.type === type));
}

/**
 * The first month (monthIndex) the plans closing in `py` read, or null when it has none: the first
 * of their periods (planMonths). A plan reads its period's months and, of what came before, only
 * the pin held and the first month of the history (history-summary.ts), so a history may start
 * here, with the pin held before it as its initial pin, and give every one of these plans the same
 * results (the close holds fewer months so, issue #30).
 */
export function plansFirstMonth(py: PyName): number | null {
  let first: number | null = null;
  for (const plan of plansFor(py)) {
    const m = monthIndex(planMonths(plan)[0]!);
    if (first === null || m < first) first = m;
  }
  return first;
}

/** Every edition of the plan shown on a route, newest PY first (the `?year=` switch). */
export function plansByRoute(route: string): PlanDef[] {
  return PLANS.filter((p) => p.route === route).sort((a, b) => (a.py < b.py ? 1 : a.py > b.py ? -1 : 0));
}

type AttendanceCriterion = Extract<PlanDef['criteria'][number], { kind: 'attendance' }>;
const attendanceOf = new WeakMap<PlanDef, readonly AttendanceCriterion[]>();
/** The plan's attendance criteria, its levels' too (worked out once per plan: a month's end reads every member's plans). */
export function attendanceCriteria(plan: PlanDef): readonly AttendanceCriterion[] {
  let list = attendanceOf.get(plan);
  if (!list) {
    const all = [...plan.criteria, ...(plan.levels?.list ?? []).flatMap((l) => l.criteria)];
    list = all.filter((c): c is AttendanceCriterion => c.kind === 'attendance');
    attendanceOf.set(plan, list);
  }
  return list;
}

/** The events of the plan's attendance criteria. */
export const attendanceEvents = (plan: PlanDef): AttendanceEvent[] => attendanceCriteria(plan).flatMap((c) => c.events);
