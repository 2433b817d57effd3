// Request and response schemas of the projection and year-on-year calls (achievement and income areas).
//
// POST /bff/v1/achievement/projection  {}         → AchProjectionData   (estimates, labelled so)
// POST /bff/v1/achievement/yearOnYear  { year? }  → AchYearOnYearData   (this PY beside the last)
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { monthSchema, monthStateSchema, pySchema } from './months.ts';
import { localTextSchema } from './text.ts';

/** A projected end of the open month (packages/plan projections.ts monthProjection). */
export const projectedMonthSchema = z.object({
  basis: z.enum(['pace', 'lastYear']),
  factor: z.number(),
  gpv: z.number(),
  bracket: z.number(),
  isQ: z.boolean(),
  promotionFen: z.number().int(),
  pretaxFen: z.number().int(),
  /** The tax withheld and what is paid, fen, and when (YYYY-MM-DD); null in an older answer. */
  taxFen: z.number().int().nullable().default(null),
  netFen: z.number().int().nullable().default(null),
  paidOn: z.string().nullable().default(null),
  /** PV to the next bracket from this group PV (0 at the top); null in an older answer. */
  pvForNextBracket: z.number().int().nullable().default(null),
});
export type ProjectedMonthData = z.infer<typeof projectedMonthSchema>;

/** A month count's end-of-period projection at the closed months' pace (projectCount). */
export const countProjectionSchema = z.object({
  soFar: z.number(),
  closedSoFar: z.number(),
  monthsElapsed: z.number().int(),
  monthsInPeriod: z.number().int(),
  monthsLeft: z.number().int(),
  projected: z.number(),
  /** The period's last month: "by 31 Aug". */
  lastMonth: monthSchema,
});
export type CountProjectionData = z.infer<typeof countProjectionSchema>;

/** A plan criterion's projection: the count plus whether it reaches the requirement, in words. */
export const criterionProjectionSchema = countProjectionSchema.extend({
  required: z.number(),
  reaches: z.boolean(),
  text: localTextSchema,
});
export type CriterionProjectionData = z.infer<typeof criterionProjectionSchema>;

export const achProjectionDataSchema = z.object({
  /** Always true: every figure here is an estimate, never a result of the close. */
  estimate: z.literal(true),
  month: monthSchema,
  py: pySchema,
  daysElapsed: z.number().int(),
  daysInMonth: z.number().int(),
  soFar: z.object({
    ppv: z.number(),
    gpv: z.number(),
    bracket: z.number(),
    promotionFen: z.number().int(),
    /** The statement so far, fen, and PV to the next bracket; null in an older answer. */
    pretaxFen: z.number().int().nullable().default(null),
    taxFen: z.number().int().nullable().default(null),
    netFen: z.number().int().nullable().default(null),
    pvForNextBracket: z.number().int().nullable().default(null),
  }),
  /** Null on the first day of the month (no pace yet). */
  pace: projectedMonthSchema.nullable(),
  lastYearMonth: monthSchema,
  lastYearGpv: z.number().nullable(),
  /** Last year's same month as the end (never below the month so far); null without one. */
  lastYear: projectedMonthSchema.nullable(),
  /** This PY's Q months at the closed months' pace; null before a month of the PY closed. */
  qMonths: countProjectionSchema.nullable(),
});
export type AchProjectionData = z.infer<typeof achProjectionDataSchema>;

export const achYearOnYearBodySchema = baseBodySchema.extend({ year: pySchema.optional() });

/** One distributor's month as the year-on-year view compares it. */
export const yoyMonthSchema = z.object({
  month: monthSchema,
  state: monthStateSchema,
  /** False before the month has a record (not joined yet, or no data). */
  present: z.boolean(),
  ppv: z.number(),
  gpv: z.number(),
  apv: z.number(),
  /** A Q (SP) month, as the achievement months and the plans count it. */
  isQ: z.boolean(),
  /** The month's statement as the income month page shows it; null without a statement. */
  pretaxFen: z.number().int().nullable(),
  netFen: z.number().int().nullable(),
  /** Frontline legs with group PV > 0 in the month. */
  activeLegs: z.number().int(),
  /** Members of the downline who joined in the month. */
  newMembers: z.number().int(),
});
export type YoyMonthData = z.infer<typeof yoyMonthSchema>;

export const yoyTotalsSchema = z.object({
  ppv: z.number(),
  gpv: z.number(),
  qMonths: z.number().int(),
  pretaxFen: z.number().int(),
  netFen: z.number().int(),
  newMembers: z.number().int(),
});
export type YoyTotalsData = z.infer<typeof yoyTotalsSchema>;

export const achYearOnYearDataSchema = z.object({
  py: pySchema,
  prevPy: pySchema,
  /** PYs that can be asked for, newest first. */
  pys: z.array(pySchema),
  /** Today's month: months after it are future, it is "so far". */
  today: monthSchema,
  /** The 12 months, September first: this PY's month beside the same month of the last. */
  rows: z.array(z.object({ thisYear: yoyMonthSchema, lastYear: yoyMonthSchema })),
  /** Sums over this PY's months that count so far (closed and open) and over the same months of the last PY. */
  totals: z.object({ thisYear: yoyTotalsSchema, lastYear: yoyTotalsSchema }),
});
export type AchYearOnYearData = z.infer<typeof achYearOnYearDataSchema>;
