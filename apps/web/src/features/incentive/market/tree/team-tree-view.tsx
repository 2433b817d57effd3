// The team tree beside the member list (issue #22, `?view=tree` on marketmembertracking): the
// downline as an ARIA tree (WAI-ARIA APG tree view pattern: flat treeitems with aria-level,
// aria-setsize and aria-posinset, roving tabindex), branches loaded as they are opened a page of
// children at a time (a "Show N more" item after the loaded ones loads the next), the visible
// rows virtualized so a market of 10 000 opened wide stays a few dozen DOM rows.
import type { TreeData, TreeNode, TreeSearchData } from '@abo/contract';
import { TREE_PAGE_SIZE, TREE_SEARCH_MAX_LEVEL } from '@abo/contract/tree-paging';
import { useQueries, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { Button } from 'antd-mobile';
import { DownOutline, RightOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { pageOf, treeChildrenQuery, treeSearchQuery } from '../api/get-tree.ts';
import { PinLabel, QFlag } from '../components/bits.tsx';
import { useWide } from '../components/use-wide.ts';
import './team-tree.css';
import './tree-i18n.ts';

/** Row heights (px): one line on the desktop, two on a phone. */
const ROW_HEIGHT = { wide: 44, narrow: 60 };
/** Indent per level (px) and the deepest level indented further (deeper levels say their level instead). */
const INDENT = { wide: 20, narrow: 12 };
const INDENT_LEVELS = { wide: 12, narrow: 8 };

const detailsHref = (ref: string) => `/incentiveplan/marketdetails?ref=${encodeURIComponent(ref)}`;

/** Pages of children fetched at once when a search opens the way to a member far down a list. */
const JUMP_FETCHES = 4;

type NodeRow = {
  kind: 'node';
  key: string;
  node: TreeNode;
  level: number;
  setSize: number;
  posInSet: number;
  parent: string | null;
  expanded: boolean;
};
/** After a branch's loaded children when more follow: loads the next page (`loading` while it comes). */
type MoreRow = {
  kind: 'more';
  key: string;
  level: number;
  parent: string | null;
  loaded: number;
  total: number;
  /** The page it loads (idle), or that is coming or failed. */
  page: number;
  state: 'idle' | 'loading' | 'error';
};
type Row = NodeRow | MoreRow | { kind: 'loading' | 'error'; key: string; level: number; parent: string };

/** A branch by its parent's reference; '' is the viewer's frontline. */
const branchKey = (parent: string | null) => parent ?? '';
const moreKey = (parent: string | null) => `more:${branchKey(parent)}`;

type PageResult = Pick<UseQueryResult<TreeData>, 'data' | 'isError'>;

/**
 * A branch's pages in order as one list: its children so far, how many there are in all, and
 * whether the next page is wanted, coming or failed. A child seen on an earlier page is not listed
 * again (the order can shift between pages when the hourly import moves the figures).
 */
function joinPages(pages: readonly PageResult[]): { nodes: TreeNode[]; total: number; page: number; next: 'none' | MoreRow['state'] } {
  const nodes: TreeNode[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const [page, p] of pages.entries()) {
    if (!p.data) return { nodes, total, page, next: p.isError ? 'error' : 'loading' };
    total = p.data.total;
    for (const n of p.data.nodes) {
      if (seen.has(n.ref)) continue;
      seen.add(n.ref);
      nodes.push(n);
    }
    if (!p.data.hasMore) return { nodes, total, page, next: 'none' };
  }
  return { nodes, total, page: pages.length, next: 'idle' };
}

/**
 * The visible rows: the frontline, below each opened member its children (or a loading / error
 * row while the first page comes), and after a list with more to come its "show more" item.
 */
function flatten(
  expanded: ReadonlySet<string>,
  branch: (parent: string | null) => ReturnType<typeof joinPages>,
): { rows: Row[]; index: Map<string, number>; loaded: Map<string, TreeNode[]> } {
  const rows: Row[] = [];
  const index = new Map<string, number>();
  const loaded = new Map<string, TreeNode[]>();
  const walk = (parent: string | null, level: number) => {
    const b = branch(parent);
    loaded.set(branchKey(parent), b.nodes);
    if (b.nodes.length === 0 && b.next !== 'none' && parent !== null) {
      rows.push({ kind: b.next === 'error' ? 'error' : 'loading', key: `status:${parent}`, level, parent });
      return;
    }
    // The set is every child, loaded or not, so "3 of 424" is said from the first page on.
    const setSize = Math.max(b.total, b.nodes.length);
    b.nodes.forEach((node, i) => {
      const open = expanded.has(node.ref) && node.children > 0;
      index.set(node.ref, rows.length);
      rows.push({ kind: 'node', key: node.ref, node, level, setSize, posInSet: i + 1, parent, expanded: open });
      if (open) walk(node.ref, level + 1);
    });
    if (b.next !== 'none' && b.nodes.length > 0) {
      const key = moreKey(parent);
      index.set(key, rows.length);
      rows.push({ kind: 'more', key, level, parent, loaded: b.nodes.length, total: setSize, page: b.page, state: b.next });
    }
  };
  walk(null, 1);
  return { rows, index, loaded };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inBatches<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Loads every page a search match's path needs: for each member on the way, its parent's pages
 * up to the one holding it (lists are loaded from the start, so "show more" carries on from there).
 * Returns the pages each branch needs.
 */
async function loadPath(client: QueryClient, m: Match): Promise<Map<string, number>> {
  const need = new Map<string, number>();
  m.path.forEach((_, n) => {
    const parent = n === 0 ? null : m.path[n - 1]!;
    need.set(branchKey(parent), pageOf(m.positions[n] ?? 0) + 1);
  });
  const fetches = [...need].flatMap(([key, pages]) => Array.from({ length: pages }, (_, p) => treeChildrenQuery(key || null, p)));
  await inBatches(fetches, JUMP_FETCHES, (q) => client.ensureQueryData(q));
  return need;
}

/** The tree view: the frontline's first page decides loading, error and empty states. */
export default function TeamTreeView() {
  const { t } = useTranslation('incentiveMarket');
  const root = useQuery(treeChildrenQuery(null));
  return (
    <QueryState
      query={root}
      skeletonLines={10}
      isEmpty={(d) => d.nodes.length === 0}
      emptyTitle={t('emptyMarket')}
      emptyText={t('emptyMarketText')}
    >
      {(d) => <TeamTree root={d} />}
    </QueryState>
  );
}

function TeamTree({ root }: { root: TreeData }) {
  const { t } = useTranslation('incentiveMarket');
  const { t: tt } = useTranslation('teamTree');
  const { lang } = useLocalText();
  const wide = useWide();
  const navigate = useNavigate();
  const client = useQueryClient();
  const keysId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  /** Pages of children wanted per branch (branchKey); 1 when not listed. */
  const [pages, setPages] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [active, setActive] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<string | null>(null);
  /** A "show more" item activated: where its branch's new children start, to focus the first when they come. */
  const [moreFocus, setMoreFocus] = useState<{ branch: string; at: number } | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);

  // Every page of the frontline and of each opened member, as one list of queries.
  const wanted = useMemo(
    () => ['', ...expanded].flatMap((key) => Array.from({ length: pages.get(key) ?? 1 }, (_, page) => ({ key, page }))),
    [expanded, pages],
  );
  const results = useQueries({ queries: wanted.map(({ key, page }) => treeChildrenQuery(key || null, page)) });
  const { rows, index, loaded } = useMemo(() => {
    const byBranch = new Map<string, PageResult[]>();
    wanted.forEach(({ key }, i) => {
      const r = results[i]!;
      // The frontline's first page is the one this view was given (its query may be refetching).
      const page = key === '' && i === 0 && !r.data ? { data: root, isError: false } : r;
      byBranch.set(key, [...(byBranch.get(key) ?? []), page]);
    });
    return flatten(expanded, (parent) => joinPages(byBranch.get(branchKey(parent)) ?? []));
  }, [root, expanded, wanted, results]);

  // The item in the tab order: the one last focused, else the first (it may have been folded away).
  const first = rows[0]?.kind === 'node' ? rows[0].key : null;
  const current = active !== null && index.has(active) ? active : first;
  const currentIndex = current !== null ? index.get(current)! : -1;

  const step = wide ? 'wide' : 'narrow';
  // The build has no React Compiler (vite.config.ts) and the virtualizer re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT[step],
    overscan: 12,
    // Rows keep their element (and focus) when rows are added above or below them.
    getItemKey: (i) => rows[i]!.key,
    // The focused row stays rendered when scrolled out of view, so the tree keeps its tab stop.
    rangeExtractor: useCallback(
      (range: Parameters<typeof defaultRangeExtractor>[0]) => {
        const out = defaultRangeExtractor(range);
        if (currentIndex >= 0 && !out.includes(currentIndex)) {
          out.push(currentIndex);
          out.sort((a, b) => a - b);
        }
        return out;
      },
      [currentIndex],
    ),
  });
  useEffect(() => virtualizer.measure(), [step, virtualizer]);

  // Move the focus once the row it goes to is rendered (after a key, a jump from the search).
  useEffect(() => {
    if (focusRequest === null) return;
    const i = index.get(focusRequest);
    if (i === undefined) return;
    virtualizer.scrollToIndex(i, { align: 'auto' });
    const el = treeRef.current?.querySelector<HTMLElement>(`[data-key="${focusRequest}"]`);
    el?.focus({ preventScroll: true });
    // The tree's box can reach past the bottom of the window: the row is shown in the window too
    // (nothing moves when it already is).
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    setFocusRequest(null);
  }, [focusRequest, index, virtualizer]);

  // The next page came in where the "show more" item was: its first member takes the focus (the
  // same place on screen), unless the user has moved on meanwhile.
  useEffect(() => {
    if (moreFocus === null) return;
    const nodes = loaded.get(moreFocus.branch);
    const more = moreKey(moreFocus.branch || null);
    if (active !== more) setMoreFocus(null);
    else if (nodes && nodes.length > moreFocus.at) {
      setMoreFocus(null);
      setActive(nodes[moreFocus.at]!.ref);
      setFocusRequest(nodes[moreFocus.at]!.ref);
    }
  }, [moreFocus, loaded, active]);

  const goTo = (key: string) => {
    setActive(key);
    setFocusRequest(key);
  };
  const setOpen = (refs: readonly string[], open: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      for (const r of refs) {
        if (open) next.add(r);
        else next.delete(r);
      }
      return next;
    });
  /** At least `count` pages of each branch given (never fewer than already wanted). */
  const wantPages = (need: ReadonlyMap<string, number>) =>
    setPages((prev) => {
      const next = new Map(prev);
      for (const [key, count] of need) next.set(key, Math.max(count, prev.get(key) ?? 1));
      return next;
    });
  const showMore = (row: MoreRow) => {
    setActive(row.key);
    if (row.state === 'loading') return;
    const key = branchKey(row.parent);
    if (row.state === 'error') void client.refetchQueries({ queryKey: treeChildrenQuery(row.parent, row.page).queryKey });
    else wantPages(new Map([[key, row.page + 1]]));
    setMoreFocus({ branch: key, at: row.loaded });
  };

  const focusable = (i: number) => {
    const r = rows[i];
    return r?.kind === 'node' || r?.kind === 'more' ? r : undefined;
  };
  const nextItem = (from: number, dir: 1 | -1) => {
    for (let i = from + dir; i >= 0 && i < rows.length; i += dir) if (focusable(i)) return i;
    return -1;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    const key = el?.dataset.key;
    const i = key !== undefined ? index.get(key) : undefined;
    const row = i !== undefined ? focusable(i) : undefined;
    if (!row || i === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = (k: number) => {
      const r = focusable(k);
      if (r) goTo(r.key);
    };
    switch (e.key) {
      case 'ArrowDown':
        to(nextItem(i, 1));
        break;
      case 'ArrowUp':
        to(nextItem(i, -1));
        break;
      case 'ArrowRight':
        if (row.kind !== 'node' || row.node.children === 0) break;
        if (!row.expanded) setOpen([row.node.ref], true);
        else if (focusable(i + 1)) to(i + 1);
        break;
      case 'ArrowLeft':
        if (row.kind === 'node' && row.expanded) setOpen([row.node.ref], false);
        else if (row.parent !== null) goTo(row.parent);
        break;
      case 'Home':
        to(nextItem(-1, 1));
        break;
      case 'End':
        to(nextItem(rows.length, -1));
        break;
      case 'Enter':
        if (row.kind === 'more') showMore(row);
        else void navigate(detailsHref(row.node.ref));
        break;
      case ' ':
        if (row.kind !== 'more') return;
        showMore(row);
        break;
      case '*': {
        // The loaded siblings only, each with its first page: never a page of the siblings themselves.
        const siblings = rows.filter((r): r is NodeRow => r.kind === 'node' && r.parent === row.parent && r.node.children > 0);
        setOpen(
          siblings.map((r) => r.node.ref),
          true,
        );
        break;
      }
      default:
        return;
    }
    e.preventDefault();
  };

  const indentOf = (level: number) => Math.min(level - 1, INDENT_LEVELS[step]) * INDENT[step];

  return (
    <section className="card team-tree-card" aria-labelledby="team-tree-title">
      <div className="table-card__head">
        <h2 className="card__title" id="team-tree-title">
          {t('tree.label')}
        </h2>
        <Button size="small" fill="outline" disabled={expanded.size === 0} onClick={() => setExpanded(new Set())}>
          {t('tree.collapseAll')}
        </Button>
      </div>
      <p className="market-summary num">
        {t('tree.summary', {
          size: formatPv(root.downlineSize, lang),
          month: t(root.monthOpen ? 'monthOpen' : 'monthClosed', { month: formatMonth(root.month, lang) }),
          pv: formatPv(root.qThreshold, lang),
        })}
      </p>
      <TreeSearch
        onJump={async (m) => {
          wantPages(await loadPath(client, m));
          setOpen(m.path.slice(0, -1), true);
          goTo(m.ref);
        }}
      />
      {/* On a phone (rarely a keyboard) only screen readers get the keys, through aria-describedby. */}
      <p className={wide ? 'muted small team-tree__keys' : 'visually-hidden'} id={keysId}>
        {t('tree.keys')} {tt('keysMore')}
      </p>
      {wide ? (
        <div className="team-tree__header" aria-hidden="true">
          <span>{t('member')}</span>
          <span>{t('pin')}</span>
          <span className="num">{t('tree.gpvShort')}</span>
          <span className="num">{t('bracket')}</span>
          <span>{t('q')}</span>
          <span className="num">{t('tree.countsHeader')}</span>
        </div>
      ) : null}
      <div ref={scrollRef} className="team-tree__scroll">
        <div
          ref={treeRef}
          role="tree"
          aria-labelledby="team-tree-title"
          aria-describedby={keysId}
          className={`team-tree team-tree--${step}`}
          style={{ height: virtualizer.getTotalSize() }}
          onKeyDown={onKeyDown}
        >
          {virtualizer.getVirtualItems().map((v) => {
            const row = rows[v.index]!;
            const style: CSSProperties = { transform: `translateY(${v.start}px)`, height: v.size };
            if (row.kind === 'more') {
              return (
                <MoreItem
                  key={row.key}
                  row={row}
                  style={style}
                  indent={indentOf(row.level)}
                  tabbable={row.key === current}
                  onFocus={() => setActive(row.key)}
                  onActivate={() => showMore(row)}
                />
              );
            }
            if (row.kind !== 'node') {
              return (
                <div key={row.key} className="team-tree__status" style={{ ...style, paddingInlineStart: indentOf(row.level) + 28 }}>
                  {row.kind === 'loading' ? (
                    <span className="muted small" role="status">
                      {t('tree.loadingChildren')}
                    </span>
                  ) : (
                    <span className="small" role="alert">
                      {t('tree.childrenError')} <RetryBranch parent={row.parent} />
                    </span>
                  )}
                </div>
              );
            }
            return (
              <TreeRow
                key={row.key}
                row={row}
                style={style}
                indent={indentOf(row.level)}
                showLevel={row.level - 1 > INDENT_LEVELS[step]}
                tabbable={row.key === current}
                onFocus={() => setActive(row.key)}
                onToggle={() => {
                  setActive(row.key);
                  setOpen([row.node.ref], !row.expanded);
                }}
              />
            );
          })}
        </div>
      </div>
    </section>
  );
}

