import { Activity, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useMatches, useNavigationType, useOutlet, type Location } from 'react-router';
import { YOY_PARAM } from '../components/year-on-year/yoy-address.ts';
import { COMPARE_PARAM } from '../components/compare-address.ts';
import { PANEL_PARAM } from '../features/notifications/panel-address.ts';
import { TREE_SORT_PARAM } from '../components/tree-sort-address.ts';
import type { RouteHandle } from './router-handle.ts';

export const DEFAULT_VIEW_CACHE_MAX = 8;
/** docs/contract.md §2/§9: the native app (ca) keeps one view. */
export const CA_VIEW_CACHE_MAX = 1;

interface CachedView {
  key: string;
  element: ReactNode;
  location: Location;
}

/** Most recently used last; at most `max` views. */
function touch(views: CachedView[], view: CachedView, max: number): CachedView[] {
  const next = [...views.filter((v) => v.key !== view.key), view];
  return next.slice(Math.max(0, next.length - Math.max(1, max)));
}

/**
 * A view per path and search, except parameters of a part of the page: the notifications panel
 * opens over the page showing (features/notifications/panel-address.ts), and the year-on-year
 * card's PY changes that card only (components/year-on-year/yoy-address.ts), as does the
 * service-fee page's "compared with" month (components/compare-address.ts), and the team tree's
 * order its tree (components/tree-sort-address.ts); the page keeps its state and scroll.
 */
export function viewKey(location: Pick<Location, 'pathname' | 'search'>): string {
  const params = new URLSearchParams(location.search);
  for (const part of [PANEL_PARAM, YOY_PARAM, COMPARE_PARAM, TREE_SORT_PARAM]) params.delete(part);
  const search = params.toString();
  return location.pathname.toLowerCase() + (search ? `?${search}` : '');
}

/**
 * Views cached per route with React's <Activity>: a view you leave stays
 * mounted but hidden (state and queries kept), up to `max` views, least
 * recently used dropped first. Each view keeps the location it was rendered
 * for, so a hidden page never re-reads another page's search parameters.
 * Pages on the keep-alive list get their scroll position back when you come
 * back to them; every other navigation scrolls to the top.
 */
export function KeepAliveOutlet({ max }: { max: number }) {
  const location = useLocation();
  const outlet = useOutlet();
  const matches = useMatches();
  const navigationType = useNavigationType();
  const key = viewKey(location);
  const keepAlive = (matches.at(-1)?.handle as RouteHandle | undefined)?.keepAlive ?? false;

  const [views, setViews] = useState<CachedView[]>([]);
  const [shownLocation, setShownLocation] = useState<Location | null>(null);
  // Update the cache while rendering when the location changes (React's
  // "adjust state on prop change" pattern), so the new view shows at once; a
  // change the key ignores (the panel's parameter) gives the view its new location.
  if (shownLocation !== location) {
    setShownLocation(location);
    const existing = views.find((v) => v.key === key);
    setViews(touch(views, existing ? { ...existing, location } : { key, element: outlet, location }, max));
  }

  const scrollPositions = useRef(new Map<string, number>());
  const scrolledFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    // Only a new view moves the page: the panel's parameter keeps the view, and where it was.
    if (scrolledFor.current !== key) {
      scrolledFor.current = key;
      const saved = scrollPositions.current.get(key);
      window.scrollTo(0, keepAlive && navigationType === 'POP' && saved !== undefined ? saved : 0);
    }
    const onScroll = () => scrollPositions.current.set(key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key, keepAlive, navigationType]);

  const visible = views.some((v) => v.key === key) ? views : [...views, { key, element: outlet, location }];
  return (
    <>
      {visible.map((view) => (
        <Activity key={view.key} mode={view.key === key ? 'visible' : 'hidden'}>
          <UNSAFE_LocationContext.Provider value={{ location: view.location, navigationType }}>
            {view.element}
          </UNSAFE_LocationContext.Provider>
        </Activity>
      ))}
    </>
  );
}
