import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { asPageData } from './api-client.ts';

/** Query functions already wrapped by quietQueries. */
const pageDataFns = new WeakSet<object>();

/**
 * Every query is a page's data: its calls show no toasts, because the page shows the skeleton
 * and the error state itself (lib/api-client.ts, asPageData). Writes (mutations) and calls made
 * outside a query keep the toasts of docs/contract.md §4 and §8. Every way a query starts (a component, a
 * route loader's prefetch, fetchQuery) takes its options through defaultQueryOptions.
 */
function quietQueries(client: QueryClient): QueryClient {
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: { queryFn?: unknown }) => {
    const fn = options.queryFn;
    if (typeof fn !== 'function' || pageDataFns.has(fn)) return defaults(options as Parameters<typeof defaults>[0]);
    const run = fn as QueryFunction;
    const quiet: QueryFunction = (context) => asPageData(() => run(context));
    pageDataFns.add(quiet);
    return defaults({ ...options, queryFn: quiet } as Parameters<typeof defaults>[0]);
  }) as typeof client.defaultQueryOptions;
  return client;
}

export function createQueryClient(): QueryClient {
  return quietQueries(
    new QueryClient({
      defaultOptions: {
        queries: { staleTime: 60_000, gcTime: 30 * 60_000, retry: 1, refetchOnWindowFocus: false },
      },
    }),
  );
}

/**
 * The app's one query cache. The frame provides it to the pages; route loaders prefetch into
 * it (app/route-children.tsx), so a page's data is on its way while React still renders.
 * Module-level, so it also outlives a re-mount of the root route (its error boundary).
 */
export const queryClient = createQueryClient();

/** Where a navigation goes: the path under the app's basename and the query string. */
export interface PageLocation {
  pathname: string;
  searchParams: URLSearchParams;
}

/**
 * What a page module may export as `prefetch`: start the queries its first render will ask
 * for, without waiting for them (the page shows its skeleton as before, only sooner done).
 */
export type PagePrefetch = (at: PageLocation, client: QueryClient) => void;