/**
 * The item after a branch's loaded children: in the tree's keyboard order like a member, its place
 * the next one of the set ("101 of 424"), Enter or a click loads the next page in place.
 */
function MoreItem({
  row,
  style,
  indent,
  tabbable,
  onFocus,
  onActivate,
}: {
  row: MoreRow;
  style: CSSProperties;
  indent: number;
  tabbable: boolean;
  onFocus: () => void;
  onActivate: () => void;
}) {
  const { t } = useTranslation('teamTree');
  const { lang } = useLocalText();
  const n = Math.min(TREE_PAGE_SIZE, row.total - row.loaded);
  const text =
    row.state === 'loading'
      ? t('loadingMore', { n: formatPv(n, lang) })
      : row.state === 'error'
        ? t('moreError')
        : t('showMore', { n: formatPv(n, lang), total: formatPv(row.total, lang) });
  return (
    <div
      role="treeitem"
      aria-level={row.level}
      aria-setsize={row.total}
      aria-posinset={row.loaded + 1}
      aria-busy={row.state === 'loading'}
      aria-selected={tabbable}
      tabIndex={tabbable ? 0 : -1}
      data-key={row.key}
      className="team-tree__row team-tree__more"
      style={{ ...style, ['--tree-indent' as string]: `${indent}px` }}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onFocus();
      }}
      onClick={(e) => {
        e.currentTarget.focus({ preventScroll: true });
        onActivate();
      }}
    >
      <span className="team-tree__more-text small" role={row.state === 'error' ? 'alert' : undefined}>
        {text}
      </span>
    </div>
  );
}

