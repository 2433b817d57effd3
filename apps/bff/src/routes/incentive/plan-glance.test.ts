import { describe, expect, it } from 'vitest';
import type { PlanSummary } from '@abo/contract';
import { text, type CriterionResult, type Status } from '@abo/plan';
import { bindingCriterion, bindingGap, closestPlan, levelsWaitFor, progressText } from './plan-glance.ts';

function criterion(kind: CriterionResult['kind'], achieved: number, required: number, status: Status): CriterionResult {
  const met = status === 'met';
  const still = Math.max(0, required - achieved);
  return {
    kind,
    label: text(`${kind} ≥ ${required}`, `${kind} ≥ ${required}`),
    unit: text('', ''),
    required,
    achieved,
    met,
    status,
    gap: met
      ? null
      : { stillNeeded: still, remainingMonths: 10, perMonth: 1, possible: true, note: null, text: text(`还需${still}`, `${still} more`) },
  };
}

function card(code: string, status: Status, headline: [string, number, number, boolean] | null, py = '26/27'): PlanSummary {
  return {
    code,
    py,
    type: 'seminar',
    name: text(code, code),
    route: `/incentiveplan/${code.toLowerCase()}`,
    status,
    met: status === 'met',
    periodState: 'open',
    remainingMonths: 10,
    criteriaMet: 0,
    criteriaTotal: 1,
    achievedLevel: null,
    headline: headline && {
      kind: headline[0],
      achieved: headline[1],
      required: headline[2],
      met: headline[3],
      label: text('', ''),
      unit: text('', ''),
    },
  };
}

describe('the binding criterion', () => {
  it('is the unmet criterion with the worst status, and among those the furthest from its target', () => {
    const pin = criterion('pinAtLeast', 330, 330, 'met');
    const pq = criterion('pqMonths', 2, 3, 'onTrack');
    const flq = criterion('flqMonths', 1, 8, 'atRisk');
    const apv = criterion('apv', 10_000, 70_000, 'atRisk');
    // Both at risk: FLQ has the smaller share of its target (1/8 < 1/7).
    expect(bindingCriterion([pin, pq, flq, apv])).toBe(flq);
    // A worse status wins over a smaller share.
    const event = { ...criterion('attendance', 0, 1, 'outOfReach'), gap: null };
    expect(bindingCriterion([pq, flq, event])).toBe(event);
    expect(bindingCriterion([pin])).toBeNull();
  });

  it('reads as the figure against its target and the engine’s gap sentence', () => {
    const flq = criterion('flqMonths', 1, 8, 'atRisk');
    expect(bindingGap([flq])).toEqual({
      kind: 'flqMonths',
      status: 'atRisk',
      progress: { zh: 'FLQ月 1/8', en: 'FLQ months 1 of 8' },
      gap: flq.gap!.text,
    });
    expect(progressText(criterion('apv', 28_584, 70_000, 'onTrack'))).toEqual({ zh: 'APV 28,584/70,000', en: 'APV 28,584 of 70,000' });
    // A pin has no "of": its label says what is asked.
    const pin = criterion('pinAtLeast', 320, 330, 'atRisk');
    expect(progressText(pin)).toBe(pin.label);
  });
});

describe('the closest plan', () => {
  it('is the plan of this PY in reach whose headline has come furthest, with what it still needs', () => {
    const cards = [
      card('SEMINAR', 'atRisk', ['flqMonths', 1, 8, false]),
      card('BIENNIAL', 'onTrack', ['complianceMonths', 15, 18, false]),
      card('MET', 'met', ['pqMonths', 3, 3, true]),
      card('GONE', 'outOfReach', ['pqMonths', 8, 9, false]),
      card('LAST_YEAR', 'atRisk', ['pqMonths', 8, 9, false], '25/26'),
      card('PIN', 'atRisk', ['newPin', 320, 330, false]),
    ];
    expect(closestPlan(cards, '26/27')).toMatchObject({
      code: 'BIENNIAL',
      status: 'onTrack',
      toGo: { zh: '还差3个合规月', en: '3 compliance months to go' },
    });
    expect(closestPlan([card('ONE', 'atRisk', ['flqMonths', 7, 8, false])], '26/27')?.toGo.en).toBe('1 FLQ month to go');
    expect(closestPlan(cards.slice(2), '26/27')).toBeNull();
  });
});

describe('what a level waits for', () => {
  const flq = criterion('flqMonths', 5, 6, 'missed');
  const apv = criterion('apv', 46_094, 60_000, 'missed');
  const pin = criterion('pinAtLeast', 320, 330, 'missed');

  it('names each unmet qualification criterion and how far short, in the past tense once closed', () => {
    expect(levelsWaitFor([flq, apv, pin], 'closed')).toEqual({
      zh: `未获得：资格条件未全部满足（差1个FLQ月、APV差13,906 PV、${pin.label.zh}）`,
      en: `Not reached: not every qualification criterion was met (1 FLQ month short; APV 13,906 PV short; ${pin.label.en})`,
    });
    expect(levelsWaitFor([{ ...flq, status: 'atRisk' }], 'open')).toEqual({
      zh: '须先满足全部资格条件：差1个FLQ月',
      en: 'Needs every qualification criterion first: 1 FLQ month short',
    });
  });

  it('counts events, points and customers in their own unit', () => {
    const parts = [
      criterion('attendance', 1, 2, 'onTrack'),
      criterion('points', 100, 220, 'atRisk'),
      criterion('customers', 4, 30, 'atRisk'),
    ];
    expect(levelsWaitFor(parts, 'open')?.en).toBe(
      'Needs every qualification criterion first: 1 event short; 120 points short; 26 new customers short',
    );
  });

  it('is nothing once every qualification criterion is met', () => {
    expect(levelsWaitFor([criterion('pqMonths', 3, 3, 'met')], 'open')).toBeUndefined();
  });
});
