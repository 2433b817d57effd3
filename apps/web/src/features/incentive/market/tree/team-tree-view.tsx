// The team tree beside the member list (issue #22, `?view=tree` on marketmembertracking): the
// downline as an ARIA tree (WAI-ARIA APG tree view pattern: flat treeitems with aria-level,
// aria-setsize and aria-posinset, roving tabindex), branches loaded as they are opened, the
// visible rows virtualized so a market of 10 000 opened wide stays a few dozen DOM rows.
import type { TreeData, TreeNode, TreeSearchData } from '@abo/contract';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { Button } from 'antd-mobile';
import { DownOutline, RightOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { treeChildrenQuery, treeSearchQuery } from '../api/get-tree.ts';
import { PinLabel, QFlag } from '../components/bits.tsx';
import { useWide } from '../components/use-wide.ts';

/** Row heights (px): one line on the desktop, two on a phone. */
const ROW_HEIGHT = { wide: 44, narrow: 60 };
/** Indent per level (px) and the deepest level indented further (deeper levels say their level instead). */
const INDENT = { wide: 20, narrow: 12 };
const INDENT_LEVELS = { wide: 12, narrow: 8 };

type Row =
  | { kind: 'node'; node: TreeNode; level: number; setSize: number; posInSet: number; parent: string | null; expanded: boolean }
  | { kind: 'loading' | 'error'; level: number; parent: string };

const detailsHref = (ref: string) => `/incentiveplan/marketdetails?ref=${encodeURIComponent(ref)}`;

/** The visible rows: the frontline, and below each opened member its children (or a loading / error row). */
function flatten(
  frontline: readonly TreeNode[],
  expanded: ReadonlySet<string>,
  branch: (ref: string) => { data?: TreeData | undefined; isError: boolean },
): { rows: Row[]; index: Map<string, number> } {
  const rows: Row[] = [];
  const index = new Map<string, number>();
  const walk = (nodes: readonly TreeNode[], level: number, parent: string | null) => {
    nodes.forEach((node, i) => {
      const open = expanded.has(node.ref) && node.children > 0;
      index.set(node.ref, rows.length);
      rows.push({ kind: 'node', node, level, setSize: nodes.length, posInSet: i + 1, parent, expanded: open });
      if (!open) return;
      const b = branch(node.ref);
      if (b.data) walk(b.data.nodes, level + 1, node.ref);
      else rows.push({ kind: b.isError ? 'error' : 'loading', level: level + 1, parent: node.ref });
    });
  };
  walk(frontline, 1, null);
  return { rows, index };
}

/** The tree view: the frontline's answer decides loading, error and empty states. */
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
  const { lang } = useLocalText();
  const wide = useWide();
  const navigate = useNavigate();
  const keysId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [active, setActive] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);

  const openRefs = useMemo(() => [...expanded], [expanded]);
  const branches = useQueries({ queries: openRefs.map((ref) => treeChildrenQuery(ref)) });
  const { rows, index } = useMemo(() => {
    const byRef = new Map(openRefs.map((ref, i) => [ref, branches[i]!]));
    return flatten(root.nodes, expanded, (ref) => byRef.get(ref) ?? { isError: false });
  }, [root, expanded, openRefs, branches]);

  // The item in the tab order: the one last focused, else the first (it may have been folded away).
  const first = rows[0]?.kind === 'node' ? rows[0].node.ref : null;
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
    treeRef.current?.querySelector<HTMLElement>(`[data-ref="${focusRequest}"]`)?.focus({ preventScroll: true });
    setFocusRequest(null);
  }, [focusRequest, index, virtualizer]);

  const goTo = (ref: string) => {
    setActive(ref);
    setFocusRequest(ref);
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

  const nodeAt = (i: number) => {
    const r = rows[i];
    return r?.kind === 'node' ? r : undefined;
  };
  const nextNode = (from: number, dir: 1 | -1) => {
    for (let i = from + dir; i >= 0 && i < rows.length; i += dir) if (rows[i]!.kind === 'node') return i;
    return -1;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    const ref = el?.dataset.ref;
    const i = ref !== undefined ? index.get(ref) : undefined;
    const row = i !== undefined ? nodeAt(i) : undefined;
    if (!row || i === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = (k: number) => {
      const r = nodeAt(k);
      if (r) goTo(r.node.ref);
    };
    switch (e.key) {
      case 'ArrowDown':
        to(nextNode(i, 1));
        break;
      case 'ArrowUp':
        to(nextNode(i, -1));
        break;
      case 'ArrowRight':
        if (row.node.children === 0) break;
        if (!row.expanded) setOpen([row.node.ref], true);
        else if (nodeAt(i + 1)) to(i + 1);
        break;
      case 'ArrowLeft':
        if (row.expanded) setOpen([row.node.ref], false);
        else if (row.parent !== null) goTo(row.parent);
        break;
      case 'Home':
        to(nextNode(-1, 1));
        break;
      case 'End':
        to(nextNode(rows.length, -1));
        break;
      case 'Enter':
        void navigate(detailsHref(row.node.ref));
        break;
      case '*': {
        const siblings = rows.filter((r) => r.kind === 'node' && r.parent === row.parent && r.node.children > 0);
        setOpen(
          siblings.map((r) => (r.kind === 'node' ? r.node.ref : '')),
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
          const parents = m.path.slice(0, -1);
          setOpen(parents, true);
          goTo(m.ref);
        }}
      />
      {/* On a phone (rarely a keyboard) only screen readers get the keys, through aria-describedby. */}
      <p className={wide ? 'muted small team-tree__keys' : 'visually-hidden'} id={keysId}>
        {t('tree.keys')}
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
            if (row.kind !== 'node') {
              return (
                <div
                  key={`${row.kind}:${row.parent}`}
                  className="team-tree__status"
                  style={{ ...style, paddingInlineStart: indentOf(row.level) + 28 }}
                >
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
                key={row.node.ref}
                row={row}
                style={style}
                indent={indentOf(row.level)}
                showLevel={row.level - 1 > INDENT_LEVELS[step]}
                tabbable={row.node.ref === current}
                onFocus={() => setActive(row.node.ref)}
                onToggle={() => {
                  setActive(row.node.ref);
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
            {tx(node.maskedName)}
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
  const { tx } = useLocalText();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [state, setState] = useState<
    | { kind: 'idle' | 'searching' | 'failed' }
    | { kind: 'none'; term: string }
    | { kind: 'list'; data: TreeSearchData }
    | { kind: 'jumped'; match: Match }
  >({ kind: 'idle' });

  const jump = async (m: Match) => {
    try {
      // Every branch on the way is loaded first, so the rows are there to focus when it opens.
      await Promise.all(m.path.slice(0, -1).map((ref) => client.ensureQueryData(treeChildrenQuery(ref))));
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
        {state.kind === 'none' ? t('tree.noMatch', { term: state.term }) : null}
        {state.kind === 'failed' ? t('tree.jumpFailed') : null}
        {state.kind === 'jumped' ? t('tree.jumped', { name: tx(state.match.maskedName), level: state.match.level }) : null}
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
                <span>{tx(m.maskedName)}</span> <span className="num muted small">{m.maskedAda}</span>{' '}
                <span className="muted small">· {t('levelN', { n: m.level })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
