import { describe, expect, it } from 'vitest';
import { addMonths } from './calendar.ts';
import { eventDeadlineEvents, eventDeadlinesNear, planEvents, resultsMakeNews, type EventDeadlineFacts } from './plan-notifications.ts';
import { evaluatePlans } from './plans/evaluate.ts';
import { planMonths } from './plans/history-summary.ts';
import { monthRecord } from './plans/month-record.test-support.ts';
import { reasonText } from './plans/reason-catalogue.ts';
import { PLANS, planByCode, plansFor } from './plans/registry.ts';
import { decodePlanSummary, encodePlanSummary } from './plans/summary-codec.ts';
import { SEMINAR_2627 } from './plans/py2627.ts';

describe('planEvents', () => {
  const achievedNone = SEMINAR_2627.criteria.map(() => 0);

  it('tells a plan met once, with a link to that PY’s plan', () => {
    const events = planEvents({ plan: SEMINAR_2627, py: '26/27', status: 'met', reason: null, achieved: achievedNone, soFar: [] });
    expect(events.map((e) => e.key)).toEqual(['planProgress:SEMINAR_2627:26/27:met']);
    expect(events[0]!.link).toBe(`${SEMINAR_2627.route}?year=26%2F27`);
  });

  it('tells each criterion met, but not one that reaches its value only with the open month so far', () => {
    // PQ months 3 of 3 (met), FLQ months 8 of 8 only with this month so far (not met yet).
    const achieved = [0, 3, 8, 0, 0].slice(0, SEMINAR_2627.criteria.length);
    const events = planEvents({ plan: SEMINAR_2627, py: '26/27', status: 'onTrack', reason: null, achieved, soFar: [2] });
    expect(events.map((e) => e.key)).toEqual(['planProgress:SEMINAR_2627:26/27:criterion:1']);
    expect(events[0]!.body.en).toMatch(/✓$/);
  });

  it('tells a plan out of reach with its reason, once the distributor was working on it (a criterion met)', () => {
    const reason = { code: 'monthsLeft', params: { kind: 'pqMonths', still: 3, left: 2 } } as const;
    const outOfReach = { plan: SEMINAR_2627, py: '26/27', status: 'outOfReach' as const, reason, soFar: [] };
    expect(planEvents({ ...outOfReach, achieved: achievedNone })).toEqual([]);
    const achieved = achievedNone.map((_, i) => (i === 1 ? 3 : 0));
    const [e] = planEvents({ ...outOfReach, achieved });
    expect(e).toMatchObject({ key: 'planProgress:SEMINAR_2627:26/27:outOfReach', body: reasonText(reason) });
    expect(e!.body.en).toMatch(/month/);
  });
});

describe('resultsMakeNews (plan_results.news: which summaries a month’s end reads back)', () => {
  it('is true exactly when the stored summary makes a planProgress event', () => {
    // Members from idle to a leader with Q legs, their months from September 2025 to a day of the PY.
    let told = 0;
    let quiet = 0;
    for (const today of ['2026-10-02', '2026-12-01', '2027-03-15', '2027-08-31']) {
      for (let k = 0; k < 40; k++) {
        const months = [];
        for (let m = '2025-09'; m <= today.slice(0, 7); m = addMonths(m, 1)) {
          const pgpv = ((k * 7919 + m.charCodeAt(6) * 131) % 5) * (k % 4) * 1_500;
          months.push(monthRecord(m, { pgpv, qLegIds: k % 3 === 0 ? ['L1', 'L2', 'L3'].slice(0, k % 4) : [], newCustomers: k % 5 }));
        }
        const results = evaluatePlans(plansFor('26/27'), { months, pins: [], initialPin: k % 6 ? 230 : 330 }, { today, detail: false });
        const events = [...decodePlanSummary(encodePlanSummary(results))].flatMap(([code, e]) =>
          planEvents({ plan: planByCode(code)!, py: '26/27', status: e.status, reason: null, achieved: e.achieved, soFar: e.soFar ?? [] }),
        );
        expect(resultsMakeNews(results), `${today} #${k}`).toBe(events.length > 0);
        if (events.length) told++;
        else quiet++;
      }
    }
    expect(told).toBeGreaterThan(10);
    expect(quiet).toBeGreaterThan(10);
  });
});

