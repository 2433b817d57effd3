// The team tree as a keyboard and screen reader user meets it (ARIA tree pattern): levels, set
// sizes and positions, one tab stop, arrow keys, Home / End, `*`, Enter, and the search that opens
// the path to a member two levels down and focuses them.
import type { TreeData, TreeNode, TreeSearchData } from '@abo/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../../i18n/index.ts';
import type TeamTreeViewType from './team-tree-view.tsx';

const post = vi.fn();
vi.mock('../../../../lib/api-client.ts', () => ({ post: (...args: unknown[]) => post(...args) }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

let TeamTreeView: typeof TeamTreeViewType;

// jsdom lays nothing out: give the tree's scroll box a height so the virtualizer renders rows.
const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
beforeAll(async () => {
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('team-tree__scroll') ? 600 : 0;
    },
  });
  initI18n('en-US');
  await act(() => i18n.changeLanguage('en-US'));
  await import('../i18n.ts');
  TeamTreeView = (await import('./team-tree-view.tsx')).default;
}, 60_000);
afterAll(() => Object.defineProperty(Element.prototype, 'clientHeight', clientHeight));

const node = (ref: string, name: string, children = 0, over: Partial<TreeNode> = {}): TreeNode => ({
  ref,
  maskedName: { zh: name, en: name },
  maskedAda: '200******01',
  pinCode: 320,
  gpv: 5000,
  bracket: 15,
  isQ: false,
  children,
  downlineSize: children,
  ...over,
});

