import { formatPv } from '../../../lib/format.ts';

/** Basis points as a percentage: 2100 → '21%', 25 → '0.25%'. */
export function formatRateBp(bp: number, locale: string): string {
  // Grouped, at most 2 decimals: the same number format as PV.
  const n = formatPv(bp / 100, locale);
  return locale === 'en-US' ? `${n} %` : `${n}%`;
}

export function formatPercent(p: number, locale: string): string {
  const n = formatPv(p, locale);
  return locale === 'en-US' ? `${n} %` : `${n}%`;
}

/** A file-name-safe PY: '25/26' → '25-26'. */
export const pySlug = (py: string) => py.replace(/[^0-9A-Za-z]+/g, '-');
