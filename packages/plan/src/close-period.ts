// The close of a run of months over the whole tree, in order: each month's volumes, brackets
// and Q/SP (closeMonth), then for a closed month its service fees (closeIncome), the pins
// (advancePins) and, with a PY's last month, the annual bonuses: the PY's funds shared by units
// among those qualified in that PY (annual-bonus.ts). The demo seed calls it with generated orders; an import of real
// months calls it the same way.
import { isLastMonthOfPy, monthIndex, pyOf, type MonthKey, type PyName } from './calendar.ts';
import { createCarryState, settleClosedMonth, type CarryState } from './claw-back.ts';
import { closeIncome, createMonthIncome, type MonthIncome } from './close-income.ts';
import { closeMonth, createMonthClose, type MonthClose } from './close.ts';
import {
  annualBonuses,
  createAnnualTally,
  resetAnnualTally,
  tallyAnnualMonth,
  type AnnualBonus,
  type AnnualTally,
} from './annual-bonus.ts';
import { advancePins, createPinState, type PinState } from './pin-tracker.ts';
import { rulesFor } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';

/** One month of the whole tree. */
export interface PeriodMonthInput {
  readonly month: MonthKey;
  /** Personal PV of every node, in the tree's order. */
  readonly ppv: Int32Array;
  /** Personal BV of every node, fen, from the orders (default: PV × the table's BV per PV). */
  readonly bvFen?: ArrayLike<number>;
  /** A closed month is paid and moves pins; the open month (month to date) gets volumes only. */
  readonly closed: boolean;
  /** Default: the table of the month's PY (the nearest table for a PY without one). */
  readonly rules?: RuleTable;
}

export interface ClosePeriodInput {
  /** Sponsor of each node (-1: a root); every sponsor comes before its downline. */
  readonly sponsor: Int32Array;
  /** Consecutive months, oldest first; only the last may be open. */
  readonly months: readonly PeriodMonthInput[];
  /** Pin each node held before the first month (default Member). */
  readonly initialPin?: ArrayLike<number>;
  /** Claw-back debit each node carries into the first month, fen (default none). */
  readonly initialDebitFen?: ArrayLike<number>;
  /**
   * The state after the month before the first one (a previous period's `state`): the period
   * continues it, as if it had been closed in the same run. Overrides initialPin and initialDebitFen.
   */
  readonly state?: ClosedState;
}

/**
 * What a closed month leaves for the next one: the pins and their PY counters, the annual tally
 * of the PY so far and the claw-back debits. Saved after a close, it lets the next close start
 * at the next month instead of the first month of the history.
 */
export interface ClosedState {
  /** The last closed month (null: none closed yet). */
  readonly month: MonthKey | null;
  /** The PY whose annual tally is kept (null: none yet). */
  readonly py: PyName | null;
  readonly pins: PinState;
  readonly tally: AnnualTally;
  readonly carry: CarryState;
}

/** The state before any month: every pin at `initialPin` (default Member), no counters, no debits. */
export function createClosedState(n: number, initialPin?: ArrayLike<number>): ClosedState {
  const pins = createPinState(n);
  if (initialPin) pins.pin.set(initialPin);
  return { month: null, py: null, pins, tally: createAnnualTally(n), carry: createCarryState(n) };
}

/** `o` with each of its typed arrays copied (its other fields as they are). */
function withArraysCopied<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, ArrayBuffer.isView(v) ? (v as Uint8Array).slice() : v])) as T;
}

/** A copy that later months do not change (the work arrays come along: each month overwrites them). */
function copyState(s: ClosedState, month: MonthKey | null, py: PyName | null): ClosedState {
  return { month, py, pins: withArraysCopied(s.pins), tally: withArraysCopied(s.tally), carry: withArraysCopied(s.carry) };
}

/**
 * One month as closed. The arrays are the close's own buffers, reused for the next month:
 * copy what you keep before returning from the callback.
 */
