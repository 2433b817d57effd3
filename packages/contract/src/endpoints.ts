// Every /bff/v1 call of the app by its path: what its body is, what its answer's data is and
// what the BFF needs to register it. The BFF registers its routes from this table
// (apps/bff/src/lib/endpoint.ts), the web app types its calls from it (apps/web/src/lib/api-client.ts,
// type imports only: zod stays out of the browser bundle) and the fuzz suite sends hostile input
// to each entry (apps/bff/src/fuzz.test.ts, which also checks that the BFF registers exactly
// these paths). All calls are POST with a JSON body answering the envelope (docs/contract.md §7), except the
// analytics collector.
import type { z } from 'zod';
import {
  achCompositionDataSchema,
  achEstimateBodySchema,
  achEstimateDataSchema,
  achGloryDataSchema,
  achInvitationCreateBodySchema,
  achInvitationDataSchema,
  achInvitationRevokeBodySchema,
  achInvitationsDataSchema,
  achMonthBodySchema,
  achMonthsBodySchema,
  achMonthsDataSchema,
  achOutstandingBodySchema,
  achOutstandingDataSchema,
  achOverallMarketDataSchema,
  achOverseaDataSchema,
  achOverviewDataSchema,
  achRankDataSchema,
  achShopBodySchema,
  achShopDataSchema,
  achStarDetailDataSchema,
  achTargetBodySchema,
  achTargetDataSchema,
  achTopupDataSchema,
} from './achievement.ts';
import {
  auditTrailDataSchema,
  baseBodySchema,
  doneDataSchema,
  dstInfoDataSchema,
  getConfigDataSchema,
  guideNovicesBodySchema,
  guideNovicesDataSchema,
  guideNovicesQuerySchema,
  idCardVerificationBodySchema,
  idCardVerificationDataSchema,
  idaasTokenBodySchema,
  idaasTokenDataSchema,
  promptsBodySchema,
  promptsCloseBodySchema,
  promptsDataSchema,
  queryableMonthsDataSchema,
  shopsDataSchema,
  staffLookupBodySchema,
  staffLookupDataSchema,
  weChatInfoBodySchema,
  weChatInfoDataSchema,
  type BaseBody,
} from './common.ts';
import { freshnessDataSchema } from './freshness.ts';
import { homeSummaryDataSchema } from './home.ts';
import {
  biennialTagBodySchema,
  biennialTagDataSchema,
  monthsBodySchema,
  monthsDataSchema,
  planBodySchema,
  planDataSchema,
  plansBodySchema,
  plansDataSchema,
} from './incentive.ts';
import {
  copiesBodySchema,
  copiesDataSchema,
  detailsBodySchema,
  detailsDataSchema,
  membersBodySchema,
  membersDataSchema,
  partnersBodySchema,
  partnersDataSchema,
} from './incentive-market.ts';
import { gapLegsBodySchema, gapLegsDataSchema } from './plan-gap-legs.ts';
import { treeBodySchema, treeDataSchema, treeSearchBodySchema, treeSearchDataSchema } from './incentive-market-tree.ts';
import {
  annualIncomeDataSchema,
  annualReviewDataSchema,
  annualTaxableDataSchema,
  incomeMonthBodySchema,
  incomePyBodySchema,
  incomeRangeBodySchema,
  incomeRangeDataSchema,
  incomeTaxYearBodySchema,
  incomeTypesDataSchema,
  pretaxDataSchema,
  promotionDataSchema,
  statementDataSchema,
  statementListDataSchema,
} from './income.ts';
import { statementChangeBodySchema, statementChangeDataSchema } from './statement-change.ts';
import { soFarChangeDataSchema } from './achievement-so-far-change.ts';
import { documentLinkBodySchema, documentLinkDataSchema } from './documents.ts';
import { achProjectionDataSchema, achYearOnYearBodySchema, achYearOnYearDataSchema } from './projections.ts';
import {
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  notificationsBodySchema,
  notificationsDataSchema,
  notificationsReadBodySchema,
  unreadCountDataSchema,
} from './notifications.ts';
import { importRunDataSchema, importRunIdBodySchema, importRunsBodySchema, importRunsDataSchema } from './operator.ts';
import { watchBodySchema, watchDataSchema, watchlistDataSchema, watchNoteBodySchema, watchNoteDataSchema } from './watchlist.ts';

