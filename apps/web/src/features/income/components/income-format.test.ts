import { describe, expect, it } from 'vitest';
import { formatPercent, formatRateBp, pySlug } from './income-format.ts';

describe('income formatting', () => {
  it('shows basis points as percentages', () => {
    expect(formatRateBp(2100, 'zh-CN')).toBe('21%');
    expect(formatRateBp(25, 'en-US')).toBe('0.25 %');
    expect(formatPercent(-12.5, 'zh-CN')).toBe('-12.5%');
  });
  it('makes PYs safe for file names', () => {
    expect(pySlug('25/26')).toBe('25-26');
  });
});
