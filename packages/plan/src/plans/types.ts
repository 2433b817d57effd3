// Incentive plans are data: a code, a PY, a type and criteria. The evaluator turns one
// distributor's month history into per-criterion results with traces and gaps.
import type { PagePath } from '@abo/contract/pages';
import type { DateLike, MonthKey, MonthState, PeriodState, PyName } from '../calendar.ts';
import type { Text } from '../text.ts';

export type PlanType = 'seminar' | 'travel' | 'award' | 'tracking' | 'training' | 'funding' | 'rank';

/**
 * One pace model for every criterion, level and plan (README, Incentive plans):
 * met; missed (period closed, not met); outOfReach (open, cannot be met in the remaining
 * months, with a reason); atRisk (behind the pro-rata pace, or zero slack: every remaining
 * chance is needed); onTrack (at or ahead of pace with slack).
 */
export type Status = 'met' | 'onTrack' | 'atRisk' | 'outOfReach' | 'missed';

/**
 * Why a target is out of reach:
 * - monthsLeft: more qualifying months (or leg months, or points) needed than the remaining months can give;
 * - legs: more legs (or leg months) needed than the frontline has;
 * - eventPassed: a required event's month passed without attendance;
 * - pinNotReachable: the pin's SP-month, consecutive-month or leg conditions cannot be met in the PY's remaining months;
 * - maxPoints: the most points the remaining months can add fall short.
 */
export type ReasonCode = 'monthsLeft' | 'legs' | 'eventPassed' | 'pinNotReachable' | 'maxPoints';

/**
 * What each reason says, as small plain values (never prose; issue #34): the reason catalogue
 * (reason-catalogue.ts) words them in both languages, and the close stores them as they are.
 * `kind` is the criterion kind (its unit), `pin` a pin code, `cond` the pin condition that
 * fails, `events` event codes, `end` the period's last month (`YYYY-MM`).
 */
export interface ReasonParamsByCode {
  readonly monthsLeft:
    /** Qualifying months: `still` more needed, `cap` months left can still count. */
    | { readonly kind: CriterionKind; readonly still: number; readonly cap: number }
    /** Other figures: `still` more needed than the `left` remaining months can give. */
    | { readonly kind: CriterionKind; readonly still: number; readonly left: number }
    /** LDD markets: only `cap` legs can still reach `q` Q months by `end`. */
    | { readonly kind: 'lddMarkets'; readonly still: number; readonly cap: number; readonly q: number; readonly end: MonthKey };
  readonly legs:
    /** FLQ months: the `legs` frontline legs (0: none) can add at most `cap` in the `left` months. */
    | { readonly kind: 'flqMonths'; readonly still: number; readonly legs: number; readonly cap: number; readonly left: number }
    /** LDD markets: `need` markets, a frontline of `legs` (0: none). */
    | { readonly kind: 'lddMarkets'; readonly need: number; readonly legs: number };
  /** The `events` passed unattended; `still` more needed, `open` still to come. */
  readonly eventPassed: { readonly events: readonly string[]; readonly still: number; readonly open: number };
  /** At most `most` points by `end`, `need` needed. */
  readonly maxPoints: { readonly most: number; readonly need: number; readonly end: MonthKey };
  readonly pinNotReachable: PinReasonParams;
}

