import { describe, expect, it } from 'vitest';
import { pyMonths } from './calendar.ts';
import { SERVICE_FEE_INCOME_RATIO_BP } from './tax.ts';
import {
  complimentaryPoints,
  NEAR_Q_SHARE,
  annualKeyReason,
  isNearQ,
  legQMonthsOf,
  marketRules,
  monthlyKeyReason,
  qChancesLeft,
  qGap,
  qProgressPct,
  qMonthsToQualifiedLeg,
  qThresholdOf,
  serviceFeeAnnualTax,
} from './market-rules.ts';
import { PY2627 } from './rules/py2627.ts';
import { annualComprehensiveTax, ANNUAL_BASIC_DEDUCTION_FEN } from './tax.ts';

describe('market rules', () => {
  it('takes the Q threshold and the qualified-leg months from the PY rule table', () => {
    expect(qThresholdOf('26/27')).toBe(PY2627.brackets.at(-1)!.minPv);
    expect(qThresholdOf('26/27')).toBe(10_000);
    expect(legQMonthsOf(marketRules('26/27'))).toBe(PY2627.pins.legQMonths);
    // A PY without a table of its own is judged by the nearest one.
    expect(qThresholdOf('40/41')).toBe(qThresholdOf('26/27'));
  });

  it('counts the group PV still needed for Q, none once it is reached', () => {
    expect(qGap(6_500, 10_000)).toBe(3_500);
    expect(qGap(10_000, 10_000)).toBe(0);
    expect(qGap(12_000, 10_000)).toBe(0);
  });

  it('calls a partner near Q from 40 % of the threshold', () => {
    expect(NEAR_Q_SHARE).toBe(0.4);
    expect(isNearQ(3_999, 10_000)).toBe(false);
    expect(isNearQ(4_000, 10_000)).toBe(true);
  });

  it('gives the monthly coaching reason: none when Q, slipping after a Q month, else near Q', () => {
    expect(monthlyKeyReason({ isQ: true, wasQLastMonth: true, gpv: 12_000 }, 10_000)).toBeNull();
    expect(monthlyKeyReason({ isQ: false, wasQLastMonth: true, gpv: 100 }, 10_000)).toBe('slipping');
    expect(monthlyKeyReason({ isQ: false, wasQLastMonth: false, gpv: 6_500 }, 10_000)).toBe('nearQ');
    expect(monthlyKeyReason({ isQ: false, wasQLastMonth: false, gpv: 900 }, 10_000)).toBeNull();
  });

  it('counts the Q months still needed for a qualified leg and the chances left to earn them', () => {
    const rules = marketRules('26/27');
    expect(qMonthsToQualifiedLeg(rules, 2)).toBe(rules.pins.legQMonths - 2);
    expect(qMonthsToQualifiedLeg(rules, 9)).toBe(0);
    const months = pyMonths('26/27');
    // November: December … August after it (9), plus November itself while not Q.
    expect(qChancesLeft(months, '2026-11', false)).toBe(10);
    expect(qChancesLeft(months, '2026-11', true)).toBe(9);
    expect(qChancesLeft(months, '2027-08', true)).toBe(0);
  });

  it('marks a partner able to reach the qualified-leg months this PY', () => {
    const rules = marketRules('26/27');
    expect(annualKeyReason(rules, 0, 12)).toBeNull(); // not started
    expect(annualKeyReason(rules, 6, 12)).toBeNull(); // already there
    expect(annualKeyReason(rules, 2, 4)).toBe('nearSix');
    expect(annualKeyReason(rules, 2, 3)).toBeNull(); // four to go, three chances
  });

  it('counts service fees at 80 % as comprehensive income and taxes the rest after the basic deduction', () => {
    expect(SERVICE_FEE_INCOME_RATIO_BP).toBe(8_000);
    const t = serviceFeeAnnualTax(10_000_005, 300_000);
    expect(t.incomeFen).toBe(Math.round(10_000_005 * 0.8));
    expect(t.basicDeductionFen).toBe(ANNUAL_BASIC_DEDUCTION_FEN);
    expect(t.taxableFen).toBe(t.incomeFen - ANNUAL_BASIC_DEDUCTION_FEN);
    expect(t.annualTaxFen).toBe(annualComprehensiveTax(t.taxableFen));
    expect(t.balanceFen).toBe(t.annualTaxFen - 300_000);
    expect(t.incomeRatioBp / 100).toBe(80);
  });

  it('rounds the income half up and never below zero (a year of net refunds counts no income)', () => {
    expect(serviceFeeAnnualTax(5, 0).incomeFen).toBe(4);
    expect(serviceFeeAnnualTax(3, 0).incomeFen).toBe(2); // 2.4
    expect(serviceFeeAnnualTax(-1_000, 0)).toMatchObject({ incomeFen: 0, taxableFen: 0, annualTaxFen: 0 });
  });
});

describe('complimentary points', () => {
  it('one per 5 PV and 30 per new customer; net returns earn none for their PV', () => {
    expect(complimentaryPoints(500, 0)).toBe(100);
    expect(complimentaryPoints(502, 2)).toBe(160);
    expect(complimentaryPoints(-300, 1)).toBe(30);
  });
});

describe('qProgressPct', () => {
  it('is floored, so only a Q group reads 100 %', () => {
    expect(qProgressPct(9_960, 10_000)).toBe(99);
    expect(qProgressPct(10_000, 10_000)).toBe(100);
    expect(qProgressPct(25_000, 10_000)).toBe(100);
    expect(qProgressPct(4_150, 10_000)).toBe(41);
    expect(qProgressPct(-20, 10_000)).toBe(0);
  });
});
