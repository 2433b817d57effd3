import type { PlanData } from '@abo/contract';
import { evaluatePlan, isPqMonth, monthStateOf, planByCode, planMonths, type MonthRecord } from '@abo/plan';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../../i18n/index.ts';
import { ApvDetailsView } from './apv-details.tsx';
import { FlqDetailsView } from './flq-details.tsx';
import { fromEngine } from './plan-data.test-support.ts';
import { PqFlqView } from './pq-flq.tsx';

// Chart.js needs a real canvas; what it would draw is SimpleChart's own test.
vi.mock('../../../../lib/chart.ts', () => ({
  Chart: class {
    destroy() {}
  },
}));

/**
 * SEMINAR_2627 on 2026-11-21 as the BFF builds its page (plan-presenter.ts): Sep and Oct closed,
 * Nov open (so far, above the closed months because no leg is Q yet), the rest to come.
 */
function openPlan(): PlanData {
  const plan = planByCode('SEMINAR_2627')!;
  const months = planMonths(plan);
  const lived: MonthRecord[] = [
    {
      month: '2026-09',
      ppv: 1_500,
      gpv: 80_000,
      pgpv: 4_500,
      bracket: 21,
      isQ: true,
      apv: 4_500,
      qLegs: 1,
      isSp: true,
      legs: [{ id: 'L1', isQ: true }],
    },
    {
      month: '2026-10',
      ppv: 1_500,
      gpv: 80_000,
      pgpv: 4_300,
      bracket: 21,
      isQ: true,
      apv: 4_300,
      qLegs: 1,
      isSp: true,
      legs: [{ id: 'L1', isQ: true }],
    },
    {
      month: '2026-11',
      ppv: 1_000,
      gpv: 55_000,
      pgpv: 55_000,
      bracket: 21,
      isQ: true,
      apv: 55_000,
      qLegs: 1,
      isSp: true,
      legs: [{ id: 'L1', isQ: true }],
    },
  ];
  const r = evaluatePlan(plan, { months: lived, initialPin: 380, frontlineLegs: 1 }, { today: '2026-11-21', detail: true });
  const by = new Map(lived.map((m) => [m.month, m]));
  return {
    ...fromEngine(plan, r),
    years: 1,
    type: plan.type,
    today: '2026-11',
    levelsMode: null,
    levelsRequired: false,
    levels: [],
    achievedLevel: null,
    chosenTrack: null,
    records: months.map((month) => {
      const m = by.get(month);
      return {
        month,
        state: monthStateOf(month, '2026-11'),
        present: !!m,
        ppv: m?.ppv ?? 0,
        gpv: m?.gpv ?? 0,
        pgpv: m?.pgpv ?? 0,
        bracket: m?.bracket ?? 0,
        isQ: m?.isQ ?? false,
        qLegs: m?.qLegs ?? 0,
        apv: m?.apv ?? 0,
        isSp: m?.isSp ?? false,
        isPq: m ? isPqMonth(m) : false,
        compliant: false,
        newCustomers: 0,
        points: 0,
        pinCode: 380,
      };
    }),
    pins: { initialPin: 380, current: 380, events: [] },
    legs: [
      {
        key: 'L1',
        maskedAda: '100******11',
        maskedName: { zh: '李***红', en: 'Li X***' },
        qMonths: 3,
        months: months.map((m) => by.has(m)),
        qualified: false,
      },
    ],
    legQMonths: 6,
    compliancePpv: 150,
  } as PlanData;
}

const wrap = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

beforeAll(async () => {
  initI18n('en-US');
  await i18n.changeLanguage('en-US');
  await import('../../i18n.ts'); // feature texts register on the initialised instance
  await import('../../plan-i18n.ts');
});
afterAll(() => {
  void i18n.changeLanguage('zh-CN');
});

describe('plan subpages: the open month is so far', () => {
  it('the PQ / FLQ grid names the open month’s state, and counts it as the criteria do', () => {
    const plan = openPlan();
    wrap(<PqFlqView plan={plan} />);
    const nov = screen.getByRole('rowheader', { name: 'Nov 2026' }).closest('tr')!;
    expect(within(nov).getByText('So far')).toBeInTheDocument();
    // Cumulative PQ and FLQ in the open month's row are the criteria's achieved figures.
    const achieved = (kind: string) => String(plan.criteria.find((c) => c.kind === kind)!.achieved);
    const cells = within(nov)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 4)).toEqual([achieved('pqMonths'), '1', achieved('flqMonths')]);
  });

  it('the legs × months matrix marks the open month', () => {
    wrap(<FlqDetailsView plan={openPlan()} />);
    expect(screen.getByRole('columnheader', { name: 'Nov*' })).toBeInTheDocument();
    expect(screen.getByText('* Nov 2026: So far')).toBeInTheDocument();
  });

  it('the APV chart marks the open month so far, scaled to the closed months, and draws no month to come', () => {
    const plan = openPlan();
    wrap(<ApvDetailsView plan={plan} />);
    const img = screen.getByRole('img', { name: /APV/ });
    expect(img).toHaveAccessibleName(expect.stringContaining('* Nov 2026: so far, the month is not closed yet'));
    // The hidden data table: a month to come has no APV yet (—), not a zero.
    const dec = screen.getAllByRole('rowheader', { name: 'Dec 2026' }).find((h) => h.closest('.visually-hidden'))!;
    expect(dec.closest('tr')).toHaveTextContent(/^Dec 2026——/);
    expect(screen.getAllByRole('rowheader', { name: 'Nov 2026*' })).toHaveLength(1);
  });
});