function RetryBranch({ parent }: { parent: string }) {
  const { t } = useTranslation('incentiveMarket');
  const client = useQueryClient();
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => void client.refetchQueries({ queryKey: treeChildrenQuery(parent).queryKey })}
    >
      {t('tree.retry')}
    </button>
  );
}

function TreeRow({
  row,
  style,
  indent,
  showLevel,
  tabbable,
  onFocus,
  onToggle,
}: {
  row: Extract<Row, { kind: 'node' }>;
  style: CSSProperties;
  indent: number;
  showLevel: boolean;
  tabbable: boolean;
  onFocus: () => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation('incentiveMarket');
  const { tx, lang } = useLocalText();
  const { node } = row;
  const parent = node.children > 0;
  return (
    <div
      role="treeitem"
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={parent ? row.expanded : undefined}
      aria-selected={tabbable}
      tabIndex={tabbable ? 0 : -1}
      data-ref={node.ref}
      data-key={row.key}
      className="team-tree__row"
      style={{ ...style, ['--tree-indent' as string]: `${indent}px` }}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onFocus();
      }}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a')) return;
        if (parent) onToggle();
        else onFocus();
        e.currentTarget.focus({ preventScroll: true });
      }}
    >
      <span className="team-tree__lead">
        <span className="team-tree__toggle" aria-hidden="true">
          {parent ? row.expanded ? <DownOutline /> : <RightOutline /> : null}
        </span>
        <span className="team-tree__who">
          <Link to={detailsHref(node.ref)} tabIndex={-1} className="team-tree__name">
            <bdi>{tx(node.maskedName)}</bdi>
          </Link>{' '}
          <span className="team-tree__ada num muted small">{node.maskedAda}</span>
          {showLevel ? <span className="team-tree__level small"> · {t('levelN', { n: row.level })}</span> : null}
        </span>
      </span>
      <span className="team-tree__pin small">
        <PinLabel code={node.pinCode} />
      </span>
      <span className="team-tree__pv num">
        <span className="visually-hidden">{t('tree.gpvShort')} </span>
        {formatPv(node.gpv, lang)} PV
      </span>
      <span className="team-tree__bracket num">
        <span className="visually-hidden">{t('bracket')} </span>
        {node.bracket}%
      </span>
      <span className="team-tree__q small">
        <QFlag isQ={node.isQ} />
      </span>
      <span className="team-tree__counts num muted small">
        {t('tree.counts', { children: formatPv(node.children, lang), size: formatPv(node.downlineSize, lang) })}
      </span>
    </div>
  );
}

