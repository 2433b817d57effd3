// Request and response schemas of the /bff/v1/achievement/* calls.
//
// POST /bff/v1/achievement/overview            {}                         → AchOverviewData
// POST /bff/v1/achievement/rank                {}                         → AchRankData
// POST /bff/v1/achievement/settarget           { pinCode }                → AchTargetData
// POST /bff/v1/achievement/adjusttarget        { pinCode }                → AchTargetData
// POST /bff/v1/achievement/topup               {}                         → AchTopupData
// POST /bff/v1/achievement/shop                {}                         → AchShopData
// POST /bff/v1/achievement/setshop             { shopCode }               → AchShopData
// POST /bff/v1/achievement/months              { count? }                 → AchMonthsData
// POST /bff/v1/achievement/composition         { month? }                 → AchCompositionData
// POST /bff/v1/achievement/overallmarket       {}                         → AchOverallMarketData
// POST /bff/v1/achievement/oversea             {}                         → AchOverseaData
// POST /bff/v1/achievement/outstanding         { month?, by }             → AchOutstandingData
// POST /bff/v1/achievement/marketingstars      { month? }                 → AchGloryData
// POST /bff/v1/achievement/marketingstardetail {}                         → AchStarDetailData
// POST /bff/v1/achievement/invitations         {}                         → AchInvitationsData
// POST /bff/v1/achievement/invitations/create  { inviteeName, note? }     → AchInvitationData
// POST /bff/v1/achievement/invitations/revoke  { id }                     → AchInvitationData
// POST /bff/v1/achievement/estimate            { extraPpv?, extraLegPv? } → AchEstimateData
//
// The saved shop lives in user_settings.shop_code (the one source of truth for the chosen
// service shop); the target pin in user_settings.target_pin. Downline members appear only
// with a masked ADA and a masked name.
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { monthFiguresSchema, monthSchema, monthStateSchema } from './months.ts';
import { localTextSchema } from './text.ts';

/** One month of one distributor (month-to-date when closed is false). */
export const achMonthSchema = monthFiguresSchema.extend({
  state: monthStateSchema,
  bvFen: z.number().int(),
  isSp: z.boolean(),
  newCustomers: z.number().int(),
  compliant: z.boolean(),
  /** Global Award qualification credits, on the month a PY closed with some. */
  qualificationCredits: z.number().optional(),
});
export type AchMonth = z.infer<typeof achMonthSchema>;

export const achConditionSchema = z.object({
  key: z.string(),
  label: localTextSchema,
  required: z.number(),
  achieved: z.number(),
  met: z.boolean(),
  /** This PY's outlook, judged by the engine (the plans' pin criteria use the same judge). */
  status: z.enum(['met', 'onTrack', 'atRisk', 'outOfReach']),
  /** Why it cannot be met this PY, when out of reach; "met so far" when only this month so far reaches it. */
  reason: localTextSchema.nullable(),
});
export type AchCondition = z.infer<typeof achConditionSchema>;

export const achPinRequirementSchema = z.object({
  pinCode: z.number().int(),
  name: localTextSchema,
  rule: localTextSchema,
  /** Above the current pin (a valid target). */
  above: z.boolean(),
  conditions: z.array(achConditionSchema),
  /** Every condition is met on this PY's closed months. */
  met: z.boolean(),
});
export type AchPinRequirement = z.infer<typeof achPinRequirementSchema>;

// ---------------------------------------------------------------------------------------
// Overview (the /achievement list)

/** The pin held and the month it is shown for: the head of the overview and of rank tracking. */
const pinShownFields = {
  pinCode: z.number().int(),
  pinName: localTextSchema,
  pinMonth: z.string().nullable(),
  /**
   * The pin shown was held before the imported history (distributors.csv pin_held) and not reached
   * inside it: the history's first month ("held since before …"); null (or absent) otherwise.
   */
  pinHeldBefore: z.string().nullable().optional(),
  py: z.string(),
  month: z.string(),
};

export const achOverviewDataSchema = z.object({
  maskedAda: z.string(),
  fullName: z.string(),
  ...pinShownFields,
  current: achMonthSchema.nullable(),
  nextPin: achPinRequirementSchema.nullable(),
  targetPin: z.number().int().nullable(),
  /** Months left in this PY, including the current one. */
  remainingMonths: z.number().int(),
  /** The last 12 months, oldest first, ending with this month (month-to-date). */
  months: z.array(achMonthSchema),
});
export type AchOverviewData = z.infer<typeof achOverviewDataSchema>;

// ---------------------------------------------------------------------------------------
// Rank tracking

