// When a statement is paid. A month's service-fee statement is paid the month after (README, Rules and their sources)
// on the day its PY's rule table names (`payment.dayOfNextMonth`); the calendar-year tax views
// count a statement in the year of that payment date, not of the month it pays for, so
// December's fees, paid in January, are the next tax year's income.
import { addMonths, daysInMonth, type MonthKey } from './calendar.ts';
import { rulesForMonth } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';

/** A calendar day, `YYYY-MM-DD`. */
export type DayKey = string;

const MONTH_ONLY = /^\d{4}-\d{2}$/;

/**
 * The payment date of a month's statement, `YYYY-MM-DD`: the rule table's day of the following
 * month, or that month's last day when it has fewer days. The rules default to the table of the
 * statement's PY (the nearest table for a PY without one).
 */
export function paymentDateOf(month: MonthKey, rules: RuleTable = rulesForMonth(month, { fallback: 'nearest' })): DayKey {
  if (!MONTH_ONLY.test(month)) throw new RangeError(`not a month (YYYY-MM): ${month}`);
  const day = rules.payment.dayOfNextMonth;
  if (!Number.isInteger(day) || day < 1 || day > 31) throw new RangeError(`bad payment day in the ${rules.py} rule table: ${day}`);
  const paid = addMonths(month, 1);
  const d = Math.min(day, daysInMonth(paid));
  return `${paid}-${d < 10 ? '0' : ''}${d}`;
}

/** The calendar (tax) year of a payment date: `'2026-01-15'` → `'2026'`. */
export function paymentYearOf(paidOn: DayKey): string {
  return paidOn.slice(0, 4);
}