describe('eventDeadlineEvents', () => {
  const plan = SEMINAR_2627;
  const facts = (over: Partial<EventDeadlineFacts> = {}): EventDeadlineFacts => ({
    plan,
    py: '26/27',
    status: 'atRisk',
    attended: new Set(),
    today: '2027-03-28',
    ...over,
  });

  it('tells an event whose registration closes in 3 days, linking the plan of that PY', () => {
    const [e, ...rest] = eventDeadlineEvents(facts());
    expect(rest).toEqual([]);
    expect(e).toMatchObject({
      kind: 'eventDeadline',
      key: 'eventDeadline:SEMINAR_2627:SEM2627-ONLINE',
      link: '/incentiveplan/seminars?year=26%2F27',
      params: { event: 'SEM2627-ONLINE', closes: '2027-03-31', daysLeft: 3 },
    });
    expect(e!.title).toEqual({ zh: '线上资格课程报名3月31日截止', en: 'Online qualification course: registration closes 31 Mar' });
    expect(e!.body).toEqual({
      zh: `还剩3天 · 出席是${plan.name.zh}（26/27）的条件之一`,
      en: `3 days left · attending is a criterion of ${plan.name.en} (26/27)`,
    });
  });

  it('tells nothing 4 days ahead or after the deadline; says "closes today" on the day', () => {
    expect(eventDeadlineEvents(facts({ today: '2027-03-27' }))).toEqual([]);
    expect(eventDeadlineEvents(facts({ today: '2027-04-01' }))).toEqual([]);
    expect(eventDeadlineEvents(facts({ today: '2027-03-31' }))[0]!.body.en).toMatch(/^closes today · /);
  });

  it('eventDeadlinesNear says the days on which some plan of the PY may tell one', () => {
    // The online course's registration closes on 31 March 2027: told from the 28th through the 31st.
    expect(['2027-03-27', '2027-03-28', '2027-03-31', '2027-04-01'].map((d) => eventDeadlinesNear('26/27', d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    // Every day an event of any plan of the PY tells a deadline, it says so.
    for (let day = Date.UTC(2026, 8, 1); day <= Date.UTC(2027, 7, 31); day += 86_400_000) {
      const today = new Date(day).toISOString().slice(0, 10);
      const any = plansFor('26/27').some((plan) =>
        (['onTrack', 'atRisk'] as const).some(
          (status) => eventDeadlineEvents({ plan, py: '26/27', status, attended: new Set(), today }).length > 0,
        ),
      );
      expect(eventDeadlinesNear('26/27', today), today).toBe(any);
    }
  });

  it('tells nothing once attended, or for a plan met, missed or out of reach', () => {
    expect(eventDeadlineEvents(facts({ attended: new Set(['SEM2627-ONLINE']) }))).toEqual([]);
    for (const status of ['met', 'missed', 'outOfReach'] as const) expect(eventDeadlineEvents(facts({ status }))).toEqual([]);
  });

  it('every event deadline in the plans is a real day within its plan’s period, before the event’s month', () => {
    for (const p of PLANS) {
      const months = planMonths(p);
      const events = [...p.criteria, ...(p.levels?.list ?? []).flatMap((l) => l.criteria)].flatMap((c) =>
        c.kind === 'attendance' ? c.events : [],
      );
      for (const e of events) {
        if (!e.registrationCloses) continue;
        const d = new Date(`${e.registrationCloses}T00:00:00Z`);
        expect(d.toISOString().slice(0, 10), `${p.code} ${e.code}`).toBe(e.registrationCloses);
        expect(months, `${p.code} ${e.code}`).toContain(e.registrationCloses.slice(0, 7));
        if (e.month) expect(e.registrationCloses.slice(0, 7) < e.month, `${p.code} ${e.code}`).toBe(true);
      }
    }
  });
});
