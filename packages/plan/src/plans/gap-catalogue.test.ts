import { describe, expect, it } from 'vitest';
import { pyMonths } from '../calendar.ts';
import { PIN } from '../pins.ts';
import { evaluateCriterion } from './criterion-status.ts';
import { gapText, needText } from './gap-catalogue.ts';
import { summarizeHistory } from './history-summary.ts';
import type { AttendanceEvent, Criterion, GapCode, NeedCode, PlanHistory } from './types.ts';
import { monthRecord as month } from './month-record.test-support.ts';

// Every gap sentence and month need the engine gives, in both languages, as it gave them before
// they became data (issue #34): the catalogue words each of them byte for byte from the code and
// params the engine finds.

const PY = pyMonths('26/27');

const event = (code: string, zh: string, en: string, m?: string): AttendanceEvent => ({
  code,
  name: { zh, en },
  ...(m ? { month: m } : {}),
});
const EVENTS = [
  event('T-KICKOFF', '启动会', 'Kick-off', '2027-03'),
  event('T-BRIEF', '说明会', 'Briefing', '2027-03'),
  event('T-ONLINE', '线上课程', 'Online course'),
];
const SCORE: Criterion = {
  kind: 'score',
  min: 3_000,
  components: [{ source: 'pqMonths', name: { zh: 'PQ月', en: 'PQ months' }, per: 1, points: 500 }],
  name: { zh: '积分', en: 'Points' },
};
const MEETING: Criterion = { kind: 'monthsMeeting', min: 2, condition: { ppv: 1_000 }, name: { zh: '达标月', en: 'Qualifying months' } };
const legMonths = (n: number, ids: string[], from = 0) => PY.slice(from, from + n).map((m) => month(m, { pgpv: 5_000, qLegIds: ids }));

