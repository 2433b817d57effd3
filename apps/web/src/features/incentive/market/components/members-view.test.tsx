// Member tracking as a Diamond uses it on the desktop: filters, sort and page in the address, the
// column headers as the sort control, 50 or 100 rows, and an export that says what it did.
import type { MemberRow, MembersData } from '@abo/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../../i18n/index.ts';
import { renderPage } from '../../../../testing/render-page.tsx';
import type { MembersView as MembersViewType } from './members-view.tsx';
import { maskedMember } from '../../../../testing/member-rows.ts';

const post = vi.fn();
vi.mock('../../../../lib/api-client.ts', () => ({ post: (...args: unknown[]) => post(...args), queriedAda: () => null }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

let MembersView: typeof MembersViewType;

beforeAll(async () => {
  initI18n('en-US');
  await act(() => i18n.changeLanguage('en-US'));
  await import('../i18n.ts');
  await import('../market-member-tracking-i18n.ts');
  MembersView = (await import('./members-view.tsx')).MembersView;
});

const row = (i: number, over: Partial<MemberRow> = {}): MemberRow => ({
  ...maskedMember(i),
  joinedThisPy: false,
  ppv: 100,
  gpv: 9000 - i * 100,
  pgpv: 9000 - i * 100,
  bracket: 18,
  isQ: false,
  pvToQ: 1000 + i * 100,
  qMonthsPy: 2,
  ...over,
});

const TOTAL = 130;
function answer(body: { page: number; pageSize: number }): MembersData {
  const rows = Array.from({ length: TOTAL }, (_, i) => row(i)).slice((body.page - 1) * body.pageSize, body.page * body.pageSize);
  return {
    py: '26/27',
    month: '2026-11',
    monthOpen: true,
    years: ['26/27', '25/26'],
    qThreshold: 10000,
    downlineSize: TOTAL,
    maxLevel: 3,
    total: TOTAL,
    page: body.page,
    pageSize: body.pageSize,
    rows,
  };
}

let where = '';
function Where() {
  const { search } = useLocation();
  useEffect(() => {
    where = search;
  }, [search]);
  return null;
}

function show(search: string) {
  return renderPage(
    <Routes>
      <Route
        path="/incentiveplan/marketmembertracking"
        element={
          <>
            <MembersView title="Market member tracking" />
            <Where />
          </>
        }
      />
    </Routes>,
    { at: `/incentiveplan/marketmembertracking${search}` },
  );
}

// The member pages asked for (the rows' stars ask for the watchlist as well).
const bodies = () => post.mock.calls.filter((c) => c[0] === '/bff/v1/incentive/market/members').map((c) => c[1] as Record<string, unknown>);
const table = () => screen.findByRole('table', { name: 'Member' }, { timeout: 5000 });

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (_path: string, body: { page: number; pageSize: number }) => answer(body));
  // A desktop-width screen: the table with a pager.
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: true, media: q, addEventListener() {}, removeEventListener() {} }));
  sessionStorage.setItem('channel', 'ebiz');
});
afterEach(() => {
  // Unmounted first: a render still settling would subscribe to matchMedia after it is gone
  // (src/testing/setup.ts's cleanup runs after this file's hooks).
  cleanup();
  vi.unstubAllGlobals();
});

