// Claw-backs (README, "Returns and claw-backs"): a return lowers the month's fees and can take
// them below zero. A closed month whose fees add up below zero pays nothing; the shortfall is
// carried as a debit against the next statement(s) until positive fees clear it, and both
// statements show it: the month it arose ("carried forward") and each month it is taken from
// ("brought forward"). Tax is withheld on what is paid, after the debit.
//   due         = the month's fees − the debit brought forward
//   paid        = max(0, due);   carried on = max(0, −due)
// So over any run of months: paid + the debit still carried = the fees computed − the debit
// brought into the run.

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
  /** This month's: debit brought forward, and debit carried on (≥ 0), fen. */
  readonly broughtFen: Float64Array;
  readonly carriedFen: Float64Array;
}

export function createCarryState(n: number): CarryState {
  return { debitFen: new Float64Array(n), broughtFen: new Float64Array(n), carriedFen: new Float64Array(n) };
}

/** Settles a closed month for every node: `computedFen(i)` is node i's fees, annual bonuses included. */
export function settleClosedMonth(state: CarryState, computedFen: (i: number) => number): void {
  const { debitFen, broughtFen, carriedFen } = state;
  for (let i = 0; i < debitFen.length; i++) {
    const s = settleMonth(computedFen(i), debitFen[i]!);
    broughtFen[i] = s.broughtFen;
    carriedFen[i] = s.carriedFen;
    debitFen[i] = s.carriedFen;
  }
}
