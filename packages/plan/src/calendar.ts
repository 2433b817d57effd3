// Performance-year (PY) calendar. A PY runs 1 Sep – 31 Aug and is written `25/26`.
// Months are `YYYY-MM` strings at the API edge; internally an absolute month index
// (year * 12 + month0) keeps arithmetic cheap and free of Date/time-zone surprises.
import { chinaClock } from '@abo/words';

/** A calendar month, `YYYY-MM`. */
export type MonthKey = string;
/** A performance year, `YY/YY` (e.g. `25/26` = 2025-09 … 2026-08). */
export type PyName = string;
/** Anything a caller may hold for "a day or a month": `YYYY-MM`, `YYYY-MM-DD…`, or a Date. */
export type DateLike = Date | string;

const MONTH_RE = /^(\d{4})-(\d{2})/;
const PY_RE = /^(\d{2})\/(\d{2})$/;

/**
 * The calendar day of an instant in China, whatever the time zone of the machine reading it:
 * a server on UTC and a phone in Beijing agree on which day and month "today" is.
 */
function chinaDay(d: Date): Date {
  return chinaClock(d.getTime());
}

/** Absolute month index: year * 12 + (month - 1). A Date is read on China's calendar. */
export function monthIndex(d: DateLike): number {
  if (d instanceof Date) {
    const day = chinaDay(d);
    return day.getUTCFullYear() * 12 + day.getUTCMonth();
  }
  // Fast path for the common `YYYY-MM…` shape (runs for every month record).
  if (d.length >= 7 && d.charCodeAt(4) === 45) {
    let y = 0;
    let ok = true;
    for (let k = 0; k < 4; k++) {
      const c = d.charCodeAt(k) - 48;
      if (c < 0 || c > 9) ok = false;
      y = y * 10 + c;
    }
    const m1 = d.charCodeAt(5) - 48;
    const m2 = d.charCodeAt(6) - 48;
    const mo = m1 * 10 + m2;
    if (ok && m1 >= 0 && m1 <= 9 && m2 >= 0 && m2 <= 9 && mo >= 1 && mo <= 12) {
      return y * 12 + (mo - 1);
    }
  }
  const m = MONTH_RE.exec(d);
  if (!m) throw new RangeError(`not a month or date: ${d}`);
  const month = Number(m[2]);
  if (month < 1 || month > 12) throw new RangeError(`bad month in ${d}`);
  return Number(m[1]) * 12 + (month - 1);
}

/** Month index → `YYYY-MM`. */
export function monthKeyOf(index: number): MonthKey {
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return `${y}-${m < 10 ? '0' : ''}${m}`;
}

/** Days in the month of a date or month (28 … 31). */
export function daysInMonth(d: DateLike): number {
  const i = monthIndex(d);
  const y = Math.floor(i / 12);
  return new Date(Date.UTC(y, i - y * 12 + 1, 0)).getUTCDate();
}

/** Day of the month of a date (`YYYY-MM-DD…`, or a Date on China's calendar like monthIndex). */
export function dayOfMonth(d: Date | string): number {
  if (d instanceof Date) return chinaDay(d).getUTCDate();
  const day = Number(d.slice(8, 10));
  if (!/^\d{4}-\d{2}-\d{2}/.test(d) || day < 1 || day > daysInMonth(d)) throw new RangeError(`not a date: ${d}`);
  return day;
}

/**
 * Days left in today's month, today included (calendar days). Read from the same calendar day
 * as toMonthKey(today), so "this month" and its days left always agree.
 */
export function daysLeftInMonth(today: Date | string): number {
  return daysInMonth(today) - dayOfMonth(today) + 1;
}

/** Normalises a date or month to its `YYYY-MM`. */
export function toMonthKey(d: DateLike): MonthKey {
  return monthKeyOf(monthIndex(d));
}

export function addMonths(month: MonthKey, n: number): MonthKey {
  return monthKeyOf(monthIndex(month) + n);
}

/** Calendar year in which the PY containing this month index starts. */
export function pyStartYearOfIndex(index: number): number {
  const y = Math.floor(index / 12);
  return index - y * 12 >= 8 ? y : y - 1; // month0 8 = September
}

function yy(year: number): string {
  const s = String(year % 100);
  return s.length === 1 ? `0${s}` : s;
}

/** Name of the PY a start year opens, e.g. 2025 → `25/26`. */
export function pyName(startYear: number): PyName {
  return `${yy(startYear)}/${yy(startYear + 1)}`;
}

