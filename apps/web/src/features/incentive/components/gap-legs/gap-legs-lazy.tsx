import { preloadable } from '../../../../lib/preloadable.tsx';

// The list, its texts and styles load when it is wanted (the pointer or focus on its button), not
// with the plan pages; once there it opens without waiting.
const gapLegs = preloadable(() => import('./gap-legs.tsx'));

/** Starts loading the list's code (on intent). */
export const preloadGapLegs = gapLegs.preload;

/** The legs that could close an FLQ or LDD gap, loaded on demand. */
export const LazyGapLegs = gapLegs.Component;
