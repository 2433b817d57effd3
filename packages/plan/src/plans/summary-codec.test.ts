import { describe, expect, it } from 'vitest';
import { planCardFromSummary } from './card.ts';
import { evaluatePlans } from './evaluate.ts';
import { plansFor } from './registry.ts';
import { decodePlanSummary, encodePlanSummary } from './summary-codec.ts';
import type { PlanResult } from './types.ts';

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
    ).toBe(
      '{"SEMINAR_2627":{"status":"atRisk","achieved":[330,2,7,61234.5,1],"level":"STANDARD"},' +
        '"ELITE_2627":{"status":"met","achieved":[330],"level":null},"NEW_RANK_2627":{"status":"missed","achieved":[]}}',
    );
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

  it('writes the reason of an out-of-reach plan and reads summaries stored before it existed', () => {
    const why = { code: 'legs' as const, text: { zh: '一线只有3条', en: 'the frontline has only 3 legs' } };
    const encoded = encodePlanSummary([{ ...result('FEM_TRAVEL_2627', 'outOfReach', [0, 1, 2]), reason: why } as PlanResult]);
    expect(encoded).toBe(
      '{"FEM_TRAVEL_2627":{"status":"outOfReach","achieved":[0,1,2],"reason":{"code":"legs","zh":"一线只有3条","en":"the frontline has only 3 legs"}}}',
    );
    expect(decodePlanSummary(encoded).get('FEM_TRAVEL_2627')).toEqual({ status: 'outOfReach', achieved: [0, 1, 2], reason: why });
    // An older summary: four statuses, no reason.
    const old = decodePlanSummary(
      '{"SEMINAR_2627":{"status":"atRisk","achieved":[330,2,1,28584,1],"level":null},"TRAVEL_2627":{"status":"missed","achieved":[2,1,3]}}',
    );
    expect(old.get('SEMINAR_2627')).toEqual({ status: 'atRisk', achieved: [330, 2, 1, 28_584, 1], level: null });
    expect(old.get('TRAVEL_2627')).toEqual({ status: 'missed', achieved: [2, 1, 3] });
    // A reason that cannot be read makes the entry unreadable (evaluated live), like any other field.
    const bad = decodePlanSummary(
      JSON.stringify({
        A: { status: 'outOfReach', achieved: [], reason: { code: 'nope', zh: '', en: '' } },
        B: { status: 'outOfReach', achieved: [], reason: 'legs' },
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
      }),
    );
    expect([...s.keys()]).toEqual(['GOOD']);
    for (const damaged of ['{not json', '[]', 'null', '"met"', '', null, undefined]) expect(decodePlanSummary(damaged).size).toBe(0);
  });
});
