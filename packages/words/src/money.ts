// Money as the pages, the documents and the engine's sentences write it. Amounts are integer fen
// (1/100 yuan); zh-CN and en-US write digits alike: ASCII digits, ',' between thousands, '.'
// before the decimals, '-' before negatives, the narrow '¥' (not en-US's 'CN¥').

/** A string of ASCII digits with ',' between thousands: `'1234567'` → `'1,234,567'`. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A whole, non-negative number of fen as yuan, without a sign: `123456` → `'1,234.56'`. */
export function yuanDigits(fen: number): string {
  const cents = fen % 100;
  return `${groupThousands(String(Math.floor(fen / 100)))}.${cents < 10 ? '0' : ''}${cents}`;
}

/** Fen as yuan, rounded to the fen: `123456` → `'¥1,234.56'`, `-1200` → `'-¥12.00'`. */
export function formatYuan(fen: number): string {
  const whole = Math.round(fen);
  return `${whole < 0 ? '-' : ''}¥${yuanDigits(Math.abs(whole))}`;
}

/** Fen rounded to whole yuan, without decimals, as a chart labels its ticks: `1234550` → `'¥12,346'`. */
export function formatWholeYuan(fen: number): string {
  const whole = Math.round(fen / 100) * 100;
  return `${whole < 0 ? '-' : ''}¥${groupThousands(String(Math.floor(Math.abs(whole) / 100)))}`;
}

/**
 * The sign before an amount taken off another (tax, a deduction), `'− '`: none when nothing is
 * taken off, `'+ '` when a negative one is added back. `fen` is rounded to the fen first.
 */
export function lessSign(fen: number): string {
  const cents = Math.round(fen);
  return cents > 0 ? '− ' : cents < 0 ? '+ ' : '';
}

/** An amount taken off another: `'− ¥12.00'`; `'¥0.00'` when nothing is, `'+ ¥12.00'` below zero. */
export function formatYuanLess(fen: number): string {
  return `${lessSign(fen)}${formatYuan(Math.abs(Math.round(fen)))}`;
}

/**
 * The sign before a change of an amount or a volume: `'+'` up, `'−'` down (U+2212, which screen
 * readers say as "minus" where a hyphen is often skipped), none for no change.
 */
export function changeSign(n: number): string {
  return n > 0 ? '+' : n < 0 ? '\u2212' : '';
}

/** A change of money, rounded to the fen: `'+¥12.00'`, `'−¥12.00'`, `'¥0.00'`. */
export function formatYuanChange(fen: number): string {
  const whole = Math.round(fen);
  return `${changeSign(whole)}${formatYuan(Math.abs(whole))}`;
}