export const achPinRiseSchema = z.object({
  pinCode: z.number().int(),
  name: localTextSchema,
  month: z.string(),
  py: z.string(),
  rule: localTextSchema,
  spMonths: z.array(z.string()),
  qualifiedLegs: z.number().int(),
});

/** The pin this PY qualifies for, beside the pin held (plans and annual bonuses ask for this one). */
export const achQualificationSchema = z.object({
  py: z.string(),
  /** Highest pin the PY's closed months qualify for (230: none yet). */
  pinCode: z.number().int(),
  name: localTextSchema,
  /** The month they first did; null while none. */
  month: z.string().nullable(),
  /** Counting this month so far too (provisional until it closes). */
  soFarPinCode: z.number().int(),
  /** Q (SP) months of the PY's closed months; Q12 is a Q month in all 12. */
  qMonths: z.number().int(),
  q12: z.boolean(),
});
export type AchQualification = z.infer<typeof achQualificationSchema>;

export const achRankDataSchema = z.object({
  ...pinShownFields,
  closedMonths: z.number().int(),
  remainingMonths: z.number().int(),
  counters: z.object({
    spMonths: z.number().int(),
    maxSpRun: z.number().int(),
    sideVolumeMonths: z.number().int(),
    qualifiedLegs: z.number().int(),
    foundersLegs: z.number().int(),
    bestPgpv: z.number().int(),
    qualificationCredits: z.number(),
  }),
  qualified: achQualificationSchema,
  /** This PY's months so far (closed ones count toward the pin rules). */
  pyMonths: z.array(achMonthSchema),
  history: z.array(achPinRiseSchema),
  pins: z.array(achPinRequirementSchema),
  targetPin: z.number().int().nullable(),
  targetUpdatedAt: z.string().nullable(),
});
export type AchRankData = z.infer<typeof achRankDataSchema>;

export const achTargetBodySchema = baseBodySchema.extend({
  pinCode: z.coerce.number().int('pinCode must be a whole number'),
});
export const achTargetDataSchema = z.object({
  targetPin: z.number().int(),
  name: localTextSchema,
  updatedAt: z.string(),
  changed: z.boolean(),
});
export type AchTargetData = z.infer<typeof achTargetDataSchema>;

// ---------------------------------------------------------------------------------------
// Top-up

export const achBracketStepSchema = z.object({ minPv: z.number().int(), percent: z.number() });

export const achTopupDataSchema = z.object({
  month: z.string(),
  ppv: z.number().int(),
  /** Group PV: the bracket is on it. */
  gpv: z.number().int(),
  pgpv: z.number().int(),
  apv: z.number().int(),
  qLegs: z.number().int(),
  bracket: z.number(),
  isSp: z.boolean(),
  nextPercent: z.number().nullable(),
  nextMinPv: z.number().int().nullable(),
  pvForNextBracket: z.number().int(),
  pvForSp: z.number().int(),
  daysLeft: z.number().int(),
  brackets: z.array(achBracketStepSchema),
  sp: z.object({ apvAlone: z.number().int(), apvWithOneQLeg: z.number().int(), qLegsAlone: z.number().int() }),
});
export type AchTopupData = z.infer<typeof achTopupDataSchema>;

// ---------------------------------------------------------------------------------------
// Shop

export const achShopBodySchema = baseBodySchema.extend({
  shopCode: z
    .string()
    .trim()
    .min(1, 'shopCode is required')
    .max(20)
    .regex(/^[A-Za-z0-9_-]+$/, 'shopCode is not a valid shop code'),
});
export const achShopDataSchema = z.object({
  shop: z
    .object({
      code: z.string(),
      name: localTextSchema,
      city: localTextSchema,
      address: z.string(),
      phone: z.string(),
    })
    .nullable(),
  updatedAt: z.string().nullable(),
});
export type AchShopData = z.infer<typeof achShopDataSchema>;

// ---------------------------------------------------------------------------------------
// Months (self, APV, chart)

export const achMonthsBodySchema = baseBodySchema.extend({
  count: z.coerce.number().int().min(1).max(36).default(12),
});
export const achMonthsDataSchema = z.object({
  month: z.string(),
  py: z.string(),
  months: z.array(achMonthSchema),
  sp: z.object({ apvAlone: z.number().int(), apvWithOneQLeg: z.number().int(), qLegsAlone: z.number().int() }),
});
export type AchMonthsData = z.infer<typeof achMonthsDataSchema>;

// ---------------------------------------------------------------------------------------
// Composition of APV

export const achMonthBodySchema = baseBodySchema.extend({ month: monthSchema.optional() });

