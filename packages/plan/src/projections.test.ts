import { describe, expect, it } from 'vitest';
import { performanceBracket } from './bracket.ts';
import { estimateMonth } from './estimate.ts';
import { PY2627 } from './rules/py2627.ts';
import type { CriterionResult, TraceMonth } from './plans/types.ts';
import { paymentDateOf } from './payment.ts';
import { criterionProjection, endOfMonthText, monthProjection, projectCount, scaledVolumes, type PaceMonth } from './projections.ts';
import { text } from './text.ts';

const base = { month: '2026-11', ppv: 1_000, legs: [{ id: 'B', gpv: 2_000 }], lastYearGpv: null, rules: PY2627 } as const;

describe('monthProjection', () => {
  it('projects the month at its pace: PV so far ÷ days elapsed × days in month', () => {
    // 3 000 PV in 10 of 30 days → 9 000 PV by 30 Nov.
    const p = monthProjection({ ...base, today: '2026-11-10' });
    expect(p.daysElapsed).toBe(10);
    expect(p.daysInMonth).toBe(30);
    expect(p.soFar.gpv).toBe(3_000);
    expect(p.pace?.factor).toBe(3);
    expect(p.pace?.gpv).toBe(9_000);
    // The bracket and the fee are the estimate's for the scaled volumes (no rule restated).
    expect(p.pace?.bracketPercent).toBe(performanceBracket(9_000));
    const est = estimateMonth({ month: '2026-11', ppv: 1_000, legs: base.legs, extraPpv: 2_000, extraLegPv: { B: 4_000 }, rules: PY2627 });
    expect(p.pace?.promotionFen).toBe(est.after.promotionFen);
    expect(p.pace?.pretaxFen).toBe(est.after.pretaxFen);
  });

  it('is the estimate of every volume scaled on its own: the same volumes give the same figure', () => {
    // Six legs whose scaled PV has fractions (21 of 30 days): rounding each leg down and giving the
    // rest to own PV moved PV from the legs to the own orders, and the fee with it.
    const legs = [2_395, 1_613, 1_290, 1_062, 803, 105].map((gpv, i) => ({ id: `L${i + 1}`, gpv }));
    const p = monthProjection({ ...base, ppv: 1_028, legs, today: '2026-11-21' });
    const f = 30 / 21;
    const extraLegPv = Object.fromEntries(legs.map((l) => [l.id, Math.round(l.gpv * f) - l.gpv]));
    const est = estimateMonth({ month: '2026-11', ppv: 1_028, legs, extraPpv: Math.round(1_028 * f) - 1_028, extraLegPv, rules: PY2627 });
    expect(p.pace).toMatchObject({ extraLegPv, gpv: est.after.gpv, promotionFen: est.after.promotionFen, pretaxFen: est.after.pretaxFen });
  });

  it('gives the pace’s tax, net and payment date as the estimate and the payment rule do', () => {
    const p = monthProjection({ ...base, ppv: 4_000, legs: [{ id: 'B', gpv: 3_000 }], today: '2026-11-10' });
    const est = estimateMonth({ month: '2026-11', ppv: 4_000, legs: [{ id: 'B', gpv: 3_000 }], ...p.pace!, rules: PY2627 });
    expect(p.pace!.taxFen).toBeGreaterThan(0);
    expect(p.pace).toMatchObject({ taxFen: est.after.taxFen, netFen: est.after.netFen, paidOn: paymentDateOf('2026-11', PY2627) });
    expect(p.pace!.netFen).toBe(p.pace!.pretaxFen - p.pace!.taxFen);
    expect(p.soFar).toMatchObject({ taxFen: est.before.taxFen, netFen: est.before.netFen, paidOn: p.pace!.paidOn });
  });

  it('projects a month at or below zero so far as what it has, never a larger negative', () => {
    // Returns above the orders: −300 PV in 10 days would scale to −900.
    const p = monthProjection({ ...base, ppv: -500, legs: [{ id: 'B', gpv: 200 }], today: '2026-11-10' });
    expect(p.soFar.gpv).toBe(-300);
    expect(p.pace).toMatchObject({ gpv: -300, factor: 1, extraPpv: 0, extraLegPv: {} });
    expect(p.pace!.promotionFen).toBe(p.soFar.promotionFen);
    // In a month above zero a negative volume (a leg with returns) stays as it is.
    expect(scaledVolumes(900, [{ id: 'B', gpv: -100 }], 3)).toEqual({ extraPpv: 1_800, extraLegPv: {} });
  });

  it('has no pace on the first day of the month', () => {
    const p = monthProjection({ ...base, today: '2026-11-01' });
    expect(p.daysElapsed).toBe(1);
    expect(p.pace).toBeNull();
  });

  it('has no projection for a month that is not today’s (closed)', () => {
    const p = monthProjection({ ...base, today: '2026-12-05', lastYearGpv: 5_000 });
    expect(p.daysElapsed).toBe(30);
    expect(p.pace).toBeNull();
    expect(p.lastYear).toBeNull();
  });

  it('projects zero PV to zero at pace: bracket 0, no fee', () => {
    const p = monthProjection({ ...base, ppv: 0, legs: [], today: '2026-11-15' });
    expect(p.pace).toMatchObject({ gpv: 0, bracketPercent: 0, promotionFen: 0 });
  });

  it('takes last year’s same month as the end, never below the month so far', () => {
    const above = monthProjection({ ...base, today: '2026-11-10', lastYearGpv: 6_000 });
    expect(above.lastYear).toMatchObject({ basis: 'lastYear', gpv: 6_000, bracketPercent: performanceBracket(6_000) });
    const below = monthProjection({ ...base, today: '2026-11-10', lastYearGpv: 1_000 });
    expect(below.lastYear?.gpv).toBe(3_000);
    // Nothing so far: last year's volume taken as own PV.
    const none = monthProjection({ ...base, ppv: 0, legs: [], today: '2026-11-10', lastYearGpv: 2_500 });
    expect(none.lastYear).toMatchObject({ gpv: 2_500, bracketPercent: performanceBracket(2_500) });
    expect(none.lastYear!.promotionFen).toBeGreaterThan(0);
  });
});

