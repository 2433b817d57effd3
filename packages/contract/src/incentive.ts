// Request and response schemas of the /bff/v1/incentive/* calls (plan list, one plan with the
// detail every plan subpage needs, the month records behind them, and the biennial track choice).
//
// POST /bff/v1/incentive/plans          { scope? }                            → PlansData
// POST /bff/v1/incentive/plan           { route? | code?, year?, track? } → PlanData
// POST /bff/v1/incentive/months         { year? }                       → MonthsData
// POST /bff/v1/incentive/biennial/settag { track }                      → BiennialTagData
//
// Downline legs appear only masked (docs/contract.md §5): masked ADA and masked name, never the full values.
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { historyStartSchema, monthFiguresSchema, monthSchema, monthStateSchema, pySchema } from './months.ts';
import { localTextSchema } from './text.ts';
import { criterionProjectionSchema } from './projections.ts';

/** The statuses of packages/plan/README.md: outOfReach = cannot be met in the remaining months (sent with a reason). */
export const planStatusSchema = z.enum(['met', 'onTrack', 'atRisk', 'outOfReach', 'missed']);
export type PlanStatus = z.infer<typeof planStatusSchema>;

/** Why a target is out of reach: a machine code and the sentence to show. */
export const statusReasonSchema = z.object({
  code: z.enum(['monthsLeft', 'legs', 'eventPassed', 'pinNotReachable', 'maxPoints']),
  text: localTextSchema,
});
export type StatusReasonData = z.infer<typeof statusReasonSchema>;

export const planTypeSchema = z.enum(['seminar', 'travel', 'award', 'tracking', 'training', 'funding', 'rank']);
export type PlanTypeName = z.infer<typeof planTypeSchema>;

/** A plan page route, e.g. /incentiveplan/seminars. */
export const planRouteSchema = z
  .string()
  .max(80)
  .regex(/^\/incentiveplan(\/[a-z0-9]+){1,2}$/, 'route must be an /incentiveplan page path');

export const planCodeSchema = z
  .string()
  .max(40)
  .regex(/^[A-Z0-9_]{2,40}$/, 'code must be a plan code like SEMINAR_2627');

// ---------------------------------------------------------------------------------------
// Plan list

export const headlineSchema = z.object({
  label: localTextSchema,
  unit: localTextSchema,
  kind: z.string(),
  achieved: z.number(),
  required: z.number(),
  met: z.boolean(),
});

