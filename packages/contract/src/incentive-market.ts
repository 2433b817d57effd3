// Request and response schemas of the /bff/v1/incentive/market/* calls (all POST, spec envelope):
//   partners  body partnersBodySchema → partnersDataSchema   frontline partners and how close each is to Q
//             (view monthly | annual | keyMonthly | keyAnnual; pages trackingpartners*, keycoachingpartners*)
//   members   body membersBodySchema  → membersDataSchema    the whole downline, filtered, sorted, paged (≤ 100)
//             (marketmembertracking and type/marketmembertracking with `year`)
//   copies    body copiesBodySchema   → copiesDataSchema     members who repeated a qualification (trackingcopies)
//   details   body detailsBodySchema  → detailsDataSchema    one member: month volumes, bracket, pin, legs
//             (marketdetails; the member by `ref` or by the queryAda header, both checked against the downline)
// Every call accepts the queryAda header for a member of the caller's downline (staff: anyone); a member
// outside it is refused with code 9900403.
//
// Every ADA in these answers is masked in the BFF (docs/contract.md §5); names are shown as
// the BFF's name policy allows (in full only for the viewer and the viewer's
// frontline, else by maskName), so the `masked…` fields may carry a full name.
// A row links to its market details through `ref`, an opaque reference the BFF
// resolves (and checks against the caller's downline) again; `?queryAda=` works
// as well for an ADA the caller already knows.
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { monthFiguresSchema, monthSchema, monthStateSchema, pySchema } from './months.ts';
import { localTextSchema } from './text.ts';
import { MEMBER_SORTS } from './member-sorts.ts';
/** Opaque reference of a downline member (resolved and access-checked by the BFF). */
const refSchema = z.string().regex(/^m\d{1,9}$/, 'not a member reference');

/** A downline member as the market pages show them: masked, with a reference for details. */
export const marketPersonSchema = z.object({
  ref: z.string(),
  maskedName: localTextSchema,
  maskedAda: z.string(),
  pinCode: z.number().int(),
  joinDate: z.string(),
  /** Levels below the viewer (1 = frontline). */
  level: z.number().int(),
});
export type MarketPerson = z.infer<typeof marketPersonSchema>;

// --- Tracking partners (monthly / annual) and key coaching partners ---------

export const PARTNER_VIEWS = ['monthly', 'annual', 'keyMonthly', 'keyAnnual'] as const;
export type PartnerView = (typeof PARTNER_VIEWS)[number];

export const partnersBodySchema = baseBodySchema.extend({
  view: z.enum(PARTNER_VIEWS).default('monthly'),
  /** A month of the current PY (default: this month, month-to-date). */
  month: monthSchema.optional(),
});
export type PartnersBody = z.input<typeof partnersBodySchema>;

/** One month's Q flag of a member: Q or not, null before it starts, 'noData' before their history. */
export const qFlagSchema = z.union([z.boolean(), z.literal('noData')]).nullable();
export type QFlag = z.infer<typeof qFlagSchema>;

/** A row's month so far, as the partner and the member lists show it. */
const monthQFields = {
  ppv: z.number(),
  gpv: z.number(),
  pgpv: z.number(),
  bracket: z.number().int(),
  isQ: z.boolean(),
  /** Personal-group PV still needed this month to reach the Q threshold (0 when Q). */
  pvToQ: z.number(),
};

export const partnerRowSchema = marketPersonSchema.extend({
  ...monthQFields,
  /** PGPV as a percentage of the Q threshold, capped at 100. */
  progressPct: z.number(),
  /**
   * Q flag per month of the PY (same order as `months`); null for a month not yet started,
   * 'noData' for a month before the partner's history (the first imported month, or joining).
   */
  qByMonth: z.array(qFlagSchema),
  qMonthsPy: z.number().int(),
  /** PGPV of the six months up to the chosen month (oldest first). */
  trend: z.array(z.number()),
  /** Q months still needed for 6 this PY (a qualified leg for Sapphire … Diamond). */
  qMonthsToSix: z.number().int(),
  /** Members in the partner's whole downline. */
  downlineSize: z.number().int(),
  /** Why this partner is worth coaching now (key views). */
  keyReason: z.enum(['nearQ', 'nearSix', 'slipping']).nullable(),
});
export type PartnerRow = z.infer<typeof partnerRowSchema>;

export const partnersDataSchema = z.object({
  view: z.enum(PARTNER_VIEWS),
  py: z.string(),
  month: z.string(),
  /** True when `month` is the open month (figures month-to-date). */
  monthOpen: z.boolean(),
  /** Today's month (the latest that can be chosen). */
  openMonth: z.string(),
  months: z.array(z.string()),
  /** Months of the PY left, including the open month. */
  monthsLeft: z.number().int(),
  qThreshold: z.number(),
  frontlineCount: z.number().int(),
  summary: z.object({
    qThisMonth: z.number().int(),
    nearQ: z.number().int(),
    sixPlus: z.number().int(),
  }),
  rows: z.array(partnerRowSchema),
});
export type PartnersData = z.infer<typeof partnersDataSchema>;

// --- Market member tracking (whole downline, filters, server paging) --------

