import { describe, expect, it } from 'vitest';
import { pyMonths } from '../calendar.ts';
import { PIN } from '../pins.ts';
import { planCardFromSummary } from './card.ts';
import { evaluatePlan, evaluatePlans } from './evaluate.ts';
import { PLANS, plansFor } from './registry.ts';
import { withText } from './reason-catalogue.ts';
import { decodePlanSummary, encodePlanSummary } from './summary-codec.ts';
import type { Criterion, PlanHistory, PlanResult, ReasonCode } from './types.ts';
import { monthRecord as month } from './month-record.test-support.ts';
import { testPlan } from './plan-def.test-support.ts';

const result = (code: string, status: PlanResult['status'], achieved: number[], level?: string | null): PlanResult =>
  ({
    code,
    status,
    criteria: achieved.map((a) => ({ achieved: a })),
    ...(level !== undefined ? { levels: [], achievedLevel: level } : {}),
  }) as unknown as PlanResult;

describe('the stored plan summary', () => {
  it('is written in the stored shape, byte for byte', () => {
    expect(
      encodePlanSummary([
        result('SEMINAR_2627', 'atRisk', [330, 2, 7, 61_234.5, 1], 'STANDARD'),
        result('ELITE_2627', 'met', [330], null),
        result('NEW_RANK_2627', 'missed', []),
      ]),
    ).toBe('{"SEMINAR_2627":["r",[330,2,7,61234.5,1],"STANDARD"],"ELITE_2627":["m",[330],null],"NEW_RANK_2627":["x",[]]}');
    expect(() => encodePlanSummary([result('X', 'met', [Number.NaN])])).toThrow(RangeError);
  });

  it('reads back what it wrote', () => {
    const results = evaluatePlans(plansFor('26/27'), { months: [] }, { today: '2026-11-21', detail: false });
    const back = decodePlanSummary(encodePlanSummary(results));
    expect([...back.keys()]).toEqual(results.map((r) => r.code));
    for (const r of results) {
      expect(back.get(r.code)).toEqual({
        status: r.status,
        achieved: r.criteria.map((c) => c.achieved),
        ...(r.levels ? { level: r.achievedLevel ?? null } : {}),
        ...(r.reason ? { reason: r.reason } : {}),
      });
    }
    // Nothing recorded in Sep and Oct: 12 compliance months can no longer be had in the 10 left.
    expect(back.get('ELITE_2627')).toMatchObject({ status: 'outOfReach', reason: { code: 'monthsLeft' } });
  });

  it('records the criteria only the open month so far meets, and the card does not count them met', () => {
    const q = (month: string) =>
      ({
        month,
        ppv: 1_000,
        gpv: 10_000,
        pgpv: 10_000,
        bracket: 21,
        isQ: true,
        apv: 10_000,
        qLegs: 0,
        isSp: true,
        legs: [],
        compliant: true,
        newCustomers: 0,
        points: 0,
        attended: [],
      }) as const;
    const plan = plansFor('26/27').find((p) => p.code === 'SEMINAR_2627')!;
    const [r] = evaluatePlans([plan], { months: ['2026-09', '2026-10', '2026-11'].map(q) }, { today: '2026-11-21', detail: false });
    const pq = plan.criteria.findIndex((c) => c.kind === 'pqMonths');
    const stored = decodePlanSummary(encodePlanSummary([r!])).get('SEMINAR_2627')!;
    expect(stored.soFar).toEqual([pq]);
    expect(stored.achieved[pq]).toBe(3);
    const card = planCardFromSummary(plan, stored, '2026-11-21')!;
    expect(card.criteriaMet).toBe(r!.criteria.filter((c) => c.met).length);
  });

  it('writes the reason of an out-of-reach plan as its code and params, worded on reading', () => {
    const why = withText({ code: 'legs', params: { kind: 'lddMarkets', need: 6, legs: 3 } });
    expect(why.text).toEqual({ zh: '需6个LDD市场，但一线只有3条', en: 'needs 6 LDD markets but the frontline has only 3 legs' });
    const encoded = encodePlanSummary([{ ...result('FEM_TRAVEL_2627', 'outOfReach', [0, 1, 2]), reason: why } as PlanResult]);
    expect(encoded).toBe('{"FEM_TRAVEL_2627":["o",[0,1,2],0,0,{"code":"legs","params":{"kind":"lddMarkets","need":6,"legs":3}}]}');
    expect(decodePlanSummary(encoded).get('FEM_TRAVEL_2627')).toEqual({ status: 'outOfReach', achieved: [0, 1, 2], reason: why });
  });

  it('reads summaries stored with each plan as an object, as written before the positional rows', () => {
    const objects = decodePlanSummary(
      '{"SEMINAR_2627":{"status":"atRisk","achieved":[330,2,7,61234.5,1],"level":"STANDARD"},' +
        '"ELITE_2627":{"status":"met","achieved":[330],"level":null},"NEW_RANK_2627":{"status":"onTrack","achieved":[3],"soFar":[0]},' +
        '"FEM_TRAVEL_2627":{"status":"outOfReach","achieved":[0,1,2],"reason":{"code":"legs","params":{"kind":"lddMarkets","need":6,"legs":3}}}}',
    );
    const rows = decodePlanSummary(
      '{"SEMINAR_2627":["r",[330,2,7,61234.5,1],"STANDARD"],"ELITE_2627":["m",[330],null],"NEW_RANK_2627":["t",[3],0,[0]],' +
        '"FEM_TRAVEL_2627":["o",[0,1,2],0,0,{"code":"legs","params":{"kind":"lddMarkets","need":6,"legs":3}}]}',
    );
    expect(objects.size).toBe(4);
    expect(rows).toEqual(objects);
  });

  it('reads summaries stored before the reason was a code and params, and before it existed', () => {
    // Written with both sentences (before issue #34): read as written.
    const worded = decodePlanSummary(
      '{"FEM_TRAVEL_2627":{"status":"outOfReach","achieved":[0,1,2],"reason":{"code":"legs","zh":"一线只有3条","en":"the frontline has only 3 legs"}}}',
    );
    expect(worded.get('FEM_TRAVEL_2627')).toEqual({
      status: 'outOfReach',
      achieved: [0, 1, 2],
      reason: { code: 'legs', text: { zh: '一线只有3条', en: 'the frontline has only 3 legs' } },
    });
    // An older summary: four statuses, no reason.
    const old = decodePlanSummary(
      '{"SEMINAR_2627":{"status":"atRisk","achieved":[330,2,1,28584,1],"level":null},"TRAVEL_2627":{"status":"missed","achieved":[2,1,3]}}',
    );
    expect(old.get('SEMINAR_2627')).toEqual({ status: 'atRisk', achieved: [330, 2, 1, 28_584, 1], level: null });
    expect(old.get('TRAVEL_2627')).toEqual({ status: 'missed', achieved: [2, 1, 3] });
    // A reason that cannot be read makes the entry unreadable (evaluated live), like any other field:
    // an unknown code, params of no known form, of the wrong kind, or naming an unknown event.
    const bad = decodePlanSummary(
      JSON.stringify({
        A: { status: 'outOfReach', achieved: [], reason: { code: 'nope', zh: '', en: '' } },
        B: { status: 'outOfReach', achieved: [], reason: 'legs' },
        C: { status: 'outOfReach', achieved: [], reason: { code: 'nope', params: {} } },
        D: { status: 'outOfReach', achieved: [], reason: { code: 'legs', params: { kind: 'lddMarkets', need: 6 } } },
        E: { status: 'outOfReach', achieved: [], reason: { code: 'legs', params: { kind: 'pqMonths', need: 6, legs: 3 } } },
        F: { status: 'outOfReach', achieved: [], reason: { code: 'legs', params: { kind: 'lddMarkets', need: '6', legs: 3 } } },
        G: { status: 'outOfReach', achieved: [], reason: { code: 'eventPassed', params: { events: ['NO-SUCH'], still: 1, open: 0 } } },
        H: { status: 'outOfReach', achieved: [], reason: { code: 'maxPoints', params: { most: 1, need: 2, end: '2027-8' } } },
        I: {
          status: 'outOfReach',
          achieved: [],
          reason: { code: 'pinNotReachable', params: { pin: 330, cond: 'maxSpRun', min: 3, got: 1 } },
        },
      }),
    );
    expect(bad.size).toBe(0);
  });

  it('leaves out what it cannot read, entry by entry, and never throws', () => {
    const s = decodePlanSummary(
      JSON.stringify({
        GOOD: { status: 'met', achieved: [1, 2] },
        BAD_STATUS: { status: 'done', achieved: [1] },
        BAD_ACHIEVED: { status: 'met', achieved: ['1'] },
        NO_ACHIEVED: { status: 'met' },
        BAD_LEVEL: { status: 'met', achieved: [], level: 3 },
        BARE_STATUS: 'met',
        GOOD_ROW: ['t', [1], 0, [0]],
        BAD_LETTER: ['q', [1]],
        ROW_TOO_LONG: ['m', [1], 0, 0, { code: 'legs', params: { kind: 'lddMarkets', need: 6, legs: 3 } }, 1],
        ROW_BAD_SO_FAR: ['m', [1], 0, [1]],
        ROW_BAD_REASON: ['o', [1], 0, 0, { code: 'nope', params: {} }],
        ROW_BAD_LEVEL: ['m', [], 3],
      }),
    );
    expect([...s.keys()]).toEqual(['GOOD', 'GOOD_ROW']);
    expect(s.get('GOOD_ROW')).toEqual({ status: 'onTrack', achieved: [1], soFar: [0] });
    for (const damaged of ['{not json', '[]', 'null', '"met"', '', null, undefined]) expect(decodePlanSummary(damaged).size).toBe(0);
  });
});

