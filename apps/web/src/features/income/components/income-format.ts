/** Basis points as a percentage: 2100 → '21%', 25 → '0.25%'. */
export function formatRateBp(bp: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(bp / 100);
  return locale === 'en-US' ? `${n} %` : `${n}%`;
}

export function formatPercent(p: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(p);
  return locale === 'en-US' ? `${n} %` : `${n}%`;
}

/** A file-name-safe PY: '25/26' → '25-26'. */
export const pySlug = (py: string) => py.replace(/[^0-9A-Za-z]+/g, '-');
