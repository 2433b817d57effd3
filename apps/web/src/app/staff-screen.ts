import type { RouteHandle } from './router-handle.ts';

/**
 * Pages staff use without a distributor: the diagnostics with their audit trail, the sign-in
 * pages, the operators' import page (which says so to staff who are not operators) and the public
 * check of a certificate's code.
 */
const STAFF_OWN_PAGES = /^\/(test|login|authentication|operator|verify)$/i;

/**
 * What staff see instead of the page, if anything: the look-up until they have chosen a
 * distributor, and a read-only notice on the pages that change a distributor's settings.
 * `pathname`: the router's, under the basename. (Nothing here imports the sign-in guard's
 * module: a frame module that does makes the bundler split React out of the shell.)
 */
export function staffScreenFor(pathname: string, handle: RouteHandle | undefined, ada: string | null): 'lookup' | 'readOnly' | null {
  if (STAFF_OWN_PAGES.test(pathname)) return null;
  if (!ada) return 'lookup';
  return handle?.write ? 'readOnly' : null;
}
