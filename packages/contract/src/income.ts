// Request and response schemas of the /bff/v1/income/* calls.
// Money is integer fen; months 'YYYY-MM'; PYs '25/26'; rates in basis points unless named Percent.
// Privacy: responses only ever declare the masked forms of national id and bank card, so the
// response serializer strips anything else even by mistake.
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { calendarYearSchema, monthSchema, pySchema } from './months.ts';
import { localTextSchema } from './text.ts';

/** Body of the one-month calls; month defaults to the latest statement month. */
export const incomeMonthBodySchema = baseBodySchema.extend({ month: monthSchema.optional() });
/** Body of the per-PY calls; year defaults to the current PY. */
export const incomePyBodySchema = baseBodySchema.extend({ year: pySchema.optional() });
/** Body of the annual taxable call; year (calendar) defaults to the current calendar year. */
export const incomeTaxYearBodySchema = baseBodySchema.extend({ year: calendarYearSchema.optional() });
/** Body of the month-range query; both ends must be queryable months. */
export const incomeRangeBodySchema = baseBodySchema.extend({
  from: monthSchema,
  to: monthSchema,
});

export const incomeTotalsSchema = z.object({
  pretaxFen: z.number().int(),
  taxFen: z.number().int(),
  netFen: z.number().int(),
});
export type IncomeTotals = z.infer<typeof incomeTotalsSchema>;

/**
 * A statement's payment date, 'YYYY-MM-DD' (China time): the month after its month, on the day
 * the plan's rule table names (packages/plan/README.md, "payment date"). The calendar-year
 * (tax) views count a statement in this date's year.
 */
export const paidOnSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'payment date must be YYYY-MM-DD');

export const statementRowSchema = incomeTotalsSchema.extend({ month: z.string(), paidOn: paidOnSchema });
export type StatementRow = z.infer<typeof statementRowSchema>;

export const incomeWithholdingSchema = z.object({
  pretaxFen: z.number().int(),
  deductionFen: z.number().int(),
  taxableFen: z.number().int(),
  ratePercent: z.number(),
  quickDeductionFen: z.number().int(),
  taxFen: z.number().int(),
});
export type IncomeWithholding = z.infer<typeof incomeWithholdingSchema>;

/**
 * How a statement item's amount is worked out, so each line can show arithmetic a person can check
 * with a calculator (the statement page, the commission detail and the statement PDF show the same):
 * - product: amountFen = baseBvFen × rateBp, to the fen.
 * - differential: the promotion fee, the group BV at the own bracket less each leg's own bracket;
 *   not base × rate: its lines (the promotion page) each multiply out.
 * - leadership: amountFen = leadership.inFen + ownFen − upFen.
 * - share: amountFen = share.fundFen × units ÷ totalUnits.
 * - unmet: the item has a rate but nothing is paid: its condition is not met this month (or there
 *   was nothing to pay on); base and rate as they stand, the note says why.
 * - stated: as entered or stored (adjustments, claw-backs), not base × rate.
 */
export const itemDerivationSchema = z.object({
  kind: z.enum(['product', 'differential', 'leadership', 'share', 'unmet', 'stated']),
  /**
   * base × rate, to the fen, is the figure the kind starts from: the amount (product), what the
   * legs passed up (leadership: inFen), the fund (share: fundFen). False for the other kinds.
   */
  baseTimesRate: z.boolean(),
});
export type ItemDerivation = z.infer<typeof itemDerivationSchema>;

export const statementItemSchema = z.object({
  code: z.string(),
  subCode: z.string().nullable(),
  name: localTextSchema,
  /** The base volume the rate applies to (BV, fen). */
  baseBvFen: z.number().int(),
  rateBp: z.number().int(),
  amountFen: z.number().int(),
  note: localTextSchema.nullable(),
  /** Per-leg lines (promotion fee only). */
  legCount: z.number().int(),
  /**
   * Leadership only: what the 21 % legs passed up (inFen), the own group's share (ownFen) and what
   * went up to the sponsor (upFen); amountFen = inFen + ownFen − upFen. Null for other items.
   */
  leadership: z.object({ inFen: z.number().int(), ownFen: z.number().int(), upFen: z.number().int() }).nullable(),
  /**
   * Annual bonuses only: the fund (base × rate), this ABO's units and every qualifier's;
   * amountFen = fundFen × units ÷ totalUnits, to the fen. Null for other items.
   */
  share: z.object({ fundFen: z.number().int(), units: z.number().int(), totalUnits: z.number().int() }).nullable(),
  /** How amountFen is worked out; null in an answer from before the BFF said so (show no product then). */
  derivation: itemDerivationSchema.nullable().default(null),
});
export type StatementItemView = z.infer<typeof statementItemSchema>;

export const incomeMonthVolumeSchema = z.object({
  ppv: z.number(),
  /** Group PV: the bracket is on it. */
  gpv: z.number(),
  pgpv: z.number(),
  bracketPercent: z.number(),
  qLegs: z.number().int(),
});

/** One month's statement: items (each with base and rate), pre-tax, tax, net. */
export const statementDataSchema = incomeTotalsSchema.extend({
  /** null when there is no statement at all (empty state). */
  month: z.string().nullable(),
  py: z.string(),
  /** Queryable months, newest first (the month picker). */
  months: z.array(z.string()),
  /** When this statement is paid; null without a statement. */
  paidOn: paidOnSchema.nullable(),
  volume: incomeMonthVolumeSchema.nullable(),
  items: z.array(statementItemSchema),
  withholding: incomeWithholdingSchema,
});
export type StatementData = z.infer<typeof statementDataSchema>;

