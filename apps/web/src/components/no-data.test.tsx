// Months before the distributor's history (state noData, issue 29 part 5): every month table says
// "no data" for them, in both languages, never a 0 or a missed month, and says where the history
// starts.
import type { AchMonth, CriterionData } from '@abo/contract';
import { act, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/index.ts';
import { MonthTable } from '../features/achievement/components/month-table.tsx';
import { TraceTable } from '../features/incentive/components/trace-table.tsx';
import { StatementTable } from '../features/income/components/statement-table.tsx';
import { SimpleChart } from './simple-chart.tsx';
import { renderPage } from '../testing/render-page.tsx';

vi.mock('../lib/chart.ts', () => ({
  Chart: class {
    destroy() {}
  },
}));
vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));

beforeAll(async () => {
  initI18n('zh-CN');
  await Promise.all([
    import('../features/achievement/i18n.ts'),
    import('../features/incentive/i18n.ts'),
    import('../features/income/i18n.ts'),
  ]);
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

function show(node: ReactNode) {
  return renderPage(node, { fresh: true });
}

const achMonth = (month: string, state: AchMonth['state'], ppv: number): AchMonth => ({
  month,
  state,
  ppv,
  bvFen: ppv * 1150,
  gpv: ppv,
  pgpv: ppv,
  apv: ppv,
  bracket: ppv ? 21 : 0,
  isQ: ppv >= 10_000,
  qLegs: 0,
  isSp: ppv >= 10_000,
  newCustomers: 0,
  compliant: ppv > 0,
});
// The company's records start in March 2026: February has no data, March is a closed month.
const months = [achMonth('2026-02', 'noData', 0), achMonth('2026-03', 'closed', 12_000), achMonth('2026-04', 'open', 300)];

describe('months before the history', () => {
  it('shows them as no data in a month table, with where the history starts, in Chinese and English', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const columns = [{ key: 'ppv', header: 'PPV', numeric: true, cell: (m: AchMonth) => String(m.ppv) }];
    const { unmount } = show(<MonthTable rows={months} columns={columns} caption="月份" />);
    const feb = screen.getByRole('row', { name: /2026年2月/ });
    expect(within(feb).getByText('无数据')).toBeInTheDocument();
    expect(within(feb).queryByText('0')).toBeNull();
    expect(within(screen.getByRole('row', { name: /2026年3月/ })).getByText('12000')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('数据记录自2026年3月起');
    unmount();

    await act(() => i18n.changeLanguage('en-US'));
    show(<MonthTable rows={months} columns={columns} caption="Months" />);
    expect(within(screen.getByRole('row', { name: /Feb 2026/ })).getByText('No data')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('The records start in Mar 2026');
  });

  it('traces a plan criterion’s months before the history as no data, not as months that did not count', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const criterion: CriterionData = {
      kind: 'pqMonths',
      label: { zh: 'PQ月', en: 'PQ months' },
      unit: { zh: '个月', en: 'months' },
      required: 3,
      achieved: 1,
      met: false,
      status: 'onTrack',
      gap: null,
      trace: [
        { month: '2026-02', state: 'noData', value: 0, counted: false, cumulative: 0 },
        { month: '2026-03', state: 'closed', value: 1, counted: true, cumulative: 1 },
      ],
    };
    show(<TraceTable criterion={criterion} py="25/26" historyStart="2026-03" />);
    const feb = screen.getByRole('row', { name: /Feb 2026/ });
    // Value, counted and cumulative say "no data"; the month's state too.
    expect(within(feb).getAllByText('No data')).toHaveLength(4);
    expect(within(feb).queryByText('No')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('The records start in Mar 2026');
  });

  it('lists an income month before the history as no data, not as ¥0.00 paid', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const rows = [
      { month: '2026-02', paidOn: null, pretaxFen: 0, taxFen: 0, netFen: 0, hasStatement: false, noData: true },
      { month: '2026-03', paidOn: '2026-04-15', pretaxFen: 10_000, taxFen: 160, netFen: 9_840, hasStatement: true },
    ];
    show(<StatementTable rows={rows} totals={{ pretaxFen: 10_000, taxFen: 160, netFen: 9_840 }} />);
    const feb = screen.getByText('2026年2月', { exact: false }).closest('tr')!;
    expect(within(feb).getAllByText('无数据').length).toBeGreaterThanOrEqual(3);
    expect(within(feb).queryByText('¥0.00')).toBeNull();
  });

  it('gives a chart’s screen-reader table "no data" for those months', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    show(<SimpleChart title="PV" labels={['Feb', 'Mar']} series={[{ label: 'PV', values: [0, 12_000] }]} states={['noData', 'closed']} />);
    expect(within(screen.getByRole('row', { name: /Feb/ })).getByText('no data')).toBeInTheDocument();
  });
});
