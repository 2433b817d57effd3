import { describe, expect, it } from 'vitest';
import { pyMonths } from '../calendar.ts';
import { evaluateCriterion } from './criterion-status.ts';
import { evaluatePlan } from './evaluate.ts';
import { planMonths, summarizeHistory } from './history-summary.ts';
import { CRITERION_KINDS, criterionLabel, criterionRequired } from './kinds.ts';
import { PLANS, planByCode } from './registry.ts';
import type { Criterion, CriterionKind, MonthRecord } from './types.ts';

/** Every criterion of the catalogue, levels included. */
const ALL: { plan: (typeof PLANS)[number]; c: Criterion }[] = PLANS.flatMap((plan) =>
  [...plan.criteria, ...(plan.levels?.list.flatMap((l) => l.criteria) ?? [])].map((c) => ({ plan, c })),
);

const KINDS = Object.keys(CRITERION_KINDS) as CriterionKind[];

describe('criterion kind descriptors', () => {
  it('describe every kind the catalogue uses, each under its own name', () => {
    for (const k of KINDS) expect(CRITERION_KINDS[k].kind).toBe(k);
    for (const { c } of ALL) expect(KINDS).toContain(c.kind);
  });

  it('give the label, unit and required value the evaluator reports', () => {
    for (const { plan, c } of ALL) {
      const r = evaluateCriterion(c, summarizeHistory({ months: [] }, planMonths(plan)), false);
      expect(r.label).toEqual(criterionLabel(c, plan.py));
      expect(r.label).toEqual(CRITERION_KINDS[c.kind].describe(c as never, plan.py));
      expect(r.unit).toEqual(CRITERION_KINDS[c.kind].unit);
      expect(r.required).toBe(criterionRequired(c));
    }
  });

  it('a paceable kind is on track when ahead of pro-rata pace; a pin is judged by the pace of its ladder conditions', () => {
    const months: MonthRecord[] = pyMonths('26/27')
      .slice(0, 3)
      .map((month) => ({ month, ppv: 2_000, gpv: 12_000, pgpv: 12_000, bracket: 21, isQ: true, apv: 12_000, qLegs: 2, isSp: true }));
    const today = '2026-11-21';
    const pq = evaluateCriterion({ kind: 'pqMonths', min: 6 }, summarizeHistory({ months }, pyMonths('26/27'), today));
    expect(CRITERION_KINDS.pqMonths.paceable).toBe(true);
    expect(pq.status).toBe('onTrack');
    // Platinum: 6 SP months in the PY, 3 consecutive. Three SP months in a row so far: on pace.
    expect(CRITERION_KINDS.pinAtLeast.paceable).toBe(false);
    const pin = evaluateCriterion({ kind: 'pinAtLeast', pin: 330 }, summarizeHistory({ months }, pyMonths('26/27'), today));
    expect(pin.status).toBe('onTrack');
    // No SP month in the two closed months: behind the pace of 6 in 12.
    const idle = months.map((m) => ({ ...m, isSp: false, apv: 3_000, pgpv: 3_000 }));
    const behind = evaluateCriterion({ kind: 'pinAtLeast', pin: 330 }, summarizeHistory({ months: idle }, pyMonths('26/27'), today));
    expect(behind.status).toBe('atRisk');
  });

  it('pin kinds are measured as pins; their values are pin codes', () => {
    const pinKinds = KINDS.filter((k) => CRITERION_KINDS[k].measure === 'pin');
    expect(pinKinds.sort()).toEqual(['newPin', 'pinAtLeast']);
    const plan = planByCode('SEMINAR_2627')!;
    // The pin qualified in the plan's PY: a Platinum held without a month of 26/27 has none yet.
    const res = evaluatePlan(plan, { months: [], initialPin: 330 }, { today: '2026-11-21' });
    expect(res.criteria.find((c) => c.kind === 'pinAtLeast')).toMatchObject({ required: 330, achieved: 230, met: false });
  });

  it('name a subpage only from the plan pages and terms only from the glossary', () => {
    const subpages = new Set([
      'pqdetails',
      'pqflqdetails',
      'flqdetails',
      'apvdetails',
      'pincodedetails',
      'attendancereqs',
      'lddmarketdetails',
      'components',
    ]);
    const terms = new Set(['pq', 'q', 'flq', 'apv', 'ldd', 'compliance', 'sp', 'pin', 'points']);
    for (const k of KINDS) {
      for (const s of CRITERION_KINDS[k].subpages) expect(subpages).toContain(s);
      for (const t of CRITERION_KINDS[k].terms) expect(terms).toContain(t);
    }
    expect(CRITERION_KINDS.pqMonths.subpages).toEqual(['pqdetails', 'pqflqdetails']);
    expect(CRITERION_KINDS.score.terms).toEqual(['points', 'pq', 'flq']);
  });
});
