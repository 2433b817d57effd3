// The files of the income pages (README "Statements and exports"): each button asks the BFF for
// its document in the page's language, loads the delivery code on click, and says what happened
// (downloaded, opening, saved), never "downloaded" when it was not.
import type { AnnualIncomeData, IncomeRangeData, StatementListData } from '@abo/contract';
import Toast from 'antd-mobile/es/components/toast';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import type * as DeliverFileModule from '../../lib/deliver-file.ts';
import type { DeliveryOutcome } from '../../lib/deliver-file.ts';

type DeliverFile = typeof DeliverFileModule;
import { annualIncomeQuery } from './api/get-annual-income.ts';
import { annualTaxableQuery } from './api/get-annual-taxable.ts';
import { queryableMonthsQuery } from './api/get-queryable-months.ts';
import { statementQuery } from './api/get-statement.ts';
import { statementsQuery } from './api/get-statements.ts';
import { incomeRangeQuery } from './api/query-income.ts';
import { renderPage } from '../../testing/render-page.tsx';
import { OCT_2026_STATEMENT, taxable2026 } from './income.test-support.ts';

vi.mock('../../lib/chart.ts', () => ({
  Chart: class {
    destroy() {}
  },
}));
vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

const delivery = vi.hoisted(() => ({ deliverDocument: vi.fn() }));
vi.mock('../../lib/deliver-file.ts', async (importOriginal) => ({
  ...(await importOriginal<DeliverFile>()),
  deliverDocument: delivery.deliverDocument,
}));

let pages: Record<'servicefee' | 'annualtaxable' | 'annual' | 'query', () => ReactNode>;
beforeAll(async () => {
  initI18n('en-US');
  pages = {
    servicefee: (await import('./servicefee-page.tsx')).default,
    annualtaxable: (await import('./annualtaxable-page.tsx')).default,
    annual: (await import('./distributorannualincome-page.tsx')).default,
    query: (await import('./query-page.tsx')).default,
  };
  // What the buttons load on their first click (the toast, the dialog), loaded once here.
  await Promise.all([import('antd-mobile/es/components/dialog'), import('../../lib/antd-setup.ts')]);
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});
let toasts: string[];
beforeEach(async () => {
  await act(() => i18n.changeLanguage('en-US'));
  toasts = [];
  vi.spyOn(Toast, 'show').mockImplementation((p) => {
    // The request layer's loading toast (lib/api-client.ts, the same Toast) is not the button's.
    if (typeof p !== 'string' && p.duration === 0) return { close: () => undefined };
    toasts.push(String(typeof p === 'string' ? p : p.content));
    return { close: () => undefined };
  });
  delivery.deliverDocument.mockReset();
});
afterEach(() => vi.restoreAllMocks());

function show(page: () => ReactNode, data: [readonly unknown[], unknown][], path = '/') {
  const Page = page;
  return renderPage(<Page />, { at: path, data, fresh: true });
}

const totals = { pretaxFen: 1_000_000, taxFen: 160_000, netFen: 840_000 };
const statement = OCT_2026_STATEMENT;
const list: StatementListData = {
  py: '26/27',
  pys: ['26/27'],
  latestMonth: '2026-10',
  rows: [{ month: '2026-10', paidOn: '2026-11-15', ...totals }],
  totals,
};
const row = { month: '2026-10', paidOn: '2026-11-15', ...totals };

const done = (outcome: DeliveryOutcome) => delivery.deliverDocument.mockResolvedValue(outcome);

describe('the statement as a PDF made by the BFF', () => {
  it('asks for the shown month in the page language and says "downloaded" only for a download', async () => {
    done({ kind: 'downloaded', fileName: 'statement-2026-10.pdf' });
    show(pages.servicefee, [
      [statementQuery().queryKey, statement],
      [statementsQuery('26/27').queryKey, list],
    ]);
    fireEvent.click(screen.getByRole('button', { name: /Export PDF/ }));
    await waitFor(() => expect(toasts).toEqual(['Downloaded statement-2026-10.pdf']));
    expect(delivery.deliverDocument).toHaveBeenCalledWith({ kind: 'statement', month: '2026-10', lang: 'en-US' });
  });

  it('in a webview shows the pages over the page to long-press (no toast), and says "saved" when the app saved it', async () => {
    const data: [readonly unknown[], unknown][] = [
      [statementQuery().queryKey, statement],
      [statementsQuery('26/27').queryKey, list],
    ];
    await act(() => i18n.changeLanguage('zh-CN'));
    done({ kind: 'image', fileName: 'statement-2026-10.png', src: 'data:image/png;base64,iVBORw==' });
    const { unmount } = show(pages.servicefee, data);
    const button = screen.getByRole('button', { name: /导出 PDF/ });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: '长按图片保存' });
    expect(dialog.querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,iVBORw==');
    expect(dialog.querySelector('img')).toHaveAttribute('alt', 'statement-2026-10.png 的页面图片');
    expect(toasts).toEqual([]);
    expect(delivery.deliverDocument).toHaveBeenCalledWith({ kind: 'statement', month: '2026-10', lang: 'zh-CN' });
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();

    done({ kind: 'saved', fileName: '结单.pdf' });
    show(pages.servicefee, data);
    fireEvent.click(screen.getByRole('button', { name: /导出 PDF/ }));
    await waitFor(() => expect(toasts).toEqual(['已保存 结单.pdf']));
    expect(toasts.join()).not.toMatch(/已下载/);
  });

  it('adds no toast to a refusal the api client already showed, and says why a file failed', async () => {
    delivery.deliverDocument.mockRejectedValueOnce(new ApiError(9900400, 'Month cannot be queried'));
    show(pages.servicefee, [
      [statementQuery().queryKey, statement],
      [statementsQuery('26/27').queryKey, list],
    ]);
    const button = screen.getByRole('button', { name: /Export PDF/ });
    fireEvent.click(button);
    await waitFor(() => expect(delivery.deliverDocument).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button).not.toHaveTextContent('Preparing'));
    expect(toasts).toEqual([]);

    const { DeliveryError } = await import('../../lib/deliver-file.ts');
    delivery.deliverDocument.mockRejectedValueOnce(new DeliveryError('This file link has expired'));
    fireEvent.click(button);
    await waitFor(() => expect(toasts).toEqual(['The file could not be delivered, please retry. This file link has expired']));
  });
});

