// Page path → which plan it shows and which part of it. Plan-specific pages are data here;
// one generic page renders them all (DESIGN §3).

export type Subpage =
  | 'overview'
  | 'target'
  | 'pqflqdetails'
  | 'pqdetails'
  | 'flqdetails'
  | 'pincodedetails'
  | 'attendancereqs'
  | 'apvdetails'
  | 'lddmarketdetails'
  | 'components'
  | 'data';

export const SUBPAGES: readonly Subpage[] = [
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
];

/** Subpages each plan route has (spec §2); criteria without a subpage open a trace drawer. */
export const PLAN_SUBPAGES: Readonly<Record<string, readonly Subpage[]>> = {
  '/incentiveplan/seminars': ['target', 'pqflqdetails', 'pqdetails', 'pincodedetails', 'attendancereqs', 'apvdetails', 'components'],
  '/incentiveplan/seminarstravelplan': ['pqflqdetails', 'pqdetails', 'flqdetails', 'apvdetails', 'components'],
  '/incentiveplan/seminarbangkok': ['target', 'pqflqdetails', 'pqdetails', 'pincodedetails', 'attendancereqs', 'apvdetails'],
  '/incentiveplan/sametourddtravelplan': ['pqdetails', 'flqdetails', 'apvdetails'],
  '/incentiveplan/femtravelplan': ['lddmarketdetails', 'flqdetails', 'apvdetails'],
  '/incentiveplan/biennialaward': ['data'],
};

/** Type pages (year-switchable layout) → the plan route they show. */
const TYPE_PAGES: Readonly<Record<string, string>> = {
  '/incentiveplan/type/seminar': '/incentiveplan/seminars',
  '/incentiveplan/type/seminarbangkok': '/incentiveplan/seminarbangkok',
  '/incentiveplan/type/sametourddtravelplan': '/incentiveplan/sametourddtravelplan',
  '/incentiveplan/type/melbourneseminar': '/incentiveplan/melbourneseminar',
  '/incentiveplan/type/emtravelplan': '/incentiveplan/emtravelplan',
  '/incentiveplan/type/biennialaward': '/incentiveplan/biennialaward',
  '/incentiveplan/type/newrank': '/incentiveplan/type/newrank',
  '/incentiveplan/seminarfunding/type': '/incentiveplan/seminarfunding',
};

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
  if (path === '/incentiveplan/type/detail') return { planRoute: null, subpage: 'overview', typePage: true };
  const typed = TYPE_PAGES[path];
  if (typed) return { planRoute: typed, subpage: 'overview', typePage: true };
  const last = path.slice(path.lastIndexOf('/') + 1) as Subpage;
  if (SUBPAGES.includes(last)) {
    return { planRoute: path.slice(0, path.lastIndexOf('/')), subpage: last, typePage: false };
  }
  return { planRoute: path, subpage: 'overview', typePage: false };
}

/** Where a criterion's detail lives on a plan route (null: the trace drawer). */
export function subpageForKind(planRoute: string, kind: string): Subpage | null {
  const have = PLAN_SUBPAGES[planRoute] ?? [];
  const wanted: Subpage[] =
    kind === 'pqMonths'
      ? ['pqdetails', 'pqflqdetails']
      : kind === 'flqMonths'
        ? ['flqdetails', 'pqflqdetails']
        : kind === 'apv'
          ? ['apvdetails']
          : kind === 'pinAtLeast' || kind === 'newPin'
            ? ['pincodedetails']
            : kind === 'attendance'
              ? ['attendancereqs']
              : kind === 'lddMarkets'
                ? ['lddmarketdetails']
                : kind === 'score'
                  ? ['components']
                  : [];
  return wanted.find((s) => have.includes(s)) ?? null;
}

/** Groups of the plan list, in display order. */
export const TYPE_ORDER = ['seminar', 'travel', 'award', 'funding', 'training', 'tracking', 'rank'] as const;

/**
 * Plan routes the spec names after one edition ("seminars 25/26", "travel plan 25/26", DESIGN §3):
 * they open that edition unless ?year= says otherwise. Other routes open this PY's edition.
 */
export const ROUTE_DEFAULT_YEAR: Readonly<Record<string, string>> = {
  '/incentiveplan/seminars': '25/26',
  '/incentiveplan/seminarstravelplan': '25/26',
};