describe('every out-of-reach reason the engine gives reads back from the store as written', () => {
  const PY = pyMonths('26/27');
  const only = (criteria: Criterion[]) => testPlan('TEST_REASON', criteria);

  /** The required events that include `code`, as a plan of the catalogue asks for them. */
  const eventsWith = (code: string): Criterion =>
    PLANS.flatMap((p) => [...p.criteria, ...(p.levels?.list.flatMap((l) => l.criteria) ?? [])]).find(
      (c) => c.kind === 'attendance' && c.events.some((e) => e.code === code),
    )!;
  const threeLegs = PY.slice(0, 4).map((m) => month(m, { pgpv: 5_000, qLegIds: ['A', 'B', 'C'] }));
  const cases: [string, Criterion, PlanHistory, string, ReasonCode, string, string][] = [
    [
      'PQ months, 2 months left',
      { kind: 'pqMonths', min: 3 },
      { months: [] },
      '2027-07-05',
      'monthsLeft',
      '还需3个PQ月，但剩余只有2个月还能计入',
      '3 more PQ months needed, but only 2 remaining months can still count',
    ],
    [
      'SP months, 1 month left',
      { kind: 'spMonths', min: 3 },
      { months: [] },
      '2027-08-05',
      'monthsLeft',
      '还需3个SP月，但剩余只有1个月还能计入',
      '3 more SP months needed, but only 1 remaining month can still count',
    ],
    [
      'PQ months, none left that can count',
      { kind: 'pqMonths', min: 3 },
      { months: [month('2027-08', { q: true })] },
      '2027-08-20',
      'monthsLeft',
      '还需2个PQ月，但已没有还能计入的月份',
      '2 more PQ months needed, but no month left can still count',
    ],
    [
      'compliance months',
      { kind: 'complianceMonths', min: 12 },
      { months: [] },
      '2026-11-21',
      'monthsLeft',
      '还需12个合规月，但剩余只有10个月还能计入',
      '12 more compliance months needed, but only 10 remaining months can still count',
    ],
    [
      'LDD markets, frontline of 3',
      { kind: 'lddMarkets', min: 12 },
      { months: threeLegs, frontlineLegs: 3 },
      '2027-05-15',
      'legs',
      '需12个LDD市场，但一线只有3条',
      'needs 12 LDD markets but the frontline has only 3 legs',
    ],
    [
      'LDD markets, frontline of 1',
      { kind: 'lddMarkets', min: 12 },
      { months: [], frontlineLegs: 1 },
      '2027-05-15',
      'legs',
      '需12个LDD市场，但一线只有1条',
      'needs 12 LDD markets but the frontline has only 1 leg',
    ],
    [
      'LDD markets, no frontline',
      { kind: 'lddMarkets', min: 2 },
      { months: [], frontlineLegs: 0 },
      '2027-05-15',
      'legs',
      '需2个LDD市场，但没有一线',
      'needs 2 LDD markets but there are no frontline legs',
    ],
    [
      'LDD markets, 3 legs can still get there',
      { kind: 'lddMarkets', min: 4 },
      { months: threeLegs, frontlineLegs: 20 },
      '2027-06-01',
      'monthsLeft',
      '还需4个LDD市场，但到2027-08-31前只有3条一线还能达到6个Q月',
      '4 more LDD markets needed, but only 3 legs can still reach 6 Q months by 31 Aug 2027',
    ],
    [
      'LDD markets, 1 leg can still get there',
      { kind: 'lddMarkets', min: 4 },
      { months: PY.slice(0, 4).map((m) => month(m, { pgpv: 5_000, qLegIds: ['A'] })), frontlineLegs: 20 },
      '2027-06-01',
      'monthsLeft',
      '还需4个LDD市场，但到2027-08-31前只有1条一线还能达到6个Q月',
      '4 more LDD markets needed, but only 1 leg can still reach 6 Q months by 31 Aug 2027',
    ],
    [
      'an event passed, one still to come',
      eventsWith('SEM2627-BRIEF'),
      { months: [] },
      '2027-07-05',
      'eventPassed',
      '研讨会行前说明会（2027-06）已过，未出席：还需出席2场，仅剩1场',
      'Seminar briefing (2027-06) passed without attendance: 2 more needed, only 1 still to come',
    ],
    [
      'an event passed, none to come',
      eventsWith('SIN2627-BRIEF'),
      { months: [] },
      '2027-06-05',
      'eventPassed',
      '新加坡行前说明会（2027-05）已过，未出席',
      'Singapore briefing (2027-05) passed without attendance',
    ],
    [
      'a score',
      {
        kind: 'score',
        min: 3_000,
        components: [{ source: 'pqMonths', name: { zh: 'PQ月', en: 'PQ months' }, per: 1, points: 500 }],
        name: { zh: '积分', en: 'Points' },
      },
      { months: [] },
      '2027-07-05',
      'maxPoints',
      '到2027-08-31最多可得1,000分，需3,000分',
      'at most 1,000 points by 31 Aug 2027, 3,000 needed',
    ],
    [
      'a pin: SP months',
      { kind: 'pinAtLeast', pin: PIN.FOUNDERS_PLATINUM },
      { months: PY.slice(0, 8).map((m) => month(m, { isSp: false })), initialPin: PIN.PLATINUM },
      '2027-05-10',
      'pinNotReachable',
      '创办人白金需本年度12个SP月：目前0个，仅剩4个月',
      'Founders Platinum needs 12 SP months in the PY: 0 so far and only 4 months left',
    ],
    [
      'a pin: SP months in a row',
      { kind: 'pinAtLeast', pin: PIN.PLATINUM },
      { months: PY.slice(0, 9).map((m, i) => month(m, { q: i % 2 === 0 })), initialPin: PIN.GOLD },
      '2027-07-10',
      'pinNotReachable',
      '白金需连续3个SP月：到2027-08-31最多只能连续2个',
      'Platinum needs 3 consecutive SP months: at most 2 possible by 31 Aug 2027',
    ],
    [
      'a pin: side-volume months',
      { kind: 'pinAtLeast', pin: PIN.SAPPHIRE },
      {
        months: PY.slice(0, 9).map((m) => month(m, { q: true, apv: 3_000, qLegIds: ['A', 'B'] })),
        initialPin: PIN.PLATINUM,
        frontlineLegs: 2,
      },
      '2027-07-10',
      'pinNotReachable',
      '蓝宝石需6个月APV≥5,000：目前0个，仅剩2个月',
      'Sapphire needs 6 months with APV ≥ 5,000: 0 so far and only 2 months left',
    ],
    [
      'a pin: a frontline too small',
      { kind: 'pinAtLeast', pin: PIN.DOUBLE_DIAMOND },
      { months: threeLegs, initialPin: PIN.PLATINUM, frontlineLegs: 3 },
      '2027-01-15',
      'pinNotReachable',
      '双钻石需6条一线各本年度Q≥12个月，但一线只有3条',
      'Double Diamond needs 6 frontline legs each Q ≥ 12 months of the PY; the frontline has only 3',
    ],
    [
      'a pin: no frontline',
      { kind: 'pinAtLeast', pin: PIN.DOUBLE_DIAMOND },
      { months: [], initialPin: PIN.PLATINUM, frontlineLegs: 0 },
      '2027-01-15',
      'pinNotReachable',
      '双钻石需6条一线各本年度Q≥12个月，但没有一线',
      'Double Diamond needs 6 frontline legs each Q ≥ 12 months of the PY; there are no frontline legs',
    ],
    [
      'a pin: legs that cannot get there',
      { kind: 'newPin', minPin: PIN.DOUBLE_DIAMOND },
      { months: threeLegs, initialPin: PIN.PLATINUM },
      '2027-01-15',
      'pinNotReachable',
      '双钻石需6条一线各本年度Q≥12个月：目前0条，到2027-08-31前最多还有3条能达到',
      'Double Diamond needs 6 frontline legs each Q ≥ 12 months of the PY: 0 so far, at most 3 more can get there by 31 Aug 2027',
    ],
  ];

  it.each(cases)('%s', (_, criterion, history, today, code, zh, en) => {
    const r = evaluatePlan(only([criterion]), history, { today, detail: false });
    expect(r.status).toBe('outOfReach');
    expect(r.reason).toMatchObject({ code, text: { zh, en } });
    // Stored as its code and params only, worded again on reading.
    const encoded = encodePlanSummary([r]);
    expect((JSON.parse(encoded) as Record<string, unknown[]>).TEST_REASON![4]).toEqual({ code, params: r.reason!.params });
    const stored = decodePlanSummary(encoded).get('TEST_REASON');
    expect(stored?.reason).toMatchObject({ code, text: { zh, en } });
    // With detail the criterion says the same.
    expect(evaluatePlan(only([criterion]), history, { today }).criteria[0]!.reason).toMatchObject({ code, text: { zh, en } });
  });
});
