// The three files' columns and how each cell is read (docs/data-import.md is the reference).
// Parsers return undefined for a bad value; the caller names the file, line and column.
import { PIN, PIN_CODES, type PinCode } from '@abo/plan';
import { CHINA_ISO_OFFSET, CHINA_OFFSET_MS, chinaDay as chinaDayAt } from '@abo/words';
import type { ColumnSpec } from './csv.ts';

const col = (name: string, required = true): ColumnSpec => ({ name, required });

/** distributors.csv; the indexes below follow this order. */
export const DISTRIBUTOR_COLUMNS = [
  col('ada'),
  col('sponsor_ada'),
  col('name'),
  col('name_en', false),
  col('joined_on'),
  col('phone', false),
  col('national_id', false),
  col('bank_card', false),
  col('bank_name', false),
  col('shop_code', false),
  col('user_type', false),
  col('pin_held', false),
] as const;
export const D = {
  ada: 0,
  sponsor: 1,
  name: 2,
  nameEn: 3,
  joinedOn: 4,
  phone: 5,
  nationalId: 6,
  bankCard: 7,
  bankName: 8,
  shopCode: 9,
  userType: 10,
  pinHeld: 11,
} as const;

export const ORDER_COLUMNS = [
  col('order_id'),
  col('ada'),
  col('ordered_at'),
  col('pv'),
  col('bv', false),
  col('customer_id', false),
] as const;
export const O = { orderId: 0, ada: 1, orderedAt: 2, pv: 3, bv: 4, customerId: 5 } as const;

export const ATTENDANCE_COLUMNS = [col('ada'), col('event_code'), col('attended_on')] as const;
export const A = { ada: 0, eventCode: 1, attendedOn: 2 } as const;

/** Distributor numbers: 8 to 12 digits. */
export function isAda(v: string): boolean {
  return /^\d{8,12}$/.test(v);
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDay(y: number, m: number, d: number): boolean {
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1 || d > DAYS_IN_MONTH[m - 1]!) return false;
  return m !== 2 || d < 29 || (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0));
}

/** `YYYY-MM-DD`, a real calendar day. */
export function parseDay(v: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m || !validDay(Number(m[1]), Number(m[2]), Number(m[3]))) return undefined;
  return v;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export interface OrderTime {
  /** `YYYY-MM-DDTHH:MM:SS[.sss]+08:00`: the same instant always gives the same text. */
  readonly at: string;
  /** The day in China, `YYYY-MM-DD`. */
  readonly day: string;
}

/**
 * A date (`2026-10-05`, midnight China time) or an ISO date-time. Without an offset the time is
 * China time; with one (`Z`, `+09:00`) it is converted to China time, so the day and month are
 * always China's.
 */
export function parseOrderTime(v: string): OrderTime | undefined {
  const m = DATE_TIME.exec(v);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!validDay(y, mo, d)) return undefined;
  const h = m[4] === undefined ? 0 : Number(m[4]);
  const mi = m[5] === undefined ? 0 : Number(m[5]);
  const s = m[6] === undefined ? 0 : Number(m[6]);
  if (h > 23 || mi > 59 || s > 59) return undefined;
  const ms = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  const zone = m[8];
  let offsetMs = CHINA_OFFSET_MS;
  if (zone !== undefined && zone !== 'Z') {
    const zh = Number(zone.slice(1, 3));
    const zm = zone.length > 3 ? Number(zone.slice(-2)) : 0;
    if (zh > 14 || zm > 59) return undefined;
    offsetMs = (zone[0] === '-' ? -1 : 1) * (zh * 3600_000 + zm * 60_000);
  } else if (zone === 'Z') {
    offsetMs = 0;
  }
  // Fields → the instant → China's wall clock (Date's UTC fields do the calendar arithmetic).
  const china = new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMs + CHINA_OFFSET_MS);
  const day = `${china.getUTCFullYear()}-${pad(china.getUTCMonth() + 1)}-${pad(china.getUTCDate())}`;
  const frac = china.getUTCMilliseconds() ? `.${pad(china.getUTCMilliseconds(), 3)}` : '';
  const at = `${day}T${pad(china.getUTCHours())}:${pad(china.getUTCMinutes())}:${pad(china.getUTCSeconds())}${frac}${CHINA_ISO_OFFSET}`;
  return { at, day };
}

/** The day in China at an instant (the business "today" of an import). */
export function chinaDay(d: Date): string {
  return chinaDayAt(d.getTime());
}

/**
 * A pin held before the imported history: one of the plan's pin codes (`380`). Member (230) is
 * the same as none: null.
 */
export function parsePinHeld(v: string): number | null | undefined {
  if (!/^\d{3}$/.test(v)) return undefined;
  const code = Number(v);
  if (!PIN_CODES.includes(code as PinCode)) return undefined;
  return code === PIN.MEMBER ? null : code;
}

/** The pin codes a `pin_held` may be, for the issue of one that is not. */
export const PIN_CODE_LIST = PIN_CODES.join(', ');

/** PV: a whole number, negative for a return. */
export function parsePv(v: string): number | undefined {
  return /^[+-]?\d{1,9}$/.test(v) ? Number(v) : undefined;
}

/** BV in CNY with at most two decimals (negative for a return) → fen, computed without floats. */
export function parseBvFen(v: string): number | undefined {
  const m = /^([+-]?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(v);
  if (!m) return undefined;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -fen : fen;
}

/** Free text of at most `max` characters without control characters. */
export function isText(v: string, max: number): boolean {
  // eslint-disable-next-line no-control-regex
  return v.length <= max && !/[\u0000-\u001f\u007f]/.test(v);
}

/**
 * The first invisible format character (\p{Cf}: the bidi controls U+202A–202E and U+2066–2069,
 * zero-width characters…) as `U+202E`, or undefined. A page shows names and notes beside ADAs;
 * one such character can reverse how those read.
 */
export function formatCharOf(v: string): string | undefined {
  const m = /\p{Cf}/u.exec(v);
  return m ? `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : undefined;
}

/** Codes: event codes of the plans (`SEM2526-BRIEF`), shop codes, user types. */
export function isCode(v: string, max = 64): boolean {
  return v.length <= max && /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(v);
}

export function isPhone(v: string): boolean {
  return /^\+?[0-9][0-9 -]{2,19}$/.test(v);
}

/** Mainland, Hong Kong, Macau and Taiwan identity numbers: letters, digits, parentheses. */
export function isNationalId(v: string): boolean {
  return /^[0-9A-Za-z()]{5,20}$/.test(v);
}

export function isBankCard(v: string): boolean {
  return /^[0-9][0-9 ]{7,29}$/.test(v);
}
