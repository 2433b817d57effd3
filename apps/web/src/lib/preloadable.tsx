import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

export interface Preloadable<P extends object> {
  /** Starts (or joins) the download of the component's chunk: call it on intent or when idle. */
  preload: () => Promise<unknown>;
  /** The component: drawn at once when its chunk is here, else through Suspense with `fallback`. */
  Component: (props: P & { fallback?: ReactNode }) => ReactNode;
}

/**
 * A code-split component that does not wait once its chunk has arrived. React.lazy suspends on
 * its first render even when the import has already finished (the promise settles a tick later),
 * and React reveals content that suspended no sooner than 300 ms after its fallback showed: a
 * popup or view prefetched on intent still opened 300 ms late. The choice is made once per mount,
 * so the component is never remounted (its state kept) when the chunk arrives later.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        // A failed download may be tried again (the next intent, or the boundary's retry).
        pending = null;
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function Component({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [Impl] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return (
      <Suspense fallback={fallback}>
        <Impl {...(props as P)} />
      </Suspense>
    );
  }
  return { preload, Component };
}