// A page of 50 rows, each with its Q trace, is slow to render and query in jsdom on a busy machine.
describe('market member tracking', { timeout: 15_000 }, () => {
  it('reads filters and sort from the address: "closest to Q" asks for the nearest first', async () => {
    show('?sort=pvToQ&q=notQ&levelMax=1');
    const t = await table();
    expect(bodies()[0]).toMatchObject({ sort: 'pvToQ', order: 'asc', q: 'notQ', levelMax: 1, page: 1, pageSize: 50 });
    expect(within(t).getByRole('columnheader', { name: 'PV to Q (PV)' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByLabelText('Q this month')).toHaveValue('notQ');
    expect(screen.getByLabelText('Sort by')).toHaveValue('pvToQ');
  });

  it('sorts from a column header and puts the sort in the address, "PV to Q" nearest first', async () => {
    show('');
    const t = await table();
    fireEvent.click(within(t).getByRole('button', { name: 'PV to Q (PV)' }));
    await waitFor(() => expect(where).toBe('?sort=pvToQ'));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ sort: 'pvToQ', order: 'asc' }));
    fireEvent.click(within(await table()).getByRole('button', { name: 'PV to Q (PV)' }));
    await waitFor(() => expect(where).toBe('?sort=pvToQ&order=desc'));
  });

  it('keeps the last rows while another sort loads, marked busy so they are not read as its answer', async () => {
    show('');
    await table();
    const rows = () => document.querySelector('.market-rows')!;
    expect(rows()).toHaveAttribute('aria-busy', 'false');
    let release!: () => void;
    post.mockImplementation(
      (_path: string, body: { page: number; pageSize: number }) =>
        new Promise((resolve) => {
          release = () => resolve(answer(body));
        }),
    );
    fireEvent.click(within(await table()).getByRole('button', { name: 'PV to Q (PV)' }));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ sort: 'pvToQ' }));
    expect(within(await table()).getAllByRole('row').length).toBeGreaterThan(1);
    expect(rows()).toHaveAttribute('aria-busy', 'true');
    await act(async () => release());
    await waitFor(() => expect(rows()).toHaveAttribute('aria-busy', 'false'));
  });

  it('traces each member’s Q from their group PV, where the Q column says it', async () => {
    show('');
    const t = await table();
    const row = within(t).getByText('Li 3', { exact: true }).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'How is this calculated? Q status Li 3' }));
    // By its test id: a role query over a page of 50 rows is slow in jsdom.
    const dialog = await screen.findByTestId('figure-trace', {}, { timeout: 5000 });
    expect(dialog).toHaveRole('dialog');
    expect(dialog).toHaveAccessibleName('Q status of Li 3 · Nov 2026');
    expect(dialog).toHaveAccessibleDescription('Group PV 8,700 < 10,000 → not Q');
    expect(dialog).toHaveTextContent('1,300 more PV would make it Q.');
    // The generic "how is this calculated" link of the toolbar is gone.
    expect(document.querySelector('.market-toolbar a[href^="/descpage"]')).toBeNull();
  });

  it('picks 50 or 100 rows a page and pages through the address', async () => {
    show('');
    await table();
    expect(within(await table()).getAllByRole('row')).toHaveLength(1 + 50);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '100' } });
    await waitFor(() => expect(where).toBe('?size=100'));
    // The body's rows by selector: a role query over a hundred rows (each with its Q trace) is slow in jsdom.
    await waitFor(() => expect(screen.getByRole('table', { name: 'Member' }).querySelectorAll('tbody > tr')).toHaveLength(100), {
      timeout: 10_000,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(where).toBe('?page=2&size=100'));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ page: 2, pageSize: 100 }));
    await screen.findByText('Page 2 of 2', {}, { timeout: 5000 });
    // A hundred rows rendered three times is slow on a shared machine.
  }, 20_000);

  it('exports the whole filtered list on the desktop, and says "downloaded" only once it was', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL() {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show('?q=notQ');
    await table();
    // The export's own live region (the page has others, such as pull-to-refresh's).
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    const status = within(exportButton.closest('.market-export') as HTMLElement).getByRole('status');
    expect(status).toHaveTextContent('');
    fireEvent.click(exportButton);
    await waitFor(() => expect(status).toHaveTextContent(`Downloaded market-members-2026-11.csv (${TOTAL} members)`));
    expect(click).toHaveBeenCalledTimes(1);
    expect(created).toHaveLength(1);
    // Every page, with the page's filters.
    const exportCalls = bodies().filter((b) => b.pageSize === 100);
    expect(exportCalls.map((b) => [b.page, b.q])).toEqual([
      [1, 'notQ'],
      [2, 'notQ'],
    ]);
    click.mockRestore();
  });

  it('inside WeChat or the app offers the export on the desktop instead of a download that cannot land', async () => {
    sessionStorage.setItem('channel', 'wec');
    show('');
    await table();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.getByText(/Export \(CSV \/ Excel\) is available on the desktop/)).toBeInTheDocument();
    expect(screen.queryByText(/Downloaded/)).toBeNull();
  });
});