describe('certificates and the income spreadsheet', () => {
  it('offers the income and tax certificate of the shown calendar year', async () => {
    done({ kind: 'downloaded', fileName: 'certificate-2026.pdf' });
    const taxable = taxable2026();
    show(pages.annualtaxable, [[annualTaxableQuery().queryKey, taxable]]);
    fireEvent.click(screen.getByRole('button', { name: /Income and tax certificate PDF/ }));
    await waitFor(() => expect(delivery.deliverDocument).toHaveBeenCalledWith({ kind: 'taxCertificate', year: '2026', lang: 'en-US' }));
  });

  it('offers the certificate of the shown PY, and none for a PY without statements', async () => {
    done({ kind: 'downloaded', fileName: 'py.pdf' });
    const months = ['2025-09', '2025-10'].map((month, i) => ({ month, paidOn: null, hasStatement: i === 0, ...totals }));
    const annual: AnnualIncomeData = { py: '25/26', pys: ['26/27', '25/26'], months, totals };
    const { unmount } = show(pages.annual, [[annualIncomeQuery('25/26').queryKey, annual]], '/?year=25/26');
    fireEvent.click(screen.getByRole('button', { name: /PY income certificate PDF/ }));
    await waitFor(() => expect(delivery.deliverDocument).toHaveBeenCalledWith({ kind: 'pyCertificate', py: '25/26', lang: 'en-US' }));
    unmount();

    const empty: AnnualIncomeData = { ...annual, months: months.map((m) => ({ ...m, hasStatement: false })) };
    show(pages.annual, [[annualIncomeQuery('25/26').queryKey, empty]], '/?year=25/26');
    expect(screen.queryByRole('button', { name: /certificate/ })).toBeNull();
  });

  /** The query page on September to October 2026: one month row and the totals. */
  const showSepToOct = () =>
    show(
      pages.query,
      [
        [queryableMonthsQuery().queryKey, { months: ['2026-10', '2026-09'], earliest: '2026-09', latest: '2026-10' }],
        [
          incomeRangeQuery('2026-09', '2026-10').queryKey,
          { from: '2026-09', to: '2026-10', rows: [row], totals } satisfies IncomeRangeData,
        ],
      ],
      '/?from=2026-09&to=2026-10',
    );
  /** The spreadsheet of those months asked for, in English. */
  const sheetSepToOct = (format: 'xlsx' | 'csv') => ({ kind: 'incomeSheet', from: '2026-09', to: '2026-10', format, lang: 'en-US' });

  it('exports the chosen range as XLSX or CSV', async () => {
    done({ kind: 'downloaded', fileName: 'income.xlsx' });
    showSepToOct();
    const group = screen.getByRole('group', { name: 'Export the chosen months' });
    fireEvent.click(screen.getByRole('button', { name: /Export Excel/ }));
    await waitFor(() => expect(delivery.deliverDocument).toHaveBeenLastCalledWith(sheetSepToOct('xlsx')));
    await waitFor(() => expect(toasts).toEqual(['Downloaded income.xlsx']));
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(delivery.deliverDocument).toHaveBeenLastCalledWith(sheetSepToOct('csv')));
    expect(group).toBeInTheDocument();
  });

  it('in a webview says where to get a spreadsheet, in a dialog, instead of leaving the page', async () => {
    done({ kind: 'elsewhere' });
    showSepToOct();
    fireEvent.click(screen.getByRole('button', { name: /Export Excel/ }));
    expect(await screen.findByText('This sheet cannot be saved here')).toBeInTheDocument();
    expect(screen.getByText(/Open this page in the portal on a computer to export it/)).toBeInTheDocument();
    expect(toasts).toEqual([]);
  });

  it('offers no export of a reversed range', () => {
    show(
      pages.query,
      [[queryableMonthsQuery().queryKey, { months: ['2026-10', '2026-09'], earliest: '2026-09', latest: '2026-10' }]],
      '/?from=2026-10&to=2026-09',
    );
    for (const name of [/Export Excel/, /Export CSV/]) expect(screen.getByRole('button', { name })).toBeDisabled();
  });
});
