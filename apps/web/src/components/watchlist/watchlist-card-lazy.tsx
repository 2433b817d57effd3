import { lazy, Suspense } from 'react';

// The card's code (and its texts and styles) load only when a page shows it: home's first load
// carries this wrapper alone.
const WatchlistCard = lazy(() => import('./watchlist-card.tsx'));

/** The watchlist card, loaded on demand (nothing is shown until it is there). */
export function LazyWatchlistCard(props: { limit?: number; expand?: boolean }) {
  return (
    <Suspense fallback={null}>
      <WatchlistCard {...props} />
    </Suspense>
  );
}
