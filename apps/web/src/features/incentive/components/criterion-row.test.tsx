import type { CriterionData, PlanData } from '@abo/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { CriterionRow } from './criterion-row.tsx';

beforeAll(async () => {
  initI18n('en-US');
  await act(() => i18n.changeLanguage('en-US'));
  await import('../i18n.ts');
});

const criterion = (over: Partial<CriterionData>): CriterionData => ({
  kind: 'flqMonths',
  label: { zh: 'FLQ月 ≥ 6', en: 'FLQ months ≥ 6' },
  unit: { zh: '个月', en: 'months' },
  required: 6,
  achieved: 1,
  met: false,
  status: 'atRisk',
  gap: null,
  trace: [],
  ...over,
});
const plan = (periodState: PlanData['periodState']) =>
  ({ periodState, legs: [], route: '/incentiveplan/seminars', py: '26/27' }) as unknown as PlanData;

function show(c: CriterionData, p: PlanData) {
  render(
    <MemoryRouter>
      <ul>
        <CriterionRow c={c} planRoute={p.route} py={p.py} plan={p} />
      </ul>
    </MemoryRouter>,
  );
}

const LINK = 'Legs you can help to Q this month';

describe('a plan’s FLQ or LDD gap', () => {
  it('opens member tracking at the frontline not yet Q this month, closest first, in one tap', () => {
    show(criterion({}), plan('open'));
    expect(screen.getByRole('link', { name: LINK })).toHaveAttribute(
      'href',
      '/incentiveplan/marketmembertracking?sort=pvToQ&q=notQ&levelMax=1',
    );
  });

  it('does so for LDD markets too, but not once met, closed, out of reach, or for other criteria', () => {
    show(criterion({ kind: 'lddMarkets' }), plan('open'));
    expect(screen.getByRole('link', { name: LINK })).toBeInTheDocument();
    for (const [c, p] of [
      [criterion({ met: true, status: 'met' }), plan('open')],
      [criterion({}), plan('closed')],
      [criterion({ status: 'outOfReach' }), plan('open')],
      [criterion({ kind: 'apv' }), plan('open')],
    ] as const) {
      cleanup();
      show(c, p);
      expect(screen.queryByRole('link', { name: LINK })).toBeNull();
    }
  });
});
