import { describe, expect, it } from 'vitest';
import {
  EMPTY_VALUE,
  formatBankCard,
  formatFen,
  formatDay,
  formatFenChange,
  formatFenLess,
  formatMonth,
  formatPercent,
  formatPv,
  maskPrivacy,
  maskedBankCard,
} from './format.ts';

describe('maskPrivacy (docs/contract.md §5)', () => {
  it('shows first 3 and last 2 with six asterisks for values longer than 6', () => {
    expect(maskPrivacy('12345678')).toBe('123******78');
    expect(maskPrivacy('1234567')).toBe('123******67');
    expect(maskPrivacy('110101199003077777')).toBe('110******77');
  });

  it('shows first 2 and last 1 with three asterisks for 3 to 6 characters', () => {
    expect(maskPrivacy('123456')).toBe('12***6');
    expect(maskPrivacy('1234')).toBe('12***4');
    expect(maskPrivacy('张三丰')).toBe('张三***丰');
  });

  it('never shows a 1 or 2 character value whole', () => {
    expect(maskPrivacy('张三')).toBe('张***');
    expect(maskPrivacy('王')).toBe('王***');
    expect(maskPrivacy('')).toBe('');
    expect(maskPrivacy(null)).toBe('');
    expect(maskPrivacy(undefined)).toBe('');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(maskPrivacy('欧阳娜娜娜娜娜')).toBe('欧阳娜******娜娜');
    // Astral-plane characters (2 UTF-16 units each) are never split.
    expect(maskPrivacy('𠮷野家𠮷')).toBe('𠮷野***𠮷');
    expect(maskPrivacy('😀😀😀😀😀😀😀')).toBe('😀😀😀******😀😀');
  });
});

describe('formatBankCard (docs/contract.md §5)', () => {
  it('groups by 4 with single spaces', () => {
    expect(formatBankCard('6222021234567890123')).toBe('6222 0212 3456 7890 123');
    expect(formatBankCard('6222021234567890')).toBe('6222 0212 3456 7890');
    expect(formatBankCard('622')).toBe('622');
  });

  it('ignores spaces already in the value', () => {
    expect(formatBankCard('6222 0212 3456 7890 123')).toBe('6222 0212 3456 7890 123');
    expect(formatBankCard(' 62 220212345 6789 0123 ')).toBe('6222 0212 3456 7890 123');
    expect(formatBankCard('6222\u30000212\t3456')).toBe('6222 0212 3456');
  });

  it('is empty for an empty value', () => {
    expect(formatBankCard('')).toBe('');
    expect(formatBankCard('   ')).toBe('');
    expect(formatBankCard(null)).toBe('');
  });
});

describe('maskedBankCard', () => {
  it('shows only the last 4 digits behind three masked groups', () => {
    expect(maskedBankCard('6222021234567890123')).toBe('**** **** **** 0123');
    expect(maskedBankCard('6222 0212 3456 7890')).toBe('**** **** **** 7890');
  });

  it('masks a value too short to be a card number whole', () => {
    expect(maskedBankCard('1234567')).toBe('****');
    expect(maskedBankCard('12')).toBe('****');
    expect(maskedBankCard('')).toBe('');
  });
});

describe('formatFen', () => {
  it('formats fen as yuan with the narrow symbol in both languages', () => {
    expect(formatFen(123456, 'zh-CN')).toBe('¥1,234.56');
    expect(formatFen(123456, 'en-US')).toBe('¥1,234.56');
    expect(formatFen(0, 'zh-CN')).toBe('¥0.00');
    expect(formatFen(5, 'en-US')).toBe('¥0.05');
    expect(formatFen(100000000, 'zh-CN')).toBe('¥1,000,000.00');
  });

  it('shows negative amounts with a leading minus', () => {
    expect(formatFen(-1200, 'zh-CN')).toBe('-¥12.00');
  });

  it('rounds fractional fen and never prints NaN', () => {
    expect(formatFen(10.6, 'zh-CN')).toBe('¥0.11');
    expect(formatFen(Number.NaN, 'zh-CN')).toBe(EMPTY_VALUE);
    expect(formatFen(Number.POSITIVE_INFINITY, 'en-US')).toBe(EMPTY_VALUE);
  });
});

describe('formatFen in whole yuan (chart axes)', () => {
  it('drops the decimals and keeps the thousands separators', () => {
    expect(formatFen(1_200_000, 'zh-CN', true)).toBe('¥12,000');
    expect(formatFen(1_200_000, 'en-US', true)).toBe('¥12,000');
    expect(formatFen(0, 'en-US', true)).toBe('¥0');
    expect(formatFen(250_050, 'zh-CN', true)).toBe('¥2,501');
    expect(formatFen(-150_000, 'en-US', true)).toBe('-¥1,500');
    expect(formatFen(1_200_000, 'de-DE', true)).toBe(
      new Intl.NumberFormat('de-DE', {
        style: 'currency',
        currency: 'CNY',
        currencyDisplay: 'narrowSymbol',
        maximumFractionDigits: 0,
      }).format(12_000),
    );
  });
});