type Said = readonly [zh: string, en: string];
/** Name, criterion, history, today, the gap's sentence, and the months' needs (each distinct one, in month order). */
const cases: [string, Criterion, PlanHistory, string, Said, Said[]][] = [
  [
    'missed by a count',
    { kind: 'pqMonths', min: 3 },
    { months: [month('2026-09', { q: true })] },
    '2027-09-10',
    ['差2个PQ月', 'missed by 2 PQ months'],
    [],
  ],
  [
    'out of reach: the reason',
    { kind: 'pqMonths', min: 3 },
    { months: [] },
    '2027-07-05',
    ['还需3个PQ月，但剩余只有2个月还能计入', '3 more PQ months needed, but only 2 remaining months can still count'],
    [],
  ],
  [
    'out of reach: an event passed',
    { kind: 'attendance', events: EVENTS },
    { months: [] },
    '2027-04-10',
    [
      '启动会（2027-03）、说明会（2027-03）已过，未出席：还需出席3场，仅剩1场',
      'Kick-off (2027-03), Briefing (2027-03) passed without attendance: 3 more needed, only 1 still to come',
    ],
    [],
  ],
  [
    'met so far',
    { kind: 'pqMonths', min: 1 },
    { months: [month('2026-11', { q: true })] },
    '2026-11-21',
    ['本月至今已达标，待本月结算后确认', 'met so far: confirmed when this month closes'],
    // The months ahead need nothing (not "0 of the 9 left").
    [],
  ],
  [
    'months: the one month left that can count',
    { kind: 'pqMonths', min: 3 },
    { months: [month('2026-09', { q: true }), month('2026-10', { q: true })] },
    '2027-08-05',
    ['还需1个PQ月：剩余可计入的1个月须达标', '1 more PQ month: the one month left that can count'],
    [['须为PQ月', 'must be a PQ month']],
  ],
  [
    'months: all of the months left',
    { kind: 'spMonths', min: 3 },
    { months: [] },
    '2027-06-05',
    ['还需3个SP月：剩余3个月须全部达标', '3 more SP months: all of the remaining 3 months'],
    [['须为SP月', 'must be a SP month']],
  ],
  [
    'months: some of the months left',
    { kind: 'pqMonths', min: 3 },
    { months: [] },
    '2026-11-21',
    ['还需3个PQ月：剩余10个月中的3个月', '3 more PQ months: 3 of the remaining 10 months'],
    [['剩余10个月中需3个PQ月', '3 of the 10 left must be PQ months']],
  ],
  [
    'months: one of the months left',
    { kind: 'complianceMonths', min: 1 },
    { months: [] },
    '2026-11-21',
    ['还需1个合规月：剩余10个月中的1个月', '1 more compliance month: 1 of the remaining 10 months'],
    [['剩余10个月中需1个合规月', '1 of the 10 left must be compliance months']],
  ],
  [
    'months meeting a condition',
    MEETING,
    { months: [] },
    '2027-07-05',
    ['还需2个达标月：剩余2个月须全部达标', '2 more qualifying months: all of the remaining 2 months'],
    [['须为达标月', 'must be a qualifying month']],
  ],
  [
    'a figure in the last month',
    { kind: 'customers', min: 5 },
    { months: [] },
    '2027-08-05',
    ['最后1个月内还需5位新顾客', '5 more new customers in the last month'],
    [['需5位新顾客', 'needs 5 new customers']],
  ],
  [
    'one of a figure in the last month',
    { kind: 'customers', min: 1 },
    { months: [] },
    '2027-08-05',
    ['最后1个月内还需1位新顾客', '1 more new customer in the last month'],
    [['需1位新顾客', 'needs 1 new customer']],
  ],
  [
    'a figure over the months left',
    { kind: 'points', min: 100 },
    { months: [] },
    '2027-06-05',
    ['剩余3个月内还需100积分（每月34积分）', '100 more points over the remaining 3 months (34 points a month)'],
    [['需34积分', 'needs 34 points']],
  ],
  [
    'APV summed over the months left',
    { kind: 'apv', min: 60_000, mode: 'cumulative' },
    { months: [] },
    '2026-11-21',
    ['剩余10个月内还需60,000 PV（每月6,000 PV）', '60,000 more PV over the remaining 10 months (6,000 PV a month)'],
    [['需6,000 PV', 'needs 6,000 PV']],
  ],
  [
    'a score over the months left',
    SCORE,
    { months: [month('2026-09', { q: true })] },
    '2026-11-21',
    ['剩余10个月内还需2,500分（每月250分）', '2,500 more points over the remaining 10 months (250 points a month)'],
    [['需250分', 'needs 250 points']],
  ],
  ['a figure missed', { kind: 'points', min: 100 }, { months: [] }, '2027-09-10', ['差100积分', 'missed by 100 points'], []],
  [
    'APV in one month, this month so far',
    { kind: 'apv', min: 10_000, mode: 'anyMonth' },
    { months: [month('2026-11', { apv: 3_000 })] },
    '2026-11-21',
    ['需任一月APV达10,000；本月目前3,000，还差7,000', 'needs one month with APV ≥ 10,000; this month 3,000 so far, 7,000 to go'],
    [
      ['还差7,000', '7,000 to go'],
      ['APV ≥ 10,000', 'APV ≥ 10,000'],
    ],
  ],
  [
    'APV in one month, before the period',
    { kind: 'apv', min: 10_000, mode: 'anyMonth' },
    { months: [] },
    '2026-08-10',
    ['需任一月APV达10,000', 'needs one month with APV ≥ 10,000'],
    [['APV ≥ 10,000', 'APV ≥ 10,000']],
  ],
  [
    'APV in one month, missed',
    { kind: 'apv', min: 10_000, mode: 'anyMonth' },
    { months: [month('2026-10', { apv: 3_000 })] },
    '2027-09-10',
    ['最佳月份APV 3,000，差7,000', 'best month APV 3,000, 7,000 short'],
    [],
  ],
  [
    'FLQ months, no frontline yet',
    { kind: 'flqMonths', min: 5 },
    { months: [], frontlineLegs: 0 },
    '2027-05-10',
    [
      '还需5个FLQ月：目前没有一线，需新推荐的一线在剩余4个月内达Q',
      '5 more FLQ months: no frontline legs yet, so new legs would have to reach Q in the remaining 4 months',
    ],
    [['需2个FLQ月', 'needs 2 FLQ months']],
  ],
  [
    'FLQ months the one leg can no longer add',
    { kind: 'flqMonths', min: 5 },
    { months: [month('2027-08', { qLegIds: ['A'] })], frontlineLegs: 1 },
    '2027-08-05',
    [
      '还需4个FLQ月：现有1条一线在最后1个月内已无法再得，需新推荐的一线达Q',
      '4 more FLQ months: your 1 frontline leg can add none in the last month; new legs would have to reach Q',
    ],
    [['需4个FLQ月', 'needs 4 FLQ months']],
  ],
  [
    'FLQ months beyond two legs',
    { kind: 'flqMonths', min: 20 },
    { months: [], frontlineLegs: 2 },
    '2027-05-10',
    [
      '还需20个FLQ月：现有2条一线在剩余4个月内最多再得8个，其余需新推荐的一线达Q',
      '20 more FLQ months: your 2 frontline legs can add at most 8 in the remaining 4 months; the rest needs new legs that reach Q',
    ],
    [['需5个FLQ月', 'needs 5 FLQ months']],
  ],
  [
    'FLQ months beyond the one leg',
    { kind: 'flqMonths', min: 20 },
    { months: [], frontlineLegs: 1 },
    '2027-05-10',
    [
      '还需20个FLQ月：现有1条一线在剩余4个月内最多再得4个，其余需新推荐的一线达Q',
      '20 more FLQ months: your 1 frontline leg can add at most 4 in the remaining 4 months; the rest needs new legs that reach Q',
    ],
    [['需5个FLQ月', 'needs 5 FLQ months']],
  ],
  [
    'FLQ months in the last month',
    { kind: 'flqMonths', min: 2 },
    { months: [], frontlineLegs: 3 },
    '2027-08-05',
    ['还需2个FLQ月：最后1个月需2条Q线（一线共3条）', '2 more FLQ months: 2 Q legs in the last month (3 frontline legs)'],
    [['2条Q线', '2 Q legs']],
  ],
  [
    'an FLQ month in the last month, frontline unknown',
    { kind: 'flqMonths', min: 1 },
    { months: [] },
    '2027-08-05',
    ['还需1个FLQ月：最后1个月需1条Q线', '1 more FLQ month: a Q leg in the last month'],
    [['1条Q线', 'a Q leg']],
  ],
  [
    'an FLQ month in the last month, one leg',
    { kind: 'flqMonths', min: 1 },
    { months: [], frontlineLegs: 1 },
    '2027-08-05',
    ['还需1个FLQ月：最后1个月需1条Q线（一线共1条）', '1 more FLQ month: a Q leg in the last month (1 frontline leg)'],
    [['1条Q线', 'a Q leg']],
  ],
  [
    'FLQ months, a Q leg in some months',
    { kind: 'flqMonths', min: 3 },
    { months: [], frontlineLegs: 2 },
    '2027-05-10',
    [
      '还需3个FLQ月：剩余4个月中有3个月各需1条Q线（一线共2条）',
      '3 more FLQ months: a Q leg in 3 of the remaining 4 months (2 frontline legs)',
    ],
    [['1条Q线（剩余4个月中需3个月）', 'a Q leg (3 of the 4 months left)']],
  ],
  [
    'FLQ months, several Q legs a month',
    { kind: 'flqMonths', min: 10 },
    { months: [] },
    '2027-06-10',
    ['还需10个FLQ月：剩余3个月每月需4条Q线', '10 more FLQ months: 4 Q legs a month over the remaining 3 months'],
    [['4条Q线', '4 Q legs']],
  ],
  [
    'LDD markets new legs would have to add',
    { kind: 'lddMarkets', min: 12 },
    { months: legMonths(4, ['A', 'B', 'C']), frontlineLegs: 3 },
    '2027-01-15',
    [
      '到2027-08-31前还需12个LDD市场：现有一线最多3条能达到6个Q月，其余需新推荐的一线在剩余8个月中各有6个月达Q',
      '12 more LDD markets by 31 Aug 2027: your current frontline can give at most 3; the rest needs new legs, each Q in 6 of the 8 months left',
    ],
    [],
  ],
  [
    'LDD markets, the closest legs and new ones',
    { kind: 'lddMarkets', min: 3 },
    { months: legMonths(4, ['A', 'B']), frontlineLegs: 5 },
    '2027-01-15',
    [
      '到2027-08-31前还需3个LDD市场：最接近的一线分别还需2、2、6个Q月（每条需6个Q月）',
      '3 more LDD markets by 31 Aug 2027: the closest legs need 2, 2, 6 more Q months (6 each)',
    ],
    [['最接近的3条一线需为Q', 'Q for the 3 closest legs']],
  ],
  [
    'an LDD market, the closest leg',
    { kind: 'lddMarkets', min: 1 },
    { months: legMonths(4, ['A', 'B']), frontlineLegs: 5 },
    '2027-01-15',
    [
      '到2027-08-31前还需1个LDD市场：最接近的一线分别还需2个Q月（每条需6个Q月）',
      '1 more LDD market by 31 Aug 2027: the closest legs need 2 more Q months (6 each)',
    ],
    [['最接近的1条一线需为Q', 'Q for the 1 closest leg']],
  ],
  [
    'a pin to qualify',
    { kind: 'pinAtLeast', pin: PIN.PLATINUM },
    { months: [], initialPin: PIN.GOLD },
    '2026-11-21',
    [
      '需于2027-08-31前在26/27年度达到白金资格：本年度6个SP月，其中连续3个',
      'qualify as Platinum in 26/27 by 31 Aug 2027: 6 SP months in the PY, 3 consecutive',
    ],
    [],
  ],
  [
    'a pin not qualified',
    { kind: 'pinAtLeast', pin: PIN.PLATINUM },
    { months: [], initialPin: PIN.GOLD },
    '2027-09-10',
    ['26/27年度未达到白金资格', 'Platinum not qualified in 26/27'],
    [],
  ],
  [
    'a new pin to reach',
    { kind: 'newPin', minPin: PIN.PLATINUM },
    { months: [], initialPin: PIN.GOLD },
    '2026-11-21',
    ['需于2027-08-31前晋升新奖衔（白金或以上）', 'reach a new pin (Platinum or above) by 31 Aug 2027'],
    [],
  ],
  [
    'no new pin',
    { kind: 'newPin', minPin: PIN.PLATINUM },
    { months: [], initialPin: PIN.GOLD },
    '2027-09-10',
    ['本年度未晋升新奖衔', 'no new pin this year'],
    [],
  ],
  [
    'every event still to come',
    { kind: 'attendance', events: EVENTS },
    { months: [] },
    '2026-11-21',
    [
      '需于2027-08-31前出席：启动会（2027-03）、说明会（2027-03）、线上课程',
      'attend Kick-off (2027-03), Briefing (2027-03), Online course by 31 Aug 2027',
    ],
    [['出席启动会、说明会', 'attend Kick-off, Briefing']],
  ],
  [
    'some of the events to come',
    { kind: 'attendance', events: EVENTS, min: 1 },
    { months: [] },
    '2026-11-21',
    [
      '需于2027-08-31前再出席1场：启动会（2027-03）、说明会（2027-03）、线上课程',
      'attend 1 more by 31 Aug 2027, of: Kick-off (2027-03), Briefing (2027-03), Online course',
    ],
    [['出席启动会、说明会', 'attend Kick-off, Briefing']],
  ],
  [
    'one event in a month',
    { kind: 'attendance', events: EVENTS.slice(1) },
    { months: [] },
    '2026-11-21',
    ['需于2027-08-31前出席：说明会（2027-03）、线上课程', 'attend Briefing (2027-03), Online course by 31 Aug 2027'],
    [['出席说明会', 'attend Briefing']],
  ],
  [
    'events not attended',
    { kind: 'attendance', events: EVENTS, min: 2 },
    { months: [month('2027-03', { attended: ['T-BRIEF'] })] },
    '2027-09-10',
    ['未出席：启动会（2027-03）、线上课程', 'not attended: Kick-off (2027-03), Online course'],
    [],
  ],
];

