import type { PlanData } from '@abo/contract';
import { evaluatePlan, planByCode, planMonths } from '@abo/plan';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../i18n/index.ts';
import { SUBPAGES } from '../../plan-routes.ts';
import { CriteriaList } from '../criteria-list.tsx';
import { CriterionRow } from '../criterion-row.tsx';
import { FlqDetailsView } from './flq-details.tsx';
import { PqFlqView } from './pq-flq.tsx';
import { TargetView } from './target.tsx';
import { SUBPAGE_VIEWS } from './views.ts';

/** A PlanData as the BFF builds it, from the real engine: SEMINAR_2526 one FLQ month short. */
function fixture(legs: boolean): PlanData {
  const plan = planByCode('SEMINAR_2526')!;
  const months = planMonths(plan);
  const legQ = [0, 2, 4, 6, 8];
  const history = {
    months: months.map((month, i) => ({
      month,
      ppv: 300,
      gpv: 15_000,
      pgpv: 12_000,
      bracket: 21,
      isQ: true,
      apv: 12_000,
      qLegs: legQ.includes(i) ? 1 : 0,
      isSp: true,
      legs: legQ.includes(i) ? [{ id: 'L1', isQ: true }] : [],
    })),
    initialPin: 330,
  };
  const r = evaluatePlan(plan, history, { detail: true });
  return {
    code: plan.code,
    py: plan.py,
    years: 1,
    type: plan.type,
    name: plan.name,
    route: plan.route,
    reward: plan.reward,
    today: '2026-11',
    status: r.status,
    met: r.met,
    periodState: r.periodState,
    months: [...r.months],
    remainingMonths: r.remainingMonths,
    criteria: r.criteria.map((c) => ({ ...c, gap: c.gap, trace: [...(c.trace ?? [])], events: c.events?.map((e) => ({ ...e })) })),
    levelsMode: 'tiers',
    levelsRequired: false,
    levels: [],
    achievedLevel: null,
    chosenTrack: null,
    editions: [{ code: plan.code, py: plan.py }],
    records: history.months.map((m) => ({
      ...m,
      state: 'closed',
      present: true,
      compliant: true,
      newCustomers: 0,
      points: 0,
      pinCode: 330,
    })),
    pins: { initialPin: 330, current: 330, events: [] },
    legs: legs
      ? [
          {
            key: 'L1',
            maskedAda: '100******11',
            maskedName: '李***红',
            qMonths: 5,
            months: months.map((_, i) => legQ.includes(i)),
            qualified: false,
          },
        ]
      : [],
    legQMonths: 6,
    compliancePpv: 100,
  } as PlanData;
}

const wrap = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('generic plan components', () => {
  beforeAll(async () => {
    initI18n('en-US');
    await import('../../i18n.ts'); // feature texts register on the initialised instance
  });

  it('the checklist says exactly what is missing', () => {
    const plan = fixture(true);
    wrap(<CriteriaList criteria={plan.criteria} plan={plan} />);
    const flq = screen.getByRole('heading', { name: 'FLQ months ≥ 6' }).closest('li')!;
    expect(within(flq).getByText('missed by 1 FLQ month')).toBeInTheDocument();
    expect(within(flq).getByText('Missed')).toBeInTheDocument();
    // 5 of 6 FLQ months, as a screen reader announces the bar.
    expect(within(flq).getByRole('progressbar', { name: 'FLQ months ≥ 6' })).toHaveAttribute('aria-valuenow', '83');
    expect(within(flq).getByRole('link', { name: /PQ \/ FLQ months/ })).toHaveAttribute(
      'href',
      '/incentiveplan/seminars/pqflqdetails?year=25%2F26',
    );
  });

  it('target lists required, achieved and the gap for every criterion', () => {
    const plan = fixture(true);
    wrap(<TargetView plan={plan} />);
    const row = screen.getByRole('rowheader', { name: 'FLQ months ≥ 6' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', '5', '1', '—', '0', expect.stringContaining('Missed')]);
    // On a phone each value shows beside its column's name.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.getAttribute('data-label')),
    ).toEqual(['Required', 'Achieved', 'Still needed', 'Per month', 'Months left', 'Status']);
    expect(screen.getByRole('table', { name: 'Target and gap' })).toHaveClass('data-table--stack');
  });

  it('the PQ/FLQ grid runs the totals month by month and lists the legs', () => {
    const plan = fixture(true);
    wrap(<PqFlqView plan={plan} />);
    const aug = screen.getByRole('rowheader', { name: 'Aug 2026' }).closest('tr')!;
    expect(within(aug).getAllByRole('cell')[1]!.textContent).toBe('12');
    expect(within(aug).getAllByRole('cell')[3]!.textContent).toBe('5');
    expect(screen.getByText('100******11')).toBeInTheDocument();
  });

  it('the legs × months matrix is a month grid: it keeps its columns, totals in its footer', () => {
    const plan = fixture(true);
    wrap(<PqFlqView plan={plan} />);
    const matrix = screen.getByRole('table', { name: 'Frontline legs' });
    expect(matrix).toHaveClass('data-table--grid');
    expect(within(matrix).getAllByRole('columnheader')).toHaveLength(1 + 12 + 1);
    const total = within(matrix).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(total.parentElement!.tagName).toBe('TFOOT');
    expect(within(total).getAllByRole('cell').at(-1)!.textContent).toBe('5');
  });

  it('the trace drawer lists the months, then the legs behind an FLQ criterion', async () => {
    const plan = fixture(true);
    const flq = plan.criteria.find((c) => c.kind === 'flqMonths')!;
    wrap(
      <ul>
        <CriterionRow c={flq} planRoute={plan.route} py={plan.py} plan={plan} />
      </ul>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Month by month' }));
    const drawer = await screen.findByRole('dialog', { name: /FLQ months ≥ 6: month by month/ });
    expect(within(drawer).getByRole('table', { name: /FLQ months ≥ 6: month by month/ })).toBeInTheDocument();
    expect(within(drawer).getByRole('table', { name: 'Frontline legs' })).toHaveClass('data-table--grid');
  });

  it('every subpage of the registry has a view and a label in both languages', async () => {
    const { i18n } = await import('../../../../i18n/index.ts');
    for (const s of SUBPAGES) {
      expect(SUBPAGE_VIEWS[s], s).toBeTypeOf('function');
      for (const lng of ['zh-CN', 'en-US']) expect(i18n.exists(`subpages.${s}`, { ns: 'incentive', lng }), `${lng} ${s}`).toBe(true);
    }
  });

  it('FLQ details without any Q leg show an explained empty state', () => {
    wrap(<FlqDetailsView plan={fixture(false)} />);
    expect(screen.getByText('No frontline leg has been Q (21 %) in this period yet')).toBeInTheDocument();
  });
});
