import { describe, expect, it } from 'vitest';
import {
  changeSign,
  formatWholeYuan,
  formatYuan,
  formatYuanChange,
  formatYuanLess,
  groupThousands,
  lessSign,
  yuanDigits,
} from './money.ts';

describe('money', () => {
  it('groups thousands', () => {
    expect(['0', '12', '123', '1234', '123456', '1234567'].map(groupThousands)).toEqual([
      '0',
      '12',
      '123',
      '1,234',
      '123,456',
      '1,234,567',
    ]);
  });

  it('writes fen as yuan digits', () => {
    expect([0, 5, 99, 100, 123456, 100000000].map(yuanDigits)).toEqual(['0.00', '0.05', '0.99', '1.00', '1,234.56', '1,000,000.00']);
  });

  it('writes yuan with the sign before the symbol, rounded to the fen', () => {
    expect(formatYuan(123456)).toBe('¥1,234.56');
    expect(formatYuan(-1200)).toBe('-¥12.00');
    expect(formatYuan(0.4)).toBe('¥0.00');
    expect(formatYuan(-0.4)).toBe('¥0.00');
    expect(formatYuan(1234.5)).toBe('¥12.35');
  });

  it('writes whole yuan without decimals', () => {
    expect(formatWholeYuan(1_234_550)).toBe('¥12,346');
    expect(formatWholeYuan(-4_900)).toBe('-¥49');
  });

  it('writes an amount taken off', () => {
    expect(formatYuanLess(1200)).toBe('− ¥12.00');
    expect(formatYuanLess(0)).toBe('¥0.00');
    expect(formatYuanLess(-1200)).toBe('+ ¥12.00');
    expect([lessSign(0.4), lessSign(0.6), lessSign(-0.6)]).toEqual(['', '− ', '+ ']);
  });

  it('writes a change with its sign, the minus as U+2212', () => {
    expect([formatYuanChange(123_456), formatYuanChange(-90_000), formatYuanChange(0), formatYuanChange(-0.4)]).toEqual([
      '+¥1,234.56',
      '\u2212¥900.00',
      '¥0.00',
      '¥0.00',
    ]);
    expect([changeSign(3), changeSign(-3), changeSign(0)]).toEqual(['+', '\u2212', '']);
  });
});
