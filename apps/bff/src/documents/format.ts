// Figures in the documents, written as the pages write them (apps/web/src/lib/format.ts): money
// as `¥1,234.56` (`-¥12.00` below zero), PV and percentages with thousands separators and at most
// two decimals, months as `2026年8月` / `Aug 2026`, payment dates as `2026-09-15` / `15 Sep 2026`.
// zh-CN and en-US write digits alike, so one spelling serves both.
import type { DocumentLang } from '@abo/contract';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** Fen as yuan: 123456 → '¥1,234.56'. */
export function money(fen: number): string {
  const whole = Math.round(fen);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}¥${groupThousands(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
}

/** An amount taken off another: '− ¥12.00'; nothing taken off has no sign, a negative one is added back. */
export function moneyLess(fen: number): string {
  const cents = Math.round(fen);
  return `${cents > 0 ? '− ' : cents < 0 ? '+ ' : ''}${money(Math.abs(cents))}`;
}

/** A number with thousands separators and at most 2 decimals, trailing zeros dropped: 12345.5 → '12,345.5'. */
export function plain(n: number): string {
  const cents = Math.round(Math.abs(n) * 100);
  const decimals = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const text = groupThousands(String(Math.floor(cents / 100))) + (decimals ? `.${decimals}` : '');
  return n < 0 && cents > 0 ? `-${text}` : text;
}

/** 21 → '21%', 0.3 → '0.3%'. */
export const percent = (n: number): string => `${plain(n)}%`;

/** Basis points as a percentage: 2100 → '21%', 30 → '0.3%'. */
export const rateBp = (bp: number): string => percent(bp / 100);

/** '2026-08' → '2026年8月' / 'Aug 2026'. */
export function monthLabel(month: string, lang: DocumentLang): string {
  const [y, m] = month.split('-');
  const i = Number(m) - 1;
  return lang === 'zh-CN' ? `${y}年${i + 1}月` : `${MONTH_NAMES[i]} ${y}`;
}

/** '2026-09-15' → '2026-09-15' / '15 Sep 2026'. */
export function dayLabel(day: string, lang: DocumentLang): string {
  if (lang === 'zh-CN') return day;
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${MONTH_NAMES[Number(m) - 1]} ${y}`;
}
