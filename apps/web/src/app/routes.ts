import type { ComponentType } from 'react';

/** What every page module exports: its component as `default`. */
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export type Area = 'system' | 'incentive' | 'achievement' | 'income';

export interface RouteEntry {
  /** Lowercase path under the /front basename; matching is case-insensitive. */
  path: string;
  area: Area;
  /** Lazily imported page module: every page is its own chunk. */
  page: PageLoader;
  /** Views on the keep-alive list restore their scroll position (spec §2). */
  keepAlive?: boolean;
  /** Incentive pages the ebiz iframe resizing skips (spec §2, §4). */
  ebizSkip?: boolean;
}

// Pages that serve many routes: one loader each, so the shell holds their preload list once.
const planPage: PageLoader = () => import('../features/incentive/plan-page.tsx');
const planIndexPage: PageLoader = () => import('../features/incentive/plan-index-page.tsx');
const monthsPage: PageLoader = () => import('../features/incentive/months-page.tsx');

/**
 * The complete route table of spec §2 (all paths of shared/routes.txt), as
 * data in one place so per-route policy is visible at a glance.
 */
export const routeTable: readonly RouteEntry[] = [
  { path: '/', area: 'system', page: () => import('../features/home/home-page.tsx'), keepAlive: true },
  { path: '/login', area: 'system', page: () => import('../features/system/login-page.tsx') },
  { path: '/test', area: 'system', page: () => import('../features/system/test-page.tsx') },
  { path: '/descpage', area: 'system', page: () => import('../features/system/descpage-page.tsx') },
  { path: '/authentication', area: 'system', page: () => import('../features/system/authentication-page.tsx') },
  { path: '/incentiveplan', area: 'incentive', page: () => import('../features/incentive/incentive-page.tsx'), keepAlive: true },
  { path: '/achievement', area: 'achievement', page: () => import('../features/achievement/achievement-page.tsx'), keepAlive: true },
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
  { path: '/incentiveplan/type/marketmembertracking', area: 'incentive', page: () => import('../features/incentive/market/type-market-member-tracking-page.tsx') },
  { path: '/incentiveplan/type/index2', area: 'incentive', page: planIndexPage, keepAlive: true },
  { path: '/incentiveplan/type/emtravelplan', area: 'incentive', page: planPage },
  { path: '/incentiveplan/type/detail', area: 'incentive', page: planPage },
  { path: '/incentiveplan/type/biennialaward', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarfunding/type', area: 'incentive', page: planPage },
  { path: '/incentiveplan/travelplan', area: 'incentive', page: planIndexPage },
  { path: '/incentiveplan/trackingpartnersmonthly', area: 'incentive', page: () => import('../features/incentive/market/tracking-partners-monthly-page.tsx'), ebizSkip: true },
  { path: '/incentiveplan/trackingpartnersannual', area: 'incentive', page: () => import('../features/incentive/market/tracking-partners-annual-page.tsx'), ebizSkip: true },
  { path: '/incentiveplan/trackingcopies', area: 'incentive', page: () => import('../features/incentive/market/tracking-copies-page.tsx') },
  { path: '/incentiveplan/talentcultivationaward', area: 'incentive', page: planPage },
  { path: '/incentiveplan/singaporeseminar', area: 'incentive', page: planPage },
  { path: '/incentiveplan/seminarfunding', area: 'incentive', page: planPage },
  { path: '/incentiveplan/salestardetail', area: 'incentive', page: planPage },
  { path: '/incentiveplan/qualificationquery', area: 'incentive', page: () => import('../features/incentive/qualification-query-page.tsx') },
  { path: '/incentiveplan/overseastrainingindexdetail', area: 'incentive', page: planPage },
  { path: '/incentiveplan/monthlyawardexcellentmarketingstar', area: 'incentive', page: planPage },
  { path: '/incentiveplan/melbourneseminar', area: 'incentive', page: planPage },
  { path: '/incentiveplan/marketingtrainingclass', area: 'incentive', page: planPage },
  { path: '/incentiveplan/marketmembertracking', area: 'incentive', page: () => import('../features/incentive/market/market-member-tracking-page.tsx'), keepAlive: true, ebizSkip: true },
  { path: '/incentiveplan/marketmembertracking/useguide', area: 'incentive', page: () => import('../features/incentive/market/market-use-guide-page.tsx') },
  { path: '/incentiveplan/marketdetails', area: 'incentive', page: () => import('../features/incentive/market/market-details-page.tsx') },
  { path: '/incentiveplan/keycoachingpartnersmonthly', area: 'incentive', page: () => import('../features/incentive/market/key-coaching-partners-monthly-page.tsx'), ebizSkip: true },
  { path: '/incentiveplan/keycoachingpartners', area: 'incentive', page: () => import('../features/incentive/market/key-coaching-partners-page.tsx'), ebizSkip: true },
  { path: '/incentiveplan/includedcalc', area: 'incentive', page: monthsPage },
  { path: '/incentiveplan/evaluationyear', area: 'incentive', page: monthsPage },
  { path: '/incentiveplan/eliteaward', area: 'incentive', page: planPage },
  { path: '/incentiveplan/customerexpansion', area: 'incentive', page: planPage, ebizSkip: true },
  { path: '/incentiveplan/compliancemonthdetails', area: 'incentive', page: monthsPage },
  { path: '/incentiveplan/biennialaward', area: 'incentive', page: planPage },
  { path: '/incentiveplan/biennialaward/data', area: 'incentive', page: planPage },
  { path: '/incentiveplan/biennialaward/settag', area: 'incentive', page: () => import('../features/incentive/biennial-settag-page.tsx') },
  { path: '/incentiveplan/basicbackbone', area: 'incentive', page: planPage },
  { path: '/incentiveplan/annualawardmarketingstar', area: 'incentive', page: planPage },
  { path: '/incentiveplan/complimentarypointsdetail', area: 'incentive', page: planPage },
  { path: '/achievement/localranktracking', area: 'achievement', page: () => import('../features/achievement/rank-tracking-page.tsx') },
  { path: '/achievement/localranktracking/settarget', area: 'achievement', page: () => import('../features/achievement/settarget-page.tsx') },
  { path: '/achievement/localranktracking/requirements', area: 'achievement', page: () => import('../features/achievement/requirements-page.tsx') },
  { path: '/achievement/localranktracking/adjusttarget', area: 'achievement', page: () => import('../features/achievement/adjusttarget-page.tsx') },
  { path: '/achievement/localranktracking/useguide', area: 'achievement', page: () => import('../features/achievement/useguide-page.tsx') },
  { path: '/achievement/type', area: 'achievement', page: () => import('../features/achievement/type-page.tsx') },
  { path: '/achievement/type/localranktracking', area: 'achievement', page: () => import('../features/achievement/type-rank-page.tsx') },
  { path: '/achievement/topup', area: 'achievement', page: () => import('../features/achievement/topup-page.tsx') },
  { path: '/achievement/setshop', area: 'achievement', page: () => import('../features/achievement/setshop-page.tsx') },
  { path: '/achievement/self', area: 'achievement', page: () => import('../features/achievement/self-page.tsx') },
  { path: '/achievement/oversea', area: 'achievement', page: () => import('../features/achievement/oversea-page.tsx') },
  { path: '/achievement/overallmarketapv', area: 'achievement', page: () => import('../features/achievement/overall-market-apv-page.tsx') },
  { path: '/achievement/outstandingpersonnelview', area: 'achievement', page: () => import('../features/achievement/outstanding-view-page.tsx') },
  { path: '/achievement/outstandingpersonnelapv', area: 'achievement', page: () => import('../features/achievement/outstanding-apv-page.tsx') },
  { path: '/achievement/marketingstarglorylist', area: 'achievement', page: () => import('../features/achievement/marketing-star-glory-page.tsx') },
  { path: '/achievement/marketingstardetail', area: 'achievement', page: () => import('../features/achievement/marketing-star-detail-page.tsx') },
  { path: '/achievement/estimate', area: 'achievement', page: () => import('../features/achievement/estimate-page.tsx') },
  { path: '/achievement/dealerinvitation', area: 'achievement', page: () => import('../features/achievement/dealer-invitation-page.tsx') },
  { path: '/achievement/compositionapv', area: 'achievement', page: () => import('../features/achievement/composition-apv-page.tsx') },
  { path: '/achievement/apv', area: 'achievement', page: () => import('../features/achievement/apv-page.tsx') },
  { path: '/income/type', area: 'income', page: () => import('../features/income/type-page.tsx'), keepAlive: true },
  { path: '/income/servicefee', area: 'income', page: () => import('../features/income/servicefee-page.tsx'), keepAlive: true },
  { path: '/income/query', area: 'income', page: () => import('../features/income/query-page.tsx') },
  { path: '/income/promotionservicefee', area: 'income', page: () => import('../features/income/promotionservicefee-page.tsx') },
  { path: '/income/pretaxdetails', area: 'income', page: () => import('../features/income/pretaxdetails-page.tsx') },
  { path: '/income/distributorannualincome', area: 'income', page: () => import('../features/income/distributorannualincome-page.tsx') },
  { path: '/income/commissiondetail', area: 'income', page: () => import('../features/income/commissiondetail-page.tsx') },
  { path: '/income/annualtaxable', area: 'income', page: () => import('../features/income/annualtaxable-page.tsx') },
  { path: '/income/annualreview', area: 'income', page: () => import('../features/income/annualreview-page.tsx') },
];
