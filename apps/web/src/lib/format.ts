/**
 * Display formatting shared by every page: privacy masking and bank-card
 * grouping of docs/contract.md §5, money, PV and month labels in the user's language.
 *
 * Every function counts characters, not UTF-16 units (`Array.from`), so a
 * Chinese name or an emoji is never cut in half.
 */

import { changeSign, dayLabel, formatVolume, formatWholeYuan, formatYuan, lessSign, monthLabel } from '@abo/words';

/** Shown for a number that cannot be displayed (NaN, Infinity). */
export const EMPTY_VALUE = '—';

/** Privacy masking of docs/contract.md §5 (shared with the BFF, which masks before data leaves it). */
export { maskPrivacy } from '@abo/contract/privacy';

/** Whitespace of any kind, including the full-width space of Chinese input methods. */
const WHITESPACE = /\s+/gu;

/**
 * Bank card in groups of 4 separated by single spaces (docs/contract.md §5):
 * `'6222021234567890123'` → `'6222 0212 3456 7890 123'`. Existing spaces are
 * ignored, so an already grouped or oddly spaced number comes out the same.
 */
export function formatBankCard(card: string | null | undefined): string {
  if (!card) return '';
  const chars = Array.from(card.replace(WHITESPACE, ''));
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += 4) groups.push(chars.slice(i, i + 4).join(''));
  return groups.join(' ');
}

/**
 * A bank card showing only its last 4 characters: `'**** **** **** 0123'`.
 * Always three masked groups whatever the length, so the display does not
 * give away how long the number is. A value shorter than 8 characters is not
 * a card number; it is masked whole (`'****'`) rather than shown.
 */
export function maskedBankCard(card: string | null | undefined): string {
  if (!card) return '';
  const chars = Array.from(card.replace(WHITESPACE, ''));
  if (chars.length < 8) return '****';
  return `**** **** **** ${chars.slice(-4).join('')}`;
}

// zh-CN and en-US write numbers alike: ASCII digits, ',' between thousands, '.' before the
// decimals, '-' before negatives. Spelt out for them (by @abo/words, as the BFF's documents), because the first Intl.NumberFormat a page
// builds loads the browser's number and currency data: measured at 25 ms of a plan page's
// first render at full speed, so about 100 ms on a mid-range phone. Any other locale goes
// through Intl (built once per locale and options).
const SPELT_OUT = /^(zh|en)\b/i;
const formatterCache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatterCache.set(key, formatter);
  }
  return formatter;
}

/**
 * Money held in fen (1/100 yuan, an integer so sums never drift) as yuan:
 * `123456` → `'¥1,234.56'` in both zh-CN and en-US (the narrow symbol, not
 * en-US's `'CN¥'`); negative amounts as `'-¥12.00'`. Digits are ASCII; set
 * tabular figures in CSS (the global `.num` class, `font-variant-numeric:
 * tabular-nums`) so columns of amounts line up. `wholeYuan` rounds to whole
 * yuan without decimals (`'¥12,000'`), as a chart's axis labels its ticks.
 */
export function formatFen(fen: number, locale: string, wholeYuan?: boolean): string {
  if (!Number.isFinite(fen)) return EMPTY_VALUE;
  if (SPELT_OUT.test(locale)) return wholeYuan ? formatWholeYuan(fen) : formatYuan(fen);
  const digits = wholeYuan ? 0 : 2;
  const whole = wholeYuan ? Math.round(fen / 100) * 100 : Math.round(fen);
  return numberFormat(locale, {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(whole / 100);
}

/**
 * An amount taken off another (tax, a deduction) after a minus sign: `'− ¥12.00'`. Nothing
 * taken off shows no sign (`'¥0.00'`, never `'− ¥0.00'`); a negative one is added back (`'+ ¥12.00'`).
 */
export function formatFenLess(fen: number, locale: string): string {
  return `${lessSign(fen)}${formatFen(Math.abs(Math.round(fen)), locale)}`;
}

/** A change of money with its sign (@abo/words changeSign): '+¥12.00', '−¥12.00', '¥0.00'. */
export function formatFenChange(fen: number, locale: string): string {
  const whole = Math.round(fen);
  return `${changeSign(whole)}${formatFen(Math.abs(whole), locale)}`;
}

/**
 * A percentage, written the same way in both languages, without a space: `21` → `'21%'`,
 * `2.5` → `'2.5%'` (digits as {@link formatPv}).
 */
export function formatPercent(n: number, locale: string): string {
  const text = formatPv(n, locale);
  return text === EMPTY_VALUE ? text : `${text}%`;
}

/**
 * PV (point value) with digit grouping and at most 2 decimals, trailing
 * zeros dropped: `12345.5` → `'12,345.5'`, `800` → `'800'`.
 */
export function formatPv(n: number, locale: string): string {
  if (!Number.isFinite(n)) return EMPTY_VALUE;
  const abs = Math.abs(n);
  if (!SPELT_OUT.test(locale) || abs >= 1e13) {
    return numberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(n);
  }
  return formatVolume(n);
}

const MONTH = /^(\d{4})-?(\d{2})$/;

/**
 * A business month `'2026-03'` (or `'202603'`, as the BFF's month lists may
 * send it) as a label: `'2026年3月'` in zh-CN, `'Mar 2026'` in en-US. Anything
 * that is not a valid month is returned unchanged rather than as "Invalid Date".
 */
export function formatMonth(month: string, locale: string): string {
  const match = MONTH.exec(month.trim());
  if (!match) return month;
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  if (monthIndex < 0 || monthIndex > 11) return month;
  // Spelt out rather than through Intl.DateTimeFormat: the first date formatter a page builds
  // loads the browser's calendar data (tens of milliseconds on a phone), for two fixed patterns.
  return monthLabel(year, monthIndex + 1, locale.toLowerCase().startsWith('zh'));
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day `'2027-01-15'` as `'2027年1月15日'` (zh-CN) or `'15 Jan 2027'` (en-US); anything else unchanged. */
export function formatDay(day: string, locale: string): string {
  const match = DAY.exec(day.trim());
  if (!match) return day;
  const [, y, m, d] = match;
  const monthIndex = Number(m) - 1;
  if (monthIndex < 0 || monthIndex > 11) return day;
  return dayLabel(y!, monthIndex + 1, Number(d), locale.toLowerCase().startsWith('zh'));
}
