// The answer of POST /bff/v1/home/summary: the home page's headline figures (docs/product.md, Pages) and the
// answers a distributor opens the app for (docs/product.md, Who uses it: did last month count, what does the seminar
// still need), each with what its "why" link opens.
import { z } from 'zod';
import { planStatusSchema } from './incentive.ts';
import { monthSchema } from './months.ts';
import { localTextSchema } from './text.ts';

/**
 * The criterion that decides a plan's status (the worst status; among those, the furthest from its
 * target): where it stands and, while it is not met, what it still needs, both in words.
 */
export const bindingGapSchema = z.object({
  kind: z.string(),
  status: planStatusSchema,
  /** "FLQ months 1 of 8" (a pin criterion: its label). */
  progress: localTextSchema,
  /** The engine's gap sentence ("7 more FLQ months: …"), or its reason when out of reach. */
  gap: localTextSchema.nullable(),
});
export type BindingGap = z.infer<typeof bindingGapSchema>;

/** The frontline leg nearest to Q in the open month (not Q yet), by its group PV so far. */
export const closestLegSchema = z.object({
  /** Row reference for the market details page (`?ref=`). */
  ref: z.string(),
  /** As the viewer may see it (a personally sponsored leg: in full). */
  name: localTextSchema,
  maskedAda: z.string(),
  gpv: z.number(),
  pvToQ: z.number(),
  progressPct: z.number(),
});
export type ClosestLeg = z.infer<typeof closestLegSchema>;

/**
 * The first goal of the open month in the bracket table's terms (the plan engine's firstGoal):
 * the next bracket above the month's group PV so far. Null once the month is at the top bracket.
 */
export const firstGoalSchema = z.object({
  month: monthSchema,
  groupPv: z.number(),
  currentPercent: z.number(),
  targetPercent: z.number(),
  targetMinPv: z.number(),
  pvNeeded: z.number(),
  progressPct: z.number(),
  /** Days left in the month, today included. */
  daysLeft: z.number().int(),
});
export type HomeFirstGoal = z.infer<typeof firstGoalSchema>;

export const homeSummaryDataSchema = z.object({
  ada: z.string(),
  maskedAda: z.string(),
  fullName: z.string(),
  pinCode: z.number(),
  pinName: localTextSchema,
  py: z.string(),
  month: z.string(),
  /** Month-to-date personal PV and personal-group PV, and the bracket they reach. */
  monthPpv: z.number(),
  monthPgpv: z.number(),
  monthBracket: z.number(),
  /** PQ months in this PY so far (closed months). */
  pqMonths: z.number(),
  /** FLQ months in this PY so far (closed months). */
  flqMonths: z.number(),
  lastStatementMonth: z.string().nullable(),
  lastNetFen: z.number().nullable(),
  lastPretaxFen: z.number().nullable(),
  /** The last closed month and whether it was a Q (PQ) month. */
  lastMonth: z.string().nullable(),
  lastMonthQ: z.boolean().nullable(),
  /**
   * What the Q-month (SP-month) test that decides lastMonthQ reads: the month's APV and its 21 %
   * (Q) frontline legs, as the close stored them. Home's "why" opens that test worked out for the
   * month (the web's 'sp' figure trace, the rule from the plan engine). Null without lastMonth,
   * and in an answer from before it was sent.
   */
  lastMonthTest: z.object({ apv: z.number(), qLegs: z.number().int() }).nullable().default(null),
  /**
   * The seminar plan of last month's PY (its qualification query shows what that month did for
   * each criterion). Web builds before lastMonthTest linked "why" to it; the why is now the test.
   */
  lastMonthPlan: z.string().nullable(),
  /** This PY's seminar plan at a glance (the question a distributor opens the app with). */
  seminar: z
    .object({
      code: z.string(),
      name: localTextSchema,
      /** The plan's PY: the seminar link opens this edition. */
      py: z.string(),
      route: z.string(),
      status: planStatusSchema,
      reason: localTextSchema.optional(),
      /** Null once every criterion is met. */
      binding: bindingGapSchema.nullable(),
    })
    .nullable(),
  /** The frontline in the open month: legs, Q so far, and the one closest to Q. */
  legs: z.object({
    month: monthSchema,
    total: z.number().int(),
    qSoFar: z.number().int(),
    qThreshold: z.number(),
    closest: closestLegSchema.nullable(),
  }),
  firstGoal: firstGoalSchema.nullable(),
  /**
   * The open month's projected pay, an estimate (packages/plan projections.ts, the estimate page's
   * "at this pace"): before and after tax, and when the month's statement is paid. `pace` is null
   * on the first day of the month (no pace yet). Null in an answer from before it was sent.
   */
  projectedPay: z
    .object({
      estimate: z.literal(true),
      month: monthSchema,
      daysElapsed: z.number().int(),
      daysInMonth: z.number().int(),
      paidOn: z.string(),
      pace: z.object({ gpv: z.number(), pretaxFen: z.number().int(), taxFen: z.number().int(), netFen: z.number().int() }).nullable(),
    })
    .nullable()
    .default(null),
});
export type HomeSummary = z.infer<typeof homeSummaryDataSchema>;
