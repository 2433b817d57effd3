// "Why is this month different from last?": two statements compared, the difference split into its
// causes (packages/plan statement-change.ts computes every part; the BFF only names the pages).
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { incomeTotalsSchema } from './income.ts';
import { monthSchema } from './months.ts';
import { localTextSchema } from './text.ts';

/**
 * month: the statement explained (default: the latest statement month); compare: the month it is
 * compared with (default: the statement month before it).
 */
export const statementChangeBodySchema = baseBodySchema.extend({
  month: monthSchema.optional(),
  compare: monthSchema.optional(),
});
export type StatementChangeBody = z.infer<typeof statementChangeBodySchema>;

export const CHANGE_PART_KINDS = [
  /** The own bracket moved (group PV crossed a step): the differential on every line. */
  'bracket',
  /** Own orders' BV at the bracket. */
  'ownVolume',
  /** One frontline leg's volume or bracket (its promotion differential); legAdaMasked names it. */
  'leg',
  /** The promotion fee as one part (months whose per-leg lines cannot be rebuilt). */
  'promotion',
  'leadership',
  'ruby',
  'pearl',
  /** The August annual bonuses. */
  'annual',
  'adjustment',
  /** Claw-back debits brought forward or carried. */
  'debit',
  /** Tax withheld: changes net pay only. */
  'tax',
] as const;
export type ChangePartKind = (typeof CHANGE_PART_KINDS)[number];

export const changePartSchema = z.object({
  kind: z.enum(CHANGE_PART_KINDS),
  /** The statement item the part moves (PROMOTION, LEADERSHIP, …; TAX for the tax part). */
  itemCode: z.string(),
  /** A leg part's leg, masked (docs/contract.md §5); null for other parts. */
  legAdaMasked: z.string().nullable(),
  /** The cause in plain words with its figures ("Lin's leg 2 000 → 1 100 PV"), both languages. */
  text: localTextSchema,
  /** Change of pre-tax pay from this cause, fen (0 for tax). */
  pretaxFen: z.number().int(),
  /** Change of net pay from this cause, fen (= pretaxFen, but for tax: minus the tax change). */
  netFen: z.number().int(),
  /** The page (path and query) whose trace shows the figure; null when no page shows it. */
  href: z.string().nullable(),
});
export type ChangePart = z.infer<typeof changePartSchema>;

export const changeVolumeSchema = z.object({
  ppv: z.number(),
  gpv: z.number(),
  bracketPercent: z.number(),
});

export const statementChangeDataSchema = z.object({
  /** The statement explained; null when there is none (empty state). */
  month: z.string().nullable(),
  /** The month compared with; null when the statement has no earlier one. */
  compare: z.string().nullable(),
  /** Statement months, newest first (both pickers). */
  months: z.array(z.string()),
  /** Totals of the two statements (null where `month` / `compare` is null). */
  from: incomeTotalsSchema.nullable(),
  to: incomeTotalsSchema.nullable(),
  /** Volumes of the two months (null where not closed). */
  fromVolume: changeVolumeSchema.nullable(),
  toVolume: changeVolumeSchema.nullable(),
  /** to − from. Σ parts' pretaxFen = pretaxChangeFen and Σ parts' netFen = netChangeFen, to the fen. */
  pretaxChangeFen: z.number().int(),
  netChangeFen: z.number().int(),
  /** One sentence: the largest cause and what it did. Null when nothing changed or no comparison. */
  summary: localTextSchema.nullable(),
  /** The causes, largest |netFen| first; parts that moved nothing are left out. */
  parts: z.array(changePartSchema),
});
export type StatementChangeData = z.infer<typeof statementChangeDataSchema>;
