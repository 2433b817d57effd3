import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, gcTime: 30 * 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
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
