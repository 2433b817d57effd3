import { describe, expect, it } from 'vitest';
import { notificationWords, type NoteCode } from './notification-catalogue.ts';
import { eventDeadlineEvents, planEvents } from './plan-notifications.ts';
import {
  legEvents,
  memberJoinedEvent,
  monthClosedEvent,
  nearThresholdEvents,
  pinReachedEvent,
  type NotificationEvent,
} from './notifications.ts';
import { PAID_OCTOBER } from './notifications.test-support.ts';
import { PIN } from './pins.ts';
import { SEMINAR_2627 } from './plans/py2627.ts';
import { PY2627 } from './rules/py2627.ts';

const rules = PY2627;
const closed = PAID_OCTOBER;
const none = SEMINAR_2627.criteria.map(() => 0);
const oneMet = none.map((_, i) => (i === 1 ? 3 : 0));
const leg = (gpv: number, qLastMonth: boolean) => ({ id: `L${gpv}`, name: { zh: '王芳', en: 'Wang Fang' }, ref: 'r1', gpv, qLastMonth });

/** An event of every kind and form the builders make. */
const events: NotificationEvent[] = [
  monthClosedEvent(closed, rules),
  monthClosedEvent({ ...closed, gpv: 8_009, bracket: 18, apv: 8_009, isSp: false, statement: null }, rules),
  monthClosedEvent({ ...closed, gpv: 150, bracket: 0, apv: 150, isSp: false, statement: null, debitCarriedFen: 41_400 }, rules),
  ...nearThresholdEvents({ month: '2026-11', today: '2026-11-21', gpv: 8_600, apv: 8_600, qLegs: 0, isSp: false }, rules),
  ...nearThresholdEvents({ month: '2026-11', today: '2026-11-30', gpv: 10_100, apv: 3_600, qLegs: 1, isSp: false }, rules),
  ...legEvents('2026-11', '2026-11-25', [leg(10_500, false), leg(2_000, true)], rules),
  memberJoinedEvent({ id: '7001', name: { zh: '李娜', en: 'Li Na' }, ref: 'r2', generation: 1, joinedOn: '2026-11-03' }),
  memberJoinedEvent({ id: '7002', name: { zh: '张伟', en: 'Zhang Wei' }, ref: 'r3', generation: 3, joinedOn: '2026-11-04' }),
  pinReachedEvent(PIN.EMERALD, '2026-10'),
  ...planEvents({ plan: SEMINAR_2627, py: '26/27', status: 'met', reason: null, achieved: none, soFar: [] }),
  ...planEvents({
    plan: SEMINAR_2627,
    py: '26/27',
    status: 'outOfReach',
    reason: { code: 'monthsLeft', params: { kind: 'pqMonths', still: 3, left: 2 } },
    achieved: oneMet,
    soFar: [],
  }),
  ...planEvents({ plan: SEMINAR_2627, py: '26/27', status: 'outOfReach', reason: null, achieved: oneMet, soFar: [] }),
  // A summary stored before reasons were data: its words.
  ...planEvents({
    plan: SEMINAR_2627,
    py: '26/27',
    status: 'outOfReach',
    reason: { code: 'monthsLeft', text: { zh: '剩余月份不足', en: 'Not enough months left' } },
    achieved: oneMet,
    soFar: [],
  }),
  ...eventDeadlineEvents({ plan: SEMINAR_2627, py: '26/27', status: 'atRisk', attended: new Set(), today: '2027-03-31' }),
];

describe('the notification catalogue (what a message says, from its note)', () => {
  it('words each event’s note into the title and body it carries, from plain JSON alone', () => {
    for (const e of events) {
      const stored = JSON.parse(JSON.stringify(e.note)) as typeof e.note;
      expect(stored, e.key).toEqual(e.note);
      expect(notificationWords(stored), e.key).toEqual({ title: e.title, body: e.body });
    }
  });

  it('is reached by every note code, and says something in both languages for each', () => {
    const codes: Record<NoteCode, true> = {
      monthClosed: true,
      nearBracket: true,
      nearQMonth: true,
      legQualified: true,
      legSlipping: true,
      memberJoined: true,
      pinReached: true,
      planMet: true,
      planOutOfReach: true,
      criterionMet: true,
      eventDeadline: true,
    };
    expect(new Set(events.map((e) => e.note.code))).toEqual(new Set(Object.keys(codes)));
    for (const e of events) for (const t of [e.title, e.body]) expect(t.zh && t.en, e.key).toBeTruthy();
  });

  it('says each form of a closed month’s goal and fee', () => {
    expect(events.slice(0, 3).map((e) => e.body.en)).toEqual([
      'a Q month ✓ · net fee ¥1,272.40 paid on 11-15',
      '18% bracket, 1,991 PV short of a Q month · no service fee this month',
      '50 PV short of the 3% bracket · returns took the fees below zero: nothing paid, ¥414.00 taken from the next statement',
    ]);
  });

  it('words a plan out of reach by its reason (a stored one by its words), or says the months left cannot do it', () => {
    const out = events.filter((e) => e.note.code === 'planOutOfReach').map((e) => e.body.en);
    expect(out).toHaveLength(3);
    expect(out[0]).not.toBe(out[1]);
    expect(out.slice(1)).toEqual(['The remaining months cannot meet every criterion', 'Not enough months left']);
  });

  it('refuses a plan the registry does not know rather than wording it wrong', () => {
    expect(() => notificationWords({ code: 'planMet', params: { plan: 'NO_SUCH_PLAN', py: '26/27' } })).toThrow(/unknown plan/);
  });
});
