import type { PagePath } from '@abo/contract/pages';
import { getSession } from './storage.ts';

/**
 * The pages that change a distributor's settings (a target, a shop, a track, an invitation): the
 * route table's `write` flag (app/routes.ts; write-pages.test.ts keeps the two the same), the same one
 * that shows staff a read-only notice on the page itself (app/staff-screen.ts). A list of page
 * paths, so features ask here without importing the app's route table.
 */
export const WRITE_PAGES: ReadonlySet<string> = new Set<PagePath>([
  '/incentiveplan/biennialaward/settag',
  '/achievement/localranktracking/settarget',
  '/achievement/localranktracking/adjusttarget',
  '/achievement/setshop',
  '/achievement/dealerinvitation',
]);

/**
 * Whether a link or button that opens `path` (under the app's basename; a query or hash is
 * ignored) is shown: staff (iinquiry) change nothing of the distributor they look at, so the ways
 * to a write page are left out for them (README, "Staff"); everyone else sees them all.
 */
export function mayOpen(path: string): boolean {
  if (getSession('channel') !== 'iinquiry') return true;
  const page =
    path
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .toLowerCase() || '/';
  return !WRITE_PAGES.has(page);
}
