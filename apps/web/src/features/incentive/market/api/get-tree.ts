import type { EndpointBody } from '@abo/contract';
import type { TreeSort } from '@abo/contract/member-sorts';
import { TREE_PAGE_SIZE } from '@abo/contract/tree-paging';
import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.ts';

/** The member list's filters as the tree takes them (tree/tree-url.ts reads them from the address). */
export type TreeFilters = Omit<EndpointBody<'/bff/v1/incentive/market/tree'>, 'ref' | 'offset' | 'pageSize' | 'sort'>;

/** How the tree is read: the order of each member's children and the list's filters (only those set). */
export interface TreeView {
  sort: TreeSort;
  filters: TreeFilters;
}

export const DEFAULT_TREE_VIEW: TreeView = { sort: 'gpv', filters: {} };

/** The view as a call body: only what differs from the tree as it opens, so those calls stay as they were. */
const viewBody = (view: TreeView): TreeFilters & { sort?: TreeSort } => ({
  ...(view.sort === 'gpv' ? {} : { sort: view.sort }),
  ...view.filters,
});

/**
 * Page `page` (from 0) of one member's children in the team tree (`ref` null: the viewer's
 * frontline). Pages are always TREE_PAGE_SIZE long and start at a multiple of it, so the page
 * that holds a child's place is known from the place alone (a search jumps to it) and each page
 * is cached on its own, per order and filters.
 */
export const treeChildrenQuery = (ref: string | null, page = 0, view: TreeView = DEFAULT_TREE_VIEW) =>
  queryOptions({
    queryKey: ['incentiveMarket', 'tree', ref ?? '', page, viewBody(view)],
    queryFn: () =>
      post('/bff/v1/incentive/market/tree', {
        ...(ref ? { ref } : {}),
        offset: page * TREE_PAGE_SIZE,
        pageSize: TREE_PAGE_SIZE,
        ...viewBody(view),
      }),
    // The month's figures move with the hourly import; a branch opened again within a minute is not asked for again.
    staleTime: 60_000,
  });

/** The page of its parent's children that holds the child at `position` (from 0). */
export const pageOf = (position: number) => Math.floor(position / TREE_PAGE_SIZE);

/**
 * Members matching a search among those the tree lists in this view, each with the path of
 * references that opens the tree down to them. The list's name filter goes as `filterSearch`:
 * `search` is who is sought.
 */
export const treeSearchQuery = (search: string, view: TreeView = DEFAULT_TREE_VIEW) => {
  const { search: filterSearch, ...rest } = viewBody(view);
  const body = { ...rest, ...(filterSearch ? { filterSearch } : {}), search };
  return queryOptions({
    queryKey: ['incentiveMarket', 'treeSearch', body],
    queryFn: () => post('/bff/v1/incentive/market/tree/search', body),
    staleTime: 60_000,
  });
};
