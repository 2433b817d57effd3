import { describe, expect, it } from 'vitest';
import { countsSoFar, monthStateOf, pyMonths } from '../calendar.ts';
import { criterionProjection, projectCount } from '../projections.ts';
import { evaluateCriterion } from './criterion-status.ts';
import { evaluatePlan } from './evaluate.ts';
import { summarizeHistory } from './history-summary.ts';
import { planByCode } from './registry.ts';
import { monthRecord } from './month-record.test-support.ts';
import type { PlanHistory } from './types.ts';

// A company whose imported history starts in March 2026, seen on 15 May 2026 (PY 25/26): Sep 2025 –
// Feb 2026 hold no data. March and April were PQ months, May so far is not.
const pq = (month: string, isSp: boolean) => monthRecord(month, { q: isSp, ppv: 500 });
const months = [pq('2026-03', true), pq('2026-04', true), pq('2026-05', false)];
const today = '2026-05-15';
const PY = pyMonths('25/26');
const FIVE_PQ = { kind: 'pqMonths', min: 5 } as const;

describe('months before the history are no data, not closed months with 0', () => {
  it('gives a month before the history start its own state, which no count reads', () => {
    expect(monthStateOf('2026-02', '2026-05', '2026-03')).toBe('noData');
    expect(monthStateOf('2026-03', '2026-05', '2026-03')).toBe('closed');
    expect(monthStateOf('2026-02', '2026-05', null)).toBe('closed');
    expect(countsSoFar('noData')).toBe(false);
  });

  it('traces Sep–Feb as no data, and judges the pace over the months the history holds', () => {
    const history: PlanHistory = { months, firstMonth: '2026-03' };
    const r = evaluateCriterion(FIVE_PQ, summarizeHistory(history, PY, today));
    expect(r.trace!.slice(0, 6).map((t) => t.state)).toEqual(Array(6).fill('noData'));
    expect(r.trace!.slice(0, 6).every((t) => !t.counted && t.need === undefined)).toBe(true);
    expect(r.trace![6]).toMatchObject({ month: '2026-03', state: 'closed', counted: true });
    // 2 PQ months of the 2 closed months with data: on pace for 5 of the 6 (5 × 2/6 ≈ 1.7).
    expect(r.achieved).toBe(2);
    expect(r.status).toBe('onTrack');
    expect(r.gap?.remainingMonths).toBe(4);
  });

  it('without the history start the same months read as six missed months (the old reading)', () => {
    const r = evaluateCriterion(FIVE_PQ, summarizeHistory({ months }, PY, today));
    expect(r.trace![0]!.state).toBe('closed');
    // 5 × 8/12 ≈ 3.3 due by now: behind.
    expect(r.status).toBe('atRisk');
  });

  it('projects the count at the pace of the months with data, over the months still to come', () => {
    const r = evaluateCriterion(FIVE_PQ, summarizeHistory({ months, firstMonth: '2026-03' }, PY, today));
    const p = criterionProjection(r)!;
    expect(p).toMatchObject({ closedSoFar: 2, monthsElapsed: 2, monthsLeft: 4, projected: 6 });
    expect(
      projectCount([
        { month: '2026-02', state: 'noData', value: 0 },
        { month: '2026-03', state: 'closed', value: 1 },
      ]),
    ).toBeNull();
  });

  it('names the month the history starts on the plan result, only when it starts inside the period', () => {
    const plan = planByCode('SEMINAR_2526')!;
    expect(evaluatePlan(plan, { months, firstMonth: '2026-03' }, { today }).historyStart).toBe('2026-03');
    expect(evaluatePlan(plan, { months, firstMonth: '2025-09' }, { today }).historyStart).toBeUndefined();
    // A PY wholly before the history: every month no data.
    const before = evaluatePlan(planByCode('PPTRACK_2425')!, { months, firstMonth: '2026-03' }, { today });
    expect(before.historyStart).toBe('2026-03');
    expect(before.criteria[0]!.trace!.every((t) => t.state === 'noData')).toBe(true);
  });
});