/** Why a pin cannot be reached in the PY: its first condition that cannot be met, in figures. */
export type PinReasonParams =
  /** SP months (`got` so far, `open` months left) or months with APV ≥ `pv`. */
  | { readonly pin: number; readonly cond: 'spMonths'; readonly min: number; readonly got: number; readonly open: number }
  | {
      readonly pin: number;
      readonly cond: 'sideVolumeMonths';
      readonly min: number;
      readonly got: number;
      readonly open: number;
      readonly pv: number;
    }
  /** At most `most` SP months in a row by `end`. */
  | { readonly pin: number; readonly cond: 'maxSpRun'; readonly min: number; readonly most: number; readonly end: MonthKey }
  /** Legs each Q ≥ `q` months: a frontline of `legs` (fewer than `min`; 0: none) … */
  | {
      readonly pin: number;
      readonly cond: 'qualifiedLegs' | 'foundersLegs';
      readonly min: number;
      readonly q: number;
      readonly legs: number;
    }
  /** … or `got` so far and at most `cap` more by `end`. */
  | {
      readonly pin: number;
      readonly cond: 'qualifiedLegs' | 'foundersLegs';
      readonly min: number;
      readonly q: number;
      readonly got: number;
      readonly cap: number;
      readonly end: MonthKey;
    }
  /** The PY closed with `got` qualification credits. */
  | { readonly pin: number; readonly cond: 'qualificationCredits'; readonly min: number; readonly got: number }
  /** No condition to name: the pin cannot be reached by `end`. */
  | { readonly pin: number; readonly end: MonthKey };

/** A reason as the engine finds it and the close stores it. */
export type Reason = { readonly [C in ReasonCode]: { readonly code: C; readonly params: ReasonParamsByCode[C] } }[ReasonCode];

/** A reason with its sentence, worded by the reason catalogue. */
export type StatusReason = Reason & { readonly text: Text };

/**
 * What a criterion still takes, as its gap says it (small plain values, worded by the gap
 * catalogue, gap-catalogue.ts; issue #34). `kind` is the criterion kind (its unit), `left` the
 * months left, `legs` the frontline (absent: not known), `end` the period's last month, `events`
 * event codes of the criterion, `pin` a pin code.
 */
export interface GapParamsByCode {
  /** The period closed `still` short. */
  readonly missedBy: { readonly kind: CriterionKind; readonly still: number };
  /** Reached only with the open month's figures so far. */
  readonly metSoFar: Readonly<Record<string, never>>;
  /** Qualifying months: `still` of the `slots` months left that can count. */
  readonly monthsToCount: { readonly kind: CriterionKind; readonly still: number; readonly slots: number };
  /** A figure: `still` over the `left` months, `per` a month. */
  readonly perMonth: { readonly kind: CriterionKind; readonly still: number; readonly left: number; readonly per: number };
  /** APV in one month: `min`, this month's `cur` so far (absent: no month open yet). */
  readonly apvOneMonth: { readonly min: number; readonly cur?: number };
  /** APV in one month, missed: the `best` month's. */
  readonly apvBestMonth: { readonly min: number; readonly best: number };
  /** FLQ months: `still` Q leg months in the `left` months. */
  readonly flqQLegs: { readonly still: number; readonly left: number; readonly legs?: number };
  /** FLQ months beyond what the `legs` frontline legs (0: none) can add (`cap`) in the `left` months. */
  readonly flqNewLegs: { readonly still: number; readonly legs: number; readonly cap: number; readonly left: number };
  /** LDD markets: the `closest` legs' Q months still to come (`q` each), new legs counted as `q`. */
  readonly lddClosest: { readonly still: number; readonly q: number; readonly closest: readonly number[]; readonly end: MonthKey };
  /** LDD markets beyond the `cap` the frontline can give: new legs each Q in `q` of the `open` months left. */
  readonly lddNewLegs: { readonly still: number; readonly cap: number; readonly q: number; readonly open: number; readonly end: MonthKey };
  /** A pin to qualify as in `py` (its rule from the PY's rules). */
  readonly pinToQualify: { readonly pin: number; readonly py: PyName; readonly end: MonthKey };
  readonly pinNotQualified: { readonly pin: number; readonly py: PyName };
  /** A new pin, `pin` or above. */
  readonly newPinToReach: { readonly pin: number; readonly end: MonthKey };
  readonly noNewPin: Readonly<Record<string, never>>;
  /** The `events` still to come; `still` of them needed. */
  readonly attend: { readonly events: readonly string[]; readonly still: number; readonly end: MonthKey };
  readonly notAttended: { readonly events: readonly string[] };
}

export type GapCode = keyof GapParamsByCode;