export { MEMBER_SORT_ORDER, MEMBER_SORTS, type MemberSort, type SortOrder } from './member-sorts.ts';
export const MAX_PAGE_SIZE = 50;
/** Member tracking pages hold up to 100 rows (a desktop table of 50 or 100). */
export const MEMBERS_MAX_PAGE_SIZE = 100;

/**
 * The member list's filters, which narrow the team tree too (incentive-market-tree.ts): the same
 * fields, so a view of the market filtered once reads the same in the list and in the tree.
 */
export const memberFilterFields = {
  levelMin: z.number().int().min(1).max(1000).optional(),
  levelMax: z.number().int().min(1).max(1000).optional(),
  /** Pin codes to include (empty or absent = all). */
  pins: z.array(z.number().int().min(0).max(999)).max(20).optional(),
  bracketMin: z.number().int().min(0).max(21).optional(),
  bracketMax: z.number().int().min(0).max(21).optional(),
  q: z.enum(['all', 'q', 'notQ']).default('all'),
  joinedThisPy: z.boolean().default(false),
  /** The beginning of a name as shown to the viewer, or a whole ADA (8–12 digits, matched exactly). */
  search: z.string().trim().max(40).optional(),
};

export const membersBodySchema = baseBodySchema.extend({
  /** Performance year (type page); default the current one. */
  year: pySchema.optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(MEMBERS_MAX_PAGE_SIZE).default(20),
  sort: z.enum(MEMBER_SORTS).default('pgpv'),
  /** Default: the sort's own order (MEMBER_SORT_ORDER), so "closest to Q" lists the nearest first. */
  order: z.enum(['asc', 'desc']).optional(),
  ...memberFilterFields,
});
export type MembersBody = z.input<typeof membersBodySchema>;

export const memberRowSchema = marketPersonSchema.extend({
  joinedThisPy: z.boolean(),
  ...monthQFields,
  qMonthsPy: z.number().int(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

export const membersDataSchema = z.object({
  py: z.string(),
  /** The month whose volumes are shown: the open month of the current PY, else the PY's last month. */
  month: z.string(),
  monthOpen: z.boolean(),
  /** Performance years that can be chosen (newest first). */
  years: z.array(z.string()),
  qThreshold: z.number(),
  downlineSize: z.number().int(),
  /** Deepest level in the downline (for the level filter). */
  maxLevel: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(memberRowSchema),
});
export type MembersData = z.infer<typeof membersDataSchema>;

// --- Tracking copies: downline members who repeated a qualification ---------

export const copiesBodySchema = baseBodySchema.extend({
  kind: z.enum(['all', 'streak', 'repeatYear']).default('all'),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type CopiesBody = z.input<typeof copiesBodySchema>;

export const copyRowSchema = marketPersonSchema.extend({
  qMonthsPy: z.number().int(),
  qMonthsLastPy: z.number().int(),
  /** Longest run of consecutive Q months over last PY and this PY. */
  longestRun: z.number().int(),
  /** Consecutive Q months ending with the latest month that counts. */
  currentRun: z.number().int(),
  /** Q flag per month of this PY (same order as `months`); null = not started; 'noData' = before the history. */
  qByMonth: z.array(qFlagSchema),
  repeatedYear: z.boolean(),
});
export type CopyRow = z.infer<typeof copyRowSchema>;

export const copiesDataSchema = z.object({
  py: z.string(),
  lastPy: z.string(),
  months: z.array(z.string()),
  total: z.number().int(),
  totals: z.object({ streak: z.number().int(), repeatYear: z.number().int() }),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(copyRowSchema),
});
export type CopiesData = z.infer<typeof copiesDataSchema>;

// --- Market details of one member (queryAda header or ref) ------------------

export const detailsBodySchema = baseBodySchema.extend({
  ref: refSchema.optional(),
});
export type DetailsBody = z.input<typeof detailsBodySchema>;

export const detailsMonthSchema = monthFiguresSchema.extend({ state: monthStateSchema });

export const detailsDataSchema = z.object({
  /** True when the details are the viewer's own. */
  self: z.boolean(),
  member: marketPersonSchema.extend({
    sponsorMaskedName: localTextSchema.nullable(),
    downlineSize: z.number().int(),
    frontlineCount: z.number().int(),
  }),
  py: z.string(),
  month: z.string(),
  qThreshold: z.number(),
  current: z.object({
    /** Group PV so far: what Q is decided by. */
    gpv: z.number(),
    pgpv: z.number(),
    /** 0–100 of the way to Q (100 only once Q). */
    progressPct: z.number(),
    bracket: z.number().int(),
    isQ: z.boolean(),
    pvToQ: z.number(),
    nextBracket: z.number().int().nullable(),
    pvToNextBracket: z.number(),
  }),
  qMonthsPy: z.number().int(),
  months: z.array(detailsMonthSchema),
  legs: z.array(
    marketPersonSchema.extend({
      gpv: z.number(),
      pgpv: z.number(),
      progressPct: z.number(),
      bracket: z.number().int(),
      isQ: z.boolean(),
      qMonthsPy: z.number().int(),
    }),
  ),
});
export type DetailsData = z.infer<typeof detailsDataSchema>;
