// The team tree as a keyboard and screen reader user meets it (ARIA tree pattern): levels, set
// sizes and positions, one tab stop, arrow keys, Home / End, `*`, Enter, the search that opens
// the path to a member two levels down and focuses them, and children a page at a time (the
// "Show N more" item, a search landing past the first page).
import type { TreeData, TreeNode, TreeSearchData } from '@abo/contract';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../../i18n/index.ts';
import { renderPage } from '../../../../testing/render-page.tsx';
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
  // Nor scrolls: the tree shows a focused row in the window too.
  Element.prototype.scrollIntoView = () => undefined;
  initI18n('en-US');
  await act(() => i18n.changeLanguage('en-US'));
  await import('../i18n.ts');
  await import('../market-member-tracking-i18n.ts');
  TeamTreeView = (await import('./team-tree-view.tsx')).default;
}, 60_000);
afterAll(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', clientHeight);
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const node = (ref: string, name: string, children = 0, over: Partial<TreeNode> = {}): TreeNode => ({
  ref,
  maskedName: { zh: name, en: name },
  maskedAda: '200******01',
  pinCode: 320,
  gpv: 5000,
  bracket: 15,
  isQ: false,
  pvToQ: 5000,
  nearQ: false,
  match: true,
  matchesBelow: null,
  children,
  downlineSize: children,
  ...over,
});

// m1 ─┬ m2
//     └ m3 ── m5
// m4
// m6 ── m7
const SMALL: Record<string, TreeNode[]> = {
  '': [
    node('m1', 'Li One', 2, { downlineSize: 3, isQ: true, bracket: 21, gpv: 12000, pvToQ: 0 }),
    node('m4', 'Zhang Two'),
    node('m6', 'Qian Four', 1),
  ],
  m1: [node('m2', 'L*1'), node('m3', 'L*2', 1)],
  m3: [node('m5', 'L*5')],
  m6: [node('m7', 'Q*7')],
};
let CHILDREN: Record<string, TreeNode[]> = SMALL;

/** `count` frontline legs m1000… named "Leg 0"…; each `withKids`-th leg with `kids` children of its own. */
function wide(count: number, withKids = 0, kids = 0): Record<string, TreeNode[]> {
  const out: Record<string, TreeNode[]> = { '': [] };
  for (let n = 0; n < count; n++) {
    const has = withKids > 0 && n % withKids === 0;
    out['']!.push(node(`m${1000 + n}`, `Leg ${n}`, has ? kids : 0, { gpv: 9000 - n }));
    if (has) out[`m${1000 + n}`] = Array.from({ length: kids }, (_, k) => node(`m${100_000 + n * 1000 + k}`, `L${n}*${k}`));
  }
  return out;
}

/** The BFF's answer: a page of CHILDREN[ref]. */
const tree = (ref: string | undefined, offset = 0, pageSize = 100): TreeData => {
  const all = CHILDREN[ref ?? '']!;
  const nodes = all.slice(offset, offset + pageSize);
  return {
    py: '26/27',
    month: '2026-11',
    monthOpen: true,
    qThreshold: 10000,
    ref: ref ?? null,
    level: 1,
    downlineSize: 7,
    matching: null,
    total: all.length,
    offset,
    hasMore: offset + nodes.length < all.length,
    nodes,
  };
};
const match = (ref: string, name: string, path: string[], positions = path.map(() => 0)): TreeSearchData['matches'][number] => ({
  ref,
  maskedName: { zh: name, en: name },
  maskedAda: '200******41',
  level: path.length,
  path,
  positions,
});
/** The tree calls made, as [ref, offset] ('' for the frontline). */
const treeCalls = () =>
  post.mock.calls
    .filter(([path]) => path === '/bff/v1/incentive/market/tree')
    .map(([, b]) => {
      const body = b as { ref?: string; offset: number; pageSize: number };
      expect(body.pageSize).toBe(100);
      return [body.ref ?? '', body.offset];
    });

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function show(search = '?view=tree') {
  return renderPage(
    <>
      <Routes>
        <Route path="*" element={<TeamTreeView />} />
      </Routes>
      <Where />
    </>,
    { at: `/incentiveplan/marketmembertracking${search}` },
  );
}

const item = (name: string) => screen.getByRole('treeitem', { name: (n) => n.startsWith(name) });
const focused = () => (document.activeElement as HTMLElement).dataset.ref;

beforeEach(() => {
  // A desktop-width screen (one line a member).
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: true, media: q, addEventListener() {}, removeEventListener() {} }));
  post.mockReset();
  CHILDREN = SMALL;
  post.mockImplementation(async (path: string, body: { ref?: string; search?: string; offset?: number; pageSize?: number }) => {
    if (path === '/bff/v1/incentive/market/tree') return tree(body.ref, body.offset, body.pageSize);
    if (body.search === 'Q*') return { total: 1, matches: [match('m7', 'Q*7', ['m6', 'm7'], [2, 0])] };
    if (body.search === 'L*')
      return { total: 3, matches: [match('m2', 'L*1', ['m1', 'm2']), match('m5', 'L*5', ['m1', 'm3', 'm5'], [0, 1, 0])] };
    // Leg 230 of a wide frontline, and its child.
    if (body.search === 'L230*') return { total: 1, matches: [match('m230000', 'L230*0', ['m1230', 'm230000'], [230, 0])] };
    if (body.search === 'D*') return { total: 1, matches: [{ ...match('m9', 'D*9', []), level: 150 }] };
    return { total: 0, matches: [] };
  });
});

