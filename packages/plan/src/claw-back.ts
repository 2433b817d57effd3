// Claw-backs (README, "Returns and claw-backs"): a return lowers the month's fees and can take
// them below zero. A closed month whose fees add up below zero pays nothing; the shortfall is
// carried as a debit against the next statement(s) until positive fees clear it, and both
// statements show it: the month it arose ("carried forward") and each month it is taken from
// ("brought forward"). Tax is withheld on what is paid, after the debit.
//   due         = the month's fees − the debit brought forward
//   paid        = max(0, due);   carried on = max(0, −due)
// So over any run of months: paid + the debit still carried = the fees computed − the debit
// brought into the run.
import type { MonthKey } from './calendar.ts';
import { text, type Text } from './text.ts';

/** The note of a debit brought forward from `from` (a claw-back of that month's returns). */
export function debitBroughtNote(from: MonthKey | null): Text {
  return from
    ? text(`${from}退货产生的负额，从本期扣回`, `the negative total of ${from} (returns), taken from this statement`)
    : text('此前退货产生的负额，从本期扣回', 'a negative total of an earlier month (returns), taken from this statement');
}

/** The note of a debit carried forward: nothing is paid this month. */
export const DEBIT_CARRIED_NOTE: Text = text(
  '本期合计为负（退货），不发放；负额结转至下一期结单扣回',
  'this month’s total is below zero (returns): nothing is paid; the debit is taken from the next statement',
);

export interface Settlement {
  /** The month's fees as computed (may be negative). */
  readonly computedFen: number;
  /** Debit brought forward from earlier months (≥ 0), taken from this month's fees. */
  readonly broughtFen: number;
  /** Pre-tax amount paid this month (≥ 0). */
  readonly paidFen: number;
  /** Debit carried on to the next statement (≥ 0). */
  readonly carriedFen: number;
}

/** Settles one month's fees against the debit brought forward. */
export function settleMonth(computedFen: number, broughtFen: number): Settlement {
  const due = computedFen - broughtFen;
  return { computedFen, broughtFen, paidFen: due > 0 ? due : 0, carriedFen: due < 0 ? -due : 0 };
}

/** Every node's debit, carried from one closed month to the next. */
export interface CarryState {
  /** Debit each node carries into the next closed month, fen (≥ 0). */
  readonly debitFen: Float64Array;
  /** Month index (monthIndex) the debit carried arose in: the first month of the run below zero; -1: none. */
  readonly debitSince: Int32Array;
  /** This month's: debit brought forward, and debit carried on (≥ 0), fen. */
  readonly broughtFen: Float64Array;
  readonly carriedFen: Float64Array;
  /** This month's: the month the debit brought forward arose in (-1: none brought). */
  readonly broughtSince: Int32Array;
}

export function createCarryState(n: number): CarryState {
  return {
    debitFen: new Float64Array(n),
    debitSince: new Int32Array(n).fill(-1),
    broughtFen: new Float64Array(n),
    carriedFen: new Float64Array(n),
    broughtSince: new Int32Array(n).fill(-1),
  };
}

/**
 * Settles closed month `month` (a month index) for every node: `computedFen(i)` is node i's fees,
 * annual bonuses included.
 */
export function settleClosedMonth(state: CarryState, month: number, computedFen: (i: number) => number): void {
  const { debitFen, debitSince, broughtFen, carriedFen, broughtSince } = state;
  for (let i = 0; i < debitFen.length; i++) {
    const s = settleMonth(computedFen(i), debitFen[i]!);
    broughtFen[i] = s.broughtFen;
    carriedFen[i] = s.carriedFen;
    debitFen[i] = s.carriedFen;
    broughtSince[i] = s.broughtFen > 0 ? debitSince[i]! : -1;
    // A run below zero starts in the month that carries a debit without bringing one.
    if (s.carriedFen === 0) debitSince[i] = -1;
    else if (s.broughtFen === 0) debitSince[i] = month;
  }
}

/**
 * Whether a statement pays anything on its payment date: a month below zero (or taken to zero by a
 * debit brought forward) pays nothing, so it has no payment to date; what it carries is on the
 * next statement.
 */
export function paysOut(netFen: number): boolean {
  return netFen > 0;
}
