import { TREE_PAGE_SIZE } from '@abo/contract/tree-paging';
import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.ts';

/**
 * Page `page` (from 0) of one member's children in the team tree (`ref` null: the viewer's
 * frontline). Pages are always TREE_PAGE_SIZE long and start at a multiple of it, so the page
 * that holds a child's place is known from the place alone (a search jumps to it) and each page
 * is cached on its own.
 */
export const treeChildrenQuery = (ref: string | null, page = 0) =>
  queryOptions({
    queryKey: ['incentiveMarket', 'tree', ref ?? '', page],
    queryFn: () =>
      post('/bff/v1/incentive/market/tree', { ...(ref ? { ref } : {}), offset: page * TREE_PAGE_SIZE, pageSize: TREE_PAGE_SIZE }),
    // The month's figures move with the hourly import; a branch opened again within a minute is not asked for again.
    staleTime: 60_000,
  });

/** The page of its parent's children that holds the child at `position` (from 0). */
export const pageOf = (position: number) => Math.floor(position / TREE_PAGE_SIZE);

/** Members matching a search, each with the path of references that opens the tree down to them. */
export const treeSearchQuery = (search: string) =>
  queryOptions({
    queryKey: ['incentiveMarket', 'treeSearch', search],
    queryFn: () => post('/bff/v1/incentive/market/tree/search', { search }),
    staleTime: 60_000,
  });