export const statementListDataSchema = z.object({
  py: z.string(),
  /** PYs that have statements, newest first, always including the current PY. */
  pys: z.array(z.string()),
  latestMonth: z.string().nullable(),
  rows: z.array(statementRowSchema),
  totals: incomeTotalsSchema,
});
export type StatementListData = z.infer<typeof statementListDataSchema>;

export const incomeRangeDataSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(statementRowSchema),
  totals: incomeTotalsSchema,
});
export type IncomeRangeData = z.infer<typeof incomeRangeDataSchema>;

export const promotionLineSchema = z.object({
  /** null for the own-PV line. */
  legAdaMasked: z.string().nullable(),
  legName: localTextSchema.nullable(),
  pv: z.number(),
  bvFen: z.number().int(),
  legPercent: z.number(),
  isQ: z.boolean(),
  differentialPercent: z.number(),
  amountFen: z.number().int(),
});
export type PromotionLine = z.infer<typeof promotionLineSchema>;

export const promotionDataSchema = z.object({
  month: z.string().nullable(),
  months: z.array(z.string()),
  ownPercent: z.number(),
  gpv: z.number(),
  pgpv: z.number(),
  baseBvFen: z.number().int(),
  amountFen: z.number().int(),
  lines: z.array(promotionLineSchema),
});
export type PromotionData = z.infer<typeof promotionDataSchema>;

export const pretaxDataSchema = incomeTotalsSchema.extend({
  month: z.string().nullable(),
  months: z.array(z.string()),
  /** When the net was paid to the card; null without a statement. */
  paidOn: paidOnSchema.nullable(),
  withholding: incomeWithholdingSchema,
  payeeName: z.string(),
  /** Masked per docs/contract.md §5, grouped by 4: '622* **** *45'. The full number never leaves the BFF. */
  bankCardMasked: z.string(),
  bankName: z.string(),
  nationalIdMasked: z.string(),
});
export type PretaxData = z.infer<typeof pretaxDataSchema>;

export const incomeAnnualMonthSchema = incomeTotalsSchema.extend({
  month: z.string(),
  hasStatement: z.boolean(),
  /** The statement's payment date; null for a month without a statement. */
  paidOn: paidOnSchema.nullable(),
  /** A month before the distributor's history starts: no figures at all, not a month paid nothing. */
  noData: z.boolean().optional(),
});
export type IncomeAnnualMonth = z.infer<typeof incomeAnnualMonthSchema>;

export const annualIncomeDataSchema = z.object({
  py: z.string(),
  pys: z.array(z.string()),
  months: z.array(incomeAnnualMonthSchema),
  totals: incomeTotalsSchema,
});
export type AnnualIncomeData = z.infer<typeof annualIncomeDataSchema>;

/**
 * A calendar (tax) year of service fees, by payment date: the statements paid in the year (a
 * December statement, paid in January, is the next year's income) and its annual tax.
 */
export const annualTaxableDataSchema = z.object({
  year: z.string(),
  /** Calendar years in which statements were paid, plus the current one, newest first. */
  years: z.array(z.string()),
  /** The 12 payment months of the year: what was paid (gross) and withheld in each. */
  months: z.array(z.object({ month: z.string(), grossFen: z.number().int(), withheldFen: z.number().int(), hasStatement: z.boolean() })),
  /** The statements paid in the year, by payment date: gross = Σ pretaxFen, withheld = Σ taxFen. */
  statements: z.array(statementRowSchema),
  /** Months of the year that are still to come or not yet closed. */
  complete: z.boolean(),
  grossFen: z.number().int(),
  /** Remuneration for services enters comprehensive income at this share. */
  incomeRatioPercent: z.number(),
  incomeFen: z.number().int(),
  basicDeductionFen: z.number().int(),
  taxableFen: z.number().int(),
  ratePercent: z.number(),
  quickDeductionFen: z.number().int(),
  annualTaxFen: z.number().int(),
  withheldFen: z.number().int(),
  /** annual tax − withheld: > 0 to pay at settlement, < 0 refundable. */
  balanceFen: z.number().int(),
});
export type AnnualTaxableData = z.infer<typeof annualTaxableDataSchema>;

const namedSchema = z.object({ code: z.string(), name: localTextSchema });

export const annualReviewDataSchema = incomeTotalsSchema.extend({
  py: z.string(),
  pys: z.array(z.string()),
  displayName: z.string(),
  monthsPaid: z.number().int(),
  months: z.array(incomeAnnualMonthSchema),
  bestMonth: statementRowSchema.nullable(),
  previous: incomeTotalsSchema.extend({ py: z.string() }).nullable(),
  /** The previous PY's same months (its first `comparedMonths` months) — like for like while a PY is open. */
  previousSamePeriod: incomeTotalsSchema.nullable(),
  comparedMonths: z.number().int(),
  /** Net growth vs the previous PY's same months, percent with one decimal; null without income then. */
  growthPercent: z.number().nullable(),
  pin: namedSchema,
  pinsReached: z.array(namedSchema.extend({ month: z.string() })),
  plansMet: z.array(namedSchema),
  plansEvaluated: z.number().int(),
});
export type AnnualReviewData = z.infer<typeof annualReviewDataSchema>;

export const incomeTypeSchema = z.object({
  code: z.string(),
  name: localTextSchema,
  /** This PY's total of the item. */
  pyAmountFen: z.number().int(),
  latestAmountFen: z.number().int(),
});

export const incomeTypesDataSchema = z.object({
  py: z.string(),
  latestMonth: z.string().nullable(),
  latest: incomeTotalsSchema.nullable(),
  pyTotals: incomeTotalsSchema,
  types: z.array(incomeTypeSchema),
});
export type IncomeTypesData = z.infer<typeof incomeTypesDataSchema>;
