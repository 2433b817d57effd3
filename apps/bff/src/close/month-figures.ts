// The month-major closed data of a run of months: what the engine's close gives (closeAll in
// close-all.ts), and with the members and their facts what the writers read (write.ts); the
// month close builds it from the database (figures.ts). Per-month values are typed arrays
// indexed by cell = m * n + i.
import type { AnnualBonus, MonthIncome, MonthKey, RuleTable } from '@abo/plan';

/** The months of a run: `months[m]`, the first `closed` of them closed, each month's rule table. */
export interface FigureMonths {
  readonly months: readonly MonthKey[];
  readonly closed: number;
  readonly rules: readonly RuleTable[];
}

/** The service fees of closed months (cell < closed * n), fen: the engine's MonthIncome, month after month. */
type IncomeFigures = Pick<MonthIncome, 'promotionFen' | 'leadershipFen' | 'leadershipInFen' | 'rubyFen' | 'pearlFen'>;

/** What the engine's close gives per cell. */
export interface EngineFigures extends IncomeFigures {
  readonly gpv: Int32Array;
  readonly pgpv: Int32Array;
  readonly bracket: Uint8Array;
  readonly isQ: Uint8Array;
  readonly isSp: Uint8Array;
  readonly qLegs: Uint16Array;
  readonly qLegPgpv: Int32Array;
  readonly depthPgpv: Int32Array;
  /** What each node passes a Pearl above (the engine's pearlPassPv), every month. */
  readonly pearlPassPv: Int32Array;
  /** The engine's leadershipLegs: the 21 % groups whose leadership reaches the node first. */
  readonly leadershipLegs: Uint16Array;
  /** BV, fen (the orders' own): group, personal group, leadership base, Pearl base, Pearl pass. */
  readonly gbvFen: Float64Array;
  readonly pgbvFen: Float64Array;
  readonly qLegPgbvFen: Float64Array;
  readonly depthPgbvFen: Float64Array;
  readonly pearlPassBvFen: Float64Array;
  /** Closed months (cell < closed * n): claw-back debit brought forward and carried on, fen (claw-back.ts). */
  readonly debitBroughtFen: Float64Array;
  readonly debitCarriedFen: Float64Array;
  /** Closed months: the month index the debit brought forward arose in (-1: none brought). */
  readonly debitBroughtSince: Int32Array;
  /** Leadership each node passes up, fen, every month (the open one: so far, not paid). */
  readonly leadershipUpFen: Float64Array;
  /** Global Award qualification credits, counted in a closed PY's last month (else 0). */
  readonly qualificationCredits: Float64Array;
  /** Pin held at the end of the month (an open month: the current pin). */
  readonly pin: Uint16Array;
  /** August statements of pins ≥ Emerald: cell → annual bonus figures. */
  readonly annual: ReadonlyMap<number, AnnualBonus>;
}

/**
 * The closed data the writers take: the members, their facts and the engine's figures of a run
 * of months. Rows are written per node in `order` (ADA order: the tables' key order).
 */
export interface Figures extends EngineFigures {
  readonly n: number;
  readonly cal: FigureMonths;
  readonly order: Int32Array;
  readonly ada: readonly string[];
  /** Month of joining relative to the first month (negative: before it); no row before it. */
  readonly joinMonth: Int32Array;
  readonly ppv: Int32Array;
  /** BV of the personal PV, fen (default: PPV × the month's BV ratio). */
  readonly bvFen?: Float64Array;
  readonly newCustomers: Uint8Array | Uint16Array;
  readonly compliant: Uint8Array;
  /** Cell → event codes attended that month. */
  readonly attended: ReadonlyMap<number, readonly string[]>;
}