/** Every code of the catalogue: the cases reach each of them (and the reasons' own, through an out-of-reach gap). */
const GAP_CODES: readonly GapCode[] = [
  'missedBy',
  'metSoFar',
  'monthsToCount',
  'perMonth',
  'apvOneMonth',
  'apvBestMonth',
  'flqQLegs',
  'flqNewLegs',
  'lddClosest',
  'lddNewLegs',
  'pinToQualify',
  'pinNotQualified',
  'newPinToReach',
  'noNewPin',
  'attend',
  'notAttended',
];
const NEED_CODES: readonly NeedCode[] = ['monthCounts', 'figure', 'qLegs', 'closestLegs', 'apvAtLeast', 'apvToGo', 'attend'];

describe('every gap sentence and month need the engine gives', () => {
  const gapCodes = new Set<string>();
  const needCodes = new Set<string>();

  it.each(cases)('%s', (_, criterion, history, today, gap, needs) => {
    const r = evaluateCriterion(criterion, summarizeHistory(history, PY, today));
    expect(r.gap).not.toBeNull();
    expect([r.gap!.text.zh, r.gap!.text.en]).toEqual(gap);
    const events = criterion.kind === 'attendance' ? criterion.events : [];
    // Found as code and params, plain values only, and worded from them by the catalogue.
    const note = r.gap!.note!;
    expect(JSON.parse(JSON.stringify(note))).toEqual(note);
    expect(gapText(note, events)).toEqual(r.gap!.text);
    gapCodes.add(note.code);
    const seen = new Map<string, Said>();
    for (const m of r.trace ?? []) {
      expect(m.need === undefined).toBe(m.needNote === undefined);
      if (!m.need || !m.needNote) continue;
      seen.set(`${m.need.zh}|${m.need.en}`, [m.need.zh, m.need.en]);
      expect(JSON.parse(JSON.stringify(m.needNote))).toEqual(m.needNote);
      expect(needText(m.needNote, events)).toEqual(m.need);
      needCodes.add(m.needNote.code);
    }
    expect([...seen.values()]).toEqual(needs);
  });

  it('reaches every code of the catalogue', () => {
    expect([...gapCodes].filter((c) => !(GAP_CODES as readonly string[]).includes(c)).sort()).toEqual(['eventPassed', 'monthsLeft']);
    expect(GAP_CODES.filter((c) => !gapCodes.has(c))).toEqual([]);
    expect(NEED_CODES.filter((c) => !needCodes.has(c))).toEqual([]);
  });

  it('words nothing in bulk runs', () => {
    const r = evaluateCriterion({ kind: 'pqMonths', min: 3 }, summarizeHistory({ months: [] }, PY, '2026-11-21'), false);
    expect(r.gap).toMatchObject({ stillNeeded: 3, note: null, text: { zh: '', en: '' } });
    expect(r.trace).toBeUndefined();
  });

  it('names an event the criterion does not list by the registry, or by its code', () => {
    expect(gapText({ code: 'notAttended', params: { events: ['SIN2627-BRIEF', 'NO-SUCH'] } })).toEqual({
      zh: '未出席：新加坡行前说明会（2027-05）、NO-SUCH',
      en: 'not attended: Singapore briefing (2027-05), NO-SUCH',
    });
  });
});
