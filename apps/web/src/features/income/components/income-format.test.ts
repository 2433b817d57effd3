import { describe, expect, it } from 'vitest';
import { formatPayDate, formatPercent, formatRateBp, pySlug } from './income-format.ts';

describe('income formatting', () => {
  it('shows basis points as percentages', () => {
    expect(formatRateBp(2100, 'zh-CN')).toBe('21%');
    expect(formatRateBp(25, 'en-US')).toBe('0.25%');
    expect(formatRateBp(2100, 'en-US')).toBe('21%');
    expect(formatPercent(-12.5, 'zh-CN')).toBe('-12.5%');
  });
  it('writes a payment date the way each language reads it', () => {
    expect(formatPayDate('2026-11-15', 'zh-CN')).toBe('2026-11-15');
    expect(formatPayDate('2026-11-15', 'en-US')).toBe('15 Nov 2026');
    expect(formatPayDate('2027-01-05', 'en-US')).toBe('5 Jan 2027');
    expect(formatPayDate('2026-13-15', 'en-US')).toBe('2026-13-15');
    expect(formatPayDate('soon', 'en-US')).toBe('soon');
  });
  it('makes PYs safe for file names', () => {
    expect(pySlug('25/26')).toBe('25-26');
  });
});
