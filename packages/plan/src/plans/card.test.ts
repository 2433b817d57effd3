import { describe, expect, it } from 'vitest';
import { pyMonths } from '../calendar.ts';
import { planCard, planCardFromSummary, planHeadline, type CriterionProgress } from './card.ts';
import { evaluatePlans } from './evaluate.ts';
import { periodPosition } from './history-summary.ts';
import { marketingStarRule } from './marketing-star.ts';
import { plansFor } from './registry.ts';
import { decodePlanSummary, encodePlanSummary } from './summary-codec.ts';
import type { MonthRecord } from './types.ts';

const TODAY = '2026-11-21';

/** A Platinum year so far: Q and SP each month, two Q legs, a star month in October. */
function months(): MonthRecord[] {
  return ['2026-09', '2026-10', '2026-11'].map((month, i) => ({
    month,
    ppv: 1_200,
    gpv: 30_000,
    pgpv: 11_000 - i * 3_000,
    bracket: i === 2 ? 18 : 21,
    isQ: i < 2,
    apv: 11_000 - i * 3_000,
    qLegs: 2,
    isSp: true,
    legs: [
      { id: 'A', isQ: true },
      { id: 'B', isQ: true },
    ],
    compliant: true,
    newCustomers: i === 1 ? 3 : 0,
    points: 40,
  }));
}

const progress = (p: Partial<CriterionProgress> & Pick<CriterionProgress, 'kind'>): CriterionProgress => ({
  label: { zh: p.kind, en: p.kind },
  unit: { zh: '', en: '' },
  achieved: 0,
  required: 1,
  met: false,
  ...p,
});

describe('plan cards', () => {
  it('headline the paceable criterion furthest from its target; pin and attendance criteria only when nothing else is open', () => {
    const pin = progress({ kind: 'pinAtLeast', achieved: 230, required: 330 });
    const pq = progress({ kind: 'pqMonths', achieved: 2, required: 3 });
    const flq = progress({ kind: 'flqMonths', achieved: 2, required: 8 });
    expect(planHeadline([pin, pq, flq])?.kind).toBe('flqMonths');
    expect(planHeadline([pin, { ...pq, met: true }])?.kind).toBe('pinAtLeast');
    expect(planHeadline([{ ...pq, met: true }])?.kind).toBe('pqMonths');
    expect(planHeadline([])).toBeNull();
  });

  it('a card from the stored summary equals the card of the live evaluation', () => {
    const plans = plansFor('26/27');
    const results = evaluatePlans(plans, { months: months(), initialPin: 330 }, { today: TODAY, detail: false });
    const stored = decodePlanSummary(encodePlanSummary(results));
    plans.forEach((plan, i) => {
      expect(planCardFromSummary(plan, stored.get(plan.code)!, TODAY), plan.code).toEqual(planCard(plan, results[i]!));
    });
  });

  it('a stored entry that does not fit the plan gives no card (the caller evaluates live)', () => {
    const plan = plansFor('26/27')[0]!;
    expect(planCardFromSummary(plan, { status: 'met', achieved: [] }, TODAY)).toBeNull();
  });

  it('a card carries the reason of an out-of-reach plan, from the store as live; an older summary’s "missed" in an open year reads as out of reach', () => {
    const plans = plansFor('26/27');
    // In May a leg sponsored now can no longer reach the Q months an LDD market needs: the two
    // legs are all there can be (in November new legs could, and the plan is only at risk).
    const may = '2027-05-21';
    const results = evaluatePlans(plans, { months: months(), initialPin: 330, frontlineLegs: 2 }, { today: may, detail: false });
    const i = plans.findIndex((p) => p.code === 'FEM_TRAVEL_2627');
    const live = planCard(plans[i]!, results[i]!);
    expect(live).toMatchObject({ status: 'outOfReach', reason: { en: 'needs 3 LDD markets but the frontline has only 2 legs' } });
    const stored = decodePlanSummary(encodePlanSummary(results));
    expect(planCardFromSummary(plans[i]!, stored.get('FEM_TRAVEL_2627')!, may)).toEqual(live);
    const november = evaluatePlans(plans, { months: months(), initialPin: 330, frontlineLegs: 2 }, { today: TODAY, detail: false });
    expect(planCard(plans[i]!, november[i]!).status).toBe('atRisk');
    // Written before the out-of-reach status: no reason, "missed" while the year is open.
    const old = planCardFromSummary(plans[i]!, { status: 'missed', achieved: [0, 4, 30_000] }, TODAY)!;
    expect(old.status).toBe('outOfReach');
    expect(old.reason).toBeUndefined();
    const closed = planCardFromSummary(plansFor('25/26')[0]!, { status: 'missed', achieved: [330, 3, 5, 84_000, 2] }, TODAY)!;
    expect(closed.status).toBe('missed');
  });

  it('the period position counts the open month as remaining', () => {
    expect(periodPosition(pyMonths('26/27'), TODAY)).toMatchObject({ closedCount: 2, remaining: 10, periodState: 'open' });
    expect(periodPosition(pyMonths('25/26'), TODAY)).toMatchObject({ remaining: 0, periodState: 'closed' });
    expect(periodPosition(pyMonths('27/28'), TODAY)).toMatchObject({ remaining: 12, periodState: 'future' });
  });
});

describe('the marketing star rule', () => {
  it('comes from the PY’s annual marketing-star plan, else the newest edition before it', () => {
    const r = marketingStarRule('26/27');
    expect(r).toMatchObject({ code: 'MKTSTAR_ANNUAL_2627', condition: { ppv: 1_000, newCustomers: 2 }, starMonths: 8, customers: 30 });
    expect(r.starMonth).toEqual({ ppv: 1_000, newCustomers: 2 });
    expect(marketingStarRule('30/31').code).toBe('MKTSTAR_ANNUAL_2627');
    expect(marketingStarRule('25/26').code).toBe('MKTSTAR_ANNUAL_2526');
  });
});