export const achLegSchema = z.object({
  maskedAda: z.string(),
  maskedName: localTextSchema,
  pgpv: z.number().int(),
  gpv: z.number().int(),
  bracket: z.number(),
  isQ: z.boolean(),
  /** Counted in the ABO's APV (not Q). */
  counted: z.boolean(),
});
export const achCompositionDataSchema = z.object({
  month: z.string(),
  state: monthStateSchema,
  availableMonths: z.array(z.string()),
  ppv: z.number().int(),
  apv: z.number().int(),
  gpv: z.number().int(),
  legsCounted: z.number().int(),
  qLegsPv: z.number().int(),
  legs: z.array(achLegSchema),
  /** Legs beyond the listed ones, summed. */
  otherLegs: z.object({ count: z.number().int(), pgpv: z.number().int() }),
});
export type AchCompositionData = z.infer<typeof achCompositionDataSchema>;

// ---------------------------------------------------------------------------------------
// Overall market / oversea

/** The whole market's month: the distributor's figures without the group ones, plus the Q legs' PV. */
export const achMarketMonthSchema = monthFiguresSchema.pick({ month: true, ppv: true, gpv: true, apv: true, qLegs: true }).extend({
  state: monthStateSchema,
  qLegsPv: z.number().int(),
});
export const achOverallMarketDataSchema = z.object({
  month: z.string(),
  downlineCount: z.number().int(),
  frontlineCount: z.number().int(),
  months: z.array(achMarketMonthSchema),
});
export type AchOverallMarketData = z.infer<typeof achOverallMarketDataSchema>;

export const achOverseaDataSchema = z.object({
  month: z.string(),
  markets: z.array(z.object({ market: z.string(), distributors: z.number().int(), pv: z.number().int() })),
  months: z.array(z.object({ month: z.string(), state: monthStateSchema, pv: z.number().int(), active: z.number().int() })),
  totalPv: z.number().int(),
  downlineCount: z.number().int(),
  overseaCount: z.number().int(),
});
export type AchOverseaData = z.infer<typeof achOverseaDataSchema>;

// ---------------------------------------------------------------------------------------
// Outstanding personnel

export const achOutstandingBodySchema = achMonthBodySchema.extend({
  by: z.enum(['ppv', 'apv']).default('ppv'),
});
export const achPerformerSchema = z.object({
  rank: z.number().int(),
  maskedAda: z.string(),
  maskedName: localTextSchema,
  depth: z.number().int(),
  pinCode: z.number().int(),
  pinName: localTextSchema,
  ppv: z.number().int(),
  apv: z.number().int(),
  bracket: z.number(),
  isQ: z.boolean(),
  newCustomers: z.number().int(),
});
export const achOutstandingDataSchema = z.object({
  month: z.string(),
  state: monthStateSchema,
  by: z.enum(['ppv', 'apv']),
  availableMonths: z.array(z.string()),
  downlineCount: z.number().int(),
  performers: z.array(achPerformerSchema),
});
export type AchOutstandingData = z.infer<typeof achOutstandingDataSchema>;

// ---------------------------------------------------------------------------------------
// Marketing stars

export const achGloryDataSchema = z.object({
  month: z.string(),
  availableMonths: z.array(z.string()),
  condition: z.object({ ppv: z.number().int(), newCustomers: z.number().int() }),
  total: z.number().int(),
  stars: z.array(
    z.object({
      rank: z.number().int(),
      maskedAda: z.string(),
      maskedName: localTextSchema,
      ppv: z.number().int(),
      newCustomers: z.number().int(),
      isMe: z.boolean(),
    }),
  ),
  me: z.object({ qualified: z.boolean(), rank: z.number().int().nullable() }),
});
export type AchGloryData = z.infer<typeof achGloryDataSchema>;

export const achStarDetailDataSchema = z.object({
  py: z.string(),
  condition: z.object({ ppv: z.number().int(), newCustomers: z.number().int() }),
  annual: z.object({
    code: z.string(),
    name: localTextSchema,
    starMonthsRequired: z.number().int(),
    customersRequired: z.number().int(),
  }),
  starMonths: z.number().int(),
  customers: z.number().int(),
  remainingMonths: z.number().int(),
  months: z.array(
    z.object({
      month: z.string(),
      state: monthStateSchema,
      ppv: z.number().int(),
      newCustomers: z.number().int(),
      star: z.boolean(),
    }),
  ),
});
export type AchStarDetailData = z.infer<typeof achStarDetailDataSchema>;

// ---------------------------------------------------------------------------------------
// Dealer invitations

