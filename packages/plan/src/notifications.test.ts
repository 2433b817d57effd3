import { describe, expect, it } from 'vitest';
import {
  memberJoinedEvent,
  apvToSpMonth,
  eventDeadlineEvents,
  eventDeadlinesNear,
  legEvents,
  monthClosedEvent,
  nearThresholdEvents,
  pinReachedEvent,
  planEvents,
  resultsMakeNews,
  type ClosedMonthFacts,
  type EventDeadlineFacts,
} from './notifications.ts';
import { addMonths } from './calendar.ts';
import { evaluatePlans } from './plans/evaluate.ts';
import { planMonths } from './plans/history-summary.ts';
import { monthRecord } from './plans/month-record.test-support.ts';
import { PLANS, planByCode, plansFor } from './plans/registry.ts';
import { decodePlanSummary, encodePlanSummary } from './plans/summary-codec.ts';
import { PIN } from './pins.ts';
import { SEMINAR_2627 } from './plans/py2627.ts';
import { PY2627 } from './rules/py2627.ts';

const rules = PY2627;

describe('apvToSpMonth (the SP-month test, rules.sp)', () => {
  it('needs the APV alone without 21 % legs, less with one, none with two', () => {
    expect(apvToSpMonth(8_009, 0, rules)).toBe(1_991);
    expect(apvToSpMonth(3_000, 1, rules)).toBe(1_000);
    expect(apvToSpMonth(0, 2, rules)).toBe(0);
    expect(apvToSpMonth(12_000, 0, rules)).toBe(0);
  });
});

describe('monthClosedEvent', () => {
  const paid: ClosedMonthFacts = {
    month: '2026-10',
    gpv: 10_400,
    bracket: 21,
    apv: 10_400,
    qLegs: 0,
    isSp: true,
    statement: { netFen: 127_240, paidOn: '2026-11-15' },
    seminarCode: 'SEMINAR_2627',
  };

  it('says a Q month, the net fee and its payment date, and links the statement of that month', () => {
    const e = monthClosedEvent(paid, rules);
    expect(e).toMatchObject({
      kind: 'monthClosed',
      key: 'monthClosed:2026-10',
      month: '2026-10',
      link: '/income/servicefee?month=2026-10',
    });
    expect(e.title.en).toBe('October closed');
    expect(e.title.zh).toBe('10月已结算');
    expect(e.body.en).toBe('a Q month ✓ · net fee ¥1,272.40 paid on 11-15');
    expect(e.body.zh).toBe('Q 月 ✓ · 净服务费 ¥1,272.40，11-15 发放');
  });

  it('says how far a month fell short of Q, and links the seminar’s month when nothing was paid', () => {
    const e = monthClosedEvent({ ...paid, gpv: 8_009, bracket: 18, apv: 8_009, isSp: false, statement: null }, rules);
    expect(e.body.en).toBe('18% bracket, 1,991 PV short of a Q month · no service fee this month');
    expect(e.link).toBe('/incentiveplan/qualificationquery?code=SEMINAR_2627&month=2026-10');
    expect(e.params).toMatchObject({ q: 0, pvShort: 1_991 });
  });

  it('says a claw-back month pays nothing and what it carries, and links its statement', () => {
    const e = monthClosedEvent(
      { ...paid, gpv: 8_000, bracket: 18, apv: -2_000, isSp: false, statement: null, debitCarriedFen: 414_000 },
      rules,
    );
    expect(e.body.en).toBe(
      '18% bracket, 12,000 PV short of a Q month · returns took the fees below zero: nothing paid, ¥4,140.00 taken from the next statement',
    );
    expect(e.body.zh).toContain('退货使本月合计为负：不发放，¥4,140.00 从下期结单扣回');
    expect(e.link).toBe('/income/servicefee?month=2026-10');
  });

  it('points a month below the first bracket at that bracket, as home’s first goal does', () => {
    const e = monthClosedEvent({ ...paid, gpv: 150, bracket: 0, apv: 150, isSp: false, statement: null }, rules);
    expect(e.body.en).toBe('50 PV short of the 3% bracket · no service fee this month');
    expect(e.body.zh).toBe('距 3% 档还差 50 PV · 本月无服务费');
  });
});

