// Money is integer fen (1/100 CNY) everywhere; rates are integer basis points (1 bp = 0.01 %).
// Integers keep every total reconcilable to the fen; a Number holds fen exactly up to 2^53.
import { yuanDigits } from '@abo/words';

/** Fen per yuan. */
export const FEN_PER_CNY = 100;
/** Basis points in 100 %. */
export const BP_PER_UNIT = 10_000;

/**
 * n / d rounded to the nearest integer, halves away from zero ("half up" on magnitudes, as
 * tax offices and banks round). d must be a positive integer; n an integer.
 */
export function divRoundHalfUp(n: number, d: number): number {
  if (n === 0) return 0; // no -0 (a negative amount at a rate of 0)
  if (n < 0) {
    const r = divRoundHalfUp(-n, d);
    return r === 0 ? 0 : -r; // no -0
  }
  const q = Math.floor(n / d);
  const r = n - q * d;
  return r * 2 >= d ? q + 1 : q;
}

/** amountFen × rateBp / 10 000, rounded half up to the fen. */
export function applyBp(amountFen: number, rateBp: number): number {
  return divRoundHalfUp(amountFen * rateBp, BP_PER_UNIT);
}

/** Whole yuan → fen. */
export function cny(yuan: number): number {
  return Math.round(yuan * FEN_PER_CNY);
}

/** Percentage (e.g. 21) → basis points (2 100). */
export function percentToBp(percent: number): number {
  return Math.round(percent * 100);
}

/** Fen → `1,234.56` (no currency sign; the UI adds units). */
export function formatFen(fen: number): string {
  const digits = yuanDigits(Math.abs(Math.trunc(fen)));
  return fen < 0 ? `-${digits}` : digits;
}
