// Statuses of the rows inside a plan page (a required event, a frontline leg) by the same pace
// model as the criteria (README, Incentive plans): met; missed once closed (an event: once its month passed);
// out of reach when the months left cannot make it; at risk with zero slack or behind pace; on
// track otherwise. Browser-safe: the plan pages call these with the figures they were sent.
import type { PeriodState } from '../calendar.ts';
import type { Status } from './types.ts';

export interface PlanPosition {
  /** Today's month, 'YYYY-MM'. */
  readonly today: string;
  readonly periodState: PeriodState;
}

/** One required event: attended; passed unattended; due this month; or still ahead. */
export function eventStatus(e: { readonly attended: boolean; readonly month: string | null }, plan: PlanPosition): Status {
  if (e.attended) return 'met';
  if (plan.periodState === 'closed' || (e.month !== null && e.month < plan.today)) return 'missed';
  return e.month === plan.today ? 'atRisk' : 'onTrack';
}

/** One frontline leg against the LDD level (legQMonths Q months within the plan's months). */
export function legStatus(
  leg: { readonly qualified: boolean; readonly qMonths: number; readonly months: readonly boolean[] },
  plan: PlanPosition & { readonly months: readonly string[]; readonly legQMonths: number },
): Status {
  if (leg.qualified || leg.qMonths >= plan.legQMonths) return 'met';
  if (plan.periodState === 'closed') return 'missed';
  // Months still to come (today's open month included) in which the leg is not Q yet.
  let open = 0;
  let closed = 0;
  plan.months.forEach((m, i) => {
    if (m < plan.today) closed++;
    else if (!leg.months[i]) open++;
  });
  const slack = leg.qMonths + open - plan.legQMonths;
  if (slack < 0) return 'outOfReach';
  if (slack === 0) return 'atRisk';
  return leg.qMonths >= (plan.legQMonths * closed) / plan.months.length ? 'onTrack' : 'atRisk';
}