export interface ClosedMonth {
  /** Position in the input's months. */
  readonly index: number;
  readonly month: MonthKey;
  readonly rules: RuleTable;
  readonly close: MonthClose;
  /** Service fees; null for the open month. */
  readonly income: MonthIncome | null;
  /**
   * A closed month's claw-back settlement (claw-back.ts): the debit each node brought forward
   * and carries on; null for the open month.
   */
  readonly carry: CarryState | null;
  /**
   * The open month's service fees so far (provisional, not paid): what its legs pass up, for the
   * what-if; null for a closed month.
   */
  readonly incomeSoFar: MonthIncome | null;
  /** Pin held by each node at the end of the month (recognition: the highest ever reached). */
  readonly pin: Uint16Array;
  /** Pin each node qualified for in the month's PY by its closed months so far. */
  readonly qualified: Uint16Array;
  /** Qualification credits (Global Award) counted in a closed PY's last month; else 0. */
  readonly qualificationCredits: Float64Array;
  /**
   * Node → annual bonuses, in a closed PY's last month (nodes qualified Emerald or above in that
   * PY, whatever pin they hold); else empty.
   */
  readonly annual: ReadonlyMap<number, AnnualBonus>;
}

export interface ClosePeriodResult {
  /** Pin held by each node after the last closed month. */
  readonly pin: Uint16Array;
  /** Month index (monthIndex) each node reached its pin here; -1: no rise in the period. */
  readonly pinMonth: Int32Array;
  /** Pin each node qualified for in the PY of the last closed month, by its closed months. */
  readonly qualified: Uint16Array;
  /** Claw-back debit each node carries after the last closed month, fen. */
  readonly debitFen: Float64Array;
  /** The state after the last closed month (the input's state when none closed): where the next period starts. */
  readonly state: ClosedState;
}

const NO_BONUS: ReadonlyMap<number, AnnualBonus> = new Map();

/**
 * Closes the months in order, handing each to `onMonth`. The annual funds and units add up the
 * PY's months given here, and the qualification is counted on them: start the period at a PY's
 * first month for a full year.
 */
export function closePeriod(input: ClosePeriodInput, onMonth: (m: ClosedMonth) => void): ClosePeriodResult {
  const { sponsor, months } = input;
  const n = sponsor.length;
  const close = createMonthClose(n);
  const income = createMonthIncome(n);
  const from = input.state;
  if (from && from.pins.n !== n) throw new RangeError(`a state of ${from.pins.n} nodes for ${n} nodes`);
  const start = from ? copyState(from, from.month, from.py) : createClosedState(n, input.initialPin);
  if (!from && input.initialDebitFen) start.carry.debitFen.set(input.initialDebitFen);
  const { pins, tally, carry } = start;
  let py: PyName | null = start.py;
  let state: ClosedState = from ?? start;
  const lastClosed = months.findLastIndex((m) => m.closed);
  for (let m = 0; m < months.length; m++) {
    const { month, ppv, bvFen, closed } = months[m]!;
    if (ppv.length !== n) throw new RangeError(`${month}: ${ppv.length} volumes for ${n} nodes`);
    if (!closed && m !== months.length - 1) throw new RangeError(`${month}: only the last month may be open`);
    const previous = m > 0 ? months[m - 1]!.month : start.month;
    if (previous !== null && monthIndex(month) !== monthIndex(previous) + 1) throw new RangeError(`${month}: months must be consecutive`);
    const rules = months[m]!.rules ?? rulesFor(pyOf(month), { fallback: 'nearest' });
    closeMonth(sponsor, ppv, rules, close, bvFen);
    let paid: MonthIncome | null = null;
    let annual = NO_BONUS;
    closeIncome(sponsor, close, rules, income);
    if (closed) {
      paid = income;
      advancePins(pins, sponsor, close, month, rules);
      const mpy = pyOf(month);
      if (mpy !== py) {
        resetAnnualTally(tally);
        py = mpy;
      }
      tallyAnnualMonth(tally, close);
      // Only those qualified in this PY: the pin held is recognition (README, "Rules and their sources").
      if (isLastMonthOfPy(month)) annual = annualBonuses(tally, sponsor, pins.qualified, rules);
      const bonuses = annual;
      settleClosedMonth(carry, monthIndex(month), (i) => {
        const a = bonuses.get(i);
        return income.pretaxFen[i]! + (a ? a.emeraldFen + a.diamondFen : 0);
      });
      if (m === lastClosed) state = copyState(start, month, py);
    }
    // An open month counts no credits (only a closed PY's last month does).
    if (!closed) pins.qualificationCredits.fill(0);
    onMonth({
      index: m,
      month,
      rules,
      close,
      income: paid,
      carry: closed ? carry : null,
      incomeSoFar: closed ? null : income,
      pin: pins.pin,
      qualified: pins.qualified,
      qualificationCredits: pins.qualificationCredits,
      annual,
    });
  }
  return { pin: pins.pin, pinMonth: pins.pinMonth, qualified: pins.qualified, debitFen: carry.debitFen, state };
}
