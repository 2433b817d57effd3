import { describe, expect, it } from 'vitest';
import { marketRules, pyMonths, qThresholdOf } from '@abo/plan';
import type { Person } from '../../db/distributors.ts';
import type { MonthlyResult } from '../../db/monthly-results.ts';
import { copyQFlags, memberHistoryStart, partnersData, partnersFrom, type PartnersContext } from './market-presenter.ts';

const person = (ada: string, treePos: number): Person => ({
  ada,
  sponsor_ada: '10000002',
  name_zh: `伙伴${ada}`,
  name_en: `Partner ${ada}`,
  join_date: '2021-01-01',
  pin_code: 310,
  pin_month: null,
  pin_held: null,
  tree_pos: treePos,
  tree_size: 1,
  depth: 1,
  member_no: treePos,
});

const result = (ada: string, month: string, pgpv: number): MonthlyResult => ({
  ada,
  month,
  ppv: 100,
  gpv: pgpv,
  pgpv,
  bvFen: pgpv * 100,
  bracket: 0,
  isQ: pgpv >= 10_000,
  qLegs: 0,
  apv: pgpv,
  isSp: false,
  pinCode: 310,
  newCustomers: 0,
  points: 0,
  compliant: true,
  closed: month < '2026-11',
  attended: [],
  pearlPassPv: 0,
  leadershipUpFen: 0,
  qualificationCredits: 0,
  gbvFen: null,
  pgbvFen: null,
  pearlPassBvFen: null,
  leadershipLegs: 0,
  leadershipBaseBvFen: 0,
});

describe('the market presenter', () => {
  const context = (view: PartnersContext['view']): PartnersContext => ({
    view,
    py: '26/27',
    month: '2026-11',
    todayMonth: '2026-11',
    months: pyMonths('26/27'),
    rules: marketRules('26/27'),
    threshold: qThresholdOf('26/27'),
    viewerAda: '10000002',
    names: { ada: '10000002' },
  });
  const frontline = [person('20000001', 1), person('20000002', 2), person('20000003', 3)];
  const results = [
    // Q in September and October, slipping now.
    result('20000001', '2026-09', 12_000),
    result('20000001', '2026-10', 11_000),
    result('20000001', '2026-11', 1_000),
    // Never Q, at 40 % of the threshold: near Q.
    result('20000002', '2026-11', 4_000),
    // Q now.
    result('20000003', '2026-11', 10_500),
  ];

  it('reads the trend window back from the chosen month, never before the PY', () => {
    expect(partnersFrom('2026-11', pyMonths('26/27'))).toBe('2026-06');
    expect(partnersFrom('2027-08', pyMonths('26/27'))).toBe('2026-09');
  });

  it("gives each partner the engine's coaching reason and counts", () => {
    const d = partnersData(frontline, results, context('monthly'));
    const reason = Object.fromEntries(d.rows.map((r) => [r.maskedName.zh, r.keyReason]));
    expect(reason).toEqual({ 伙伴20000001: 'slipping', 伙伴20000002: 'nearQ', 伙伴20000003: null });
    expect(d.summary).toEqual({ qThisMonth: 1, nearQ: 1, sixPlus: 0 });
    expect(d.rows.find((r) => r.maskedName.zh === '伙伴20000001')).toMatchObject({
      qMonthsPy: 2,
      qMonthsToSix: marketRules('26/27').pins.legQMonths - 2,
      trend: [0, 0, 0, 12_000, 11_000, 1_000],
      qByMonth: [true, true, false, null, null, null, null, null, null, null, null, null],
    });
  });

  it('keeps in the key annual view the partners who can still reach the qualified-leg months', () => {
    const d = partnersData(frontline, results, context('keyAnnual'));
    expect(d.rows.map((r) => [r.maskedName.zh, r.keyReason])).toEqual([
      ['伙伴20000001', 'nearSix'],
      ['伙伴20000003', 'nearSix'],
    ]);
  });
});

describe('the tracking copies’ Q months', () => {
  const months = ['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];
  it('marks the months before a member’s history as no data: the company’s first month, or joining when later', () => {
    // Q in April (bit 7); the company's records start in March 2026.
    expect(memberHistoryStart('2026-03', '2026-04-03')).toBe('2026-04');
    expect(memberHistoryStart('2026-03', '2019-01-01')).toBe('2026-03');
    expect(copyQFlags(months, '2026-05', '2026-04', 1 << 7)).toEqual([...Array(7).fill('noData'), true, false, null]);
    // Without a close record nothing is marked: the flags are as before.
    expect(copyQFlags(months, '2026-05', memberHistoryStart(null, '2026-04-03'), 1 << 7)).toEqual([
      ...Array(7).fill(false),
      true,
      false,
      null,
    ]);
  });
});
