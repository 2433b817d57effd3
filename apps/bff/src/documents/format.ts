// Figures in the documents, written as the pages write them: both take their spelling from
// @abo/words. Money as `¥1,234.56` (`-¥12.00` below zero), PV and percentages with thousands
// separators and at most two decimals, months as `2026年8月` / `Aug 2026`, payment dates as
// `2026-09-15` / `15 Sep 2026`. zh-CN and en-US write digits alike, so one spelling serves both.
import type { DocumentLang } from '@abo/contract';
import { dayLabel as dayInWords, monthLabel as monthInWords } from '@abo/words';

export {
  /** Fen as yuan: 123456 → '¥1,234.56'. */
  formatYuan as money,
  /** A change: '+¥12.00', '−¥12.00' (U+2212, as the pages write it), '¥0.00'. */
  formatYuanChange as moneyChange,
  /** An amount taken off another: '− ¥12.00'; nothing taken off has no sign, a negative one is added back. */
  formatYuanLess as moneyLess,
  /** A number with thousands separators and at most 2 decimals, trailing zeros dropped: 12345.5 → '12,345.5'. */
  formatVolume as plain,
  /** 21 → '21%', 0.3 → '0.3%'. */
  formatPercent as percent,
  /** Basis points as a percentage: 2100 → '21%', 30 → '0.3%'. */
  formatRateBp as rateBp,
} from '@abo/words';

/** '2026-08' → '2026年8月' / 'Aug 2026'. */
export function monthLabel(month: string, lang: DocumentLang): string {
  const [y, m] = month.split('-');
  return monthInWords(y!, Number(m), lang === 'zh-CN');
}

/** '2026-09-15' → '2026-09-15' / '15 Sep 2026'. */
export function dayLabel(day: string, lang: DocumentLang): string {
  if (lang === 'zh-CN') return day;
  const [y, m, d] = day.split('-');
  return dayInWords(y!, Number(m), Number(d), false);
}
