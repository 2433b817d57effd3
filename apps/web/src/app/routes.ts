import type { OwnPagePath, PagePath, SpecPagePath } from '@abo/contract/pages';

export type Area = 'system' | 'incentive' | 'achievement' | 'income';

export interface RouteEntry<P extends PagePath = PagePath> {
  /** Lowercase path under the /front basename (@abo/contract/pages); matching is case-insensitive. */
  path: P;
  area: Area;
  /**
   * The page module under src/features (it exports its component as `default`),
   * imported lazily: every page is its own chunk. A path, not an import, so the
   * build can read this table too (vite.config.ts: which chunks each page path
   * preloads).
   */
  page: string;
  /** Views on the keep-alive list restore their scroll position (docs/contract.md §2). */
  keepAlive?: boolean;
  /** Incentive pages the ebiz iframe resizing skips (docs/contract.md §2, §4). */
  ebizSkip?: boolean;
  /**
   * Pages whose purpose is to change the distributor's settings (a target, a shop, a track, an
   * invitation): staff (iinquiry) read a distributor's data and change nothing, so these show
   * them a read-only notice instead (features/staff); the BFF refuses staff writes as well.
   */
  write?: boolean;
}

// Pages that serve many routes.
const planPage = 'incentive/plan-page.tsx';
const planIndexPage = 'incentive/plan-index-page.tsx';
const monthsPage = 'incentive/months-page.tsx';

/**
 * The complete route table of docs/contract.md §2 (all paths of docs/routes.txt), as
 * data in one place so per-route policy is visible at a glance.
 */
