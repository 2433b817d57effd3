import { describe, expect, it } from 'vitest';
import { pyMonths } from '../calendar.ts';
import { PIN } from '../pins.ts';
import { knownPys } from '../rules/registry.ts';
import { evaluatePlan, evaluatePlans } from './evaluate.ts';
import { PLANS, planByCode, plansByRoute, plansFor } from './registry.ts';
import type { MonthRecord, PlanDef } from './types.ts';

function plan(code: string): PlanDef {
  const p = planByCode(code);
  if (!p) throw new Error(code);
  return p;
}

/** A month record with consistent volume fields. */
function rec(month: string, o: Partial<MonthRecord> & { q?: boolean; qLegIds?: string[] } = {}): MonthRecord {
  const pgpv = o.pgpv ?? (o.q ? 10_000 : 3_000);
  const legs = (o.qLegIds ?? []).map((id) => ({ id, isQ: true }));
  return {
    month,
    ppv: o.ppv ?? 1_000,
    gpv: pgpv,
    pgpv,
    bracket: pgpv >= 10_000 ? 21 : 15,
    isQ: pgpv >= 10_000,
    apv: o.apv ?? pgpv,
    qLegs: legs.length,
    isSp: o.isSp ?? (pgpv >= 10_000 || legs.length >= 2 || (legs.length === 1 && pgpv >= 4_000)),
    legs,
    compliant: o.compliant ?? true,
    newCustomers: o.newCustomers ?? 0,
    points: o.points ?? 0,
    attended: o.attended ?? [],
  };
}

const PY2526 = pyMonths('25/26');
const PY2627 = pyMonths('26/27');

describe('SEMINAR_2526 missed by one FLQ month', () => {
  // Platinum since 2025-03. Q in Sep, Oct, Nov (3 PQ); one Q leg in Jan–May (5 FLQ, need 6);
  // APV: 3 × 10 000 + 9 × 6 000 = 84 000 ≥ 60 000; both events attended.
  const months = PY2526.map((m, i) =>
    rec(m, {
      q: i < 3,
      pgpv: i < 3 ? 10_000 : 6_000,
      qLegIds: i >= 4 && i <= 8 ? ['L1'] : [],
      attended: i === 9 ? ['SEM2526-BRIEF', 'SEM2526-ONLINE'] : [],
    }),
  );
  const history = {
    months,
    pins: [{ pinCode: PIN.PLATINUM, month: '2025-03' }],
  };
  const r = evaluatePlan(plan('SEMINAR_2526'), history, {
    today: '2026-11-21',
  });

  it('every other criterion is met, FLQ misses by 1', () => {
    expect(r.periodState).toBe('closed');
    expect(r.criteria.map((c) => [c.kind, c.achieved, c.required, c.status])).toEqual([
      ['pinAtLeast', PIN.PLATINUM, PIN.PLATINUM, 'met'],
      ['pqMonths', 3, 3, 'met'],
      ['flqMonths', 5, 6, 'missed'],
      ['apv', 84_000, 60_000, 'met'],
      ['attendance', 2, 2, 'met'],
    ]);
    const flq = r.criteria[2]!;
    expect(flq.gap).toMatchObject({
      stillNeeded: 1,
      remainingMonths: 0,
      possible: false,
    });
    expect(flq.gap!.text.en).toBe('missed by 1 FLQ month');
    expect(flq.gap!.text.zh).toBe('差1个FLQ月');
    expect(r.status).toBe('missed');
    expect(r.met).toBe(false);
  });

  it('traces FLQ month by month with legs', () => {
    const flq = r.criteria[2]!;
    expect(flq.trace!.map((t) => t.value)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0]);
    expect(flq.trace!.map((t) => t.cumulative)).toEqual([0, 0, 0, 0, 1, 2, 3, 4, 5, 5, 5, 5]);
    expect(flq.legs).toEqual([
      {
        id: 'L1',
        qMonths: 5,
        months: [false, false, false, false, true, true, true, true, true, false, false, false],
        qualified: false,
      },
    ]);
    const att = r.criteria[4]!;
    expect(att.events!.map((e) => [e.code, e.attended, e.month])).toEqual([
      ['SEM2526-BRIEF', true, '2026-06'],
      ['SEM2526-ONLINE', true, '2026-06'],
    ]);
  });

  it('with one more FLQ month it is met, and the seat tier follows the points', () => {
    const more = months.map((m, i) => (i === 9 ? rec(m.month, { pgpv: 6_000, qLegIds: ['L1'], attended: m.attended! }) : m));
    const ok = evaluatePlan(plan('SEMINAR_2526'), { ...history, months: more });
    expect(ok.status).toBe('met');
    // points: 3 PQ × 10 + 6 FLQ × 5 + floor(84 000 / 10 000) × 2 = 30 + 30 + 16 = 76
    expect(ok.levels!.map((l) => [l.code, l.met])).toEqual([
      ['STANDARD', true],
      ['PREMIUM', false],
    ]);
    expect(ok.levels![0]!.criteria[0]!.achieved).toBe(76);
    expect(ok.achievedLevel).toBe('STANDARD');
  });
});