type Match = TreeSearchData['matches'][number];

/** The search: one match opens the tree down to it; several are listed to choose from. */
function TreeSearch({ onJump }: { onJump: (m: Match) => Promise<void> }) {
  const { t } = useTranslation('incentiveMarket');
  const { t: tt } = useTranslation('teamTree');
  const { tx } = useLocalText();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [state, setState] = useState<
    | { kind: 'idle' | 'searching' | 'opening' | 'failed' }
    | { kind: 'none'; term: string }
    | { kind: 'list'; data: TreeSearchData }
    | { kind: 'jumped' | 'tooDeep'; match: Match }
  >({ kind: 'idle' });

  const jump = async (m: Match) => {
    // The BFF sends no path past the levels the tree opens to (contract tree-paging.ts).
    if (m.path.length === 0) return setState({ kind: 'tooDeep', match: m });
    try {
      // Every page on the way is loaded first (onJump), so the rows are there to focus when it opens.
      setState({ kind: 'opening' });
      await onJump(m);
      setState({ kind: 'jumped', match: m });
    } catch {
      setState({ kind: 'failed' });
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const term = text.trim();
    if (!term) return;
    setState({ kind: 'searching' });
    try {
      const data = await client.fetchQuery(treeSearchQuery(term));
      if (data.total === 0) setState({ kind: 'none', term });
      else if (data.total === 1) await jump(data.matches[0]!);
      else setState({ kind: 'list', data });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  return (
    <div className="team-tree__search">
      <form className="market-search" role="search" aria-label={t('tree.searchLabel')} onSubmit={(e) => void submit(e)}>
        <input
          type="search"
          value={text}
          maxLength={40}
          placeholder={t('tree.search')}
          aria-label={t('tree.searchLabel')}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" color="primary" size="small" loading={state.kind === 'searching'}>
          {t('tree.searchButton')}
        </Button>
      </form>
      <div role="status" className="team-tree__found small">
        {state.kind === 'searching' ? t('tree.searching') : null}
        {state.kind === 'opening' ? tt('opening') : null}
        {state.kind === 'none' ? t('tree.noMatch', { term: state.term }) : null}
        {state.kind === 'failed' ? t('tree.jumpFailed') : null}
        {state.kind === 'jumped' ? t('tree.jumped', { name: tx(state.match.maskedName), level: state.match.level }) : null}
        {state.kind === 'tooDeep'
          ? t('tree.tooDeep', { name: tx(state.match.maskedName), level: state.match.level, max: TREE_SEARCH_MAX_LEVEL })
          : null}
        {state.kind === 'list'
          ? state.data.total > state.data.matches.length
            ? t('tree.foundMore', { total: state.data.total, n: state.data.matches.length })
            : t('tree.found', { total: state.data.total })
          : null}
      </div>
      {state.kind === 'list' ? (
        <ul className="team-tree__matches">
          {state.data.matches.map((m) => (
            <li key={m.ref}>
              <button type="button" className="team-tree__match" onClick={() => void jump(m)}>
                <bdi>{tx(m.maskedName)}</bdi> <span className="num muted small">{m.maskedAda}</span>{' '}
                <span className="muted small">· {t('levelN', { n: m.level })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
