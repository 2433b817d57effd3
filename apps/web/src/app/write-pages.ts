import { getSession } from '../lib/storage.ts';
import { routeTable } from './routes.ts';

// The pages that change a distributor's settings: the route table's `write` flag, the same one
// that shows staff a read-only notice on the page itself (staff-screen.ts). Pages import this
// module, so it (and the table) stays out of the shell.
const WRITE_PAGES = new Set(routeTable.filter((r) => r.write).map((r) => r.path));

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
