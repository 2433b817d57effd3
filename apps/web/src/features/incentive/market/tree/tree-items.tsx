// The tree's items: a member's row, the "Show N more" item and a branch's retry.
import { href } from '@abo/contract/pages';
import { TREE_PAGE_SIZE } from '@abo/contract/tree-paging';
import { useQueryClient } from '@tanstack/react-query';
import { DownOutline, RightOutline } from 'antd-mobile-icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { treeChildrenQuery, type TreeView } from '../api/get-tree.ts';
import { PinLabel, QFlag } from '../components/bits.tsx';
import type { MoreRow, Row } from './tree-rows.ts';

export const detailsHref = (ref: string) => href('/incentiveplan/marketdetails', { ref });
/**
 * The item after a branch's loaded children: in the tree's keyboard order like a member, its place
 * the next one of the set ("101 of 424"), Enter or a click loads the next page in place.
 */
export function MoreItem({
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

export function RetryBranch({ parent, view }: { parent: string; view: TreeView }) {
  const { t } = useTranslation('incentiveMarket');
  const client = useQueryClient();
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => void client.refetchQueries({ queryKey: treeChildrenQuery(parent, 0, view).queryKey })}
    >
      {t('tree.retry')}
    </button>
  );
}

/**
 * A member: name, pin, group PV, bracket, Q or the PV still needed for it, and the children and
 * downline below (with filters: the matches below). A member close to Q carries a "Close to Q"
 * tag, in words; with filters, a member shown only as the way to matches is grey and says so.
 */
export function TreeRow({
  row,
  style,
  indent,
  showLevel,
  filtered,
  tabbable,
  onFocus,
  onToggle,
}: {
  row: Extract<Row, { kind: 'node' }>;
  style: CSSProperties;
  indent: number;
  showLevel: boolean;
  filtered: boolean;
  tabbable: boolean;
  onFocus: () => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation('incentiveMarket');
  const { t: tt } = useTranslation('teamTree');
  const { tx, lang } = useLocalText();
  const { node } = row;
  const parent = node.children > 0;
  // An answer from a BFF before these fields has none of them: no gap shown, no tag, no context.
  const gap = node.pvToQ ?? null;
  const near = node.nearQ === true;
  const context = filtered && node.match === false;
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
      className={`team-tree__row${near ? ' team-tree__row--near' : ''}${context ? ' team-tree__row--context' : ''}`}
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
          {context ? <span className="visually-hidden">, {tt('context')}</span> : null}
        </span>
        {near ? <span className="team-tree__near">{tt('nearQ')}</span> : null}
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
        {node.isQ || gap === null ? (
          <QFlag isQ={node.isQ} />
        ) : (
          <span className="team-tree__gap num">{tt('toQ', { pv: formatPv(gap, lang) })}</span>
        )}
      </span>
      <span className="team-tree__counts num muted small">
        {filtered && typeof node.matchesBelow === 'number'
          ? tt('matchesBelow', { n: formatPv(node.matchesBelow, lang) })
          : t('tree.counts', { children: formatPv(node.children, lang), size: formatPv(node.downlineSize, lang) })}
      </span>
    </div>
  );
}
