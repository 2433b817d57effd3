// The rules behind the market-tracking pages (which frontline partners to coach) and the
// annual comprehensive-income view of the income pages. The per-PY numbers come from the rule
// tables (the Q threshold, the Q months a leg needs); the two numbers that are not plan rules of
// a PY are named here: the "near Q" coaching hint and the share of service fees the tax law
// counts as income.
import type { MonthKey, PyName } from './calendar.ts';
import { qThreshold } from './bracket.ts';
import { rulesFor } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';
import {
  ANNUAL_BASIC_DEDUCTION_FEN,
  annualTaxableIncome,
  annualTaxSummary,
  SERVICE_FEE_INCOME_RATIO_BP,
  type AnnualTaxSummary,
} from './tax.ts';

/**
 * A partner who is not Q this month is "near Q" from this share of the Q threshold on (40 %):
 * a coaching hint of the market pages, the same in every PY, so not in the rule tables.
 */
export const NEAR_Q_SHARE = 0.4;

/** The rule table the market pages judge a PY by (the nearest known one for a PY without its own). */
export function marketRules(py: PyName): RuleTable {
  return rulesFor(py, { fallback: 'nearest' });
}

/** The personal-group PV that makes a month Q in this PY (the top bracket's threshold). */
export function qThresholdOf(py: PyName): number {
  return qThreshold(marketRules(py).brackets);
}

/** True when a month's personal-group PV is at least NEAR_Q_SHARE of the Q threshold. */
export function isNearQ(groupPv: number, threshold: number): boolean {
  return groupPv >= threshold * NEAR_Q_SHARE;
}

/** Group PV still needed this month to be Q ("PV to Q"): 0 once the threshold is reached. */
export function qGap(groupPv: number, threshold: number): number {
  return Math.max(0, threshold - groupPv);
}

/**
 * How far a group PV is on the way to Q, 0–100, for the progress bars of home and the market
 * pages. Floored, so a group reads 100 % only once it is Q (9 960 of 10 000 PV is 99 %, not a
 * rounded 100 % beside "not Q").
 */
export function qProgressPct(groupPv: number, threshold: number): number {
  if (threshold <= 0 || groupPv >= threshold) return 100;
  return Math.max(0, Math.floor((groupPv / threshold) * 100));
}

/** Q months in the PY a frontline leg needs to count as a qualified leg (the rule table's legQMonths: 6). */
export function legQMonthsOf(rules: RuleTable): number {
  return rules.pins.legQMonths;
}

/** Q months a partner still needs this PY to count as a qualified leg (0 once reached). */
export function qMonthsToQualifiedLeg(rules: RuleTable, qMonthsPy: number): number {
  return Math.max(0, legQMonthsOf(rules) - qMonthsPy);
}

/**
 * Months in which a partner can still become Q this PY: those after today's month, and today's
 * own month while it is not Q yet.
 */
export function qChancesLeft(pyMonthList: readonly MonthKey[], todayMonth: MonthKey, isQToday: boolean): number {
  let after = 0;
  for (const m of pyMonthList) if (m > todayMonth) after++;
  return after + (isQToday ? 0 : 1);
}

export type MonthlyKeyReason = 'slipping' | 'nearQ';

/**
 * Why a partner needs attention in the month shown, or null: Q last month but not this one
 * (slipping), else not Q with at least NEAR_Q_SHARE of the threshold (near Q).
 */
export function monthlyKeyReason(p: { isQ: boolean; wasQLastMonth: boolean; gpv: number }, threshold: number): MonthlyKeyReason | null {
  if (p.isQ) return null;
  if (p.wasQLastMonth) return 'slipping';
  return isNearQ(p.gpv, threshold) ? 'nearQ' : null;
}

/**
 * 'nearSix' when a partner with at least one Q month this PY can still reach the qualified-leg
 * Q months with the chances left, else null.
 */
export function annualKeyReason(rules: RuleTable, qMonthsPy: number, chancesLeft: number): 'nearSix' | null {
  const toGo = qMonthsToQualifiedLeg(rules, qMonthsPy);
  return qMonthsPy >= 1 && toGo > 0 && toGo <= chancesLeft ? 'nearSix' : null;
}

/** A calendar year's service fees as comprehensive income: the annual tax against what was withheld. */
export interface ServiceFeeAnnualTax extends AnnualTaxSummary {
  incomeRatioBp: number;
  /** Gross × the income ratio, rounded half up (never below 0). */
  incomeFen: number;
  basicDeductionFen: number;
}

/** The annual tax on a year's service fees (gross and withheld in fen) counted at SERVICE_FEE_INCOME_RATIO_BP. */
export function serviceFeeAnnualTax(grossFen: number, withheldFen: number): ServiceFeeAnnualTax {
  return {
    ...annualTaxSummary(grossFen, withheldFen),
    incomeRatioBp: SERVICE_FEE_INCOME_RATIO_BP,
    // The same formula the taxable income starts from, before any deduction.
    incomeFen: annualTaxableIncome(grossFen, 0, { basicDeductionFen: 0 }),
    basicDeductionFen: ANNUAL_BASIC_DEDUCTION_FEN,
  };
}

/**
 * Complimentary points of a month (the points criteria of some plans count them): one per 5 PV of
 * personal volume and 30 per new customer; a month of net returns earns none for its PV.
 */
const POINTS_PER_PV = 1 / 5;
const POINTS_PER_NEW_CUSTOMER = 30;

export function complimentaryPoints(ppv: number, newCustomers: number): number {
  return Math.round(Math.max(0, ppv) * POINTS_PER_PV) + POINTS_PER_NEW_CUSTOMER * newCustomers;
}
