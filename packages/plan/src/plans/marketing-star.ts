// The marketing star, read from the catalogue's annual marketing-star plan: the month condition
// (personal PV and new customers) that makes a star month, and what the year asks for.
import type { PagePath } from '@abo/contract/pages';
import type { PyName } from '../calendar.ts';
import type { Text } from '../text.ts';
import { plansByRoute } from './registry.ts';
import type { MonthCondition } from './types.ts';

/** The page of the annual marketing-star plan (the spec's incentive plan routes). */
export const ANNUAL_MARKETING_STAR_ROUTE = '/incentiveplan/annualawardmarketingstar' satisfies PagePath;

export interface MarketingStarRule {
  /** The annual plan the rule is read from. */
  readonly code: string;
  readonly name: Text;
  /** A star month: personal PV and new customers at least these. */
  readonly condition: { readonly ppv: number; readonly newCustomers: number };
  /** The plan's star-month condition as the evaluator reads it (monthMeets). */
  readonly starMonth: MonthCondition;
  /** Star months the year needs. */
  readonly starMonths: number;
  /** New customers the year needs. */
  readonly customers: number;
}

/** The rule of a PY: its own edition of the plan, else the newest before it, else the oldest. */
export function marketingStarRule(py: PyName): MarketingStarRule {
  const editions = plansByRoute(ANNUAL_MARKETING_STAR_ROUTE);
  const plan = editions.find((p) => p.py === py) ?? editions.find((p) => p.py <= py) ?? editions[editions.length - 1];
  if (!plan) throw new Error(`the catalogue has no plan at ${ANNUAL_MARKETING_STAR_ROUTE}`);
  let month: { condition: MonthCondition; min: number } | undefined;
  let customers: number | undefined;
  for (const c of plan.criteria) {
    if (c.kind === 'monthsMeeting') month = c;
    else if (c.kind === 'customers') customers = c.min;
  }
  if (!month || customers === undefined) throw new Error(`${plan.code} needs a star-month and a customers criterion`);
  return {
    code: plan.code,
    name: plan.name,
    condition: { ppv: month.condition.ppv ?? 0, newCustomers: month.condition.newCustomers ?? 0 },
    starMonth: month.condition,
    starMonths: month.min,
    customers,
  };
}
