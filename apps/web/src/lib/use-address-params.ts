import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams, type Location, type NavigateOptions } from 'react-router';

/** The last change asked for, and the location shown when it was asked (each navigation makes a new one). */
let asked: { on: Location; search: string } | null = null;

/**
 * The page's query parameters as page state, as React Router's `useSearchParams`, except that a
 * change builds on the last change asked for rather than on the address shown. A navigation takes
 * a moment (the router's middleware runs first); a second filter picked before the first shows
 * would otherwise start from the old address and undo the first (issue #32: "filter changes made
 * quickly one after another are all applied"). Shared by every control of the page, so a year
 * switch and a filter of the same list build on each other too.
 */
export function useAddressParams(): [
  URLSearchParams,
  (update: (params: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void,
] {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useRef(location);
  useEffect(() => {
    shown.current = location;
  }, [location]);
  const set = useCallback(
    (update: (params: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      // Until the address moves on, the changes asked for pile up on each other.
      const base = asked && asked.on === shown.current ? asked.search : shown.current.search;
      const next = update(new URLSearchParams(base)).toString();
      asked = { on: shown.current, search: next };
      void navigate(`?${next}`, options);
    },
    [navigate],
  );
  return [params, set];
}
