import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.ts';

/** The children of one member of the team tree (`ref` null: the viewer's frontline). */
export const treeChildrenQuery = (ref: string | null) =>
  queryOptions({
    queryKey: ['incentiveMarket', 'tree', ref ?? ''],
    queryFn: () => post('/bff/v1/incentive/market/tree', ref ? { ref } : {}),
    // The month's figures move with the hourly import; a branch opened again within a minute is not asked for again.
    staleTime: 60_000,
  });

/** Members matching a search, each with the path of references that opens the tree down to them. */
export const treeSearchQuery = (search: string) =>
  queryOptions({
    queryKey: ['incentiveMarket', 'treeSearch', search],
    queryFn: () => post('/bff/v1/incentive/market/tree/search', { search }),
    staleTime: 60_000,
  });
