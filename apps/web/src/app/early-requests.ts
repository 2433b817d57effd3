import type { PagePath } from '@abo/contract/pages';
import type { EarlyRequest } from '../features/auth/early-exchange.ts';

/** The user info the frame asks for on every page once signed in (app/use-analytics.ts, lib/dst-info.ts). */
const USER_INFO: EarlyRequest = { path: '/bff/v1/common/dstInfo', body: {} };

/**
 * Issue #36: what a page entered with a one-time `?sessionToken=` asks the BFF for first, by
 * page path: index.html's starter (features/auth/early-exchange.ts) sends these as soon as the
 * token exchange answers, while the scripts still load, and the app's calls take the answers.
 * The BFF hands the starter only the current page's list (apps/bff/src/plugins/web.ts, from the
 * build's .vite/early-requests.json). Each list is the page's `prefetch` and the user info;
 * early-requests.test.ts checks them against what the pages send.
 */
export const EARLY_REQUESTS = {
  '/': [
    USER_INFO,
    { path: '/bff/v1/home/summary', body: {} },
    { path: '/bff/v1/common/guideNovices', body: { businessType: 'home' }, query: { channel: { channel: true } } },
  ],
  '/incentiveplan/seminars': [
    USER_INFO,
    { path: '/bff/v1/incentive/plan', body: { route: '/incentiveplan/seminars' satisfies PagePath, year: { param: 'year' } } },
  ],
  '/income/servicefee': [USER_INFO, { path: '/bff/v1/income/statement', body: { month: { param: 'month' } } }],
} satisfies Partial<Record<PagePath, readonly EarlyRequest[]>>;
