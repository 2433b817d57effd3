import { dayLabel, MONTHS_SHORT } from '@abo/words';
import { formatPercent } from '../../../lib/format.ts';

/** Percentages as every page writes them ('21%' in both languages). */
export { formatPercent };

/** Basis points as a percentage: 2100 → '21%', 25 → '0.25%'. */
export function formatRateBp(bp: number, locale: string): string {
  return formatPercent(bp / 100, locale);
}

/** A file-name-safe PY: '25/26' → '25-26'. */
export const pySlug = (py: string) => py.replace(/[^0-9A-Za-z]+/g, '-');

/**
 * A payment date `'2026-11-15'` as the pages write it: `'2026-11-15'` in Chinese, `'15 Nov 2026'`
 * in English. Spelt out, like formatMonth, rather than through Intl.DateTimeFormat; anything that
 * is not such a date is returned unchanged.
 */
export function formatPayDate(day: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m || !MONTHS_SHORT[Number(m[2]) - 1]) return day;
  return locale.toLowerCase().startsWith('zh') ? day : dayLabel(m[1]!, Number(m[2]), Number(m[3]), false);
}