describe('open PY 26/27 (today 2026-11-21)', () => {
  const months = [
    rec('2026-09', { q: true, qLegIds: ['L1'] }),
    rec('2026-10', { pgpv: 3_000, qLegIds: ['L2'] }),
    rec('2026-11', { pgpv: 1_000 }), // month to date
    rec('2026-12', { q: true, qLegIds: ['L1', 'L2'] }), // the future: ignored
  ];
  const r = evaluatePlan(plan('SEMINAR_2627'), { months, pins: [{ pinCode: PIN.PLATINUM, month: '2024-05' }] }, { today: '2026-11-21' });

  it('judges pace and spreads the gap over the 10 remaining months', () => {
    expect(r.periodState).toBe('open');
    expect(r.remainingMonths).toBe(10);
    const byKind = Object.fromEntries(r.criteria.map((c) => [c.kind, c]));
    expect(byKind.pinAtLeast!.status).toBe('met');
    // FLQ 2 of 8; pro-rata after 2 closed months = 1.33 → on track; 6 more over 10 months.
    expect(byKind.flqMonths!.achieved).toBe(2);
    expect(byKind.flqMonths!.status).toBe('onTrack');
    expect(byKind.flqMonths!.gap).toMatchObject({
      stillNeeded: 6,
      remainingMonths: 10,
      perMonth: 1,
      possible: true,
    });
    expect(byKind.flqMonths!.gap!.text.en).toBe('6 more FLQ months over 10 remaining months (about 1 FLQ month a month)');
    expect(byKind.flqMonths!.gap!.text.zh).toBe('剩余10个月内还需6个FLQ月（每月约1个FLQ月）');
    // APV 10 000 + 3 000 + 1 000 = 14 000 of 70 000; pro-rata 11 667 → on track.
    expect(byKind.apv!.achieved).toBe(14_000);
    expect(byKind.apv!.status).toBe('onTrack');
    expect(byKind.apv!.gap!.perMonth).toBe(5_600);
    // Briefing in 2027-06 not attended yet: still possible, at risk.
    expect(byKind.attendance!.status).toBe('atRisk');
    expect(r.status).toBe('atRisk');
    const states = byKind.pqMonths!.trace!.map((t) => t.state);
    expect(states.slice(0, 4)).toEqual(['closed', 'closed', 'current', 'future']);
  });

  it('is missed once the months left cannot hold the PQ months still needed', () => {
    const late = evaluatePlan(plan('SEMINAR_2627'), { months: [] }, { today: '2027-07-05' });
    const pq = late.criteria.find((c) => c.kind === 'pqMonths')!;
    expect(pq.gap).toMatchObject({
      stillNeeded: 3,
      remainingMonths: 2,
      possible: false,
    });
    expect(pq.status).toBe('missed');
    expect(late.status).toBe('missed');
  });

  it('a plan of a future PY is on track', () => {
    const f = evaluatePlan(plan('TRAVEL_2627'), { months: [] }, { today: '2026-05-01' });
    expect(f.periodState).toBe('future');
    expect(f.status).toBe('onTrack');
  });
});

