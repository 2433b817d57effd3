// Months and days in words, spelt out rather than through Intl.DateTimeFormat: the first date
// formatter a page builds loads the browser's calendar data (tens of milliseconds on a phone),
// for a few fixed patterns. Months are numbered 1–12; years and days are written as given.

/** English month names, short: `MONTHS_SHORT[0]` is `'Jan'`. */
export const MONTHS_SHORT: readonly string[] = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** English month names in full: `MONTHS_LONG[0]` is `'January'`. */
export const MONTHS_LONG: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A month of a year: `'2026年3月'` in Chinese, `'Mar 2026'` in English. */
export function monthLabel(year: number | string, month: number, zh: boolean): string {
  return zh ? `${year}年${month}月` : `${MONTHS_SHORT[month - 1]} ${year}`;
}

/** A day of a month: `'12月1日'` in Chinese, `'1 Dec'` in English. */
export function monthDayLabel(month: number, day: number, zh: boolean): string {
  return zh ? `${month}月${day}日` : `${day} ${MONTHS_SHORT[month - 1]}`;
}

/** A day: `'2027年1月15日'` in Chinese, `'15 Jan 2027'` in English. */
export function dayLabel(year: number | string, month: number, day: number, zh: boolean): string {
  return zh ? `${year}年${month}月${day}日` : `${day} ${MONTHS_SHORT[month - 1]} ${year}`;
}
