// Months, performance years and the month row: one schema each, shared by every call.
import { z } from 'zod';

/** A calendar month, 'YYYY-MM' (the engine's month key, packages/plan/src/calendar.ts). */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM');

/** A performance year, '26/27' (September to August). */
export const pySchema = z.string().regex(/^\d{2}\/\d{2}$/, 'year must be a performance year like 26/27');

/** A calendar year, '2026' (the tax year of the income pages). */
export const calendarYearSchema = z.string().regex(/^\d{4}$/, 'year must be a calendar year like 2026');

/**
 * Where a month stands: closed (final), open (today's month, figures so far), future, or noData: a
 * month before the distributor's history starts (the first imported month, or the join month),
 * of which nothing is known — shown as "no data", never as a closed month with 0 PV.
 */
export const monthStateSchema = z.enum(['closed', 'open', 'future', 'noData']);
export type MonthStateData = z.infer<typeof monthStateSchema>;

/**
 * One distributor's month as the monthly close computes it (the monthly_results row): the
 * shape every month row of an answer starts from. A page's row adds what that page needs —
 * whether the month is closed, its BV, SP or compliance flags, its pin.
 */
export const monthFiguresSchema = z.object({
  month: monthSchema,
  ppv: z.number(),
  gpv: z.number(),
  pgpv: z.number(),
  apv: z.number(),
  bracket: z.number(),
  isQ: z.boolean(),
  qLegs: z.number().int(),
});
export type MonthFigures = z.infer<typeof monthFiguresSchema>;

/**
 * The first month of the distributor's history when a page's months begin before it (null: the
 * history covers them all). The months before it are noData: pages say the history starts there.
 */
export const historyStartSchema = monthSchema.nullable();