export const achInvitationSchema = z.object({
  id: z.string(),
  inviteeName: z.string(),
  note: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Path of the invitation link on this site (the IdP sign-in page with the invitation). */
  path: z.string(),
});
export type AchInvitation = z.infer<typeof achInvitationSchema>;
export const achInvitationsDataSchema = z.object({ invitations: z.array(achInvitationSchema) });
export type AchInvitationsData = z.infer<typeof achInvitationsDataSchema>;
export const achInvitationDataSchema = z.object({ invitation: achInvitationSchema });
export type AchInvitationData = z.infer<typeof achInvitationDataSchema>;
export const achInvitationCreateBodySchema = baseBodySchema.extend({
  inviteeName: z.string().trim().min(1, 'inviteeName is required').max(40, 'inviteeName is at most 40 characters'),
  note: z.string().trim().max(200, 'note is at most 200 characters').default(''),
});
export const achInvitationRevokeBodySchema = baseBodySchema.extend({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/, 'id is not an invitation id'),
});

// ---------------------------------------------------------------------------------------
// Estimate

export const achEstimateBodySchema = baseBodySchema.extend({
  extraPpv: z.coerce.number().int().min(0).max(1_000_000).default(0),
  extraLegPv: z.record(z.string().max(20), z.number().int().min(0).max(1_000_000)).default({}),
});
export const achEstimateSideSchema = z.object({
  ppv: z.number().int(),
  gpv: z.number().int(),
  pgpv: z.number().int(),
  bracketPercent: z.number(),
  isQ: z.boolean(),
  qLegs: z.number().int(),
  apv: z.number().int(),
  isSpMonth: z.boolean(),
  promotionFen: z.number().int(),
  pretaxFen: z.number().int(),
  taxFen: z.number().int(),
  netFen: z.number().int(),
  pvForNextBracket: z.number().int(),
});
export type AchEstimateSide = z.infer<typeof achEstimateSideSchema>;
export const achEstimateDataSchema = z.object({
  month: z.string(),
  ppv: z.number().int(),
  /** Frontline legs (id is an opaque per-response key, ordered by volume). */
  legs: z.array(
    z.object({
      id: z.string(),
      maskedAda: z.string(),
      maskedName: localTextSchema,
      /** The leg's group PV: its bracket and whether it is a 21 % leg. */
      gpv: z.number().int(),
      pgpv: z.number().int(),
      /** PGPV of the 21 % groups under this leg a Pearl above it is paid on (its whole downline, as the close counts it). */
      pearlPassPv: z.number().int(),
      /** Leadership the leg passes up this month so far, fen (its whole downline, as the close counts it). */
      leadershipUpFen: z.number().int(),
      /** The leg's group and personal-group BV and pearlPassPv's BV, fen (the orders' own; absent: PV × the PY's ratio). */
      gbvFen: z.number().int().optional(),
      pgbvFen: z.number().int().optional(),
      pearlPassBvFen: z.number().int().optional(),
      /** Below 21 % with returns: the 21 % groups it passes to the first 21 % upline, and their positive PGBV, fen. */
      leadershipLegs: z.number().int().optional(),
      leadershipBaseBvFen: z.number().int().optional(),
      /**
       * The leg's own node (its own orders and its frontline's sums, the engine's LegHead): with it
       * the what-if recomputes a leg given extra PV as the close would (packages/plan estimate.ts).
       */
      head: z
        .object({
          ppv: z.number().int(),
          ppvBvFen: z.number().int(),
          gpv: z.number().int(),
          pgpv: z.number().int(),
          gbvFen: z.number().int(),
          pgbvFen: z.number().int(),
          qLegs: z.number().int(),
          leadershipLegs: z.number().int(),
          qLegsPgbvFen: z.number().int(),
          depthPgbvFen: z.number().int(),
          leadershipInFen: z.number().int(),
        })
        .optional(),
    }),
  ),
  /** BV of the own orders so far, fen (absent: PV × the PY's ratio). */
  ppvBvFen: z.number().int().optional(),
  before: achEstimateSideSchema,
  after: achEstimateSideSchema,
  legsBecomingQ: z.array(z.string()),
  ppvNeededForSp: z.number().int(),
  /**
   * The month at its pace (packages/plan projections.ts): the extra PV per leg and own that take
   * the month so far there. The what-if starts from it; extra PV adds on top. Null on the first
   * day of the month (no pace yet) and in an answer from before it was sent.
   */
  pace: z
    .object({
      daysElapsed: z.number().int(),
      daysInMonth: z.number().int(),
      factor: z.number(),
      extraPpv: z.number().int(),
      extraLegPv: z.record(z.string(), z.number().int()),
    })
    .nullable()
    .default(null),
  /** When the month's statement is paid, YYYY-MM-DD; null in an answer from before it was sent. */
  paidOn: z.string().nullable().default(null),
});
export type AchEstimateData = z.infer<typeof achEstimateDataSchema>;
