import type { PlanData } from '@abo/contract';
import { evaluatePlan, planByCode, planMonths, type PlanHistory } from '@abo/plan';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../i18n/index.ts';
import { SUBPAGES } from '../../plan-routes.ts';
import { CriteriaList } from '../criteria-list.tsx';
import { CriterionRow } from '../criterion-row.tsx';
import { PlanHeader } from '../plan-header.tsx';
import { AttendanceView } from './attendance.tsx';
import { fromEngine } from './plan-data.test-support.ts';
import { FlqDetailsView } from './flq-details.tsx';
import { PinDetailsView } from './pin-details.tsx';
import { PqDetailsView } from './pq-details.tsx';
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
    ...fromEngine(plan, r),
    years: 1,
    type: plan.type,
    today: '2026-11',
    levelsMode: 'tiers',
    levelsRequired: false,
    levels: [],
    achievedLevel: null,
    chosenTrack: null,
    records: history.months.map((m) => ({
      ...m,
      state: 'closed',
      present: true,
      isPq: m.isSp,
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
            maskedName: { zh: '李***红', en: 'Li X***' },
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

/** An open plan as the BFF builds it (today 2026-11-21), from the real engine. */
function openPlan(code: string, history: PlanHistory, today = '2026-11-21'): PlanData {
  const plan = planByCode(code)!;
  const r = evaluatePlan(plan, history, { today, detail: true });
  return {
    ...fixture(false),
    ...fromEngine(plan, r),
    ...(r.reason ? { reason: r.reason } : {}),
  } as PlanData;
}

const wrap = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('generic plan components', () => {
  beforeAll(async () => {
    initI18n('en-US');
    await import('../../i18n.ts'); // feature texts register on the initialised instance
    await import('../../plan-i18n.ts');
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

  it('target shows a count criterion still open as "N of the months left", not a rate', () => {
    const months = [{ month: '2026-09', ppv: 300, gpv: 12_000, pgpv: 10_000, bracket: 21, isQ: true, apv: 10_000, qLegs: 0, isSp: true }];
    wrap(<TargetView plan={openPlan('SEMINAR_2627', { months, initialPin: 330 })} />);
    const row = screen.getByRole('rowheader', { name: 'PQ months ≥ 3' }).closest('tr')!;
    expect(within(row).getAllByRole('cell')[3]!.textContent).toBe('2 of the 10 months left');
    expect(screen.getByText(/2 more PQ months: 2 of the remaining 10 months/)).toBeInTheDocument();
  });

  it('the pin page tells the pin held from the pin qualified in the plan’s PY, which the criterion and its trace judge', () => {
    // Platinum held; 26/27 so far: September an SP month (Silver Producer), nothing more yet.
    const months = [{ month: '2026-09', ppv: 300, gpv: 12_000, pgpv: 10_000, bracket: 21, isQ: true, apv: 10_000, qLegs: 0, isSp: true }];
    const plan = { ...openPlan('SEMINAR_2627', { months, initialPin: 330 }), pins: { initialPin: 330, current: 330, events: [] } };
    wrap(<PinDetailsView plan={plan} />);
    expect(screen.getByText('Pin held').previousElementSibling).toHaveTextContent('Platinum');
    expect(screen.getByText('Qualified in 26/27', { selector: 'div' }).previousElementSibling).toHaveTextContent('Silver Producer');
    const row = screen.getByRole('heading', { name: 'Pin Platinum or above, qualified in 26/27' }).closest('li')!;
    expect(within(row).getByText('On track')).toBeInTheDocument();
    const trace = screen.getByRole('table', { name: /qualified in 26\/27: month by month/ });
    expect(within(trace).getByRole('columnheader', { name: 'Qualified in 26/27' })).toBeInTheDocument();
    const sep = within(trace).getByRole('rowheader', { name: 'Sep 2026' }).closest('tr')!;
    expect(sep).toHaveTextContent('Silver Producer');
  });

  it('the PQ/FLQ grid runs the totals month by month and lists the legs', () => {
    const plan = fixture(true);
    wrap(<PqFlqView plan={plan} />);
    const aug = screen.getByRole('rowheader', { name: 'Aug 2026' }).closest('tr')!;
    expect(within(aug).getAllByRole('cell')[1]!.textContent).toBe('12');
    expect(within(aug).getAllByRole('cell')[3]!.textContent).toBe('5');
    expect(screen.getByText('100******11')).toBeInTheDocument();
    // An English page names the leg in Latin letters.
    expect(screen.getByText('Li X***')).toBeInTheDocument();
    expect(screen.queryByText('李***红')).toBeNull();
  });

  it('PQ details: each month’s bracket and PQ answer open that month’s trace, not a generic page', async () => {
    const plan = fixture(true);
    wrap(<PqDetailsView plan={plan} />);
    const sep = screen.getByRole('rowheader', { name: 'Sep 2025' }).closest('tr')!;
    fireEvent.click(within(sep).getByRole('button', { name: 'How is this calculated? Bracket Sep 2025' }));
    const bracket = await screen.findByRole('dialog', { name: 'Performance bracket · Sep 2025' }, { timeout: 5000 });
    expect(bracket).toHaveAccessibleDescription('Group PV 15,000 = personal PV 300 + legs 14,700 → 21% (10,000 PV and up)');
    fireEvent.click(within(bracket).getByRole('button', { name: 'Close' }));
    // Sep has a Q leg, Oct none: the SP-month test on each month's own APV and legs.
    fireEvent.click(within(sep).getByRole('button', { name: 'How is this calculated? Q month Sep 2025' }));
    const pq = await screen.findByRole('dialog', { name: 'SP month (Q month) · Sep 2025' }, { timeout: 5000 });
    expect(pq).toHaveAccessibleDescription('APV 12,000, 21% legs 1 → an SP month');
    expect(within(pq).getByText('APV', { selector: 'dt' }).nextElementSibling).toHaveTextContent('12,000 PV');
    expect(screen.queryByRole('link', { name: 'How is this calculated?' })).toBeNull();
  });

  it('the PQ/FLQ grid traces each month’s Q answer, and none for a month to come', async () => {
    const plan = fixture(false);
    plan.records = plan.records.map((r, i) => (i === 11 ? { ...r, state: 'future' } : r));
    wrap(<PqFlqView plan={plan} />);
    const oct = screen.getByRole('rowheader', { name: 'Oct 2025' }).closest('tr')!;
    fireEvent.click(within(oct).getByRole('button', { name: 'How is this calculated? Q month Oct 2025' }));
    const pq = await screen.findByRole('dialog', { name: 'SP month (Q month) · Oct 2025' }, { timeout: 5000 });
    expect(pq).toHaveAccessibleDescription('APV 12,000, 21% legs 0 → an SP month');
    const aug = screen.getByRole('rowheader', { name: 'Aug 2026' }).closest('tr')!;
    expect(within(aug).queryByRole('button')).toBeNull();
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

  it('an out-of-reach plan shows the status and says why', () => {
    // Two frontline legs; the FEM travel plan needs 3 LDD markets. In May a leg sponsored now can
    // no longer be Q the 6 months a market needs (in November it could: at risk, not out of reach).
    const months = ['2026-09', '2026-10', '2026-11'].map((month) => ({
      ...{ month, ppv: 300, gpv: 5_000, pgpv: 5_000, bracket: 15, isQ: false, apv: 5_000, qLegs: 1, isSp: false },
      legs: [{ id: 'A', isQ: true }],
    }));
    const plan = openPlan('FEM_TRAVEL_2627', { months, frontlineLegs: 2 }, '2027-05-21');
    wrap(<PlanHeader plan={plan} />);
    const header = screen.getByRole('region', { name: plan.name.en });
    expect(within(header).getAllByText('Out of reach').length).toBeGreaterThanOrEqual(1);
    // Beside the plan's status, and again on the criterion it comes from.
    expect(within(header).getByText('needs 3 LDD markets but the frontline has only 2 legs')).toHaveClass('inc-reason');
  });

  it('the trace says what each month still to come needs', async () => {
    const months = [
      { month: '2026-09', ppv: 300, gpv: 12_000, pgpv: 10_000, bracket: 21, isQ: true, apv: 10_000, qLegs: 0, isSp: true },
      { month: '2026-10', ppv: 300, gpv: 4_000, pgpv: 4_000, bracket: 15, isQ: false, apv: 4_000, qLegs: 0, isSp: false },
    ];
    const plan = openPlan('SEMINAR_2627', { months, initialPin: 330 });
    const apv = plan.criteria.find((c) => c.kind === 'apv')!;
    wrap(
      <ul>
        <CriterionRow c={apv} planRoute={plan.route} py={plan.py} plan={plan} />
      </ul>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Month by month' }));
    const table = await screen.findByRole('table', { name: /month by month/ });
    expect(within(table).getByRole('columnheader', { name: 'Needs' })).toBeInTheDocument();
    // 70 000 − 14 000 over the 10 months left, Nov included.
    const dec = within(table).getByRole('rowheader', { name: 'Dec 2026' }).closest('tr')!;
    expect(within(dec).getAllByRole('cell').at(-1)!.textContent).toBe('needs 5,600 PV');
    const sep = within(table).getByRole('rowheader', { name: 'Sep 2026' }).closest('tr')!;
    expect(within(sep).getAllByRole('cell').at(-1)!.textContent).toBe('');
  });

  it('every subpage of the registry has a view and a label in both languages', async () => {
    const { i18n } = await import('../../../../i18n/index.ts');
    for (const s of SUBPAGES) {
      expect(SUBPAGE_VIEWS[s], s).toBeTypeOf('function');
      for (const lng of ['zh-CN', 'en-US']) expect(i18n.exists(`subpages.${s}`, { ns: 'incentive', lng }), `${lng} ${s}`).toBe(true);
    }
  });

  it('the attendance page says when registration closes for each event not attended yet', () => {
    const months = [{ month: '2026-09', ppv: 300, gpv: 12_000, pgpv: 10_000, bracket: 21, isQ: true, apv: 10_000, qLegs: 0, isSp: true }];
    wrap(<AttendanceView plan={openPlan('SEMINAR_2627', { months, initialPin: 330 })} />);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Registration closes' })).toBeInTheDocument();
    const online = within(table).getByRole('rowheader', { name: 'Online qualification course' }).closest('tr')!;
    expect(online).toHaveTextContent('31 Mar 2027');
    const brief = within(table).getByRole('rowheader', { name: 'Seminar briefing' }).closest('tr')!;
    expect(brief).toHaveTextContent('28 May 2027');
  });

  it('FLQ details without any Q leg show an explained empty state', () => {
    wrap(<FlqDetailsView plan={fixture(false)} />);
    expect(screen.getByText('No frontline leg has been Q (21%) in this period yet')).toBeInTheDocument();
  });
});