describe('formatFenChange', () => {
  it('signs a change of money with plus or the minus sign, and leaves no change unsigned', () => {
    expect(formatFenChange(123_456, 'zh-CN')).toBe('+¥1,234.56');
    expect(formatFenChange(-90_000, 'en-US')).toBe('\u2212¥900.00');
    expect(formatFenChange(0, 'en-US')).toBe('¥0.00');
    expect(formatFenChange(-0.4, 'en-US')).toBe('¥0.00');
  });
});

describe('formatFenLess', () => {
  it('puts a minus before an amount taken off', () => {
    expect(formatFenLess(123456, 'zh-CN')).toBe('− ¥1,234.56');
    expect(formatFenLess(5, 'en-US')).toBe('− ¥0.05');
  });

  it('never shows a minus before a zero amount', () => {
    expect(formatFenLess(0, 'zh-CN')).toBe('¥0.00');
    expect(formatFenLess(0.4, 'en-US')).toBe('¥0.00');
    expect(formatFenLess(-0.4, 'en-US')).toBe('¥0.00');
  });

  it('adds a negative amount back and never prints NaN', () => {
    expect(formatFenLess(-1200, 'en-US')).toBe('+ ¥12.00');
    expect(formatFenLess(Number.NaN, 'en-US')).toBe(EMPTY_VALUE);
  });
});

describe('formatPercent', () => {
  it('writes a percentage without a space in both languages', () => {
    expect(formatPercent(21, 'zh-CN')).toBe('21%');
    expect(formatPercent(21, 'en-US')).toBe('21%');
    expect(formatPercent(2.5, 'en-US')).toBe('2.5%');
    expect(formatPercent(1250, 'en-US')).toBe('1,250%');
    expect(formatPercent(Number.NaN, 'zh-CN')).toBe(EMPTY_VALUE);
  });
});

describe('formatPv', () => {
  it('groups digits and keeps at most 2 decimals', () => {
    expect(formatPv(12345.5, 'zh-CN')).toBe('12,345.5');
    expect(formatPv(800, 'en-US')).toBe('800');
    expect(formatPv(1234.567, 'en-US')).toBe('1,234.57');
    expect(formatPv(-3.2, 'en-US')).toBe('-3.2');
    expect(formatPv(Number.NaN, 'en-US')).toBe(EMPTY_VALUE);
  });
});

describe('numbers spelt out for zh-CN and en-US', () => {
  // The same as Intl.NumberFormat for both languages, for amounts of every size.
  const samples = [0, 1, 5, 99, 100, 999, 1000, 1001, 12345, 99999, 100000, 1234567, 987654321, 12345678901234];
  for (let seed = 1, i = 0; i < 300; i++) {
    seed = (seed * 16807) % 2147483647;
    samples.push((seed % 1_000_000_000) / (i % 3 === 0 ? 7 : 1));
  }
  const values = [...samples, ...samples.map((v) => -v - 1), 0.005, 1.005, 2.675, 1234.565, 0.125];

  it.each(['zh-CN', 'en-US'])('formats money like Intl in %s', (locale) => {
    const intl = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'CNY',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    for (const fen of values) expect(formatFen(fen, locale), String(fen)).toBe(intl.format(Math.round(fen) / 100));
  });

  it.each(['zh-CN', 'en-US'])('formats PV like Intl in %s', (locale) => {
    const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
    for (const pv of values) expect(formatPv(pv, locale), String(pv)).toBe(intl.format(pv));
  });

  it('never shows a minus sign on a figure that rounds to zero', () => {
    expect(formatFen(-0.4, 'zh-CN')).toBe('¥0.00');
    expect(formatPv(-0.001, 'en-US')).toBe('0');
  });

  it('still formats other locales through Intl', () => {
    expect(formatPv(1234.5, 'de-DE')).toBe('1.234,5');
  });
});

describe('formatDay', () => {
  it('labels a day in the user language, anything else unchanged', () => {
    expect(formatDay('2027-01-15', 'zh-CN')).toBe('2027年1月15日');
    expect(formatDay('2027-01-05', 'en-US')).toBe('5 Jan 2027');
    expect(formatDay('2027-13-05', 'en-US')).toBe('2027-13-05');
    expect(formatDay('soon', 'zh-CN')).toBe('soon');
  });
});

describe('formatMonth', () => {
  it('labels a month in the user language', () => {
    expect(formatMonth('2026-03', 'zh-CN')).toBe('2026年3月');
    expect(formatMonth('2026-03', 'en-US')).toBe('Mar 2026');
    expect(formatMonth('2025-12', 'en-US')).toBe('Dec 2025');
    expect(formatMonth('202601', 'zh-CN')).toBe('2026年1月');
  });

  it('returns anything that is not a month unchanged', () => {
    expect(formatMonth('2026-13', 'en-US')).toBe('2026-13');
    expect(formatMonth('2026-00', 'en-US')).toBe('2026-00');
    expect(formatMonth('soon', 'zh-CN')).toBe('soon');
    expect(formatMonth('', 'zh-CN')).toBe('');
  });
});
