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

/** A route whose page is not built yet renders the not-found page, never a placeholder. */
const notBuilt: PageLoader = () => import('../features/system/not-found-page.tsx');

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
  { path: '/incentiveplan', area: 'incentive', page: notBuilt, keepAlive: true },
  { path: '/achievement', area: 'achievement', page: notBuilt, keepAlive: true },
  { path: '/incentiveplan/seminars', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminars/target', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminars/pqflqdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminars/pqdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminars/pincodedetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminars/attendancereqs', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminars/apvdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminars/components', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarstravelplan', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarstravelplan/pqflqdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarstravelplan/pqdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarstravelplan/flqdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarstravelplan/apvdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarstravelplan/components', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarbangkok', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarbangkok/target', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarbangkok/pqflqdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarbangkok/pqdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarbangkok/pincodedetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarbangkok/attendancereqs', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarbangkok/apvdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/sametourddtravelplan', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/sametourddtravelplan/pqdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/sametourddtravelplan/flqdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/sametourddtravelplan/apvdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/femtravelplan', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/femtravelplan/lddmarketdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/femtravelplan/flqdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/femtravelplan/apvdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/emtravelplan', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/rewardtracking', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/rewardtracking/pptrack2324', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/rewardtracking/pptrack2425', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/type', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/type/seminarbangkok', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/type/seminar', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/type/sametourddtravelplan', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/type/rewardtracking', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/type/newrank', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/type/melbourneseminar', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/type/marketmembertracking', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/type/index2', area: 'incentive', page: notBuilt, keepAlive: true },
  { path: '/incentiveplan/type/emtravelplan', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/type/detail', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/type/biennialaward', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarfunding/type', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/travelplan', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/trackingpartnersmonthly', area: 'incentive', page: notBuilt, ebizSkip: true },
  { path: '/incentiveplan/trackingpartnersannual', area: 'incentive', page: notBuilt, ebizSkip: true },
  { path: '/incentiveplan/trackingcopies', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/talentcultivationaward', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/singaporeseminar', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/seminarfunding', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/salestardetail', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/qualificationquery', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/overseastrainingindexdetail', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/monthlyawardexcellentmarketingstar', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/melbourneseminar', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/marketingtrainingclass', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/marketmembertracking', area: 'incentive', page: notBuilt, keepAlive: true, ebizSkip: true },
  { path: '/incentiveplan/marketmembertracking/useguide', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/marketdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/keycoachingpartnersmonthly', area: 'incentive', page: notBuilt, ebizSkip: true },
  { path: '/incentiveplan/keycoachingpartners', area: 'incentive', page: notBuilt, ebizSkip: true },
  { path: '/incentiveplan/includedcalc', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/evaluationyear', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/eliteaward', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/customerexpansion', area: 'incentive', page: notBuilt, ebizSkip: true },
  { path: '/incentiveplan/compliancemonthdetails', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/biennialaward', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/biennialaward/data', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/biennialaward/settag', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/basicbackbone', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/annualawardmarketingstar', area: 'incentive', page: notBuilt },
  { path: '/incentiveplan/complimentarypointsdetail', area: 'incentive', page: notBuilt },
  { path: '/achievement/localranktracking', area: 'achievement', page: notBuilt },
  { path: '/achievement/localranktracking/settarget', area: 'achievement', page: notBuilt },
  { path: '/achievement/localranktracking/requirements', area: 'achievement', page: notBuilt },
  { path: '/achievement/localranktracking/adjusttarget', area: 'achievement', page: notBuilt },
  { path: '/achievement/localranktracking/useguide', area: 'achievement', page: notBuilt },
  { path: '/achievement/type', area: 'achievement', page: notBuilt },
  { path: '/achievement/type/localranktracking', area: 'achievement', page: notBuilt },
  { path: '/achievement/topup', area: 'achievement', page: notBuilt },
  { path: '/achievement/setshop', area: 'achievement', page: notBuilt },
  { path: '/achievement/self', area: 'achievement', page: notBuilt },
  { path: '/achievement/oversea', area: 'achievement', page: notBuilt },
  { path: '/achievement/overallmarketapv', area: 'achievement', page: notBuilt },
  { path: '/achievement/outstandingpersonnelview', area: 'achievement', page: notBuilt },
  { path: '/achievement/outstandingpersonnelapv', area: 'achievement', page: notBuilt },
  { path: '/achievement/marketingstarglorylist', area: 'achievement', page: notBuilt },
  { path: '/achievement/marketingstardetail', area: 'achievement', page: notBuilt },
  { path: '/achievement/estimate', area: 'achievement', page: notBuilt },
  { path: '/achievement/dealerinvitation', area: 'achievement', page: notBuilt },
  { path: '/achievement/compositionapv', area: 'achievement', page: notBuilt },
  { path: '/achievement/apv', area: 'achievement', page: notBuilt },
  { path: '/income/type', area: 'income', page: notBuilt, keepAlive: true },
  { path: '/income/servicefee', area: 'income', page: notBuilt, keepAlive: true },
  { path: '/income/query', area: 'income', page: notBuilt },
  { path: '/income/promotionservicefee', area: 'income', page: notBuilt },
  { path: '/income/pretaxdetails', area: 'income', page: notBuilt },
  { path: '/income/distributorannualincome', area: 'income', page: notBuilt },
  { path: '/income/commissiondetail', area: 'income', page: notBuilt },
  { path: '/income/annualtaxable', area: 'income', page: notBuilt },
  { path: '/income/annualreview', area: 'income', page: notBuilt },
];
