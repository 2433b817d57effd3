// How fresh the month figures are (/bff/v1/common/freshness): what the last month close
// recorded (apps/bff/src/close/state.ts), for the pages' "updated HH:MM" on the open month and
// "closed on …" on a closed one (docs/data-import.md, the month close).
import { z } from 'zod';
import { monthSchema } from './months.ts';

/** A day, 'YYYY-MM-DD' (China time). */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD');

export const freshnessDataSchema = z.object({
  /** The month whose figures are provisional (computed from the orders so far). */
  openMonth: monthSchema,
  /** When the open month's figures were computed, ISO instant; null before any close or seed recorded it. */
  openComputedAt: z.string().nullable(),
  /** The months up to this one are closed (null: none yet). */
  closedThrough: monthSchema.nullable(),
  /** Month → when it was closed, ISO instant: the last 24 closed months (those the pages show). */
  closedAt: z.record(monthSchema, z.string()),
  /** The first day after the open month ends: the earliest day its close can run. */
  nextCloseAfter: daySchema,
});
export type FreshnessData = z.infer<typeof freshnessDataSchema>;
