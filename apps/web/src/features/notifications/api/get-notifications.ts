import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';
import { unreadCountQuery } from './get-unread-count.ts';

const PAGE_SIZE = 20;

/** Newest first, a page at a time (`next` is the `before` of the page after). */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'list'],
    queryFn: async ({ pageParam, client }) => {
      const data = await post('/bff/v1/notifications/list', pageParam ? { before: pageParam, limit: PAGE_SIZE } : { limit: PAGE_SIZE });
      // The list knows the bell's count too.
      client.setQueryData(unreadCountQuery().queryKey, { unread: data.unread });
      return data;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 30_000,
  });

export const useNotifications = () => useInfiniteQuery(notificationsQuery());
