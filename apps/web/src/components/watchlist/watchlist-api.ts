import type { WatchlistData, WatchRow } from '@abo/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, queriedAda } from '../../lib/api-client.ts';
import { getSession } from '../../lib/storage.ts';

/**
 * The watchlist is the signed-in distributor's own (private notes): a leader reading a member's
 * pages through queryAda neither sees nor changes it; staff read the distributor's and change
 * nothing (the BFF refuses both the same way).
 */
export function watchAccess(): { read: boolean; write: boolean } {
  const staff = getSession('channel') === 'iinquiry';
  const queried = !!queriedAda();
  return { read: staff ? queried : !queried, write: !staff && !queried };
}

export const watchlistQuery = () =>
  queryOptions({
    queryKey: ['incentiveMarket', 'watchlist', queriedAda() ?? ''],
    queryFn: () => post('/bff/v1/incentive/market/watchlist', {}),
  });

export const useWatchlist = (enabled = true) => useQuery({ ...watchlistQuery(), enabled: enabled && watchAccess().read });

/**
 * Stars or unstars a member. The list changes at once (optimistic) and is asked for again when
 * the BFF has answered, which puts the member in its place; a refusal puts the list back.
 */
export function useWatch() {
  const client = useQueryClient();
  const key = watchlistQuery().queryKey;
  return useMutation({
    mutationFn: ({ row, watched }: { row: WatchRow; watched: boolean }) =>
      post('/bff/v1/incentive/market/watch', { ref: row.ref, watched }, { loading: false }),
    onMutate: async ({ row, watched }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<WatchlistData>(key);
      if (before) {
        const others = before.rows.filter((r) => r.ref !== row.ref);
        client.setQueryData<WatchlistData>(key, { ...before, rows: watched ? [...others, row] : others });
      }
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Saves the note of a starred member; the list shows it at once and is asked for again. */
export function useSaveWatchNote() {
  const client = useQueryClient();
  const key = watchlistQuery().queryKey;
  return useMutation({
    mutationFn: ({ ref, note }: { ref: string; note: string }) =>
      post('/bff/v1/incentive/market/watchNote', { ref, note }, { loading: false }),
    onSuccess: (saved) => {
      const before = client.getQueryData<WatchlistData>(key);
      if (before)
        client.setQueryData<WatchlistData>(key, {
          ...before,
          rows: before.rows.map((r) => (r.ref === saved.ref ? { ...r, note: saved.note } : r)),
        });
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