/** A gap as the engine finds it: its own forms, or the out-of-reach reason it restates. */
export type GapNote = { readonly [C in GapCode]: { readonly code: C; readonly params: GapParamsByCode[C] } }[GapCode] | Reason;

/** What a month that can still add needs (small plain values, worded by gap-catalogue.ts). */
export interface NeedParamsByCode {
  /** Qualifying months: `still` of the `slots` left must count (all of them: this one must). */
  readonly monthCounts: { readonly kind: CriterionKind; readonly still: number; readonly slots: number };
  /** A figure: `per` this month. */
  readonly figure: { readonly kind: CriterionKind; readonly per: number };
  /** FLQ months: `still` Q leg months in the `left` months. */
  readonly qLegs: { readonly still: number; readonly left: number };
  /** LDD markets: Q for the `legs` closest legs. */
  readonly closestLegs: { readonly legs: number };
  /** APV in one month: at least `min`. */
  readonly apvAtLeast: { readonly min: number };
  /** APV in one month, this month: `short` to go. */
  readonly apvToGo: { readonly short: number };
  /** The `events` of this month. */
  readonly attend: { readonly events: readonly string[] };
}

export type NeedCode = keyof NeedParamsByCode;

export type NeedNote = { readonly [C in NeedCode]: { readonly code: C; readonly params: NeedParamsByCode[C] } }[NeedCode];

export interface AttendanceEvent {
  readonly code: string;
  readonly name: Text;
  /** Scheduled month; once past and not attended the event can no longer count. */
  readonly month?: MonthKey;
  /** Last day to register, `YYYY-MM-DD` (China); distributors still in reach are told 3 days before. */
  readonly registrationCloses?: string;
}

/** A month counts when every given field is ≥ its value (booleans: must be true). */
export interface MonthCondition {
  readonly ppv?: number;
  readonly pgpv?: number;
  readonly apv?: number;
  readonly bracket?: number;
  readonly qLegs?: number;
  readonly newCustomers?: number;
  readonly compliant?: boolean;
  readonly sp?: boolean;
}

export type ScoreSource =
  'pqMonths' | 'flqMonths' | 'spMonths' | 'complianceMonths' | 'apvCumulative' | 'ppvCumulative' | 'customers' | 'points' | 'lddMarkets';

/** points × floor(source / per), capped at cap points. */
export interface ScoreComponent {
  readonly source: ScoreSource;
  readonly name: Text;
  readonly per: number;
  readonly points: number;
  readonly cap?: number;
}

export type Criterion =
  /**
   * A pin qualified in the plan's PY (its ladder conditions met within that PY), not merely held:
   * the pin held is for recognition (README, Pins).
   */
  | { readonly kind: 'pinAtLeast'; readonly pin: number }
  /** A pin ≥ minPin reached during the period that is higher than the pin held at its start. */
  | { readonly kind: 'newPin'; readonly minPin: number }
  /** Months the ABO is Q (top bracket). */
  | { readonly kind: 'pqMonths'; readonly min: number }
  /** Σ over months of frontline Q legs. */
  | { readonly kind: 'flqMonths'; readonly min: number }
  | { readonly kind: 'spMonths'; readonly min: number }
  /** APV in some single month (anyMonth) or summed over the period (cumulative). */
  | {
      readonly kind: 'apv';
      readonly min: number;
      readonly mode: 'anyMonth' | 'cumulative';
    }
  /** Frontline legs Q ≥ legQMonths (6) months in the period (Diamond development level). */
  | { readonly kind: 'lddMarkets'; readonly min: number }
  | { readonly kind: 'complianceMonths'; readonly min: number }
  /** Required events; met when ≥ min (default all) were attended. */
  | {
      readonly kind: 'attendance';
      readonly events: readonly AttendanceEvent[];
      readonly min?: number;
    }
  /** Σ points (complimentary / activity points from the input). */
  | { readonly kind: 'points'; readonly min: number }
  /** Σ new customers. */
  | { readonly kind: 'customers'; readonly min: number }
  /** Months meeting a condition, e.g. PPV ≥ 1 000 and ≥ 2 new customers. */
  | {
      readonly kind: 'monthsMeeting';
      readonly min: number;
      readonly condition: MonthCondition;
      readonly name: Text;
    }
  /** A points index composed of components (the plan's "components" page). */
  | {
      readonly kind: 'score';
      readonly min: number;
      readonly components: readonly ScoreComponent[];
      readonly name: Text;
    };

