import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pyMonths } from '../calendar.ts';
import { PIN } from '../pins.ts';
import { pyQualification } from '../pin-history.ts';
import { knownPys } from '../rules/registry.ts';
import { combineStatus, evaluateCriterion } from './criterion-status.ts';
import { evaluatePlan, evaluatePlans, pinOutlook } from './evaluate.ts';
import { summarizeHistory } from './history-summary.ts';
import { PLANS, planByCode, plansByRoute, plansFor } from './registry.ts';
import type { Criterion, MonthRecord, PlanDef } from './types.ts';
import { monthRecord as rec } from './month-record.test-support.ts';
import { testPlan } from './plan-def.test-support.ts';

function plan(code: string): PlanDef {
  const p = planByCode(code);
  if (!p) throw new Error(code);
  return p;
}

const PY2526 = pyMonths('25/26');
const PY2627 = pyMonths('26/27');
/** Twelve LDD markets in January with three legs that can each still reach them: what new legs would have to add. */
const LDD_BUILD = {
  zh: '到2027-08-31前还需12个LDD市场：现有一线最多3条能达到6个Q月，其余需新推荐的一线在剩余8个月中各有6个月达Q',
  en: '12 more LDD markets by 31 Aug 2027: your current frontline can give at most 3; the rest needs new legs, each Q in 6 of the 8 months left',
};