describe('nearThresholdEvents', () => {
  const open = { month: '2026-11', today: '2026-11-22', gpv: 9_100, apv: 9_100, qLegs: 0, isSp: false };

  it('tells the next bracket within 15 % of it, with the days left; the Q month with it once, as the bracket', () => {
    const events = nearThresholdEvents(open, rules);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ key: 'nearThreshold:2026-11:bracket:21', link: '/achievement/topup' });
    expect(events[0]!.body.en).toBe('Group PV so far 9,100: 900 more PV reaches 21% · 9 days left');
  });

  it('tells nothing further from the threshold', () => {
    expect(nearThresholdEvents({ ...open, gpv: 8_000, apv: 8_000 }, rules)).toEqual([]);
  });

  it('tells the SP month on its own when a 21 % leg lowers it (the group is already at 21 %)', () => {
    const events = nearThresholdEvents({ ...open, gpv: 14_000, apv: 3_600, qLegs: 1 }, rules);
    expect(events.map((e) => e.key)).toEqual(['nearThreshold:2026-11:sp']);
    expect(events[0]!.title.en).toBe('400 APV from a Q month');
  });

  it('says "1 day left" on the last day', () => {
    expect(nearThresholdEvents({ ...open, today: '2026-11-30' }, rules)[0]!.body.en).toMatch(/· 1 day left$/);
  });
});

describe('legEvents', () => {
  const leg = { id: '10000123', name: { zh: '李四', en: 'Li Si' }, ref: 'm42', gpv: 10_250, qLastMonth: false };

  it('tells a leg that reached Q this month, linking its details', () => {
    const [e] = legEvents('2026-11', '2026-11-10', [leg], rules);
    expect(e).toMatchObject({ kind: 'legQualified', key: 'legQualified:2026-11:10000123', link: '/incentiveplan/marketdetails?ref=m42' });
    expect(e!.title.en).toBe('Li Si reached Q this month');
  });

  it('tells a leg Q last month that is under half the threshold with 10 days or fewer left, not earlier', () => {
    const slipping = { ...leg, gpv: 3_000, qLastMonth: true };
    expect(legEvents('2026-11', '2026-11-20', [slipping], rules)).toEqual([]);
    const [e] = legEvents('2026-11', '2026-11-21', [slipping], rules);
    expect(e).toMatchObject({ kind: 'legSlipping', key: 'legSlipping:2026-11:10000123' });
    expect(e!.body.en).toBe('Q last month; group PV so far 3,000, 7,000 PV to go · 10 days left');
    expect(legEvents('2026-11', '2026-11-25', [{ ...slipping, gpv: 5_000 }], rules)).toEqual([]);
  });
});

describe('pinReachedEvent', () => {
  it('is once per pin, in both languages', () => {
    const e = pinReachedEvent(PIN.PLATINUM, '2026-10');
    expect(e.key).toBe('pinReached:330');
    expect(e.body.en).toBe('You reached Platinum in October 2026');
    expect(e.body.zh).toContain('2026年10月');
  });
});

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
    const reason = { zh: '剩余月份不足', en: 'Not enough months left' };
    const outOfReach = { plan: SEMINAR_2627, py: '26/27', status: 'outOfReach' as const, reason: { text: reason }, soFar: [] };
    expect(planEvents({ ...outOfReach, achieved: achievedNone })).toEqual([]);
    const achieved = achievedNone.map((_, i) => (i === 1 ? 3 : 0));
    const [e] = planEvents({ ...outOfReach, achieved });
    expect(e).toMatchObject({ key: 'planProgress:SEMINAR_2627:26/27:outOfReach', body: reason });
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

describe('memberJoinedEvent', () => {
  it('names the member, the day and how far down, once per member', () => {
    const e = memberJoinedEvent({
      id: '86100005',
      name: { zh: '赵敏', en: 'Zhao Min' },
      ref: 'm-12',
      generation: 1,
      joinedOn: '2026-11-18',
    });
    expect(e).toMatchObject({ kind: 'memberJoined', key: 'memberJoined:86100005', month: '2026-11' });
    expect(e.title).toEqual({ zh: '赵敏 加入了您的团队', en: 'Zhao Min joined your team' });
    expect(e.body).toEqual({ zh: '2026年11月18日加入 · 由您推荐', en: 'Joined on 18 Nov 2026 · sponsored by you' });
    expect(e.link).toBe('/incentiveplan/marketdetails?ref=m-12');
    const deeper = memberJoinedEvent({
      id: '86100006',
      name: { zh: '孙*', en: 'S***' },
      ref: 'm-13',
      generation: 3,
      joinedOn: '2026-11-19',
    });
    expect(deeper.body.en).toBe('Joined on 19 Nov 2026 · generation 3 of your team');
    expect(deeper.body.zh).toBe('2026年11月19日加入 · 您团队的第 3 代');
  });
});
