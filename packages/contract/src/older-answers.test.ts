// Fields added to an answer are required-with-null or defaulted: an answer from before them (a
// cached one, a BFF not yet updated) still parses, as "not known", never as a fault.
import { describe, expect, it } from 'vitest';
import { homeSummaryDataSchema } from './home.ts';
import { treeDataSchema } from './incentive-market-tree.ts';
import { statementItemSchema } from './income.ts';

describe('answers from before a field was added', () => {
  it('a statement item without derivation parses with derivation null (the pages then claim no product)', () => {
    const item = {
      code: 'RUBY',
      subCode: null,
      name: { zh: '红宝石服务费', en: 'Ruby service fee' },
      baseBvFen: 10_000_000,
      rateBp: 200,
      amountFen: 0,
      note: null,
      legCount: 0,
      leadership: null,
      share: null,
    };
    expect(statementItemSchema.parse(item).derivation).toBeNull();
    const unmet = { kind: 'unmet', baseTimesRate: false };
    expect(statementItemSchema.parse({ ...item, derivation: unmet }).derivation).toEqual(unmet);
    expect(statementItemSchema.safeParse({ ...item, derivation: { kind: 'times', baseTimesRate: true } }).success).toBe(false);
  });

  it('a home summary without the Q-month test’s figures parses with lastMonthTest null (home then shows no why)', () => {
    const summary = {
      ada: '10000003',
      maskedAda: '100******03',
      fullName: '刘思雨',
      pinCode: 230,
      pinName: { zh: '会员', en: 'Member' },
      py: '26/27',
      month: '2026-11',
      monthPpv: 105,
      monthPgpv: 105,
      monthBracket: 0,
      pqMonths: 0,
      flqMonths: 0,
      lastStatementMonth: null,
      lastNetFen: null,
      lastPretaxFen: null,
      lastMonth: '2026-10',
      lastMonthQ: false,
      lastMonthPlan: 'SEMINAR_2627',
      seminar: null,
      legs: { month: '2026-11', total: 0, qSoFar: 0, qThreshold: 10_000, closest: null },
      firstGoal: null,
    };
    expect(homeSummaryDataSchema.parse(summary).lastMonthTest).toBeNull();
    expect(homeSummaryDataSchema.parse({ ...summary, lastMonthTest: { apv: 300, qLegs: 0 } }).lastMonthTest).toEqual({
      apv: 300,
      qLegs: 0,
    });
  });

  it('a team tree page without gaps, near Q or filters parses as gap unknown, not near, unfiltered', () => {
    const node = {
      ref: 'm1',
      maskedName: { zh: '李一号伙伴', en: 'Member 20000001' },
      maskedAda: '200******01',
      pinCode: 310,
      gpv: 6500,
      bracket: 15,
      isQ: false,
      children: 0,
      downlineSize: 0,
    };
    const page = { py: '26/27', month: '2026-11', monthOpen: true, qThreshold: 10_000, ref: null, level: 1, downlineSize: 1 };
    const d = treeDataSchema.parse({ ...page, total: 1, offset: 0, hasMore: false, nodes: [node] });
    expect(d.matching).toBeNull();
    expect(d.nodes[0]).toMatchObject({ pvToQ: null, nearQ: false, match: true, matchesBelow: null });
    const now = { ...node, pvToQ: 3500, nearQ: true, match: false, matchesBelow: 2 };
    expect(treeDataSchema.parse({ ...page, matching: 2, total: 1, offset: 0, hasMore: false, nodes: [now] }).nodes[0]).toEqual(now);
  });
});