describe('other criterion kinds', () => {
  it('LDD markets: legs Q ≥ 6 months (FEM travel plan)', () => {
    const months = PY2526.map((m, i) =>
      rec(m, {
        pgpv: 5_000,
        qLegIds: i < 6 ? ['A', 'B', 'C'] : i < 9 ? ['A', 'D'] : [],
      }),
    );
    const r = evaluatePlan(plan('FEM_TRAVEL_2526'), { months });
    const ldd = r.criteria[0]!;
    expect(ldd.achieved).toBe(3); // A, B, C reach 6 Q months in Feb; D only 3
    expect(ldd.trace!.map((t) => t.cumulative)).toEqual([0, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3, 3]);
    expect(ldd.legs!.filter((l) => l.qualified).map((l) => l.id)).toEqual(['A', 'B', 'C']);
    expect(r.criteria[1]).toMatchObject({
      kind: 'flqMonths',
      achieved: 24,
      met: true,
    });
  });

  it('funding tiers pay the highest tier met', () => {
    const months = PY2526.map((m, i) => rec(m, { q: i % 2 === 0 }));
    const r = evaluatePlan(plan('SEMINAR_FUNDING_2526'), {
      months,
      pins: [{ pinCode: PIN.PLATINUM, month: '2025-12' }],
    });
    // 6 SP (= PQ) months, 12 compliance months, Platinum → tiers C, B, A all met.
    expect(r.levels!.map((l) => l.met)).toEqual([true, true, true]);
    expect(r.achievedLevel).toBe('A');
    expect(r.levels![2]!.rewardFen).toBe(800_000);
    expect(r.status).toBe('met');
  });

  it('biennial tracks span two PYs and follow the chosen track', () => {
    const months = [...PY2526, ...PY2627].map((m) => rec(m, { pgpv: 3_000, newCustomers: 3, isSp: true }));
    const p = plan('BIENNIAL_2627');
    const chosen = evaluatePlan(p, { months }, { track: 'GROWTH' });
    expect(chosen.months).toHaveLength(24);
    expect(chosen.status).toBe('missed');
    const best = evaluatePlan(p, { months });
    expect(best.achievedLevel).toBe('CUSTOMER'); // 72 customers, 24 SP months
    expect(best.status).toBe('met');
  });

  it('new rank counts only a pin rise inside the PY', () => {
    const p = plan('NEW_RANK_2526');
    const months = PY2526.map((m) => rec(m));
    expect(
      evaluatePlan(p, {
        months,
        pins: [{ pinCode: PIN.GOLD, month: '2025-04' }],
      }).met,
    ).toBe(false);
    const r = evaluatePlan(p, {
      months,
      pins: [
        { pinCode: PIN.GOLD, month: '2025-04' },
        { pinCode: PIN.PLATINUM, month: '2026-02' },
      ],
    });
    expect(r.met).toBe(true);
    expect(r.criteria[0]!.achieved).toBe(PIN.PLATINUM);
  });

  it('months meeting a condition (monthly marketing star) and points', () => {
    const months = PY2526.map((m, i) =>
      rec(m, {
        ppv: i === 4 ? 1_200 : 500,
        newCustomers: i === 4 ? 2 : 1,
        points: 300,
      }),
    );
    const star = evaluatePlan(plan('MKTSTAR_MONTHLY_2526'), { months });
    expect(star.met).toBe(true);
    expect(star.criteria[0]!.trace!.filter((t) => t.counted).map((t) => t.month)).toEqual(['2026-01']);
    const pts = evaluatePlan(plan('COMP_POINTS_2526'), { months });
    expect(pts.criteria[0]).toMatchObject({
      achieved: 3_600,
      required: 3_000,
      met: true,
    });
  });
});

