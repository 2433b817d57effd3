import { lazy, Suspense } from 'react';
import type { GapLegsProps } from './gap-legs.tsx';

// The list, its texts and styles load when it is opened, not with the plan pages.
const GapLegs = lazy(() => import('./gap-legs.tsx'));

/** The legs that could close an FLQ or LDD gap, loaded on demand. */
export function LazyGapLegs(props: GapLegsProps) {
  return (
    <Suspense fallback={<div className="gap-legs" aria-busy="true" />}>
      <GapLegs {...props} />
    </Suspense>
  );
}
