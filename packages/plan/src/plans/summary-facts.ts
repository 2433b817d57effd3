// What the plans of a period derive from its history summary on first use and share (the
// summary's memo): the frontline legs' outlook and the pin ladder's counters, and the state a pin
// condition is judged to. Types only, so the summary can hold them without importing the judges.

/** A pin ladder condition judged: met by the closed months, on track, at risk, or out of reach. */
export type CondState = 'met' | 'onTrack' | 'atRisk' | 'out';

/** The pin ladder's month counters over the PY from `from`: so far, and what the open months allow. */
export interface PinFacts {
  readonly sp: number;
  readonly spOpen: number;
  /** Longest run of SP months so far, and the longest possible if every open month were SP. */
  readonly run: number;
  readonly runIf: number;
  readonly side: number;
  readonly sideOpen: number;
  readonly bestPgpv: number;
  readonly openMonths: number;
  /** The same counters over the closed months alone: the open month's figures are provisional. */
  readonly closed: { readonly sp: number; readonly side: number; readonly run: number; readonly bestPgpv: number };
}

/**
 * Where the frontline legs stand against `need` Q months (the LDD level legQMonths, or the
 * Founders level) counted from position `from`.
 */
export interface LegOutlook {
  /** Q months each leg needs. */
  readonly need: number;
  /** Legs with ≥ need Q months. */
  readonly achieved: number;
  /** Legs reaching need Q months at each position. */
  readonly reachedAt: Int32Array;
  /** Legs not there yet that still can: Q months each still needs, fewest first. */
  readonly short: readonly number[];
  /** Of those, legs with a month to spare. */
  readonly spare: number;
  /** Frontline legs without a Q month so far (Infinity: frontline unknown). */
  readonly fresh: number;
  /** Months left from `from` (current included). */
  readonly openMonths: number;
  /** Legs that can still get there: short + fresh when enough months remain. */
  readonly capacity: number;
  /** Q months of each leg seen (capped at need), most first. */
  readonly counted: readonly number[];
}