describe('catalogue', () => {
  it('has unique codes, a rule table for every PY, and both editions of recurring plans', () => {
    const codes = PLANS.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const p of PLANS) {
      expect(knownPys()).toContain(p.py);
      expect(p.route.startsWith('/incentiveplan/')).toBe(true);
      expect(p.criteria.length + (p.levels?.list.length ?? 0)).toBeGreaterThan(0);
    }
    for (const base of ['SEMINAR', 'TRAVEL', 'SAMETOUR_DD', 'FEM_TRAVEL', 'EM_TRAVEL', 'SEMINAR_FUNDING']) {
      expect(planByCode(`${base}_2526`)).toBeDefined();
      expect(planByCode(`${base}_2627`)).toBeDefined();
    }
    for (const code of ['SEMINAR_BANGKOK_2526', 'SEMINAR_SINGAPORE_2627', 'SEMINAR_MELBOURNE_2627', 'PPTRACK_2324', 'PPTRACK_2425']) {
      expect(planByCode(code)).toBeDefined();
    }
    expect(plansFor('26/27').length).toBeGreaterThanOrEqual(19);
    expect(plansByRoute('/incentiveplan/seminars').map((p) => p.py)).toEqual(['26/27', '25/26']);
  });

  it('bulk evaluation without detail gives the same statuses', () => {
    const months = PY2627.slice(0, 3).map((m, i) => rec(m, { q: i === 0, qLegIds: ['L1'], newCustomers: 2, points: 500 }));
    const h = { months, pins: [{ pinCode: PIN.GOLD, month: '2026-10' }] };
    const plans = plansFor('26/27');
    const full = evaluatePlans(plans, h, { today: '2026-11-21' });
    const lean = evaluatePlans(plans, h, {
      today: '2026-11-21',
      detail: false,
    });
    expect(lean.map((r) => r.status)).toEqual(full.map((r) => r.status));
    expect(lean[0]!.criteria[0]!.trace).toBeUndefined();
  });
});

describe('APV in any month, and an attendance event already past', () => {
  const custom: PlanDef = {
    code: 'TEST_ANY',
    py: '26/27',
    type: 'award',
    name: { zh: '测试', en: 'Test' },
    route: '/incentiveplan/type/detail',
    reward: { zh: '无', en: 'none' },
    criteria: [
      { kind: 'apv', mode: 'anyMonth', min: 10_000 },
      {
        kind: 'attendance',
        events: [{ code: 'E1', name: { zh: '活动', en: 'Event' }, month: '2026-10' }],
      },
    ],
  };
  const months = [rec('2026-09', { pgpv: 7_000 }), rec('2026-10', { pgpv: 2_000 }), rec('2026-11', { pgpv: 2_500 })];
  const r = evaluatePlan(custom, { months }, { today: '2026-11-21' });

  it('reports the best month and what this month still needs', () => {
    const apv = r.criteria[0]!;
    expect(apv.achieved).toBe(7_000);
    expect(apv.status).toBe('atRisk');
    expect(apv.gap).toMatchObject({ stillNeeded: 7_500, possible: true });
    expect(apv.gap!.text.en).toBe('needs one month with APV ≥ 10,000; this month 2,500 so far, 7,500 to go');
    expect(apv.trace!.map((t) => t.cumulative).slice(0, 3)).toEqual([7_000, 7_000, 7_000]);
  });

  it('an unattended event whose month has passed makes the criterion missed', () => {
    expect(r.criteria[1]!.status).toBe('missed');
    expect(r.status).toBe('missed');
  });
});
