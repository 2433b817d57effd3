// The tree's view from member tracking's address: its own order (components/tree-sort-address.ts) and the list's
// filters, read by the list's own reader (members-url.ts), so a filter means the same in both.
import { TREE_SORTS, type TreeSort } from '@abo/contract/member-sorts';
import type { TreeFilters, TreeView } from '../api/get-tree.ts';
import { DEFAULT_QUERY, membersFromParams, membersToParams } from '../members-url.ts';
import { TREE_SORT_PARAM } from '../../../../components/tree-sort-address.ts';

/** The tree's order in the address; anything else: the order it opens in (group PV). */
export function treeSortOf(p: URLSearchParams): TreeSort {
  const asked = p.get(TREE_SORT_PARAM);
  return TREE_SORTS.find((s) => s === asked) ?? 'gpv';
}

/** The tree's order and the list's filters the address holds (only those set, so calls stay short). */
export function treeViewOf(p: URLSearchParams): TreeView {
  const { query: q } = membersFromParams(p);
  const filters: TreeFilters = {};
  if (q.levelMin !== undefined) filters.levelMin = q.levelMin;
  if (q.levelMax !== undefined) filters.levelMax = q.levelMax;
  if (q.pins?.length) filters.pins = q.pins;
  if (q.bracketMin !== undefined) filters.bracketMin = q.bracketMin;
  if (q.bracketMax !== undefined) filters.bracketMax = q.bracketMax;
  if (q.q && q.q !== 'all') filters.q = q.q;
  if (q.joinedThisPy) filters.joinedThisPy = true;
  if (q.search) filters.search = q.search;
  return { sort: treeSortOf(p), filters };
}

export const isFiltered = (view: TreeView) => Object.keys(view.filters).length > 0;

/** The address with the tree in another order (the order it opens in is left out). */
export function withTreeSort(p: URLSearchParams, sort: TreeSort): URLSearchParams {
  const next = new URLSearchParams(p);
  if (sort === 'gpv') next.delete(TREE_SORT_PARAM);
  else next.set(TREE_SORT_PARAM, sort);
  return next;
}

/** The address without the list's filters: the view, both orders and the rest kept. */
export function withoutFilters(p: URLSearchParams): URLSearchParams {
  const { query, pageSize } = membersFromParams(p);
  return membersToParams({ query: { ...DEFAULT_QUERY, sort: query.sort, order: query.order }, page: 1, pageSize }, p);
}
