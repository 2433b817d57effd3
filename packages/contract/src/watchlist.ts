// The market watchlist (issue #22): legs of the viewer's own market they star to follow this
// month, each with its gap to Q and a note only they write (staff read it through queryAda). All POST, spec envelope:
//   watchlist  body none                → watchlistDataSchema  the starred legs, closest to Q first
//   watch      body watchBodySchema     → watchDataSchema      star or unstar one member (idempotent)
//   watchNote  body watchNoteBodySchema → watchNoteDataSchema  save the note of a starred member
// A member is named by the `ref` of the market pages (incentive-market.ts). A reference the
// viewer may not see (outside their downline, or no one) is refused with 9900403, the same for
// both, so a refusal does not tell whether a member exists. Staff (iinquiry) read a distributor's
// watchlist through queryAda and change nothing.
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { memberRowSchema } from './incentive-market.ts';

/** Members one distributor can star at once. */
export const WATCH_MAX = 50;
/** Characters of a note (after trimming). */
export const WATCH_NOTE_MAX = 200;

const refSchema = z.string().regex(/^m\d{1,9}$/, 'not a member reference');

export const watchBodySchema = baseBodySchema.extend({
  ref: refSchema,
  /** True to star, false to unstar (unstarring drops the note). */
  watched: z.boolean(),
});
export type WatchBody = z.input<typeof watchBodySchema>;

export const watchDataSchema = z.object({
  ref: z.string(),
  watched: z.boolean(),
  /** Members starred now. */
  count: z.number().int(),
});
export type WatchData = z.infer<typeof watchDataSchema>;

/** A control character other than a line break or a tab. */
const isControl = (c: string) => {
  const n = c.charCodeAt(0);
  return (n < 32 && c !== '\n' && c !== '\r' && c !== '\t') || n === 127;
};

// Any text a person types, but no control characters other than line breaks and tabs.
const noteSchema = z
  .string()
  .trim()
  .max(WATCH_NOTE_MAX, `a note holds at most ${WATCH_NOTE_MAX} characters`)
  .refine((s) => ![...s].some(isControl), 'a note cannot hold control characters')
  // Bidi and other invisible format characters (\p{Cf}) would reorder how the note and what is shown beside it read.
  .refine((s) => !/\p{Cf}/u.test(s), 'a note cannot hold invisible format characters (such as U+202E)');

export const watchNoteBodySchema = baseBodySchema.extend({
  ref: refSchema,
  /** The whole note (empty: no note). */
  note: noteSchema,
});
export type WatchNoteBody = z.input<typeof watchNoteBodySchema>;

export const watchNoteDataSchema = z.object({ ref: z.string(), note: z.string() });
export type WatchNoteData = z.infer<typeof watchNoteDataSchema>;

/**
 * A member's gap to Q this month: the member tracking row (memberRowSchema) less its PY and
 * personal figures, with how far to Q the member is. `pvToQ` is the group PV still needed this
 * month (0 when Q).
 */
export const memberGapSchema = memberRowSchema.omit({ joinedThisPy: true, ppv: true, qMonthsPy: true }).extend({
  /** Group PV as a percentage of the Q threshold, floored (100 only once Q; plan qProgressPct). */
  progressPct: z.number(),
});
export type MemberGap = z.infer<typeof memberGapSchema>;

/** A starred member: their gap to Q as member tracking shows it, and the note. */
export const watchRowSchema = memberGapSchema.extend({ note: z.string() });
export type WatchRow = z.infer<typeof watchRowSchema>;

export const watchlistDataSchema = z.object({
  py: z.string(),
  /** This month (open: figures so far). */
  month: z.string(),
  qThreshold: z.number(),
  /** The limits, so the web app needs no copy of them. */
  max: z.number().int(),
  noteMax: z.number().int(),
  /** Not Q yet first, smallest gap first; then those already Q. */
  rows: z.array(watchRowSchema),
});
export type WatchlistData = z.infer<typeof watchlistDataSchema>;