/** The PY of a date or month: 2025-09 … 2026-08 → `25/26`. */
export function pyOf(d: DateLike): PyName {
  return pyName(pyStartYearOfIndex(monthIndex(d)));
}

/** Start year of a PY name (`25/26` → 2025). Years are taken as 20YY. */
export function pyStartYear(py: PyName): number {
  const m = PY_RE.exec(py);
  if (!m) throw new RangeError(`not a performance year: ${py}`);
  const a = Number(m[1]);
  const b = Number(m[2]);
  if ((a + 1) % 100 !== b) throw new RangeError(`not consecutive years: ${py}`);
  return 2000 + a;
}

/** Month index of September opening the PY. */
export function pyFirstMonthIndex(py: PyName): number {
  return pyStartYear(py) * 12 + 8;
}

/** The 12 months of a PY, September first: `25/26` → `2025-09` … `2026-08`. */
export function pyMonths(py: PyName): MonthKey[] {
  const first = pyFirstMonthIndex(py);
  const out: MonthKey[] = [];
  for (let i = 0; i < 12; i++) out.push(monthKeyOf(first + i));
  return out;
}

/** Position of a month in its PY: September 0 … August 11. */
export function pyMonthPosition(d: DateLike): number {
  const i = monthIndex(d);
  return i - (pyStartYearOfIndex(i) * 12 + 8);
}

/** Whether a month is its PY's last (August): the month annual bonuses are paid with. */
export function isLastMonthOfPy(d: DateLike): boolean {
  return pyMonthPosition(d) === 11;
}

export function nextPy(py: PyName): PyName {
  return pyName(pyStartYear(py) + 1);
}

export function previousPy(py: PyName): PyName {
  return pyName(pyStartYear(py) - 1);
}

/** `closed` = ended before today's month; `open` = contains today; `future` = not begun. */
export type PeriodState = 'closed' | 'open' | 'future';

/**
 * Where a month stands: closed (final), open (today's month: figures so far), future, or noData:
 * a month before the distributor's history starts (the first imported month, or their join
 * month), of which nothing is known — never a closed month with 0 PV.
 */
export type MonthState = 'closed' | 'open' | 'future' | 'noData';

/**
 * The state of `month` seen from today's month: one rule for every page. `historyStart` (the
 * distributor's first month with figures; null or omitted: the history covers every month) makes
 * the lived months before it noData.
 */
export function monthStateOf(month: MonthKey, todayMonth: MonthKey, historyStart?: MonthKey | null): MonthState {
  if (month < todayMonth) return historyStart && month < historyStart ? 'noData' : 'closed';
  return month === todayMonth ? 'open' : 'future';
}

/**
 * Whether a month's figures go into a period's counts and sums (PQ, SP, FLQ, compliance or star
 * months, cumulative APV, customers): the closed months and the open month so far
 * (provisional, labelled "so far"), never a future one nor one before the history (noData).
 * summarizeHistory reads the months the same way, so a page that counts its own month rows
 * agrees with the plans.
 */
export function countsSoFar(state: MonthState): boolean {
  return state === 'closed' || state === 'open';
}

/** How many of the rows count (countsSoFar) and meet `test`: a month count as the plans make it. */
export function countMonths<T extends { readonly state: MonthState }>(rows: readonly T[], test: (row: T) => boolean): number {
  let n = 0;
  for (const r of rows) if (countsSoFar(r.state) && test(r)) n++;
  return n;
}

export function pyState(py: PyName, today: DateLike): PeriodState {
  const first = pyFirstMonthIndex(py);
  const t = monthIndex(today);
  if (t > first + 11) return 'closed';
  if (t < first) return 'future';
  return 'open';
}

/**
 * Months of the PY still ahead given today, INCLUDING today's month (its volume can still
 * change until the month closes). 2026-11-21 in 26/27 → 2026-11 … 2027-08 (10 months).
 * Empty for a closed PY; all 12 for a future one.
 */
export function remainingMonths(py: PyName, today: DateLike): MonthKey[] {
  const first = pyFirstMonthIndex(py);
  const from = Math.max(first, monthIndex(today));
  const out: MonthKey[] = [];
  for (let i = from; i <= first + 11; i++) out.push(monthKeyOf(i));
  return out;
}

/** Months of the PY already closed given today (before today's month). */
export function closedMonths(py: PyName, today: DateLike): MonthKey[] {
  const first = pyFirstMonthIndex(py);
  const to = Math.min(first + 11, monthIndex(today) - 1);
  const out: MonthKey[] = [];
  for (let i = first; i <= to; i++) out.push(monthKeyOf(i));
  return out;
}