export const planSummarySchema = z.object({
  code: z.string(),
  py: z.string(),
  type: planTypeSchema,
  name: localTextSchema,
  route: z.string(),
  status: planStatusSchema,
  /** Why the plan is out of reach (status outOfReach, when known). */
  reason: localTextSchema.optional(),
  met: z.boolean(),
  periodState: z.enum(['closed', 'open', 'future']),
  remainingMonths: z.number().int(),
  criteriaMet: z.number().int(),
  criteriaTotal: z.number().int(),
  achievedLevel: z.string().nullable(),
  /** The criterion furthest from being met (or the first one when all are met). */
  headline: headlineSchema.nullable(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const plansBodySchema = baseBodySchema.extend({
  /** recent: this and last PY (default); all: every edition in the catalogue (type index pages). */
  scope: z.enum(['recent', 'all']).default('recent'),
});
/**
 * This PY's plan nearest to being met among those still in reach (on track or at risk): the one
 * whose headline criterion has come furthest towards its target, and what that criterion still needs.
 */
export const closestPlanSchema = z.object({
  code: z.string(),
  py: z.string(),
  name: localTextSchema,
  route: z.string(),
  status: planStatusSchema,
  /** "7 FLQ months to go". */
  toGo: localTextSchema,
});
export type ClosestPlan = z.infer<typeof closestPlanSchema>;

export const plansDataSchema = z.object({
  today: monthSchema,
  py: z.string(),
  lastPy: z.string(),
  plans: z.array(planSummarySchema),
  /** Null when no plan of this PY is in reach and unmet. */
  closest: closestPlanSchema.nullable(),
});
export type PlansData = z.infer<typeof plansDataSchema>;

// ---------------------------------------------------------------------------------------
// One plan

export const planBodySchema = baseBodySchema
  .extend({
    route: planRouteSchema.optional(),
    code: planCodeSchema.optional(),
    /** Edition: '26/27'; default this PY's edition, else the latest. */
    year: pySchema.optional(),
  })
  .refine((b) => b.route !== undefined || b.code !== undefined, { message: 'route or code is required' });
export type PlanBody = z.infer<typeof planBodySchema>;

export const gapSchema = z.object({
  stillNeeded: z.number(),
  remainingMonths: z.number().int(),
  perMonth: z.number(),
  possible: z.boolean(),
  text: localTextSchema,
});

export const traceMonthSchema = z.object({
  month: monthSchema,
  state: monthStateSchema,
  value: z.number(),
  counted: z.boolean(),
  cumulative: z.number(),
  /** A month that can still add, while the target is open and in reach: what it needs. */
  need: localTextSchema.optional(),
});
export type TraceMonthData = z.infer<typeof traceMonthSchema>;

export const criterionSchema = z.object({
  kind: z.string(),
  label: localTextSchema,
  unit: localTextSchema,
  required: z.number(),
  achieved: z.number(),
  met: z.boolean(),
  status: planStatusSchema,
  reason: statusReasonSchema.optional(),
  gap: gapSchema.nullable(),
  trace: z.array(traceMonthSchema),
  events: z
    .array(
      z.object({
        code: z.string(),
        name: localTextSchema,
        attended: z.boolean(),
        month: z.string().nullable(),
        /** Last day to register (YYYY-MM-DD), when the event has one. */
        registrationCloses: z.string().nullable(),
      }),
    )
    .optional(),
  components: z.array(z.object({ source: z.string(), name: localTextSchema, raw: z.number(), points: z.number() })).optional(),
  /** Where the count ends by the period's last month at the closed months' pace (an estimate). */
  projection: criterionProjectionSchema.optional(),
});
export type CriterionData = z.infer<typeof criterionSchema>;

export const levelSchema = z.object({
  code: z.string(),
  name: localTextSchema,
  status: planStatusSchema,
  reason: statusReasonSchema.optional(),
  met: z.boolean(),
  rewardFen: z.number().int().optional(),
  criteria: z.array(criterionSchema),
  /**
   * A level is only reached with every qualification criterion of the plan: while one is not met,
   * which ones and how far short, in words (past tense once the period has closed).
   */
  waitsFor: localTextSchema.optional(),
});
export type LevelData = z.infer<typeof levelSchema>;

export const monthRecordSchema = monthFiguresSchema.extend({
  state: monthStateSchema,
  /** False when the distributor has no record for the month (no orders, not yet joined). */
  present: z.boolean(),
  isSp: z.boolean(),
  /** A PQ month: qualified at 21 % in one's own right (the engine's isPqMonth); isQ is the 21 % group. */
  isPq: z.boolean(),
  compliant: z.boolean(),
  newCustomers: z.number().int(),
  points: z.number(),
  pinCode: z.number().int(),
});
export type MonthRecordData = z.infer<typeof monthRecordSchema>;

export const legSchema = z.object({
  /** Stable row key within this answer (not an id). */
  key: z.string(),
  maskedAda: z.string(),
  maskedName: localTextSchema,
  qMonths: z.number().int(),
  /** Q flag per period month. */
  months: z.array(z.boolean()),
  /** Reached the LDD level (Q ≥ legQMonths months in the period). */
  qualified: z.boolean(),
});
export type LegData = z.infer<typeof legSchema>;

export const planDataSchema = z.object({
  code: z.string(),
  py: z.string(),
  years: z.number().int(),
  type: planTypeSchema,
  name: localTextSchema,
  route: z.string(),
  reward: localTextSchema,
  today: monthSchema,
  status: planStatusSchema,
  reason: statusReasonSchema.optional(),
  met: z.boolean(),
  periodState: z.enum(['closed', 'open', 'future']),
  months: z.array(monthSchema),
  remainingMonths: z.number().int(),
  /** The history's first month when it starts inside the period (its months before are noData); null or absent: none. */
  historyStart: historyStartSchema.optional(),
  criteria: z.array(criterionSchema),
  levelsMode: z.enum(['tiers', 'tracks']).nullable(),
  levelsRequired: z.boolean(),
  levels: z.array(levelSchema),
  achievedLevel: z.string().nullable(),
  /** The saved biennial track (tracks plans only). */
  chosenTrack: z.string().nullable(),
  editions: z.array(z.object({ code: z.string(), py: z.string() })),
  records: z.array(monthRecordSchema),
  pins: z.object({
    initialPin: z.number().int(),
    current: z.number().int(),
    events: z.array(z.object({ month: monthSchema, pinCode: z.number().int() })),
  }),
  legs: z.array(legSchema),
  legQMonths: z.number().int(),
  compliancePpv: z.number(),
});
export type PlanData = z.infer<typeof planDataSchema>;

// ---------------------------------------------------------------------------------------
// Month records of a PY (evaluation year, included calc, compliance months)

export const monthsBodySchema = baseBodySchema.extend({ year: pySchema.optional() });
export const monthsDataSchema = z.object({
  py: z.string(),
  today: monthSchema,
  years: z.array(z.string()),
  compliancePpv: z.number(),
  records: z.array(monthRecordSchema),
  /** The history's first month when it starts after the PY's first (its months before are noData). */
  historyStart: historyStartSchema.optional(),
});
export type MonthsData = z.infer<typeof monthsDataSchema>;

// ---------------------------------------------------------------------------------------
// Biennial award track

export const biennialTrackSchema = z.enum(['GROWTH', 'LEADERSHIP', 'CUSTOMER']);
export const biennialTagBodySchema = baseBodySchema.extend({ track: biennialTrackSchema });
export const biennialTagDataSchema = z.object({ track: biennialTrackSchema, updatedAt: z.string() });
export type BiennialTagData = z.infer<typeof biennialTagDataSchema>;
