import type { EndpointBody } from '@abo/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.ts';

/** Filters and sort of the member list (everything but paging). */
export type MemberQuery = Omit<EndpointBody<'/bff/v1/incentive/market/members'>, 'page' | 'pageSize'>;

const fetchMembers = (q: MemberQuery, page: number, pageSize: number) =>
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

export const useMembersPage = (q: MemberQuery, page: number, pageSize: number, enabled: boolean) =>
  useQuery({ ...membersPageQuery(q, page, pageSize), enabled });

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
