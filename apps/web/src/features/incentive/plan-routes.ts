// Page path → which plan it shows and which part of it. Plan-specific pages are data here;
// one generic page renders them all (docs/product.md, Pages).
import type { PagePath } from '@abo/contract/pages';
import type { PlanKey } from './api/plan.ts';

/**
 * The subpage registry: every subpage a plan page can have, by id. Its label is
 * `subpages.<id>` (i18n.ts), its view SUBPAGE_VIEWS[id] (components/subpages/views.ts), its
 * path `<plan route>/<id>`; which criterion kinds it explains is in components/criterion-kinds.ts.
 */
export const SUBPAGES = [
  'target',
  'pqflqdetails',
  'pqdetails',
  'flqdetails',
  'pincodedetails',
  'attendancereqs',
  'apvdetails',
  'lddmarketdetails',
  'components',
  'data',
] as const;

export type SubpageId = (typeof SUBPAGES)[number];
/** What a plan page shows: its overview or one of its subpages. */
export type Subpage = 'overview' | SubpageId;

/**
 * The subpages each plan route has, in the order its navigation lists them (docs/contract.md §2); the route
 * table (app/routes.ts) declares exactly these paths. Criteria without a subpage open a trace drawer.
 */
export const PLAN_SUBPAGES: Readonly<Record<string, readonly SubpageId[]>> = {
  '/incentiveplan/seminars': ['target', 'pqflqdetails', 'pqdetails', 'pincodedetails', 'attendancereqs', 'apvdetails', 'components'],
  '/incentiveplan/seminarstravelplan': ['pqflqdetails', 'pqdetails', 'flqdetails', 'apvdetails', 'components'],
  '/incentiveplan/seminarbangkok': ['target', 'pqflqdetails', 'pqdetails', 'pincodedetails', 'attendancereqs', 'apvdetails'],
  '/incentiveplan/sametourddtravelplan': ['pqdetails', 'flqdetails', 'apvdetails'],
  '/incentiveplan/femtravelplan': ['lddmarketdetails', 'flqdetails', 'apvdetails'],
  '/incentiveplan/biennialaward': ['data'],
} satisfies Partial<Record<PagePath, readonly SubpageId[]>>;

/** The subpages a plan route has (none for most). */
export function subpagesOf(planRoute: string): readonly SubpageId[] {
  return PLAN_SUBPAGES[planRoute] ?? [];
}

/** A link to a plan page or subpage at one edition (?year= keeps the edition across subpages). */
export function planHref(path: string, py: string): string {
  return `${path}?year=${encodeURIComponent(py)}`;
}

/** Type pages (year-switchable layout) → the plan route they show. */
const TYPE_PAGES: Readonly<Record<string, PagePath>> = {
  '/incentiveplan/type/seminar': '/incentiveplan/seminars',
  '/incentiveplan/type/seminarbangkok': '/incentiveplan/seminarbangkok',
  '/incentiveplan/type/sametourddtravelplan': '/incentiveplan/sametourddtravelplan',
  '/incentiveplan/type/melbourneseminar': '/incentiveplan/melbourneseminar',
  '/incentiveplan/type/emtravelplan': '/incentiveplan/emtravelplan',
  '/incentiveplan/type/biennialaward': '/incentiveplan/biennialaward',
  '/incentiveplan/type/newrank': '/incentiveplan/type/newrank',
  '/incentiveplan/seminarfunding/type': '/incentiveplan/seminarfunding',
} satisfies Partial<Record<PagePath, PagePath>>;

export interface PlanPageTarget {
  /** The plan route asked of the BFF (null: by ?code=). */
  planRoute: string | null;
  subpage: Subpage;
  /** A type page: shows the edition switch prominently. */
  typePage: boolean;
}

/** Resolves a page path (lower-case, no basename) to what the generic plan page shows. */
export function resolvePlanPage(pathname: string): PlanPageTarget {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === ('/incentiveplan/type/detail' satisfies PagePath)) return { planRoute: null, subpage: 'overview', typePage: true };
  const typed = TYPE_PAGES[path];
  if (typed) return { planRoute: typed, subpage: 'overview', typePage: true };
  const last = path.slice(path.lastIndexOf('/') + 1);
  const route = path.slice(0, path.lastIndexOf('/'));
  const sub = subpagesOf(route).find((s) => s === last);
  if (sub) return { planRoute: route, subpage: sub, typePage: false };
  return { planRoute: path, subpage: 'overview', typePage: false };
}

/**
 * The i18n key of a plan route's own title (`routes.<last segment>`, i18n.ts): the page's title
 * while its plan loads, so the title bar names the page before the plan's name arrives.
 */
export function planTitleKey(planRoute: string): string {
  return `routes.${planRoute.slice(planRoute.lastIndexOf('/') + 1)}`;
}

/** Groups of the plan list, in display order. */
export const TYPE_ORDER = ['seminar', 'travel', 'award', 'funding', 'training', 'tracking', 'rank'] as const;

/**
 * Which plan a plan route shows (null: detail without ?code=, which lists every plan): the
 * edition ?year= names, else the current PY's (the BFF picks it), so a bookmark or a shared link
 * opens this year's plan, also on the routes the spec names after one edition ("seminars 25/26").
 */
export function planKeyAt(pathname: string, params: URLSearchParams): PlanKey | null {
  const target = resolvePlanPage(pathname);
  const code = params.get('code');
  // An empty ?year= names no edition (the BFF would refuse it), as index.html's early request reads it too.
  const year = params.get('year') || undefined;
  return target.planRoute ? { route: target.planRoute, year } : code ? { code } : null;
}
