import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/**
 * The bell's count: asked for gently (fresh for a minute, again when the window comes back and
 * every five minutes while it is shown), and set by every answer that carries it (the list, a read).
 */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'unread'],
    queryFn: () => post('/bff/v1/notifications/unread', {}),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    refetchInterval: 5 * 60_000,
  });

export const useUnreadCount = () => useQuery(unreadCountQuery());
