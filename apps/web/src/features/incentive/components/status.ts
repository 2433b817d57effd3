// Statuses of the rows inside a plan page (an event, a frontline leg) by the same pace model as
// the engine's criteria (DESIGN §2): met; missed once closed (or, for an event, once its month
// has passed); out of reach when the months left cannot make it; at risk with zero slack or
// behind pace; on track otherwise.
import type { PlanData } from '@abo/contract';
import type { Status } from '../../../components/status-tag.tsx';

type PlanEvent = NonNullable<PlanData['criteria'][number]['events']>[number];
type Leg = PlanData['legs'][number];

/** One required event: attended; passed unattended; due this month; or still ahead. */
export function eventStatus(e: PlanEvent, plan: Pick<PlanData, 'today' | 'periodState'>): Status {
  if (e.attended) return 'met';
  if (plan.periodState === 'closed' || (e.month !== null && e.month < plan.today)) return 'missed';
  return e.month === plan.today ? 'atRisk' : 'onTrack';
}

/** One frontline leg against the LDD level (legQMonths Q months in the period). */
export function legStatus(l: Leg, plan: Pick<PlanData, 'today' | 'periodState' | 'months' | 'legQMonths'>): Status {
  if (l.qualified || l.qMonths >= plan.legQMonths) return 'met';
  if (plan.periodState === 'closed') return 'missed';
  // Months still to come (today's open month included) in which the leg is not Q yet.
  let open = 0;
  let closed = 0;
  plan.months.forEach((m, i) => {
    if (m < plan.today) closed++;
    else if (!l.months[i]) open++;
  });
  const slack = l.qMonths + open - plan.legQMonths;
  if (slack < 0) return 'outOfReach';
  if (slack === 0) return 'atRisk';
  return l.qMonths >= (plan.legQMonths * closed) / plan.months.length ? 'onTrack' : 'atRisk';
}