export type CriterionKind = Criterion['kind'];

export interface PlanLevel {
  readonly code: string;
  readonly name: Text;
  readonly criteria: readonly Criterion[];
  /** Cash value of the level (e.g. a funding subsidy), fen. */
  readonly rewardFen?: number;
}

export interface PlanLevels {
  /** tiers: ascending, the highest met counts; tracks: alternatives, the user picks one. */
  readonly mode: 'tiers' | 'tracks';
  /** Whether the plan is only met with a level (funding, biennial) or levels are a bonus. */
  readonly required: boolean;
  readonly list: readonly PlanLevel[];
}

export interface PlanDef {
  readonly code: string;
  /** The PY the plan closes in. */
  readonly py: PyName;
  /** Number of PYs the qualification spans, ending with py (2 for biennial). Default 1. */
  readonly years?: number;
  readonly type: PlanType;
  readonly name: Text;
  /** The page that shows it. */
  readonly route: PagePath;
  readonly reward: Text;
  readonly criteria: readonly Criterion[];
  readonly levels?: PlanLevels;
}

// ---------------------------------------------------------------------------------------
// Evaluator input

export interface LegMonth {
  readonly id: string;
  /** The leg is a 21 % group this month (a Q leg: FLQ, LDD). */
  readonly isQ: boolean;
}

/** One closed (or month-to-date) month of one distributor. */
export interface MonthRecord {
  readonly month: MonthKey;
  readonly ppv: number;
  readonly gpv: number;
  readonly pgpv: number;
  readonly bracket: number;
  /** A 21 % group this month (close.isQ); the PQ month is isSp (isPqMonth). */
  readonly isQ: boolean;
  readonly apv: number;
  /** Frontline Q legs this month (must equal the Q legs in `legs` when both are given). */
  readonly qLegs: number;
  readonly isSp: boolean;
  /** Per frontline leg Q flags (needed for LDD markets and the FLQ leg detail). */
  readonly legs?: readonly LegMonth[];
  readonly compliant?: boolean;
  readonly newCustomers?: number;
  readonly points?: number;
  /** Codes of events attended this month. */
  readonly attended?: readonly string[];
  /** Qualification credits (Global Award) the close counted when the PY closed: its last month only. */
  readonly qualificationCredits?: number;
}

export interface PinEvent {
  readonly pinCode: number;
  /** Month the pin was reached. */
  readonly month: MonthKey;
}

export interface PlanHistory {
  /** Any months; those outside a plan's period are ignored. Missing months count as empty. */
  readonly months: readonly MonthRecord[];
  /** Pin rises, any order; the pin held at a month is the highest reached by then. */
  readonly pins?: readonly PinEvent[];
  /** Pin held before the first pin event (default 230). */
  readonly initialPin?: number;
  /**
   * Frontline legs (personally sponsored ABOs) today. Bounds what the remaining months can add:
   * at most this many FLQ months a month, at most this many LDD markets and pin legs. Omitted:
   * unknown, no bound (a target is then never out of reach for want of legs).
   */
  readonly frontlineLegs?: number;
  /**
   * The first month the history holds (the first imported month, or the join month). The months
   * before it have no data: traced as noData, never counted as missed closed months nor held
   * against the pro-rata pace. Omitted: the history covers every month.
   */
  readonly firstMonth?: MonthKey;
}

