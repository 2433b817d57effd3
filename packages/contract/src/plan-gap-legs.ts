// The legs that could close a plan's FLQ or LDD gap (issue #22), from the plan page's criterion:
//   /bff/v1/incentive/plan/gapLegs  body gapLegsBodySchema → gapLegsDataSchema
// Each row is a frontline member as the market pages show it (the same `ref`, masked name and
// this month's figures), so a leg can be starred or opened from here.
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { planCodeSchema, planRouteSchema } from './incentive.ts';
import { pySchema } from './months.ts';
import { memberGapSchema } from './watchlist.ts';

export const GAP_LEG_KINDS = ['flqMonths', 'lddMarkets'] as const;
/** Rows in one answer: the nearest legs; `total` says how many could. */
export const GAP_LEGS_MAX = 20;

export const gapLegsBodySchema = baseBodySchema
  .extend({
    route: planRouteSchema.optional(),
    code: planCodeSchema.optional(),
    year: pySchema.optional(),
    kind: z.enum(GAP_LEG_KINDS),
  })
  .refine((b) => b.route !== undefined || b.code !== undefined, { message: 'route or code is required' });
export type GapLegsBody = z.input<typeof gapLegsBodySchema>;

/** A leg as the watchlist shows a member (its gap to Q this month), with its Q months in the plan. */
export const gapLegRowSchema = memberGapSchema.extend({
  /** Q months in the plan's period so far, this month included when Q in it. */
  qMonths: z.number().int(),
  /** Q months still needed: FLQ 1 (this month), LDD up to legQMonths. */
  monthsNeeded: z.number().int(),
});
export type GapLegRow = z.infer<typeof gapLegRowSchema>;

export const gapLegsDataSchema = z.object({
  code: z.string(),
  py: z.string(),
  kind: z.enum(GAP_LEG_KINDS),
  /** This month (open: figures so far). */
  month: z.string(),
  periodState: z.enum(['closed', 'open', 'future']),
  qThreshold: z.number(),
  legQMonths: z.number().int(),
  /** Legs already counting: Q this month (FLQ) or at legQMonths Q months (LDD). */
  counting: z.number().int(),
  /** Legs that could add to the criterion (rows holds the nearest GAP_LEGS_MAX). */
  total: z.number().int(),
  rows: z.array(gapLegRowSchema),
});
export type GapLegsData = z.infer<typeof gapLegsDataSchema>;