afterEach(() => {
  // Unmounted first: a render still settling would subscribe to matchMedia after it is gone
  // (src/testing/setup.ts's cleanup runs after this file's hooks).
  cleanup();
  vi.unstubAllGlobals();
});

// jsdom is slow to render and query on a busy machine (a page of 100 rows more so).
configure({ asyncUtilTimeout: 5000 });
describe('team tree', { timeout: 30_000 }, () => {
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

  it('says a match too deep for the tree to open is found in the list, and opens nothing', async () => {
    show();
    await screen.findByRole('tree', {}, { timeout: 5000 });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'D*' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(
      await screen.findByText('D*9 is at level 150, deeper than the 100 levels the tree opens: find them in the list instead.'),
    ).toHaveAttribute('role', 'status');
    // Only the frontline was asked for: no way down was opened.
    expect(post.mock.calls.filter(([path, body]) => path === '/bff/v1/incentive/market/tree' && body.ref)).toEqual([]);
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

  it('shows a frontline wider than a page a page at a time: "Show 100 more (of 250)" in the keyboard order, loaded in place', async () => {
    CHILDREN = wide(250);
    show();
    const first = await screen.findByRole('treeitem', { name: /^Leg 0/ }, { timeout: 5000 });
    // The set is all 250 legs from the first page on.
    expect(first).toHaveAttribute('aria-setsize', '250');
    expect(first).toHaveAttribute('aria-posinset', '1');
    expect(treeCalls()).toEqual([['', 0]]);

    // End reaches the item after the hundredth leg; Up goes back to that leg.
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'End' });
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.key).toBe('more:'));
    const more = document.activeElement as HTMLElement;
    expect(more).toHaveAttribute('role', 'treeitem');
    expect(more).toHaveTextContent('Show 100 more (of 250)');
    expect(more).toHaveAttribute('aria-level', '1');
    expect(more).toHaveAttribute('aria-posinset', '101');
    expect(more).toHaveAttribute('aria-setsize', '250');
    expect(more.tabIndex).toBe(0);
    fireEvent.keyDown(more, { key: 'ArrowUp' });
    await waitFor(() => expect(focused()).toBe('m1099'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.key).toBe('more:'));

    // Enter loads the next page after the loaded legs; its first leg takes the focus, in the item's place
    // (the scroll position is kept: e2e/team-tree.spec.ts, jsdom lays nothing out).
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    await waitFor(() => expect(focused()).toBe('m1100'));
    expect(treeCalls()).toEqual([
      ['', 0],
      ['', 100],
    ]);
    expect(item('Leg 100')).toHaveAttribute('aria-posinset', '101');
    expect(item('Leg 100')).toHaveAttribute('aria-setsize', '250');
    // The legs before stay: Up from the 101st is the 100th.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() => expect(focused()).toBe('m1099'));

    // A click loads the last 50; then no item follows the 250th.
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Show 50 more (of 250)'));
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(focused()).toBe('m1200'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(focused()).toBe('m1249'));
    expect(item('Leg 249')).toHaveAttribute('aria-posinset', '250');
    expect(screen.queryByText(/Show \d+ more/)).toBeNull();
    expect(treeCalls()).toEqual([
      ['', 0],
      ['', 100],
      ['', 200],
    ]);
  });

  it('a next page that fails says so in the item, and Enter there tries again', async () => {
    CHILDREN = wide(150);
    const answer = post.getMockImplementation()!;
    let failures = 1;
    post.mockImplementation(async (path: string, body: { offset?: number }) => {
      if (body.offset === 100 && failures-- > 0) throw new Error('offline');
      return answer(path, body);
    });
    show();
    const first = await screen.findByRole('treeitem', { name: /^Leg 0/ }, { timeout: 5000 });
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Show 50 more (of 150)'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toHaveTextContent('These members could not be loaded'));
    expect(document.activeElement!.querySelector('[role="alert"]')).not.toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    await waitFor(() => expect(focused()).toBe('m1100'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(focused()).toBe('m1149'));
    expect(document.activeElement).toHaveAttribute('aria-posinset', '150');
  });

  it('says so in Chinese', async () => {
    CHILDREN = wide(150);
    await act(() => i18n.changeLanguage('zh-CN'));
    try {
      show();
      const first = await screen.findByRole('treeitem', { name: /^Leg 0/ }, { timeout: 5000 });
      act(() => first.focus());
      fireEvent.keyDown(first, { key: 'End' });
      await waitFor(() => expect(document.activeElement).toHaveAccessibleName('再显示 50 位（共 150 位）'));
    } finally {
      await act(() => i18n.changeLanguage('en-US'));
    }
  });

  it('search for a member past the first page loads the pages up to theirs, opens the way and focuses them', async () => {
    CHILDREN = { ...wide(350), m1230: [node('m230000', 'L230*0')] };
    CHILDREN['']![230] = node('m1230', 'Leg 230', 1, { gpv: 9000 - 230 });
    show();
    await screen.findByRole('tree', {}, { timeout: 5000 });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'L230*' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(focused()).toBe('m230000'));
    expect(item('L230*0')).toHaveAttribute('aria-level', '2');
    expect(screen.getByText('Showing L230*0 (level 2)')).toBeInTheDocument();
    // Left: its parent, the 231st of the 350 legs, open.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    await waitFor(() => expect(focused()).toBe('m1230'));
    expect(item('Leg 230')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Leg 230')).toHaveAttribute('aria-posinset', '231');
    expect(item('Leg 230')).toHaveAttribute('aria-setsize', '350');
    // The frontline's pages up to the third (offset 200), not the fourth; then the leg's own.
    expect(treeCalls()).toEqual(
      expect.arrayContaining([
        ['', 0],
        ['', 100],
        ['', 200],
        ['m1230', 0],
      ]),
    );
    expect(treeCalls().filter(([, offset]) => offset === 300)).toEqual([]);
    // The rest of the frontline is still there to load after the 300 loaded.
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Show 50 more (of 350)'));
    expect(document.activeElement).toHaveAttribute('aria-posinset', '301');
  });

  it('`*` opens the loaded siblings with their first page only, and loads no more of the siblings', async () => {
    // Every 10th of 250 legs has 150 children: 10 of them among the first 100.
    CHILDREN = wide(250, 10, 150);
    show();
    const first = await screen.findByRole('treeitem', { name: /^Leg 0/ }, { timeout: 5000 });
    act(() => first.focus());
    fireEvent.keyDown(first, { key: '*' });
    await waitFor(() => expect(item('Leg 0')).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(treeCalls()).toHaveLength(11));
    expect(treeCalls().slice(1)).toEqual(Array.from({ length: 10 }, (_, n) => [`m${1000 + n * 10}`, 0]));
    // Each opened leg shows its first 100 children of 150.
    await waitFor(() => expect(item('L0*0')).toHaveAttribute('aria-setsize', '150'));
    expect(item('L0*0')).toHaveAttribute('aria-level', '2');
  });

  it('says when there is no downline', async () => {
    post.mockImplementation(async () => ({ ...tree(undefined), downlineSize: 0, total: 0, nodes: [] }));
    show();
    expect(await screen.findByText(i18n.t('incentiveMarket:emptyMarket'))).toBeInTheDocument();
    expect(screen.queryByRole('tree')).toBeNull();
  });
});