const months = (flags: readonly number[], closed: number, open = true): PaceMonth[] =>
  flags.map((value, i) => ({
    month: `20${i < 4 ? '26' : '27'}-${String(((i + 8) % 12) + 1).padStart(2, '0')}`,
    state: i < closed ? 'closed' : i === closed && open ? 'open' : 'future',
    value,
  }));

describe('projectCount', () => {
  it('projects the closed months’ pace over the period', () => {
    // 2 of 3 closed months → 2/3 a month × 12 = 8.
    const p = projectCount(months([1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0], 3), { maxPerMonth: 1 });
    expect(p).toMatchObject({ closedSoFar: 2, monthsElapsed: 3, monthsLeft: 9, projected: 8, cap: 11, lastMonth: '2027-08' });
  });

  it('keeps an exact pace exact and counts the open month so far as a floor', () => {
    expect(projectCount(months([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0], 3))?.projected).toBe(12);
    // No closed month counted, the open one does so far: at least 1.
    expect(projectCount(months([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0], 3))?.projected).toBe(1);
  });

  it('is capped by what the remaining months can add', () => {
    const p = projectCount(months([5, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 2), { maxPerMonth: 2 });
    expect(p?.projected).toBe(10 + 2 * 10);
  });

  it('has no pace before a month closed, and none once the period is over', () => {
    expect(projectCount(months([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0))).toBeNull();
    expect(projectCount(months([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 12, false))).toBeNull();
  });
});

function criterion(
  kind: CriterionResult['kind'],
  required: number,
  flags: readonly number[],
  closed: number,
  status: CriterionResult['status'] = 'atRisk',
): CriterionResult {
  let run = 0;
  const trace: TraceMonth[] = months(flags, closed).map((m) => {
    run += m.value;
    return { month: m.month, state: m.state, value: m.value, counted: m.value > 0, cumulative: run };
  });
  return { kind, label: text('', ''), unit: text('', ''), required, achieved: run, met: run >= required, status, gap: null, trace };
}

describe('criterionProjection', () => {
  it('says where an FLQ count ends at this pace, in words', () => {
    // 2 FLQ months in 4 closed months → 6 by 31 Aug 2027.
    const p = criterionProjection(criterion('flqMonths', 8, [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0], 4), { frontlineLegs: 3 });
    expect(p).toMatchObject({ projected: 6, required: 8, reaches: false });
    expect(p?.text.en).toBe('At this pace: 6 of 8 FLQ months by 31 Aug 2027');
    expect(p?.text.zh).toBe('按目前进度：2027年8月31日前可达6/8个FLQ月');
  });

  it('caps a count of months at one a month and below the requirement when out of reach', () => {
    const pq = criterionProjection(criterion('pqMonths', 6, [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 2));
    expect(pq).toMatchObject({ projected: 12, reaches: true });
    expect(pq?.text.en).toBe('At this pace: 12 PQ months by 31 Aug 2027 (6 needed)');
    expect(pq?.text.zh).toBe('按目前进度：2027年8月31日前可达12个PQ月（要求6）');
    const out = criterionProjection(criterion('pqMonths', 12, [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 3), undefined);
    expect(out?.projected).toBe(8);
    const judged = criterionProjection(criterion('pqMonths', 12, [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 2, 'outOfReach'));
    expect(judged).toMatchObject({ projected: 11, reaches: false });
  });

  it('has none for kinds without a pace or a best single month', () => {
    expect(criterionProjection(criterion('pinAtLeast', 330, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 3))).toBeNull();
    const best = criterion('apv', 10_000, [5_000, 7_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 2);
    const bestTrace = best.trace!.map((t, i) => ({ ...t, cumulative: i === 0 ? 5_000 : 7_000 }));
    expect(criterionProjection({ ...best, trace: bestTrace })).toBeNull();
  });

  it('writes the end of a month', () => {
    expect(endOfMonthText('2026-02')).toEqual(text('2026年2月28日', '28 Feb 2026'));
  });
});
