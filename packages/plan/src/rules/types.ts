// The shape of one performance year's rule table. Every number the engine uses to judge
// volume, rank or pay lives here, so a new year is a new table (data), never new code.
import type { PyName } from '../calendar.ts';

/** One step of the performance-bracket table: the month's group PV ≥ minPv earns percent. */
export interface BracketStep {
  readonly minPv: number;
  readonly percent: number;
}

export interface RuleTable {
  readonly py: PyName;
  /** BV per PV, in fen (1150 = 1 PV is worth 11.50 CNY of BV). Integer so BV stays integer fen. */
  readonly bvFenPerPv: number;
  /** Ascending thresholds, inclusive. Below the first step the bracket is 0 %. */
  readonly brackets: readonly BracketStep[];
  /** SP (silver producer) month: APV ≥ apvAlone, or ≥ apvWithOneQLeg with 1 Q leg, or qLegsAlone Q legs. */
  readonly sp: {
    readonly apvAlone: number;
    readonly apvWithOneQLeg: number;
    readonly qLegsAlone: number;
  };
  /** A compliance month: personal PV ≥ minPpv (the seed/back office may also veto a month). */
  readonly compliance: { readonly minPpv: number };
  readonly pins: {
    /** SP months in a PY for Silver Producer (the first SP month). */
    readonly silverSpMonths: number;
    readonly goldSpMonths: number;
    readonly platinumSpMonths: number;
    readonly platinumConsecutive: number;
    /** SP months in a PY for Founders Platinum (Q12: every month of the PY). */
    readonly foundersSpMonths: number;
    /** Ruby: a Platinum qualified in the PY with a month of personal-group PV ≥ rubyPgpv in it. */
    readonly rubyPgpv: number;
    /** Q months in the PY a frontline leg needs to count for Sapphire and up (and as an LDD market). */
    readonly legQMonths: number;
    readonly sapphireLegs: number;
    /** Sapphire's side volume: months of the PY with APV ≥ sideVolumePv. */
    readonly sapphireSideVolumePv: number;
    readonly sapphireSideVolumeMonths: number;
    /** Q months in the PY each leg of a Founders Sapphire and above needs (every month). */
    readonly foundersLegQMonths: number;
    /** Founders Sapphire's side volume: months of the PY with APV ≥ sapphireSideVolumePv. */
    readonly foundersSideVolumeMonths: number;
    readonly emeraldLegs: number;
    readonly diamondLegs: number;
    readonly executiveDiamondLegs: number;
    readonly doubleDiamondLegs: number;
    /**
     * Executive Diamond and above by the Global Award Recognition rules (in force from PY 21/22;
     * null: the classic ladder of legs): Founders Diamond's legs and qualification credits (QC),
     * counted when the PY closes from the downline qualified in it.
     */
    readonly globalAward: {
      /** QC Executive Diamond needs (the pins above it add their legs to this). */
      readonly executiveDiamondCredits: number;
      /** QC of a downline qualifier who is also a Founders Platinum (Q12) in the PY. */
      readonly credits: {
        readonly foundersPlatinum: number;
        readonly emerald: number;
        readonly diamond: number;
        readonly foundersDiamond: number;
      };
      /** Founders Platinums counted in one frontline leg, at most. */
      readonly foundersPlatinumsPerLeg: number;
    } | null;
  };
  /**
   * Leadership: each 21 % group generates rateBp of its personal-group BV for its sponsor,
   * computed bottom-up. A sponsor keeps all of what its Q legs pass up when its own personal
   * group is at the top bracket; part of it (after passing up at least the adjustment: rateBp of
   * the top bracket's BV) when its personal group is at minOwnPercent or above, or it has
   * minQLegsForPart Q legs; none with fewer legs and a smaller personal group. What a sponsor
   * does not keep passes up to the next.
   */
  readonly leadership: {
    readonly minOwnPercent: number;
    readonly minQLegsForPart: number;
    readonly rateBp: number;
  };
  /** Ruby: rateBp of own personal-group BV in a month with personal-group PV ≥ minPgpv. */
  readonly ruby: { readonly minPgpv: number; readonly rateBp: number };
  /**
   * Pearl (明珠, depth): rateBp of the personal-group BV of the 21 % groups from the second
   * generation down to and including the next Pearl recipient's first, paid in a month with
   * ≥ minQLegs Q legs.
   */
  readonly pearl: { readonly minQLegs: number; readonly rateBp: number };
  /**
   * Annual bonuses, paid in the August statement: each rate makes a fund of the PY's BV of the
   * 21 % groups under those qualified Emerald (370) / Diamond (380), shared by units
   * (annual-bonus.ts).
   */
  readonly annual: {
    readonly emeraldRateBp: number;
    readonly diamondRateBp: number;
  };
  /**
   * When a month's statement is paid (its payment date, paymentDateOf): on this day of the
   * following month (the month's last day when it is shorter). The annual bonuses are items of
   * the August statement, so they are paid with it.
   */
  readonly payment: { readonly dayOfNextMonth: number };
}
