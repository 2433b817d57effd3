import { useSyncExternalStore } from 'react';

/** Where the home page lays its three areas out side by side with their trends (home.css). */
const WIDE_HOME = '(min-width: 1024px)';

const subscribe = (onChange: () => void) => {
  const m = window.matchMedia?.(WIDE_HOME);
  m?.addEventListener('change', onChange);
  return () => m?.removeEventListener('change', onChange);
};

/** Whether the window is wide enough for the trends; phones never ask for their data. */
export function useWideHome(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(WIDE_HOME).matches ?? false,
    () => false,
  );
}
