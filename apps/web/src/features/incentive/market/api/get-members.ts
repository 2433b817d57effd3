import type { EndpointBody, MembersData } from '@abo/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.ts';

/** Filters and sort of the member list (everything but paging). */
export type MemberQuery = Omit<EndpointBody<'/bff/v1/incentive/market/members'>, 'page' | 'pageSize'>;

export const fetchMembers = (q: MemberQuery, page: number, pageSize: number) =>
  post('/bff/v1/incentive/market/members', {
    ...q,
    page,
    pageSize,
  });

/** One page (desktop table with a pager). */
export const membersPageQuery = (q: MemberQuery, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['incentiveMarket', 'members', q, page, pageSize],
    queryFn: () => fetchMembers(q, page, pageSize),
    placeholderData: keepPreviousData,
  });

/**
 * The page last shown for the same year. Each filter, sort or page is an address of its own, and
 * the view cache mounts a new view per address: without this every header click would blank the
 * table to a skeleton (and lose the focus) until the new page arrives.
 */
function lastShown(client: QueryClient, year: string | undefined): MembersData | undefined {
  let best: { at: number; data: MembersData } | undefined;
  for (const q of client.getQueryCache().findAll({ queryKey: ['incentiveMarket', 'members'] })) {
    const key = q.queryKey[2];
    const data = q.state.data as MembersData | undefined;
    if (q.queryKey[3] === undefined || typeof key !== 'object' || !data) continue;
    if ((key as MemberQuery).year !== year) continue;
    if (!best || q.state.dataUpdatedAt > best.at) best = { at: q.state.dataUpdatedAt, data };
  }
  return best?.data;
}

export const useMembersPage = (q: MemberQuery, page: number, pageSize: number, enabled: boolean) => {
  const client = useQueryClient();
  return useQuery({
    ...membersPageQuery(q, page, pageSize),
    placeholderData: (previous: MembersData | undefined) => previous ?? lastShown(client, q.year),
    enabled,
  });
};

/** Pages appended as the list scrolls (mobile). */
export const membersInfiniteQuery = (q: MemberQuery, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: ['incentiveMarket', 'members', 'infinite', q, pageSize],
    queryFn: ({ pageParam }) => fetchMembers(q, pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export const useMembersInfinite = (q: MemberQuery, pageSize: number, enabled: boolean) =>
  useInfiniteQuery({ ...membersInfiniteQuery(q, pageSize), enabled });
