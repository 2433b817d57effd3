import { describe, expect, it } from 'vitest';
import { memberJoinedEvent, apvToSpMonth, legEvents, monthClosedEvent, nearThresholdEvents, pinReachedEvent } from './notifications.ts';
import { PAID_OCTOBER } from './notifications.test-support.ts';
import { PIN } from './pins.ts';
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
  const paid = PAID_OCTOBER;

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