// m1 ─┬ m2
//     └ m3 ── m5
// m4
// m6 ── m7
const CHILDREN: Record<string, TreeNode[]> = {
  '': [
    node('m1', 'Li One', 2, { downlineSize: 3, isQ: true, bracket: 21, gpv: 12000 }),
    node('m4', 'Zhang Two'),
    node('m6', 'Qian Four', 1),
  ],
  m1: [node('m2', 'L*1'), node('m3', 'L*2', 1)],
  m3: [node('m5', 'L*5')],
  m6: [node('m7', 'Q*7')],
};
const tree = (ref: string | undefined): TreeData => ({
  py: '26/27',
  month: '2026-11',
  monthOpen: true,
  qThreshold: 10000,
  ref: ref ?? null,
  level: 1,
  downlineSize: 7,
  nodes: CHILDREN[ref ?? '']!,
});
const match = (ref: string, name: string, path: string[]): TreeSearchData['matches'][number] => ({
  ref,
  maskedName: { zh: name, en: name },
  maskedAda: '200******41',
  level: path.length,
  path,
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/incentiveplan/marketmembertracking?view=tree']}>
        <Routes>
          <Route path="*" element={<TeamTreeView />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const item = (name: string) => screen.getByRole('treeitem', { name: (n) => n.startsWith(name) });
const focused = () => (document.activeElement as HTMLElement).dataset.ref;

beforeEach(() => {
  // A desktop-width screen (one line a member).
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: true, media: q, addEventListener() {}, removeEventListener() {} }));
  post.mockReset();
  post.mockImplementation(async (path: string, body: { ref?: string; search?: string }) => {
    if (path === '/bff/v1/incentive/market/tree') return tree(body.ref);
    if (body.search === 'Q*') return { total: 1, matches: [match('m7', 'Q*7', ['m6', 'm7'])] };
    if (body.search === 'L*') return { total: 3, matches: [match('m2', 'L*1', ['m1', 'm2']), match('m5', 'L*5', ['m1', 'm3', 'm5'])] };
    return { total: 0, matches: [] };
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// jsdom is slow to render and query on a busy machine.
describe('team tree', { timeout: 20_000 }, () => {
  it('shows the frontline as level 1 of a tree with one tab stop', async () => {
    show();
    const t = await screen.findByRole('tree', { name: 'Team tree' }, { timeout: 5000 });
    const items = within(t).getAllByRole('treeitem');
    expect(
      items.map((i) => [i.dataset.ref, i.getAttribute('aria-level'), i.getAttribute('aria-posinset'), i.getAttribute('aria-setsize')]),
    ).toEqual([
      ['m1', '1', '1', '3'],
      ['m4', '1', '2', '3'],
      ['m6', '1', '3', '3'],
    ]);
    expect(items.map((i) => i.tabIndex)).toEqual([0, -1, -1]);
    expect(items[0]).toHaveAttribute('aria-expanded', 'false');
    expect(items[1]).not.toHaveAttribute('aria-expanded');
    // Pin by its label, group PV, bracket and Q in the item's text.
    expect(items[0]).toHaveTextContent(/Li One.*Gold.*12,000 PV.*21%.*Q/);
    expect(items[0]!.textContent).not.toContain('320');
    expect(within(items[0]!).getByRole('link', { hidden: true })).toHaveAttribute('href', '/incentiveplan/marketdetails?ref=m1');
  });

  it('moves with the arrow keys, Home and End, opens and closes with Right and Left', async () => {
    show();
    const first = await screen.findByRole('treeitem', { name: /^Li One/ }, { timeout: 5000 });
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(focused()).toBe('m4'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(focused()).toBe('m6'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(focused()).toBe('m1'));
    expect(item('Li One').tabIndex).toBe(0);
    expect(item('Zhang Two').tabIndex).toBe(-1);

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(item('L*1')).toHaveAttribute('aria-level', '2'));
    expect(item('Li One')).toHaveAttribute('aria-expanded', 'true');
    expect(item('L*2')).toHaveAttribute('aria-posinset', '2');
    expect(item('L*2')).toHaveAttribute('aria-setsize', '2');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(focused()).toBe('m2'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    await waitFor(() => expect(focused()).toBe('m1'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.queryByRole('treeitem', { name: /^L\*1/ })).toBeNull());
    expect(item('Li One')).toHaveAttribute('aria-expanded', 'false');

    // `*` opens every sibling that has children.
    fireEvent.keyDown(document.activeElement!, { key: '*' });
    await waitFor(() => expect(screen.getAllByRole('treeitem')).toHaveLength(6));
    expect(item('Qian Four')).toHaveAttribute('aria-expanded', 'true');

    // Enter opens the member's market details.
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.getByTestId('where')).toHaveTextContent('/incentiveplan/marketdetails?ref=m1');
  });

  it('moves on while a branch is still loading', async () => {
    show();
    const first = await screen.findByRole('treeitem', { name: /^Li One/ }, { timeout: 5000 });
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(focused()).not.toBe('m1'));
    await waitFor(() => expect(item('L*1')).toBeInTheDocument());
    expect(focused()).toBe('m4');
  });

  it('search opens the path to a member two levels down and focuses them', async () => {
    show();
    await screen.findByRole('tree', {}, { timeout: 5000 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a member in the team tree' }), { target: { value: 'Q*' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(focused()).toBe('m7'));
    expect(item('Q*7')).toHaveAttribute('aria-level', '2');
    expect(item('Qian Four')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Showing Q*7 (level 2)')).toHaveAttribute('role', 'status');
    expect(post).toHaveBeenCalledWith('/bff/v1/incentive/market/tree/search', { search: 'Q*' });
  });

  it('lists several matches to choose from, and says when none matched', async () => {
    show();
    await screen.findByRole('tree', {}, { timeout: 5000 });
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'L*' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    const choice = await screen.findByRole('button', { name: /L\*5/ });
    expect(screen.getByText('3 members match, the first 2 below; type more to narrow it down:')).toBeInTheDocument();
    fireEvent.click(choice);
    await waitFor(() => expect(focused()).toBe('m5'));
    expect(item('L*5')).toHaveAttribute('aria-level', '3');

    fireEvent.change(box, { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText(/No member matches “nobody”/)).toBeInTheDocument();
  });

  it('says when there is no downline', async () => {
    post.mockImplementation(async () => ({ ...tree(undefined), downlineSize: 0, nodes: [] }));
    show();
    expect(await screen.findByText(i18n.t('incentiveMarket:emptyMarket'))).toBeInTheDocument();
    expect(screen.queryByRole('tree')).toBeNull();
  });
});