export const routeTable: readonly RouteEntry<SpecPagePath>[] = [
  { path: '/', area: 'system', page: 'home/home-page.tsx', keepAlive: true },
  { path: '/login', area: 'system', page: 'system/login-page.tsx' },
  { path: '/test', area: 'system', page: 'system/test-page.tsx' },
  { path: '/descpage', area: 'system', page: 'system/descpage-page.tsx' },
  { path: '/authentication', area: 'system', page: 'system/authentication-page.tsx' },
  { path: '/incentiveplan', area: 'incentive', page: 'incentive/incentive-page.tsx', keepAlive: true },
  { path: '/achievement', area: 'achievement', page: 'achievement/achievement-page.tsx', keepAlive: true },
  { path: '/incentiveplan/seminars', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminars/target', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminars/pqflqdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminars/pqdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminars/pincodedetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminars/attendancereqs', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminars/apvdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminars/components', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarstravelplan', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarstravelplan/pqflqdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarstravelplan/pqdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarstravelplan/flqdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarstravelplan/apvdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarstravelplan/components', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarbangkok', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarbangkok/target', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarbangkok/pqflqdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarbangkok/pqdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarbangkok/pincodedetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarbangkok/attendancereqs', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarbangkok/apvdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/sametourddtravelplan', area: 'incentive', page: planPage },
  { path: '/incentiveplan/sametourddtravelplan/pqdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/sametourddtravelplan/flqdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/sametourddtravelplan/apvdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/femtravelplan', area: 'incentive', page: planPage },
  { path: '/incentiveplan/femtravelplan/lddmarketdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/femtravelplan/flqdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/femtravelplan/apvdetails', area: 'incentive', page: planPage },
  { path: '/incentiveplan/emtravelplan', area: 'incentive', page: planPage },
  { path: '/incentiveplan/rewardtracking', area: 'incentive', page: planIndexPage },
  { path: '/incentiveplan/rewardtracking/pptrack2324', area: 'incentive', page: planPage },
  { path: '/incentiveplan/rewardtracking/pptrack2425', area: 'incentive', page: planPage },
  { path: '/incentiveplan/type', area: 'incentive', page: planIndexPage },
  { path: '/incentiveplan/type/seminarbangkok', area: 'incentive', page: planPage },
  { path: '/incentiveplan/type/seminar', area: 'incentive', page: planPage },
  { path: '/incentiveplan/type/sametourddtravelplan', area: 'incentive', page: planPage },
  { path: '/incentiveplan/type/rewardtracking', area: 'incentive', page: planIndexPage },
  { path: '/incentiveplan/type/newrank', area: 'incentive', page: planPage },
  { path: '/incentiveplan/type/melbourneseminar', area: 'incentive', page: planPage },
  {
    path: '/incentiveplan/type/marketmembertracking',
    area: 'incentive',
    page: 'incentive/market/type-market-member-tracking-page.tsx',
    keepAlive: true,
  },
  { path: '/incentiveplan/type/index2', area: 'incentive', page: planIndexPage, keepAlive: true },
  { path: '/incentiveplan/type/emtravelplan', area: 'incentive', page: planPage },
  { path: '/incentiveplan/type/detail', area: 'incentive', page: planPage },
  { path: '/incentiveplan/type/biennialaward', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarfunding/type', area: 'incentive', page: planPage },
  { path: '/incentiveplan/travelplan', area: 'incentive', page: planIndexPage },
  {
    path: '/incentiveplan/trackingpartnersmonthly',
    area: 'incentive',
    page: 'incentive/market/tracking-partners-monthly-page.tsx',
    keepAlive: true,
    ebizSkip: true,
  },
  {
    path: '/incentiveplan/trackingpartnersannual',
    area: 'incentive',
    page: 'incentive/market/tracking-partners-annual-page.tsx',
    keepAlive: true,
    ebizSkip: true,
  },
  { path: '/incentiveplan/trackingcopies', area: 'incentive', page: 'incentive/market/tracking-copies-page.tsx', keepAlive: true },
  { path: '/incentiveplan/talentcultivationaward', area: 'incentive', page: planPage },
  { path: '/incentiveplan/singaporeseminar', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarfunding', area: 'incentive', page: planPage },
  { path: '/incentiveplan/salestardetail', area: 'incentive', page: planPage },
  { path: '/incentiveplan/qualificationquery', area: 'incentive', page: 'incentive/qualification-query-page.tsx' },
  { path: '/incentiveplan/overseastrainingindexdetail', area: 'incentive', page: planPage },
  { path: '/incentiveplan/monthlyawardexcellentmarketingstar', area: 'incentive', page: planPage },
  { path: '/incentiveplan/melbourneseminar', area: 'incentive', page: planPage },
  { path: '/incentiveplan/marketingtrainingclass', area: 'incentive', page: planPage },
  {
    path: '/incentiveplan/marketmembertracking',
    area: 'incentive',
    page: 'incentive/market/market-member-tracking-page.tsx',
    keepAlive: true,
    ebizSkip: true,
  },
  { path: '/incentiveplan/marketmembertracking/useguide', area: 'incentive', page: 'incentive/market/market-use-guide-page.tsx' },
  { path: '/incentiveplan/marketdetails', area: 'incentive', page: 'incentive/market/market-details-page.tsx' },
  {
    path: '/incentiveplan/keycoachingpartnersmonthly',
    area: 'incentive',
    page: 'incentive/market/key-coaching-partners-monthly-page.tsx',
    keepAlive: true,
    ebizSkip: true,
  },
  {
    path: '/incentiveplan/keycoachingpartners',
    area: 'incentive',
    page: 'incentive/market/key-coaching-partners-page.tsx',
    keepAlive: true,
    ebizSkip: true,
  },
  { path: '/incentiveplan/includedcalc', area: 'incentive', page: monthsPage },
  { path: '/incentiveplan/evaluationyear', area: 'incentive', page: monthsPage },
  { path: '/incentiveplan/eliteaward', area: 'incentive', page: planPage },
  { path: '/incentiveplan/customerexpansion', area: 'incentive', page: planPage, ebizSkip: true },
  { path: '/incentiveplan/compliancemonthdetails', area: 'incentive', page: monthsPage },
  { path: '/incentiveplan/biennialaward', area: 'incentive', page: planPage },
  { path: '/incentiveplan/biennialaward/data', area: 'incentive', page: planPage },
  { path: '/incentiveplan/biennialaward/settag', area: 'incentive', page: 'incentive/biennial-settag-page.tsx', write: true },
  { path: '/incentiveplan/basicbackbone', area: 'incentive', page: planPage },
  { path: '/incentiveplan/annualawardmarketingstar', area: 'incentive', page: planPage },
  { path: '/incentiveplan/complimentarypointsdetail', area: 'incentive', page: planPage },
  { path: '/achievement/localranktracking', area: 'achievement', page: 'achievement/rank-tracking-page.tsx' },
  { path: '/achievement/localranktracking/settarget', area: 'achievement', page: 'achievement/settarget-page.tsx', write: true },
  { path: '/achievement/localranktracking/requirements', area: 'achievement', page: 'achievement/requirements-page.tsx' },
  { path: '/achievement/localranktracking/adjusttarget', area: 'achievement', page: 'achievement/adjusttarget-page.tsx', write: true },
  { path: '/achievement/localranktracking/useguide', area: 'achievement', page: 'achievement/useguide-page.tsx' },
  { path: '/achievement/type', area: 'achievement', page: 'achievement/type-page.tsx' },
  { path: '/achievement/type/localranktracking', area: 'achievement', page: 'achievement/type-rank-page.tsx' },
  { path: '/achievement/topup', area: 'achievement', page: 'achievement/topup-page.tsx' },
  { path: '/achievement/setshop', area: 'achievement', page: 'achievement/setshop-page.tsx', write: true },
  { path: '/achievement/self', area: 'achievement', page: 'achievement/self-page.tsx' },
  { path: '/achievement/oversea', area: 'achievement', page: 'achievement/oversea-page.tsx' },
  { path: '/achievement/overallmarketapv', area: 'achievement', page: 'achievement/overall-market-apv-page.tsx' },
  { path: '/achievement/outstandingpersonnelview', area: 'achievement', page: 'achievement/outstanding-view-page.tsx' },
  { path: '/achievement/outstandingpersonnelapv', area: 'achievement', page: 'achievement/outstanding-apv-page.tsx' },
  { path: '/achievement/marketingstarglorylist', area: 'achievement', page: 'achievement/marketing-star-glory-page.tsx' },
  { path: '/achievement/marketingstardetail', area: 'achievement', page: 'achievement/marketing-star-detail-page.tsx' },
  { path: '/achievement/estimate', area: 'achievement', page: 'achievement/estimate-page.tsx' },
  { path: '/achievement/dealerinvitation', area: 'achievement', page: 'achievement/dealer-invitation-page.tsx', write: true },
  { path: '/achievement/compositionapv', area: 'achievement', page: 'achievement/composition-apv-page.tsx' },
  { path: '/achievement/apv', area: 'achievement', page: 'achievement/apv-page.tsx' },
  { path: '/income/type', area: 'income', page: 'income/type-page.tsx', keepAlive: true },
  { path: '/income/servicefee', area: 'income', page: 'income/servicefee-page.tsx', keepAlive: true },
  { path: '/income/query', area: 'income', page: 'income/query-page.tsx' },
  { path: '/income/promotionservicefee', area: 'income', page: 'income/promotionservicefee-page.tsx' },
  { path: '/income/pretaxdetails', area: 'income', page: 'income/pretaxdetails-page.tsx' },
  { path: '/income/distributorannualincome', area: 'income', page: 'income/distributorannualincome-page.tsx' },
  { path: '/income/commissiondetail', area: 'income', page: 'income/commissiondetail-page.tsx' },
  { path: '/income/annualtaxable', area: 'income', page: 'income/annualtaxable-page.tsx' },
  { path: '/income/annualreview', area: 'income', page: 'income/annualreview-page.tsx' },
];

/**
 * Pages of this app beside the contract's table (docs/routes.txt holds its 111 paths, and
 * routeTable exactly those): the operators' import page (issue #35, README "The operators' page"). Staff
 * reach it without choosing a distributor (app/staff-screen.ts). And the public check of a
 * certificate's verification code (issue #32), which needs no sign-in (features/auth/auth-middleware.ts).
 * A new page of the app is added here and to OWN_PAGE_PATHS (@abo/contract/pages); routes.test.ts
 * keeps the two the same.
 */
export const ownRoutes: readonly RouteEntry<OwnPagePath>[] = [
  { path: '/operator', area: 'system', page: 'operator/operator-page.tsx' },
  { path: '/verify', area: 'system', page: 'verify/verify-page.tsx' },
];
