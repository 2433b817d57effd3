// "So far this month against the same day of last month" on the achievement page: the promotion
// fee of the open month up to today against last month's up to the same day, the difference split
// into its causes as a statement comparison splits it (statement-change.ts; packages/plan
// statement-change.ts computes every part).
//
// POST /bff/v1/achievement/soFarChange  {}  → SoFarChangeData   (an estimate: the month is open)
import { z } from 'zod';
import { changePartSchema, changeVolumeSchema } from './statement-change.ts';
import { monthSchema } from './months.ts';
import { localTextSchema } from './text.ts';

/** One side of the comparison: a month's orders up to and including a day. */
export const soFarSideSchema = z.object({
  month: monthSchema,
  /** The last day counted (1–31). */
  day: z.number().int(),
  /** The promotion fee the plan gives these volumes, pre-tax, fen. */
  promotionFen: z.number().int(),
});
export type SoFarSide = z.infer<typeof soFarSideSchema>;

export const soFarChangeDataSchema = z.object({
  /** Always true: the open month is provisional, its figures are estimates. */
  estimate: z.literal(true),
  /**
   * False when no order of this ABO's group is kept for either month (a company that feeds monthly
   * results only): there is nothing to cut at a day, and the rest of the answer is empty.
   */
  hasOrders: z.boolean(),
  /** The open month up to today, and last month up to the same day (its last day if shorter). */
  to: soFarSideSchema,
  from: soFarSideSchema,
  fromVolume: changeVolumeSchema.nullable(),
  toVolume: changeVolumeSchema.nullable(),
  /** to − from, fen; Σ parts' pretaxFen = promotionChangeFen, to the fen. */
  promotionChangeFen: z.number().int(),
  /** The largest cause in one sentence; null when nothing changed. */
  summary: localTextSchema.nullable(),
  /** The causes, largest first (kinds bracket, ownVolume, leg; never tax). */
  parts: z.array(changePartSchema),
  /** What the figure leaves out (tax, every other item) and that it is provisional, in words. */
  note: localTextSchema,
});
export type SoFarChangeData = z.infer<typeof soFarChangeDataSchema>;
