import { describe, expect, it } from 'vitest';
import { PIN } from '../pins.ts';
import { readReason, reasonText, withText } from './reason-catalogue.ts';
import { PLANS } from './registry.ts';
import type { AttendanceEvent, Reason } from './types.ts';

// The forms the engine's own cases (summary-codec.test.ts) do not reach today, worded as the
// engine worded them before reasons became data.
const cases: [string, Reason, string, string][] = [
  [
    'more of a figure than the months left can give',
    { code: 'monthsLeft', params: { kind: 'apv', still: 12_000, left: 3 } },
    '还需12,000 PV，剩余3个月无法达到',
    '12,000 more PV needed: more than the remaining 3 months can give',
  ],
  [
    'more of a figure than the last month can give',
    { code: 'monthsLeft', params: { kind: 'points', still: 1, left: 1 } },
    '还需1积分，最后1个月无法达到',
    '1 more point needed: more than the last month can give',
  ],
  [
    'FLQ months without a frontline',
    { code: 'legs', params: { kind: 'flqMonths', still: 5, legs: 0, cap: 0, left: 4 } },
    '还需5个FLQ月，但没有一线',
    '5 more FLQ months needed, but there are no frontline legs',
  ],
  [
    'FLQ months the one leg can no longer add',
    { code: 'legs', params: { kind: 'flqMonths', still: 5, legs: 1, cap: 0, left: 1 } },
    '还需5个FLQ月，但1条一线在最后1个月内已无法再得',
    '5 more FLQ months needed, but the 1 frontline leg can add none in the last month',
  ],
  [
    'FLQ months beyond what the frontline can add',
    { code: 'legs', params: { kind: 'flqMonths', still: 1_500, legs: 2, cap: 1_200, left: 10 } },
    '还需1,500个FLQ月，但2条一线在剩余10个月内最多只能再得1,200个',
    '1,500 more FLQ months needed, but the 2 frontline legs can add at most 1,200 in the remaining 10 months',
  ],
  [
    'two events passed, one undated',
    { code: 'eventPassed', params: { events: ['SEM2627-BRIEF', 'SEM2627-ONLINE'], still: 2, open: 0 } },
    '研讨会行前说明会（2027-06）、线上资格课程已过，未出席',
    'Seminar briefing (2027-06), Online qualification course passed without attendance',
  ],
  [
    'a pin short of qualification credits',
    { code: 'pinNotReachable', params: { pin: PIN.EXECUTIVE_DIAMOND, cond: 'qualificationCredits', min: 3, got: 1 } },
    '执行专才钻石需3个资格积分（下线本年度合资格的领导人）：本年度结算为1个',
    "Executive Diamond needs 3 qualification credits (the downline's leaders qualified in the PY): the PY closed with 1",
  ],
  [
    'a pin with no condition to name',
    { code: 'pinNotReachable', params: { pin: PIN.RUBY, end: '2027-08' } },
    '红宝石无法于2027-08-31前达到',
    'Ruby cannot be reached by 31 Aug 2027',
  ],
];

describe('the reason catalogue', () => {
  it.each(cases)('words %s in both languages, and reads it back from its stored params', (_, reason, zh, en) => {
    expect(reasonText(reason)).toEqual({ zh, en });
    const stored = JSON.parse(JSON.stringify(reason)) as { code: unknown; params: unknown };
    const back = readReason(stored.code, stored.params);
    expect(back).toEqual(reason);
    expect(withText(back!)).toEqual({ ...reason, text: { zh, en } });
  });

  it('names the events of the criterion it comes from, which need not be in the registry', () => {
    const events: AttendanceEvent[] = [{ code: 'E1', name: { zh: '活动', en: 'Event' }, month: '2026-10' }];
    const reason: Reason = { code: 'eventPassed', params: { events: ['E1'], still: 1, open: 1 } };
    expect(reasonText(reason, events)).toEqual({
      zh: '活动（2026-10）已过，未出席：还需出席1场，仅剩1场',
      en: 'Event (2026-10) passed without attendance: 1 more needed, only 1 still to come',
    });
    // Stored, it is read without its plan: an event the registry does not know cannot be worded.
    expect(readReason('eventPassed', reason.params)).toBeNull();
  });

  it('finds one event for each event code of the registry, wherever a plan asks for it', () => {
    const seen = new Map<string, AttendanceEvent>();
    for (const plan of PLANS) {
      for (const c of [...plan.criteria, ...(plan.levels?.list.flatMap((l) => l.criteria) ?? [])]) {
        if (c.kind !== 'attendance') continue;
        for (const e of c.events) {
          const first = seen.get(e.code);
          if (first) expect({ code: e.code, name: e.name, month: e.month }).toEqual({ code: e.code, name: first.name, month: first.month });
          else seen.set(e.code, e);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });
});