// Issue #32: each member's gap to Q, "close to Q" in words, the order of each level from the
// address, and the list's filters (from the address) narrowing the tree.
describe('team tree: gap to Q, close to Q, order and filters', { timeout: 30_000 }, () => {
  /** The tree calls' bodies beyond paging (order and filters), as [ref, rest]. */
  const viewCalls = () =>
    post.mock.calls
      .filter(([path]) => path === '/bff/v1/incentive/market/tree')
      .map(([, b]) => {
        const { ref, offset: _offset, pageSize: _size, ...rest } = b as { ref?: string; offset: number; pageSize: number };
        return [ref ?? '', rest];
      });

  it('shows each member’s PV to Q (Q for those who are) and tags who is close to Q in words', async () => {
    CHILDREN = {
      '': [
        node('m1', 'Li One', 0, { isQ: true, gpv: 12000, pvToQ: 0 }),
        node('m4', 'Zhang Two', 0, { gpv: 6500, pvToQ: 3500, nearQ: true }),
        node('m6', 'Qian Four', 0, { gpv: 100, pvToQ: 9900 }),
      ],
    };
    show();
    await screen.findByRole('tree', {}, { timeout: 5000 });
    expect(item('Li One')).not.toHaveTextContent('PV to Q');
    expect(item('Li One')).not.toHaveTextContent('Close to Q');
    // The tag is text in the item's name, not a colour only.
    expect(item('Zhang Two')).toHaveAccessibleName(/Close to Q.*3,500 PV to Q/);
    expect(item('Zhang Two')).toHaveClass('team-tree__row--near');
    expect(item('Qian Four')).toHaveTextContent('9,900 PV to Q');
    expect(item('Qian Four')).not.toHaveTextContent('Close to Q');
    expect(item('Qian Four')).not.toHaveClass('team-tree__row--near');
    // What "close to Q" means, with the threshold the summary names.
    expect(screen.getByText('“Close to Q”: not Q yet this month, with group PV at least 40% of the Q threshold.')).toBeInTheDocument();
    expect(screen.getByText(/Q at 10,000 PV/)).toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    CHILDREN = { '': [node('m4', '张二', 0, { gpv: 6500, pvToQ: 3500, nearQ: true })] };
    await act(() => i18n.changeLanguage('zh-CN'));
    try {
      show();
      await screen.findByRole('tree', {}, { timeout: 5000 });
      expect(item('张二')).toHaveTextContent(/接近 Q.*距 Q 还差 3,500 PV/);
      expect(screen.getByRole('combobox', { name: '同层排序' })).toHaveDisplayValue('小组 PV 从高到低');
    } finally {
      await act(() => i18n.changeLanguage('en-US'));
    }
  });

  it('orders each level closest to Q first from the address, in place: opened branches stay open', async () => {
    // The BFF's closest-to-Q order: the Q member last.
    const answer = post.getMockImplementation()!;
    post.mockImplementation(async (path: string, body: { ref?: string; sort?: string }) => {
      const d = await answer(path, body);
      return path === '/bff/v1/incentive/market/tree' && body.sort === 'pvToQ' ? { ...d, nodes: [...d.nodes].reverse() } : d;
    });
    show();
    const first = await screen.findByRole('treeitem', { name: /^Li One/ }, { timeout: 5000 });
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    await waitFor(() => expect(item('L*1')).toBeInTheDocument());
    const order = screen.getByRole('combobox', { name: 'Order of each level' });
    expect(order).toHaveDisplayValue('Group PV, largest first');
    fireEvent.change(order, { target: { value: 'pvToQ' } });
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/incentiveplan/marketmembertracking?view=tree&treeSort=pvToQ'),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('tree'))
          .getAllByRole('treeitem')
          .map((i) => i.dataset.ref),
      ).toEqual(['m6', 'm4', 'm1', 'm3', 'm2']),
    );
    expect(item('Li One')).toHaveAttribute('aria-expanded', 'true');
    expect(order).toHaveDisplayValue('Closest to Q first');
    expect(viewCalls()).toEqual(
      expect.arrayContaining([
        ['', { sort: 'pvToQ' }],
        ['m1', { sort: 'pvToQ' }],
      ]),
    );
    // The tree as it opens asks with no order at all (as before).
    expect(viewCalls()).toEqual(expect.arrayContaining([['', {}]]));
  });

  it('opens in the order the address names, and searches in it', async () => {
    show('?view=tree&treeSort=pvToQ');
    await screen.findByRole('tree', {}, { timeout: 5000 });
    expect(screen.getByRole('combobox', { name: 'Order of each level' })).toHaveDisplayValue('Closest to Q first');
    expect(viewCalls()).toEqual([['', { sort: 'pvToQ' }]]);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Q*' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(focused()).toBe('m7'));
    expect(post).toHaveBeenCalledWith('/bff/v1/incentive/market/tree/search', { search: 'Q*', sort: 'pvToQ' });
    expect(viewCalls()).toEqual(expect.arrayContaining([['m6', { sort: 'pvToQ' }]]));
  });

  it("narrows the tree by the list's filters in the address, the way to each match in grey", async () => {
    // Not Q from level 2: m1 and m6 only lead to matches; m2 matches.
    post.mockImplementation(async (path: string, body: { ref?: string }) => {
      if (path !== '/bff/v1/incentive/market/tree/search') {
        const nodes =
          body.ref === 'm1'
            ? [node('m2', 'L*1', 0, { matchesBelow: 0 })]
            : [
                node('m1', 'Li One', 1, { match: false, matchesBelow: 1, isQ: true, pvToQ: 0 }),
                node('m6', 'Qian Four', 1, { match: false, matchesBelow: 2 }),
              ];
        return { ...tree(undefined), ref: body.ref ?? null, matching: body.ref ? 1 : 3, total: nodes.length, nodes };
      }
      return { total: 0, matches: [] };
    });
    show('?view=tree&q=notQ&levelMin=2&treeSort=pvToQ');
    await screen.findByRole('tree', {}, { timeout: 5000 });
    expect(viewCalls()).toEqual([['', { sort: 'pvToQ', q: 'notQ', levelMin: 2 }]]);
    expect(screen.getByText(/Filtered as in the list: level 2 and deeper · not Q this month\. 3 of 7 members match\./)).toBeInTheDocument();
    expect(item('Li One')).toHaveAccessibleName(/^Li One.*does not match the filters/);
    expect(item('Li One')).toHaveClass('team-tree__row--context');
    expect(item('Qian Four')).toHaveTextContent('2 matching below');
    fireEvent.keyDown(item('Li One'), { key: 'ArrowRight' });
    await waitFor(() => expect(item('L*1')).toBeInTheDocument());
    expect(item('L*1')).not.toHaveClass('team-tree__row--context');
    expect(item('L*1')).not.toHaveAccessibleName(/does not match/);
    expect(viewCalls()).toContainEqual(['m1', { sort: 'pvToQ', q: 'notQ', levelMin: 2 }]);
    // The tree's search looks among the same members.
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'L*' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/bff/v1/incentive/market/tree/search', { search: 'L*', sort: 'pvToQ', q: 'notQ', levelMin: 2 }),
    );
    // Change them in the list (filters kept), or drop them (the tree and its order kept).
    expect(screen.getByRole('link', { name: 'Change the filters in the list' })).toHaveAttribute(
      'href',
      '/incentiveplan/marketmembertracking?q=notQ&levelMin=2&treeSort=pvToQ',
    );
    expect(screen.getByRole('link', { name: 'Show everyone' })).toHaveAttribute(
      'href',
      '/incentiveplan/marketmembertracking?view=tree&treeSort=pvToQ',
    );
  });

  it('says when the filters match no one, and offers to drop them (not "no downline")', async () => {
    post.mockImplementation(async () => ({ ...tree(undefined), matching: 0, total: 0, nodes: [] }));
    show('?view=tree&new=1&search=Zz');
    expect(await screen.findByText(/No member of your market matches these filters\./)).toBeInTheDocument();
    expect(screen.getByText(/Filtered as in the list: name or ADA “Zz” · joined this PY\./)).toBeInTheDocument();
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.queryByText(i18n.t('incentiveMarket:emptyMarket'))).toBeNull();
    expect(screen.getByRole('link', { name: 'Show everyone' })).toHaveAttribute('href', '/incentiveplan/marketmembertracking?view=tree');
  });
});
