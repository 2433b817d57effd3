/**
 * The page paths (docs/contract.md §2): the contract's 111, in the order of docs/routes.txt
 * (apps/web/src/app/routes.test.ts keeps the three the same), and beside them this app's own
 * pages. A `const` tuple, so a path is a string literal type: `href` and every link, the route
 * table, the plan data and the notifications are checked by the compiler (issue #34).
 * Zod-free, so the web bundles it (`@abo/contract/pages`).
 */
export const SPEC_PAGE_PATHS = [
  '/',
  '/login',
  '/test',
  '/descpage',
  '/authentication',
  '/incentiveplan',
  '/achievement',
  '/incentiveplan/seminars',
  '/incentiveplan/seminars/target',
  '/incentiveplan/seminars/pqflqdetails',
  '/incentiveplan/seminars/pqdetails',
  '/incentiveplan/seminars/pincodedetails',
  '/incentiveplan/seminars/attendancereqs',
  '/incentiveplan/seminars/apvdetails',
  '/incentiveplan/seminars/components',
  '/incentiveplan/seminarstravelplan',
  '/incentiveplan/seminarstravelplan/pqflqdetails',
  '/incentiveplan/seminarstravelplan/pqdetails',
  '/incentiveplan/seminarstravelplan/flqdetails',
  '/incentiveplan/seminarstravelplan/apvdetails',
  '/incentiveplan/seminarstravelplan/components',
  '/incentiveplan/seminarbangkok',
  '/incentiveplan/seminarbangkok/target',
  '/incentiveplan/seminarbangkok/pqflqdetails',
  '/incentiveplan/seminarbangkok/pqdetails',
  '/incentiveplan/seminarbangkok/pincodedetails',
  '/incentiveplan/seminarbangkok/attendancereqs',
  '/incentiveplan/seminarbangkok/apvdetails',
  '/incentiveplan/sametourddtravelplan',
  '/incentiveplan/sametourddtravelplan/pqdetails',
  '/incentiveplan/sametourddtravelplan/flqdetails',
  '/incentiveplan/sametourddtravelplan/apvdetails',
  '/incentiveplan/femtravelplan',
  '/incentiveplan/femtravelplan/lddmarketdetails',
  '/incentiveplan/femtravelplan/flqdetails',
  '/incentiveplan/femtravelplan/apvdetails',
  '/incentiveplan/emtravelplan',
  '/incentiveplan/rewardtracking',
  '/incentiveplan/rewardtracking/pptrack2324',
  '/incentiveplan/rewardtracking/pptrack2425',
  '/incentiveplan/type',
  '/incentiveplan/type/seminarbangkok',
  '/incentiveplan/type/seminar',
  '/incentiveplan/type/sametourddtravelplan',
  '/incentiveplan/type/rewardtracking',
  '/incentiveplan/type/newrank',
  '/incentiveplan/type/melbourneseminar',
  '/incentiveplan/type/marketmembertracking',
  '/incentiveplan/type/index2',
  '/incentiveplan/type/emtravelplan',
  '/incentiveplan/type/detail',
  '/incentiveplan/type/biennialaward',
  '/incentiveplan/seminarfunding/type',
  '/incentiveplan/travelplan',
  '/incentiveplan/trackingpartnersmonthly',
  '/incentiveplan/trackingpartnersannual',
  '/incentiveplan/trackingcopies',
  '/incentiveplan/talentcultivationaward',
  '/incentiveplan/singaporeseminar',
  '/incentiveplan/seminarfunding',
  '/incentiveplan/salestardetail',
  '/incentiveplan/qualificationquery',
  '/incentiveplan/overseastrainingindexdetail',
  '/incentiveplan/monthlyawardexcellentmarketingstar',
  '/incentiveplan/melbourneseminar',
  '/incentiveplan/marketingtrainingclass',
  '/incentiveplan/marketmembertracking',
  '/incentiveplan/marketmembertracking/useguide',
  '/incentiveplan/marketdetails',
  '/incentiveplan/keycoachingpartnersmonthly',
  '/incentiveplan/keycoachingpartners',
  '/incentiveplan/includedcalc',
  '/incentiveplan/evaluationyear',
  '/incentiveplan/eliteaward',
  '/incentiveplan/customerexpansion',
  '/incentiveplan/compliancemonthdetails',
  '/incentiveplan/biennialaward',
  '/incentiveplan/biennialaward/data',
  '/incentiveplan/biennialaward/settag',
  '/incentiveplan/basicbackbone',
  '/incentiveplan/annualawardmarketingstar',
  '/incentiveplan/complimentarypointsdetail',
  '/achievement/localranktracking',
  '/achievement/localranktracking/settarget',
  '/achievement/localranktracking/requirements',
  '/achievement/localranktracking/adjusttarget',
  '/achievement/localranktracking/useguide',
  '/achievement/type',
  '/achievement/type/localranktracking',
  '/achievement/topup',
  '/achievement/setshop',
  '/achievement/self',
  '/achievement/oversea',
  '/achievement/overallmarketapv',
  '/achievement/outstandingpersonnelview',
  '/achievement/outstandingpersonnelapv',
  '/achievement/marketingstarglorylist',
  '/achievement/marketingstardetail',
  '/achievement/estimate',
  '/achievement/dealerinvitation',
  '/achievement/compositionapv',
  '/achievement/apv',
  '/income/type',
  '/income/servicefee',
  '/income/query',
  '/income/promotionservicefee',
  '/income/pretaxdetails',
  '/income/distributorannualincome',
  '/income/commissiondetail',
  '/income/annualtaxable',
  '/income/annualreview',
] as const;

/**
 * This app's pages beside the contract's, not in docs/routes.txt: the operators' import page
 * (README "The operators' page") and the public check of a certificate's code. A page added by
 * the app is listed here, with its entry in ownRoutes.
 */
export const OWN_PAGE_PATHS = ['/operator', '/verify'] as const;

export type SpecPagePath = (typeof SPEC_PAGE_PATHS)[number];
export type OwnPagePath = (typeof OWN_PAGE_PATHS)[number];
/** A page of the app, as the router sees it: lowercase, under the `/front` basename. */
export type PagePath = SpecPagePath | OwnPagePath;

/** A link's query: `undefined` values are left out, the others written as they print. */
export type PageQuery = Readonly<Record<string, string | number | undefined>>;

/**
 * The address of a page for the router (`<Link to>`, `navigate`) and for a notification's
 * `link`: relative to the app's basename, as links were written before, e.g.
 * `href('/income/servicefee', { month: '2026-10' })` → `/income/servicefee?month=2026-10`.
 * Keys and values are encoded with encodeURIComponent, in the order given.
 */
export function href(path: PagePath, query?: PageQuery): string {
  let search = '';
  if (query)
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) search += `${search ? '&' : '?'}${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
  return path + search;
}