/** A call answering the envelope `{code, message, success, data}` (docs/contract.md §3). */
export interface EnvelopeEndpoint {
  /** The body as the BFF validates it; the request layer adds channel and loginada (docs/contract.md §7). */
  readonly body: z.ZodType;
  /** The envelope's `data` on success. */
  readonly data: z.ZodType;
  /** Query-string parameters, where the spec puts some there (guideNovices: channel). */
  readonly query?: z.ZodType;
  /** Answers without a signed-in session (plugins/auth.ts). */
  readonly public?: true;
  /** A distributor may read a member of their own downline through the queryAda header. */
  readonly downlineQuery?: true;
}

/** The analytics collector: takes what the SDK sends (GET image, form post, beacon) and answers 204. */
export interface CollectorEndpoint {
  readonly methods: readonly ['GET', 'POST'];
  readonly public: true;
  readonly collector: true;
}

/** The body of the calls that take nothing but what every call carries. */
const none = baseBodySchema.optional();

export const ENDPOINTS = {
  // --- Common calls of docs/contract.md §7 ---------------------------------------------------
  '/bff/v1/common/idaasToken': { body: idaasTokenBodySchema, data: idaasTokenDataSchema, public: true },
  '/bff/v1/common/dstInfo': { body: none, data: dstInfoDataSchema },
  '/bff/v1/common/getConfig': { body: none, data: getConfigDataSchema },
  '/bff/v1/common/shops': { body: none, data: shopsDataSchema },
  '/bff/v1/common/generate/queryable/month': { body: none, data: queryableMonthsDataSchema },
  '/bff/v1/common/IDcardVerification': { body: idCardVerificationBodySchema, data: idCardVerificationDataSchema },
  '/bff/v1/common/weChatInfo': { body: weChatInfoBodySchema, data: weChatInfoDataSchema },
  '/bff/v1/common/guideNovices': { body: guideNovicesBodySchema, query: guideNovicesQuerySchema, data: guideNovicesDataSchema },
  '/bff/v1/common/guideNovices/add': { body: guideNovicesBodySchema, query: guideNovicesQuerySchema, data: doneDataSchema },
  '/bff/v1/common/prompts': { body: promptsBodySchema, data: promptsDataSchema },
  '/bff/v1/common/prompts/close': { body: promptsCloseBodySchema, data: doneDataSchema },
  '/bff/v1/common/auditTrail': { body: none, data: auditTrailDataSchema },
  /** Staff only (iinquiry): find a caller by whole ADA or name (apps/bff/src/routes/common). */
  '/bff/v1/common/staffLookup': { body: staffLookupBodySchema, data: staffLookupDataSchema },
  '/bff/v1/common/freshness': { body: none, data: freshnessDataSchema },

  // --- Home ----------------------------------------------------------------------------------
  '/bff/v1/home/summary': { body: none, data: homeSummaryDataSchema },

  // --- Incentive plans -----------------------------------------------------------------------
  '/bff/v1/incentive/plans': { body: plansBodySchema.optional(), data: plansDataSchema },
  '/bff/v1/incentive/plan': { body: planBodySchema, data: planDataSchema },
  '/bff/v1/incentive/plan/gapLegs': { body: gapLegsBodySchema, data: gapLegsDataSchema },
  '/bff/v1/incentive/months': { body: monthsBodySchema.optional(), data: monthsDataSchema },
  '/bff/v1/incentive/biennial/settag': { body: biennialTagBodySchema, data: biennialTagDataSchema },

  // --- Market pages (a leader may read a downline member's page) ----------------------------
  '/bff/v1/incentive/market/partners': { body: partnersBodySchema, data: partnersDataSchema, downlineQuery: true },
  '/bff/v1/incentive/market/members': { body: membersBodySchema, data: membersDataSchema, downlineQuery: true },
  '/bff/v1/incentive/market/copies': { body: copiesBodySchema, data: copiesDataSchema, downlineQuery: true },
  '/bff/v1/incentive/market/details': { body: detailsBodySchema, data: detailsDataSchema, downlineQuery: true },
  // The viewer's own watchlist (watchlist.ts): private, so no downline reading; staff read it through queryAda.
  '/bff/v1/incentive/market/watchlist': { body: none, data: watchlistDataSchema },
  '/bff/v1/incentive/market/watch': { body: watchBodySchema, data: watchDataSchema },
  '/bff/v1/incentive/market/watchNote': { body: watchNoteBodySchema, data: watchNoteDataSchema },
  '/bff/v1/incentive/market/tree': { body: treeBodySchema, data: treeDataSchema, downlineQuery: true },
  '/bff/v1/incentive/market/tree/search': { body: treeSearchBodySchema, data: treeSearchDataSchema, downlineQuery: true },

  // --- Achievement ---------------------------------------------------------------------------
  '/bff/v1/achievement/overview': { body: none, data: achOverviewDataSchema },
  '/bff/v1/achievement/rank': { body: none, data: achRankDataSchema },
  '/bff/v1/achievement/settarget': { body: achTargetBodySchema, data: achTargetDataSchema },
  '/bff/v1/achievement/adjusttarget': { body: achTargetBodySchema, data: achTargetDataSchema },
  '/bff/v1/achievement/topup': { body: none, data: achTopupDataSchema },
  '/bff/v1/achievement/shop': { body: none, data: achShopDataSchema },
  '/bff/v1/achievement/setshop': { body: achShopBodySchema, data: achShopDataSchema },
  '/bff/v1/achievement/months': { body: achMonthsBodySchema.optional(), data: achMonthsDataSchema },
  '/bff/v1/achievement/composition': { body: achMonthBodySchema.optional(), data: achCompositionDataSchema },
  '/bff/v1/achievement/overallmarket': { body: none, data: achOverallMarketDataSchema },
  '/bff/v1/achievement/oversea': { body: none, data: achOverseaDataSchema },
  '/bff/v1/achievement/estimate': { body: achEstimateBodySchema.optional(), data: achEstimateDataSchema },
  '/bff/v1/achievement/outstanding': { body: achOutstandingBodySchema.optional(), data: achOutstandingDataSchema },
  '/bff/v1/achievement/marketingstars': { body: achMonthBodySchema.optional(), data: achGloryDataSchema },
  '/bff/v1/achievement/marketingstardetail': { body: none, data: achStarDetailDataSchema },
  '/bff/v1/achievement/invitations': { body: none, data: achInvitationsDataSchema },
  '/bff/v1/achievement/invitations/create': { body: achInvitationCreateBodySchema, data: achInvitationDataSchema },
  '/bff/v1/achievement/invitations/revoke': { body: achInvitationRevokeBodySchema, data: achInvitationDataSchema },
  /** Estimates of the open month's end and this PY's Q months (labelled as estimates on the page). */
  '/bff/v1/achievement/projection': { body: none, data: achProjectionDataSchema },
  /** The promotion fee so far this month against last month's up to the same day, cause by cause (an estimate). */
  '/bff/v1/achievement/soFarChange': { body: none, data: soFarChangeDataSchema },
  /** This PY beside the last, month by month (achievement and income areas). */
  '/bff/v1/achievement/yearOnYear': { body: achYearOnYearBodySchema.optional(), data: achYearOnYearDataSchema },

  // --- Income --------------------------------------------------------------------------------
  '/bff/v1/income/statement': { body: incomeMonthBodySchema, data: statementDataSchema },
  '/bff/v1/income/commissiondetail': { body: incomeMonthBodySchema, data: statementDataSchema },
  '/bff/v1/income/statements': { body: incomePyBodySchema, data: statementListDataSchema },
  '/bff/v1/income/query': { body: incomeRangeBodySchema, data: incomeRangeDataSchema },
  '/bff/v1/income/promotionservicefee': { body: incomeMonthBodySchema, data: promotionDataSchema },
  '/bff/v1/income/pretaxdetails': { body: incomeMonthBodySchema, data: pretaxDataSchema },
  '/bff/v1/income/distributorannualincome': { body: incomePyBodySchema, data: annualIncomeDataSchema },
  '/bff/v1/income/annualtaxable': { body: incomeTaxYearBodySchema, data: annualTaxableDataSchema },
  '/bff/v1/income/annualreview': { body: incomePyBodySchema, data: annualReviewDataSchema },
  '/bff/v1/income/types': { body: none, data: incomeTypesDataSchema },
  /** Two statements compared: the change in pre-tax and net pay split into its causes. */
  '/bff/v1/income/statementChange': { body: statementChangeBodySchema, data: statementChangeDataSchema },
  // A one-time link to a statement, certificate or income spreadsheet (the file itself is served
  // from /bff/files/<token>, outside this table: a plain navigation carries no Authorization).
  '/bff/v1/income/documentLink': { body: documentLinkBodySchema, data: documentLinkDataSchema },

  // --- Notifications (README "Notifications"): the bell, the list, the preferences ------------
  '/bff/v1/notifications/list': { body: notificationsBodySchema.optional(), data: notificationsDataSchema },
  '/bff/v1/notifications/unread': { body: none, data: unreadCountDataSchema },
  '/bff/v1/notifications/read': { body: notificationsReadBodySchema, data: unreadCountDataSchema },
  '/bff/v1/notifications/preferences': { body: none, data: notificationPreferencesSchema },
  '/bff/v1/notifications/preferences/save': { body: notificationPreferencesBodySchema, data: notificationPreferencesSchema },

  // --- The operators' import page (operator.ts): operator accounts only (apps/bff/src/plugins/auth.ts).
  // The upload (multipart) and the audit export (a file) are outside this table: IMPORT_UPLOAD_PATH, AUDIT_EXPORT_PATH.
  '/bff/v1/operator/imports/get': { body: importRunIdBodySchema, data: importRunDataSchema },
  '/bff/v1/operator/imports/list': { body: importRunsBodySchema.optional(), data: importRunsDataSchema },
  '/bff/v1/operator/imports/confirm': { body: importRunIdBodySchema, data: importRunDataSchema },
  '/bff/v1/operator/imports/discard': { body: importRunIdBodySchema, data: importRunDataSchema },

  // --- Analytics (the SDK's default collector, README "Logs and analytics") -----------------
  '/bff/v1/analytics/events': { methods: ['GET', 'POST'], public: true, collector: true },
} as const satisfies Record<`/bff/v1/${string}`, EnvelopeEndpoint | CollectorEndpoint>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointPath = keyof Endpoints;
/** The calls that answer the envelope: every path but the collector's. */
export type EnvelopePath = { [P in EndpointPath]: Endpoints[P] extends EnvelopeEndpoint ? P : never }[EndpointPath];
export type CollectorPath = Exclude<EndpointPath, EnvelopePath>;

/** The body as the BFF reads it (defaults applied). */
type BodyInput<P extends EnvelopePath> = Endpoints[P] extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/**
 * What a caller sends to `P`: the body without channel and loginada, which the request layer
 * adds to every call (docs/contract.md §7).
 */
export type EndpointBody<P extends EnvelopePath> = Omit<NonNullable<BodyInput<P>>, keyof BaseBody>;
/** True when `P` may be called without a body. */
export type EndpointBodyOptional<P extends EnvelopePath> = undefined extends BodyInput<P> ? true : false;
/** The envelope's `data` of a successful call to `P`. */
export type EndpointData<P extends EnvelopePath> = Endpoints[P] extends { data: infer D extends z.ZodType } ? z.output<D> : never;
