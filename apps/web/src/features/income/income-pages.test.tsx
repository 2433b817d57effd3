// The statement pages and the annual taxable page as the BFF answers them: each statement says
// when it is paid, and the calendar-year view counts statements by that date.
import type { StatementData, StatementListData } from '@abo/contract';
import { act, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { annualTaxableQuery } from './api/get-annual-taxable.ts';
import { statementQuery } from './api/get-statement.ts';
import { statementsQuery } from './api/get-statements.ts';
import { renderPage } from '../../testing/render-page.tsx';
import { OCT_2026_STATEMENT, taxable2026 } from './income.test-support.ts';

// Chart.js needs a real canvas; what it would draw is SimpleChart's own test.
vi.mock('../../lib/chart.ts', () => ({
  Chart: class {
    destroy() {}
  },
}));

// A call the test does not answer (the freshness note, the user's details) stays pending: no
// request leaves the test, and no error toast loads after the test environment is gone.
vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

// The pages register their texts when they load: after i18next is set up (beforeAll).
let ServiceFeePage: () => ReactNode;
let AnnualTaxablePage: () => ReactNode;

beforeAll(async () => {
  initI18n('zh-CN');
  ServiceFeePage = (await import('./servicefee-page.tsx')).default;
  AnnualTaxablePage = (await import('./annualtaxable-page.tsx')).default;
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

function show(page: ReactNode, data: [readonly unknown[], unknown][]) {
  return renderPage(page, { data, fresh: true });
}

const statement = OCT_2026_STATEMENT;
const list: StatementListData = {
  py: '26/27',
  pys: ['26/27'],
  latestMonth: '2026-10',
  rows: [
    { month: '2026-10', paidOn: '2026-11-15', pretaxFen: 1_000_000, taxFen: 160_000, netFen: 840_000 },
    { month: '2026-09', paidOn: '2026-10-15', pretaxFen: 500_000, taxFen: 80_000, netFen: 420_000 },
  ],
  totals: { pretaxFen: 1_500_000, taxFen: 240_000, netFen: 1_260_000 },
};

describe('the monthly statement page', () => {
  it('says when the statement is paid, and when each month of its PY is', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { unmount } = show(<ServiceFeePage />, [
      [statementQuery().queryKey, statement],
      [statementsQuery('26/27').queryKey, list],
    ]);
    const sheet = screen.getByRole('heading', { name: '2026年10月 服务费结单' }).closest('section')!;
    expect(within(sheet).getByText('2026-11-15 发放')).toBeInTheDocument();
    const september = screen.getByRole('link', { name: '2026年9月' }).closest('tr')!;
    expect(within(september).getByText('2026-10-15 发放')).toBeInTheDocument();
    unmount();

    await act(() => i18n.changeLanguage('en-US'));
    show(<ServiceFeePage />, [
      [statementQuery().queryKey, statement],
      [statementsQuery('26/27').queryKey, list],
    ]);
    const en = screen.getByRole('heading', { name: 'Service fee statement, Oct 2026' }).closest('section')!;
    expect(within(en).getByText('paid on 15 Nov 2026')).toBeInTheDocument();
  });

  it('names its two traces apart, the bracket’s and the tax’s, for every reader', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const volume = { ppv: 300, gpv: 8_009, pgpv: 8_009, bracketPercent: 18, qLegs: 0 };
    show(<ServiceFeePage />, [
      [statementQuery().queryKey, { ...statement, volume }],
      [statementsQuery('26/27').queryKey, list],
    ]);
    const sheet = screen.getByRole('heading', { name: 'Service fee statement, Oct 2026' }).closest('section')!;
    const traces = within(sheet).getAllByRole('button', { name: /worked out\?$/ });
    expect(traces.map((b) => b.textContent)).toEqual(['How is the bracket worked out?', 'How is the tax worked out?']);
  });

  it('says a statement below zero pays nothing, with no payment date', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const clawBack: StatementData = { ...statement, paidOn: null, pretaxFen: 0, taxFen: 0, netFen: 0 };
    show(<ServiceFeePage />, [
      [statementQuery().queryKey, clawBack],
      [statementsQuery('26/27').queryKey, list],
    ]);
    const sheet = screen.getByRole('heading', { name: 'Service fee statement, Oct 2026' }).closest('section')!;
    expect(within(sheet).getByText(/^Nothing is paid for this month/)).toBeInTheDocument();
    expect(within(sheet).queryByText(/^paid on/)).toBeNull();
  });
});

describe('the annual taxable page', () => {
  const months = Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    grossFen: i === 0 ? 300_000 : 0,
    withheldFen: i === 0 ? 40_000 : 0,
    hasStatement: i === 0,
  }));
  const taxable = taxable2026(months);

  it('says it counts by payment date, and lists December’s statement in the year it was paid', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { unmount } = show(<AnnualTaxablePage />, [[annualTaxableQuery().queryKey, taxable]]);
    expect(screen.getByTestId('by-payment-date')).toHaveTextContent('按发放日期计入纳税年度');
    const paid = screen.getByRole('heading', { name: '2026 年发放的结单' }).closest('section, .card')!;
    const december = within(paid as HTMLElement)
      .getByRole('link', { name: '2025年12月' })
      .closest('tr')!;
    expect(within(december).getByText('2026-01-15 发放')).toBeInTheDocument();
    expect(paid.querySelector('[data-total-pretax]')).toHaveAttribute('data-total-pretax', '300000');
    unmount();

    await act(() => i18n.changeLanguage('en-US'));
    show(<AnnualTaxablePage />, [[annualTaxableQuery().queryKey, taxable]]);
    expect(screen.getByTestId('by-payment-date')).toHaveTextContent('Counted by payment date');
    expect(screen.getByRole('heading', { name: 'Statements paid in 2026' })).toBeInTheDocument();
    expect(screen.getByText('paid on 15 Jan 2026')).toBeInTheDocument();
  });

  it('stands beside the performance year as a view of its own, with the tax withheld among its headline figures', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    show(<AnnualTaxablePage />, [[annualTaxableQuery().queryKey, taxable]]);
    const views = screen.getByRole('navigation', { name: 'Which year to count by' });
    expect(within(views).getByRole('link', { name: /Tax year/ })).toHaveAttribute('aria-current', 'page');
    const py = within(views).getByRole('link', { name: /Performance year/ });
    expect(py).toHaveAttribute('href', '/income/distributorannualincome');
    expect(py).not.toHaveAttribute('aria-current');
    const headline = screen.getByRole('heading', { name: '2026' }).closest('section')!.querySelector('.income-totals')!;
    const withheld = within(headline as HTMLElement)
      .getByText('Withheld during the year')
      .closest('.figure-block')!;
    expect(withheld.querySelector('.figure')).toHaveTextContent('¥400.00');
  });
});