export interface EvaluateOptions {
  /** Today; months before it are closed, its month is current. Omitted = period closed. */
  readonly today?: DateLike;
  /**
   * false skips traces, leg/event detail and texts (for bulk runs); of the out-of-reach reasons
   * it keeps only those a plan or level takes (the first out-of-reach criterion of each list).
   * Default true.
   */
  readonly detail?: boolean;
  /** For plans with tracks: the track the user chose (biennial settag). */
  readonly track?: string;
}

// ---------------------------------------------------------------------------------------
// Evaluator output

export type { MonthState };

export interface TraceMonth {
  readonly month: MonthKey;
  readonly state: MonthState;
  /** This month's contribution (months: 0/1; PV; legs; pin code for pin criteria). */
  readonly value: number;
  /** Whether the month counted toward the criterion. */
  readonly counted: boolean;
  /** Running achieved value after this month. */
  readonly cumulative: number;
  /**
   * For a month that can still add (the current one when it does not count yet, and future
   * ones) while the target is open and in reach: what the month needs, in words.
   */
  readonly need?: Text;
  /** The same need as code and params (`need` is its sentence, gap-catalogue.ts). */
  readonly needNote?: NeedNote;
}

export interface Gap {
  readonly stillNeeded: number;
  /** Months left including the current one (0 once the period is closed). */
  readonly remainingMonths: number;
  /** stillNeeded spread over the remaining months, rounded up. */
  readonly perMonth: number;
  /** Whether it can still be reached by 31 Aug. */
  readonly possible: boolean;
  /** What it still takes, as code and params; null in bulk runs (no detail, no sentence). */
  readonly note: GapNote | null;
  /** Its sentence, from the note (gap-catalogue.ts); empty in bulk runs. */
  readonly text: Text;
}

export interface LegDetail {
  readonly id: string;
  readonly qMonths: number;
  /** Q flag per period month. */
  readonly months: readonly boolean[];
  /** Reached the LDD level (Q ≥ legQMonths months). */
  readonly qualified: boolean;
}

export interface EventDetail {
  readonly code: string;
  readonly name: Text;
  readonly attended: boolean;
  readonly month: MonthKey | null;
  /** Last day to register (`YYYY-MM-DD`), when the event has one. */
  readonly registrationCloses: string | null;
}

export interface ComponentDetail {
  readonly source: ScoreSource;
  readonly name: Text;
  readonly raw: number;
  readonly points: number;
}

export interface CriterionResult {
  readonly kind: CriterionKind;
  readonly label: Text;
  readonly unit: Text;
  readonly required: number;
  readonly achieved: number;
  readonly met: boolean;
  readonly status: Status;
  /** Present when status is outOfReach (bulk runs: see EvaluateOptions.detail): why the remaining months cannot make it. */
  readonly reason?: StatusReason;
  readonly gap: Gap | null;
  readonly trace?: readonly TraceMonth[];
  readonly legs?: readonly LegDetail[];
  readonly events?: readonly EventDetail[];
  readonly components?: readonly ComponentDetail[];
}

export interface LevelResult {
  readonly code: string;
  readonly name: Text;
  readonly status: Status;
  /** Present when status is outOfReach: the reason of the criterion that decides it. */
  readonly reason?: StatusReason;
  readonly met: boolean;
  readonly rewardFen?: number;
  readonly criteria: readonly CriterionResult[];
}

export interface PlanResult {
  readonly code: string;
  readonly py: PyName;
  readonly type: PlanType;
  readonly name: Text;
  readonly status: Status;
  /** Present when status is outOfReach: the reason of the criterion (or level) that decides it. */
  readonly reason?: StatusReason;
  readonly met: boolean;
  readonly periodState: PeriodState;
  readonly months: readonly MonthKey[];
  readonly remainingMonths: number;
  /** Set when the history starts after the period's first month: its first month with data. */
  readonly historyStart?: MonthKey;
  readonly criteria: readonly CriterionResult[];
  readonly levels?: readonly LevelResult[];
  /** Highest met tier, or the chosen/best met track. */
  readonly achievedLevel?: string | null;
}
