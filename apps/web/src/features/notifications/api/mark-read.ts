import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';
import { notificationsQuery } from './get-notifications.ts';
import { unreadCountQuery } from './get-unread-count.ts';

/** The notifications named, or every one. */
export type ReadTarget = { ids: string[] } | { all: true };

/**
 * Marks notifications read (idempotent on the BFF). The list and the bell change at once; the
 * answer's count then replaces the bell's, and a failure asks for both again.
 */
export function useMarkRead() {
  const client = useQueryClient();
  const listKey = notificationsQuery().queryKey;
  const countKey = unreadCountQuery().queryKey;
  return useMutation({
    mutationFn: (target: ReadTarget) => post('/bff/v1/notifications/read', target, { loading: false }),
    onMutate: async (target) => {
      await client.cancelQueries({ queryKey: countKey });
      const readAt = new Date().toISOString();
      const ids = 'ids' in target ? new Set(target.ids) : null;
      let newlyRead = 0;
      client.setQueryData(
        listKey,
        (list) =>
          list && {
            ...list,
            pages: list.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => {
                if (item.readAt || (ids && !ids.has(item.id))) return item;
                newlyRead += 1;
                return { ...item, readAt };
              }),
            })),
          },
      );
      client.setQueryData(countKey, (count) => count && { unread: ids ? Math.max(0, count.unread - newlyRead) : 0 });
    },
    onSuccess: (data) => client.setQueryData(countKey, data),
    onError: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