describe('SEMINAR_2526 missed by one FLQ month', () => {
  // Platinum since 2025-03 and qualified Platinum again in 25/26: Q in Sep–Feb (6 PQ, 6 in a
  // row); one Q leg in Mar–Jul (5 FLQ, need 6) on 3 500 APV, short of an SP (= PQ) month; APV:
  // 6 × 10 000 + 6 × 3 500 = 81 000 ≥ 60 000; both events attended.
  const months = PY2526.map((m, i) =>
    rec(m, {
      q: i < 6,
      pgpv: i < 6 ? 10_000 : 3_500,
      qLegIds: i >= 6 && i <= 10 ? ['L1'] : [],
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
      ['pqMonths', 6, 3, 'met'],
      ['flqMonths', 5, 6, 'missed'],
      ['apv', 81_000, 60_000, 'met'],
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
    expect(flq.trace!.map((t) => t.value)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0]);
    expect(flq.trace!.map((t) => t.cumulative)).toEqual([0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 5]);
    expect(flq.legs).toEqual([
      {
        id: 'L1',
        qMonths: 5,
        months: [false, false, false, false, false, false, true, true, true, true, true, false],
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
    const more = months.map((m, i) => (i === 11 ? rec(m.month, { pgpv: 3_500, qLegIds: ['L1'] }) : m));
    const ok = evaluatePlan(plan('SEMINAR_2526'), { ...history, months: more });
    expect(ok.status).toBe('met');
    // points: 6 PQ × 10 + 6 FLQ × 5 + floor(81 000 / 10 000) × 2 = 60 + 30 + 16 = 106
    expect(ok.levels!.map((l) => [l.code, l.met])).toEqual([
      ['STANDARD', true],
      ['PREMIUM', false],
    ]);
    expect(ok.levels![0]!.criteria[0]!.achieved).toBe(106);
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
    // Platinum held since 2024-05, but 26/27 has 1 SP month so far: Silver qualified, Platinum
    // on pace (1 ≥ 6 × 2/12, a run of 3 still possible).
    expect(byKind.pinAtLeast).toMatchObject({ achieved: PIN.SILVER, required: PIN.PLATINUM, met: false, status: 'onTrack' });
    // FLQ 2 of 8; pro-rata after 2 closed months = 1.33 → on track; 6 more over 10 months.
    expect(byKind.flqMonths!.achieved).toBe(2);
    expect(byKind.flqMonths!.status).toBe('onTrack');
    expect(byKind.flqMonths!.gap).toMatchObject({
      stillNeeded: 6,
      remainingMonths: 10,
      perMonth: 1,
      possible: true,
    });
    expect(byKind.flqMonths!.gap!.text.en).toBe('6 more FLQ months: a Q leg in 6 of the remaining 10 months');
    expect(byKind.flqMonths!.gap!.text.zh).toBe('还需6个FLQ月：剩余10个月中有6个月各需1条Q线');
    // Count criteria read "N of the remaining M months" (Nov, month to date, is not Q yet).
    expect(byKind.pqMonths!.gap!.text.en).toBe('2 more PQ months: 2 of the remaining 10 months');
    expect(byKind.pqMonths!.gap!.text.zh).toBe('还需2个PQ月：剩余10个月中的2个月');
    // APV 10 000 + 3 000 + 1 000 = 14 000 of 70 000; pro-rata 11 667 → on track.
    expect(byKind.apv!.achieved).toBe(14_000);
    expect(byKind.apv!.status).toBe('onTrack');
    expect(byKind.apv!.gap!.perMonth).toBe(5_600);
    // The briefing is in 2027-06 and the online course has no date: both still ahead, nothing
    // is due yet, so the events are on schedule; the gap names them.
    expect(byKind.attendance!.status).toBe('onTrack');
    expect(byKind.attendance!.gap!.text.en).toBe('attend Seminar briefing (2027-06), Online qualification course by 31 Aug 2027');
    expect(r.status).toBe('onTrack');
    const states = byKind.pqMonths!.trace!.map((t) => t.state);
    expect(states.slice(0, 4)).toEqual(['closed', 'closed', 'open', 'future']);
  });

  it('is out of reach, with the reason, once the months left cannot hold the PQ months still needed; missed once closed', () => {
    const late = evaluatePlan(plan('SEMINAR_2627'), { months: [] }, { today: '2027-07-05' });
    const pq = late.criteria.find((c) => c.kind === 'pqMonths')!;
    expect(pq.gap).toMatchObject({
      stillNeeded: 3,
      remainingMonths: 2,
      possible: false,
    });
    expect(pq.status).toBe('outOfReach');
    expect(pq.reason).toEqual({
      code: 'monthsLeft',
      params: { kind: 'pqMonths', still: 3, cap: 2 },
      text: { zh: '还需3个PQ月，但剩余只有2个月还能计入', en: '3 more PQ months needed, but only 2 remaining months can still count' },
    });
    expect(pq.gap!.text).toEqual(pq.reason!.text);
    expect(late.status).toBe('outOfReach');
    expect(late.reason).toBeDefined();
    const closed = evaluatePlan(plan('SEMINAR_2627'), { months: [] }, { today: '2027-09-05' });
    expect(closed.criteria.find((c) => c.kind === 'pqMonths')!.status).toBe('missed');
    expect(closed.status).toBe('missed');
    expect(closed.reason).toBeUndefined();
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
    const months = PY2526.map((m, i) => rec(m, { q: i < 6 }));
    const r = evaluatePlan(plan('SEMINAR_FUNDING_2526'), {
      months,
      pins: [{ pinCode: PIN.PLATINUM, month: '2026-02' }],
    });
    // 6 SP (= PQ) months in a row, 12 compliance months: Platinum qualified → tiers C, B, A all met.
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
  const custom = testPlan('TEST_ANY', [
    { kind: 'apv', mode: 'anyMonth', min: 10_000 },
    {
      kind: 'attendance',
      events: [{ code: 'E1', name: { zh: '活动', en: 'Event' }, month: '2026-10' }],
    },
  ]);
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

  it('an unattended event whose month has passed puts the criterion out of reach, naming the event', () => {
    const att = r.criteria[1]!;
    expect(att.status).toBe('outOfReach');
    expect(att.reason).toEqual({
      code: 'eventPassed',
      params: { events: ['E1'], still: 1, open: 0 },
      text: { zh: '活动（2026-10）已过，未出席', en: 'Event (2026-10) passed without attendance' },
    });
    expect(r.status).toBe('outOfReach');
    expect(r.reason).toEqual(att.reason);
    // Once the year is over it is missed, and the gap still names the event.
    const closed = evaluatePlan(custom, { months }, { today: '2027-09-01' });
    expect(closed.criteria[1]!.status).toBe('missed');
    expect(closed.criteria[1]!.gap!.text).toEqual({ zh: '未出席：活动（2026-10）', en: 'not attended: Event (2026-10)' });
    expect(closed.status).toBe('missed');
  });
});

describe('one pace model: zero slack, out of reach with a reason', () => {
  const only = (criteria: Criterion[]) => testPlan('TEST_PACE', criteria);

  it('zero slack is at risk even on pace: 12 PQ months need every remaining month', () => {
    const months = [rec('2026-09', { q: true }), rec('2026-10', { q: true }), rec('2026-11', { pgpv: 2_000 })];
    const r = evaluatePlan(only([{ kind: 'pqMonths', min: 12 }]), { months }, { today: '2026-11-21' });
    const pq = r.criteria[0]!;
    // 2 of 12 after 2 closed months is exactly the pro-rata pace, but no month may be missed.
    expect(pq.status).toBe('atRisk');
    expect(pq.gap!.text).toEqual({ zh: '还需10个PQ月：剩余10个月须全部达标', en: '10 more PQ months: all of the remaining 10 months' });
    expect(pq.trace![2]!.need).toEqual({ zh: '须为PQ月', en: 'must be a PQ month' });
    expect(r.status).toBe('atRisk');
    // One month of slack and the same pace: on track.
    const eleven = evaluatePlan(only([{ kind: 'pqMonths', min: 11 }]), { months }, { today: '2026-11-21' });
    expect(eleven.status).toBe('onTrack');
    expect(eleven.criteria[0]!.gap!.text.en).toBe('9 more PQ months: 9 of the remaining 10 months');
    expect(eleven.criteria[0]!.trace![3]!.need).toEqual({ zh: '剩余10个月中需9个PQ月', en: '9 of the 10 left must be PQ months' });
  });

  it('met only with the open month: the months after it need nothing, not "0 of the 9 left"', () => {
    // Sep and Oct PQ, November a PQ month so far: 3 of 3, confirmed when November closes.
    const months = [rec('2026-09', { q: true }), rec('2026-10', { q: true }), rec('2026-11', { q: true })];
    const pq = evaluatePlan(only([{ kind: 'pqMonths', min: 3 }]), { months }, { today: '2026-11-21' }).criteria[0]!;
    expect([pq.met, pq.status, pq.gap!.text.en]).toEqual([false, 'onTrack', 'met so far: confirmed when this month closes']);
    expect(pq.trace!.slice(2).map((t) => [t.month, t.state, t.need])).toEqual(
      PY2627.slice(2).map((m) => [m, m === '2026-11' ? 'open' : 'future', undefined]),
    );
  });

  describe('a Double Diamond target with 0 of 12 legs, 8 months left and 3 frontline legs', () => {
    // Legs A, B, C were Q in Sep–Dec; today is January (Jan … Aug left).
    const months = PY2627.slice(0, 4).map((m) => rec(m, { pgpv: 5_000, qLegIds: ['A', 'B', 'C'] }));
    const dd = only([
      { kind: 'lddMarkets', min: 12 },
      { kind: 'pinAtLeast', pin: PIN.DOUBLE_DIAMOND },
    ]);
    const r = evaluatePlan(dd, { months, initialPin: PIN.PLATINUM, frontlineLegs: 3 }, { today: '2027-01-15' });

    it('the markets are at risk with the frontline of 3: new legs could still make them; the pin is out of reach', () => {
      expect(r.remainingMonths).toBe(8);
      const [ldd, pin] = r.criteria;
      expect(ldd!.achieved).toBe(0);
      // A leg sponsored now can still be Q in 6 of the 8 months left: never "cannot be reached".
      expect(ldd!.status).toBe('atRisk');
      expect(ldd!.reason).toBeUndefined();
      expect(ldd!.gap!.text).toEqual(LDD_BUILD);
      expect(pin!.status).toBe('outOfReach');
      expect(pin!.reason).toEqual({
        code: 'pinNotReachable',
        // Global Award Recognition: Founders Diamond's six legs Q every month come first.
        params: { pin: PIN.DOUBLE_DIAMOND, cond: 'foundersLegs', min: 6, q: 12, legs: 3 },
        text: {
          zh: '双钻石需6条一线各本年度Q≥12个月，但一线只有3条',
          en: 'Double Diamond needs 6 frontline legs each Q ≥ 12 months of the PY; the frontline has only 3',
        },
      });
      expect(r.status).toBe('outOfReach');
      expect(r.reason).toEqual(pin!.reason);
    });

    it('with too few months left for a new leg, a frontline too small is out of reach', () => {
      // May: 4 months left, fewer than the Q months a new leg needs.
      const late = evaluatePlan(only([{ kind: 'lddMarkets', min: 12 }]), { months, frontlineLegs: 3 }, { today: '2027-05-15' });
      expect(late.criteria[0]!.status).toBe('outOfReach');
      expect(late.criteria[0]!.reason!.text.en).toBe('needs 12 LDD markets but the frontline has only 3 legs');
    });

    it('without the frontline size (older callers) the markets stay in reach; the pin does not', () => {
      const unknown = evaluatePlan(dd, { months, initialPin: PIN.PLATINUM }, { today: '2027-01-15' });
      // Only A, B and C can still be Q in all 12 months: Founders Diamond's six legs cannot be had.
      expect(unknown.criteria.map((c) => c.status)).toEqual(['atRisk', 'outOfReach']);
      expect(unknown.status).toBe('outOfReach');
    });

    it('with enough legs but too few months left it is out of reach for the months', () => {
      const late = evaluatePlan(only([{ kind: 'lddMarkets', min: 4 }]), { months, frontlineLegs: 20 }, { today: '2027-06-01' });
      // A, B, C: 4 Q months, 3 months left → each can reach 6; a new leg cannot (6 > 3).
      expect(late.criteria[0]!.status).toBe('outOfReach');
      expect(late.criteria[0]!.reason!.code).toBe('monthsLeft');
      expect(late.criteria[0]!.reason!.text.en).toBe(
        '4 more LDD markets needed, but only 3 legs can still reach 6 Q months by 31 Aug 2027',
      );
    });
  });

  it('FLQ months are bounded by the frontline: at most one per leg a month', () => {
    const months = [rec('2026-09', { qLegIds: ['A'] }), rec('2026-10', { qLegIds: ['A', 'B'] }), rec('2026-11')];
    const p = only([{ kind: 'flqMonths', min: 24 }]);
    const two = evaluatePlan(p, { months, frontlineLegs: 2 }, { today: '2026-11-21' });
    // 3 so far; 2 legs × 10 months = 20 more at most: 23 < 24. A leg sponsored in any month left
    // can be Q in it: at risk with the current frontline, never out of reach while months remain.
    expect(two.criteria[0]!.status).toBe('atRisk');
    expect(two.criteria[0]!.reason).toBeUndefined();
    expect(two.criteria[0]!.gap!.text).toEqual({
      zh: '还需21个FLQ月：现有2条一线在剩余10个月内最多再得20个，其余需新推荐的一线达Q',
      en: '21 more FLQ months: your 2 frontline legs can add at most 20 in the remaining 10 months; the rest needs new legs that reach Q',
    });
    const three = evaluatePlan(p, { months, frontlineLegs: 3 }, { today: '2026-11-21' });
    expect(three.criteria[0]!.status).toBe('atRisk'); // 3 of a pace of 4
    expect(three.criteria[0]!.gap!.text.en).toBe('21 more FLQ months: 3 Q legs a month over the remaining 10 months (3 frontline legs)');
  });

  it('in the PY’s last month the texts say "the last month", never "at most 0 in the remaining 1 month"', () => {
    // Leg A Q in September and in August so far (the open month), nothing between.
    const months = PY2627.map((m, i) => rec(m, { qLegIds: i === 0 || i === 11 ? ['A'] : [] }));
    const today = '2027-08-20';
    const none = evaluatePlan(only([{ kind: 'flqMonths', min: 5 }]), { months, frontlineLegs: 1 }, { today }).criteria[0]!;
    // The one leg has counted August already; legs sponsored in August could still be Q in it.
    expect(none.status).toBe('atRisk');
    expect(none.gap!.text).toEqual({
      zh: '还需3个FLQ月：现有1条一线在最后1个月内已无法再得，需新推荐的一线达Q',
      en: '3 more FLQ months: your 1 frontline leg can add none in the last month; new legs would have to reach Q',
    });
    const legs = evaluatePlan(only([{ kind: 'flqMonths', min: 4 }]), { months, frontlineLegs: 3 }, { today }).criteria[0]!;
    expect(legs.gap!.text).toEqual({
      zh: '还需2个FLQ月：最后1个月需2条Q线（一线共3条）',
      en: '2 more FLQ months: 2 Q legs in the last month (3 frontline legs)',
    });
    const points = evaluatePlan(only([{ kind: 'points', min: 50 }]), { months }, { today }).criteria[0]!;
    expect(points.gap!.text.en).toMatch(/^\d[\d,]* more points? in the last month$/);
  });

  it('a pin that needs more SP months than the PY has left is out of reach', () => {
    const months = PY2627.slice(0, 8).map((m) => rec(m, { pgpv: 3_000, isSp: false }));
    const r = evaluatePlan(
      only([{ kind: 'pinAtLeast', pin: PIN.FOUNDERS_PLATINUM }]),
      { months, initialPin: PIN.PLATINUM },
      { today: '2027-05-10' },
    );
    expect(r.criteria[0]!.status).toBe('outOfReach');
    expect(r.criteria[0]!.reason).toEqual({
      code: 'pinNotReachable',
      params: { pin: PIN.FOUNDERS_PLATINUM, cond: 'spMonths', min: 12, got: 0, open: 4 },
      text: {
        zh: '创办人白金需本年度12个SP月：目前0个，仅剩4个月',
        en: 'Founders Platinum needs 12 SP months in the PY: 0 so far and only 4 months left',
      },
    });
  });

  it('a required event due this month with nothing to spare is at risk; one ahead is on track', () => {
    const p = (month: string) => only([{ kind: 'attendance', events: [{ code: 'E1', name: { zh: '说明会', en: 'Briefing' }, month }] }]);
    expect(evaluatePlan(p('2026-11'), { months: [] }, { today: '2026-11-21' }).status).toBe('atRisk');
    const ahead = evaluatePlan(p('2027-03'), { months: [] }, { today: '2026-11-21' });
    expect(ahead.status).toBe('onTrack');
    expect(ahead.criteria[0]!.trace!.find((t) => t.month === '2027-03')!.need).toEqual({ zh: '出席说明会', en: 'attend Briefing' });
  });

  it('the plan takes the worst status: missed, then out of reach (with its reason), at risk, on track', () => {
    expect(combineStatus(['onTrack', 'atRisk', 'outOfReach'])).toBe('outOfReach');
    expect(combineStatus(['outOfReach', 'missed', 'met'])).toBe('missed');
    expect(combineStatus(['onTrack', 'atRisk'])).toBe('atRisk');
    expect(combineStatus(['met', 'onTrack'])).toBe('onTrack');
    expect(combineStatus(['met'])).toBe('met');
  });
});

describe('why texts', () => {
  it('a points index shows each month’s points in its trace, adding up to the score', () => {
    const months = PY2526.map((m, i) => rec(m, { q: i < 3, pgpv: i < 3 ? 10_000 : 6_000, qLegIds: i >= 4 && i <= 8 ? ['L1'] : [] }));
    const r = evaluatePlan(plan('SEMINAR_2526'), { months, pins: [{ pinCode: PIN.PLATINUM, month: '2025-03' }] });
    const score = r.levels![0]!.criteria[0]!;
    expect(score.kind).toBe('score');
    // Sep: a PQ month (10) and the first 10 000 APV (2).
    expect(score.trace![0]).toMatchObject({ value: 12, cumulative: 12, counted: true });
    expect(score.trace!.reduce((t, m) => t + m.value, 0)).toBe(score.achieved);
    expect(score.trace![11]!.cumulative).toBe(score.achieved);
  });

  it('future months say what each one needs', () => {
    const months = [rec('2026-09', { q: true, qLegIds: ['L1'] }), rec('2026-10', { pgpv: 3_000 }), rec('2026-11', { pgpv: 1_000 })];
    const r = evaluatePlan(plan('SEMINAR_2627'), { months, pins: [{ pinCode: PIN.PLATINUM, month: '2024-05' }] }, { today: '2026-11-21' });
    const by = Object.fromEntries(r.criteria.map((c) => [c.kind, c]));
    const apv = by.apv!.trace!;
    expect(apv[0]!.need).toBeUndefined(); // closed
    // 70 000 − 14 000 = 56 000 over 10 months.
    expect(apv[2]!.need).toEqual({ zh: '需5,600 PV', en: 'needs 5,600 PV' });
    expect(apv[11]!.need).toEqual({ zh: '需5,600 PV', en: 'needs 5,600 PV' });
    expect(by.pqMonths!.trace![5]!.need!.en).toBe('2 of the 10 left must be PQ months');
    expect(by.flqMonths!.trace![5]!.need!.en).toBe('a Q leg (7 of the 10 months left)');
    expect(by.attendance!.trace!.find((t) => t.month === '2027-06')!.need!.en).toBe('attend Seminar briefing');
  });

  it('LDD gaps say how many more Q months the closest legs need, and by when', () => {
    const months = PY2627.slice(0, 4).map((m, i) => rec(m, { pgpv: 5_000, qLegIds: i < 2 ? ['A', 'B'] : ['A'] }));
    const r = evaluatePlan(plan('FEM_TRAVEL_2627'), { months, frontlineLegs: 5 }, { today: '2027-01-10' });
    const ldd = r.criteria[0]!;
    // A: 4 Q months (needs 2 more), B: 2 (needs 4 more); a third, new leg needs all 6.
    expect(ldd.gap!.text).toEqual({
      zh: '到2027-08-31前还需3个LDD市场：最接近的一线分别还需2、4、6个Q月（每条需6个Q月）',
      en: '3 more LDD markets by 31 Aug 2027: the closest legs need 2, 4, 6 more Q months (6 each)',
    });
  });
});

describe('a PQ month is qualifying at 21 % in one’s own right (the SP-month test)', () => {
  it('counts 4 000 APV with one 21 % leg as PQ, and not a group at 21 % through its legs alone', () => {
    const months = PY2526.map(
      (m, i) =>
        i < 4
          ? rec(m, { pgpv: 4_000, qLegIds: ['L1'] }) // SP: 4 000 with one 21 % leg
          : { ...rec(m, { pgpv: 1_000, qLegIds: ['L1'] }), gpv: 11_000, bracket: 21, isQ: true }, // 21 % only through L1
    );
    const r = evaluatePlan(plan('SEMINAR_2526'), { months, pins: [{ pinCode: PIN.PLATINUM, month: '2025-03' }] }, { today: '2026-11-21' });
    expect(r.criteria.find((c) => c.kind === 'pqMonths')!.achieved).toBe(4);
  });
});

describe('pinOutlook: the rank pages’ conditions judged like the plans’ pin criteria', () => {
  const months = PY2627.slice(0, 3).map((m) => rec(m, { pgpv: 4_000, qLegIds: ['L1'] }));
  const outlook = pinOutlook({ months, initialPin: PIN.PLATINUM, frontlineLegs: 3 }, '2026-11-21');
  const cond = (pin: number, counter: string) => outlook.find((o) => o.pin === pin)!.conditions.find((c) => c.counter === counter)!;

  it('12 legs with a frontline of 3 is at risk while new legs can still be Q long enough; out once they cannot', () => {
    // November: a leg sponsored now has 10 months to be Q the 6 a qualified leg needs.
    const legs = cond(PIN.DOUBLE_DIAMOND, 'qualifiedLegs');
    expect(legs.status).toBe('atRisk');
    expect(legs.reason).toBeNull();
    // May: 4 months left, too few for a new leg; the three legs cannot make twelve.
    const may = pinOutlook({ months, initialPin: PIN.PLATINUM, frontlineLegs: 3 }, '2027-05-21');
    const late = may.find((o) => o.pin === PIN.DOUBLE_DIAMOND)!.conditions.find((c) => c.counter === 'qualifiedLegs')!;
    expect(late.status).toBe('outOfReach');
    expect(late.reason!.en).toMatch(/the frontline has only 3/);
  });

  it('SP months the closed months hold are met; reached only with the open month, on track', () => {
    // Sep and Oct closed SP, November SP so far: Silver's SP months are met, Gold's third rests on November.
    expect(cond(PIN.SILVER, 'spMonths').status).toBe('met');
    expect(cond(PIN.GOLD, 'spMonths').status).toBe('onTrack');
    expect(cond(PIN.GOLD, 'spMonths').reason!.en).toBe('met so far: confirmed when this month closes');
    expect(cond(PIN.SILVER, 'spMonths').reason).toBeNull();
    expect(
      pinOutlook({ months, initialPin: PIN.PLATINUM, frontlineLegs: 3 }, '2026-12-02')
        .find((o) => o.pin === PIN.GOLD)!
        .conditions.find((c) => c.counter === 'spMonths')!.status,
    ).toBe('met');
    expect(['onTrack', 'atRisk']).toContain(cond(PIN.PLATINUM, 'spMonths').status);
  });
});

describe('the open month so far', () => {
  // Q in Sep and Oct (2 PQ months, 3 needed) and in November so far: the third PQ month rests on
  // a month that is not closed yet.
  const months = PY2627.slice(0, 3).map((m) => rec(m, { q: true }));
  const pqOf = (today: string) => evaluatePlan(plan('SEMINAR_2627'), { months }, { today }).criteria.find((c) => c.kind === 'pqMonths')!;

  it('counts, but a criterion only it carries over the line is on track, not met', () => {
    const pq = pqOf('2026-11-21');
    expect(pq.achieved).toBe(3);
    expect(pq.met).toBe(false);
    expect(pq.status).toBe('onTrack');
    expect(pq.gap).toMatchObject({ stillNeeded: 0, possible: true });
    expect(pq.gap!.text.en).toBe('met so far: confirmed when this month closes');
    expect(pq.trace!.find((t) => t.month === '2026-11')).toMatchObject({ state: 'open', counted: true });
  });

  it('is met once the month closes', () => {
    const pq = pqOf('2026-12-02');
    expect(pq).toMatchObject({ achieved: 3, met: true, status: 'met', gap: null });
  });

  it('a sum reached only with the open month waits for the close too', () => {
    const r = evaluatePlan(
      plan('SEMINAR_2627'),
      { months: [...months.slice(0, 2), rec('2026-11', { apv: 80_000 })] },
      { today: '2026-11-21' },
    );
    const apv = r.criteria.find((c) => c.kind === 'apv')!;
    expect(apv.achieved).toBe(100_000);
    expect(apv.met).toBe(false);
    expect(apv.status).toBe('onTrack');
  });
});

describe('a score reached only with the open month', () => {
  // One point per 100 APV: the closed months give 76, November so far lifts it to 114.
  const INDEX: Criterion = {
    kind: 'score',
    min: 100,
    name: { zh: '海外培训指数', en: 'Overseas training index' },
    components: [{ source: 'apvCumulative', name: { zh: '累计APV', en: 'Cumulative APV' }, per: 100, points: 1 }],
  };
  const months = [rec('2026-09', { apv: 4_000 }), rec('2026-10', { apv: 3_600 }), rec('2026-11', { apv: 3_800 })];
  const judge = (today: string) => evaluateCriterion(INDEX, summarizeHistory({ months }, PY2627, today));

  it('is on track, met so far, until that month closes', () => {
    const soFar = judge('2026-11-21');
    expect([soFar.achieved, soFar.met, soFar.status]).toEqual([114, false, 'onTrack']);
    expect(soFar.gap!.text.en).toBe('met so far: confirmed when this month closes');
    // No month ahead "needs 0 points".
    expect(soFar.trace!.filter((t) => t.need !== undefined)).toEqual([]);
  });

  it('is met once the closed months reach it', () => {
    expect(judge('2026-12-02')).toMatchObject({ achieved: 114, met: true, status: 'met' });
    // Closed months already over the line: met, whatever the open month adds.
    const ahead = evaluateCriterion(
      INDEX,
      summarizeHistory({ months: [rec('2026-09', { apv: 10_500 }), months[2]!] }, PY2627, '2026-10-12'),
    );
    expect([ahead.met, ahead.status]).toEqual([true, 'met']);
  });
});

describe('pin criteria ask for the pin qualified in the plan’s PY, not the pin held', () => {
  const PLATINUM: Criterion = { kind: 'pinAtLeast', pin: PIN.PLATINUM };
  /** SP months by flag over a PY (SP on 10 000 PGPV, else 3 000). */
  const year = (py: readonly string[], flags: readonly number[]) => py.map((m, i) => rec(m, { q: flags[i] === 1 }));
  const held = { pins: [{ pinCode: PIN.PLATINUM, month: '2024-05' }] };
  const judge = (months: MonthRecord[], py: readonly string[], today?: string) =>
    evaluateCriterion(PLATINUM, summarizeHistory({ months, ...held }, py, today));

  it('a closed PY: met at exactly 6 SP months with 3 in a row, missed one SP month short though Platinum is held', () => {
    //                         Sep Oct Nov Dec Jan Feb Mar Apr May Jun Jul Aug
    const at = judge(year(PY2526, [1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0]), PY2526);
    expect([at.achieved, at.status]).toEqual([PIN.PLATINUM, 'met']);
    expect(at.label.en).toBe('Pin Platinum or above, qualified in 25/26');
    expect(at.label.zh).toBe('25/26年度达到白金或以上资格');
    // The trace: the pin qualified by the end of each month.
    expect(at.trace!.map((t) => t.value)).toEqual([310, 310, 310, 310, 320, 320, 320, 320, 330, 330, 330, 330]);
    const short = judge(year(PY2526, [1, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0]), PY2526);
    expect([short.achieved, short.status, short.met]).toEqual([PIN.GOLD, 'missed', false]);
    expect(short.gap!.text.en).toBe('Platinum not qualified in 25/26');
    expect(short.gap!.text.zh).toBe('25/26年度未达到白金资格');
  });

  it('an open PY: on track or at risk by the months left, out of reach with the reason when it cannot happen', () => {
    // Today 2026-11-21: Sep and Oct closed. Two SP months: on the pace of 6 in 12.
    const two = judge(year(PY2627, [1, 1, 0]), PY2627, '2026-11-21');
    expect([two.achieved, two.status]).toEqual([PIN.SILVER, 'onTrack']);
    expect(two.gap!.text.en).toBe('qualify as Platinum in 26/27 by 31 Aug 2027: 6 SP months in the PY, 3 consecutive');
    // None in the closed months: behind the pace.
    expect(judge(year(PY2627, [0, 0, 0]), PY2627, '2026-11-21').status).toBe('atRisk');
    // Today 2027-06-05 with 2 SP months: 4 more needed, only Jun, Jul and Aug left.
    const late = judge(year(PY2627, [1, 1, 0, 0, 0, 0, 0, 0, 0]), PY2627, '2027-06-05');
    expect(late.status).toBe('outOfReach');
    expect(late.reason).toEqual({
      code: 'pinNotReachable',
      params: { pin: PIN.PLATINUM, cond: 'spMonths', min: 6, got: 2, open: 3 },
      text: {
        zh: '白金需本年度6个SP月：目前2个，仅剩3个月',
        en: 'Platinum needs 6 SP months in the PY: 2 so far and only 3 months left',
      },
    });
    // Exactly enough left (4 SP months needed, 4 left, a run of 3 possible): at risk, not out.
    expect(judge(year(PY2627, [1, 1, 0, 0, 0, 0, 0, 0]), PY2627, '2027-05-05').status).toBe('atRisk');
  });

  it('the open month alone carrying it over the line is "met so far" (on track), met once it closes', () => {
    // Sep–Jan SP (5, a run of 5), February the month to date with an SP month so far.
    const months = year(PY2627, [1, 1, 1, 1, 1, 1]);
    const soFar = judge(months, PY2627, '2027-02-20');
    expect([soFar.achieved, soFar.met, soFar.status]).toEqual([PIN.PLATINUM, false, 'onTrack']);
    expect(soFar.gap!.text.en).toBe('met so far: confirmed when this month closes');
    const closed = judge(months, PY2627, '2027-03-02');
    expect([closed.achieved, closed.met, closed.status]).toEqual([PIN.PLATINUM, true, 'met']);
  });

  it('judges the pin pyQualification gives for the PY’s months (random histories, gaps included)', () => {
    const month = fc.record({
      present: fc.integer({ min: 0, max: 9 }),
      sp: fc.boolean(),
      apv: fc.integer({ min: 0, max: 8_000 }),
      pgpv: fc.integer({ min: 0, max: 24_000 }),
      legs: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(month, { minLength: 12, maxLength: 12 }), (ms) => {
        const months: MonthRecord[] = [];
        PY2627.forEach((m, i) => {
          const x = ms[i]!;
          if (x.present === 0) return; // a gap breaks a consecutive run in both
          const legs = x.legs.map((v, k) => ({ id: `L${k}`, isQ: v < 8 }));
          const qLegs = legs.filter((l) => l.isQ).length;
          months.push({ ...rec(m, { pgpv: x.pgpv, apv: x.apv, isSp: x.sp }), legs, qLegs });
        });
        const r = evaluateCriterion({ kind: 'pinAtLeast', pin: PIN.SILVER }, summarizeHistory({ months }, PY2627));
        expect(r.achieved).toBe(pyQualification(months, '26/27').pinCode);
      }),
      { seed: 11, numRuns: 400 },
    );
  });

  it('counts the plan’s PY only: last PY’s SP months do not qualify this one', () => {
    const months = [...year(PY2526, Array(12).fill(1)), ...year(PY2627, [0, 0])];
    const r = evaluatePlan(plan('SEMINAR_2627'), { months, ...held }, { today: '2026-11-21' });
    expect(r.criteria[0]).toMatchObject({ kind: 'pinAtLeast', achieved: PIN.MEMBER, met: false, status: 'atRisk' });
    const last = evaluatePlan(plan('SEMINAR_2526'), { months, ...held }, { today: '2026-11-21' });
    expect(last.criteria[0]).toMatchObject({ kind: 'pinAtLeast', achieved: PIN.FOUNDERS_PLATINUM, met: true });
  });
});
