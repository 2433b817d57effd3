// The team tree beside the member list (issue #22, `?view=tree` on marketmembertracking): the
// downline as an ARIA tree (WAI-ARIA APG tree view pattern: flat treeitems with aria-level,
// aria-setsize and aria-posinset, roving tabindex), branches loaded as they are opened a page of
// children at a time (a "Show N more" item after the loaded ones loads the next), the visible
// rows virtualized so a market of 10 000 opened wide stays a few dozen DOM rows. Each member shows
// their gap to Q (members close to Q tagged); the children come in the order the address asks for
// (?treeSort), narrowed by the list's filters in the address (issue #32).
import type { TreeData } from '@abo/contract';
import { TREE_SORTS, type TreeSort } from '@abo/contract/member-sorts';
import { NEAR_Q_SHARE } from '@abo/plan';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { Button } from 'antd-mobile';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatMonth, formatPercent, formatPv } from '../../../../lib/format.ts';
import { useAddressParams } from '../../../../lib/use-address-params.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { treeChildrenQuery, type TreeView } from '../api/get-tree.ts';
import { useWide } from '../components/use-wide.ts';
import { detailsHref, MoreItem, RetryBranch, TreeRow } from './tree-items.tsx';
import { type NodeRow, type MoreRow, branchKey, moreKey, type PageResult, joinPages, flatten } from './tree-rows.ts';
import { TreeFilterNote } from './tree-filter-note.tsx';
import { loadPath, TreeSearch } from './tree-search.tsx';
import { isFiltered, treeViewOf, withTreeSort } from './tree-url.ts';
import './team-tree.css';
import './tree-i18n.ts';

/** Row heights (px): one line on the desktop, two on a phone. */
const ROW_HEIGHT = { wide: 44, narrow: 60 };
/** Indent per level (px) and the deepest level indented further (deeper levels say their level instead). */
const INDENT = { wide: 20, narrow: 12 };
const INDENT_LEVELS = { wide: 12, narrow: 8 };

/**
 * The tree view: the frontline's first page decides loading, error and empty states. Another
 * order keeps the tree shown (and its opened branches) until the frontline comes in that order.
 */
export default function TeamTreeView() {
  const { t } = useTranslation('incentiveMarket');
  const [params] = useSearchParams();
  const view = useMemo(() => treeViewOf(params), [params]);
  const root = useQuery({ ...treeChildrenQuery(null, 0, view), placeholderData: keepPreviousData });
  return (
    <QueryState
      query={root}
      skeletonLines={10}
      // Filters that match no one still show the tree's card: it says so and how to drop them.
      isEmpty={(d) => d.nodes.length === 0 && !isFiltered(view)}
      emptyTitle={t('emptyMarket')}
      emptyText={t('emptyMarketText')}
    >
      {(d, { stale }) => <TeamTree root={d} view={view} stale={stale} />}
    </QueryState>
  );
}

function TeamTree({ root, view, stale }: { root: TreeData; view: TreeView; stale: boolean }) {
  const { t } = useTranslation('incentiveMarket');
  const { t: tt } = useTranslation('teamTree');
  const { lang } = useLocalText();
  const wide = useWide();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [, setParams] = useAddressParams();
  const keysId = useId();
  const orderId = useId();
  const filtered = isFiltered(view);
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
  const results = useQueries({ queries: wanted.map(({ key, page }) => treeChildrenQuery(key || null, page, view)) });
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
    if (row.state === 'error') void client.refetchQueries({ queryKey: treeChildrenQuery(row.parent, row.page, view).queryKey });
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
        <div className="team-tree__tools">
          {/* The order is in the address (a new entry, so Back undoes it); the tree reorders in place. */}
          <span className="market-field">
            <label className="muted small" htmlFor={orderId}>
              {tt('order')}
            </label>
            <select id={orderId} value={view.sort} onChange={(e) => setParams((p) => withTreeSort(p, e.target.value as TreeSort))}>
              {TREE_SORTS.map((o) => (
                <option key={o} value={o}>
                  {tt(`orders.${o}`)}
                </option>
              ))}
            </select>
          </span>
          <Button size="small" fill="outline" disabled={expanded.size === 0} onClick={() => setExpanded(new Set())}>
            {t('tree.collapseAll')}
          </Button>
        </div>
      </div>
      <p className="market-summary num">
        {t('tree.summary', {
          size: formatPv(root.downlineSize, lang),
          month: t(root.monthOpen ? 'monthOpen' : 'monthClosed', { month: formatMonth(root.month, lang) }),
          pv: formatPv(root.qThreshold, lang),
        })}
      </p>
      <p className="muted small team-tree__legend">{tt('nearLegend', { share: formatPercent(NEAR_Q_SHARE * 100, lang) })}</p>
      {filtered ? <TreeFilterNote filters={view.filters} matching={root.matching ?? null} size={root.downlineSize} /> : null}
      {/* Filters matching no one: the note above says so; there is no tree to search or move in. */}
      {root.nodes.length === 0 ? null : (
        <>
          <TreeSearch
            view={view}
            onJump={async (m) => {
              wantPages(await loadPath(client, m, view));
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
              <span>{tt('qHeader')}</span>
              <span className="num">{filtered ? tt('matchesHeader') : t('tree.countsHeader')}</span>
            </div>
          ) : null}
          <div ref={scrollRef} className="team-tree__scroll">
            <div
              ref={treeRef}
              role="tree"
              aria-labelledby="team-tree-title"
              aria-describedby={keysId}
              aria-busy={stale || undefined}
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
                          {t('tree.childrenError')} <RetryBranch parent={row.parent} view={view} />
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
                    filtered={filtered}
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
        </>
      )}
    </section>
  );
}
