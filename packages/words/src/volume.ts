// PV and percentages, written alike in both languages: thousands grouped, at most two decimals,
// trailing zeros dropped.
import { groupThousands } from './money.ts';

/**
 * A non-negative number in hundredths, rounded as Intl rounds: half away from zero on the
 * number's shortest decimal form (1.005 → 101, though the double is a hair under 1.005).
 */
function roundToCents(abs: number): number {
  const text = String(abs);
  if (text.includes('e')) return 0; // below 1e-6 (larger ones have no exponent below 1e21)
  const [int, frac = ''] = text.split('.') as [string, string?];
  return Math.round(Number(`${int}${frac.slice(0, 2).padEnd(2, '0')}.${frac.slice(2) || '0'}`));
}

/**
 * PV (or any amount that is not money) with thousands grouped and at most 2 decimals, trailing
 * zeros dropped: `12345.5` → `'12,345.5'`, `800` → `'800'`, `-0.001` → `'0'`. Exact below 1e13;
 * a finite number is expected.
 */
export function formatVolume(n: number): string {
  const cents = roundToCents(Math.abs(n));
  const decimals = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const text = groupThousands(String(Math.floor(cents / 100))) + (decimals ? `.${decimals}` : '');
  return n < 0 && cents > 0 ? `-${text}` : text;
}

/** A percentage, without a space: `21` → `'21%'`, `2.5` → `'2.5%'`. */
export function formatPercent(n: number): string {
  return `${formatVolume(n)}%`;
}

/** Basis points as a percentage: `2100` → `'21%'`, `25` → `'0.25%'`. */
export function formatRateBp(bp: number): string {
  return formatPercent(bp / 100);
}

/** An integer with thousands grouped (`60,000`), truncating any fraction. */
export function formatCount(n: number): string {
  const s = groupThousands(String(Math.abs(Math.trunc(n))));
  return n < 0 ? `-${s}` : s;
}
