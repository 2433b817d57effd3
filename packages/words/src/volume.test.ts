import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent, formatRateBp, formatVolume } from './volume.ts';

describe('volume', () => {
  it('groups thousands and keeps at most two decimals', () => {
    expect([0, 800, 12345.5, 1234567.891, -12.3].map(formatVolume)).toEqual(['0', '800', '12,345.5', '1,234,567.89', '-12.3']);
  });

  it('rounds half away from zero on the decimal form', () => {
    expect([1.005, 2.675, 0.125, -1.005].map(formatVolume)).toEqual(['1.01', '2.68', '0.13', '-1.01']);
  });

  it('has no negative zero', () => {
    expect([-0, -0.001, 1e-9].map(formatVolume)).toEqual(['0', '0', '0']);
  });

  it('writes percentages and basis points', () => {
    expect([formatPercent(21), formatPercent(2.5), formatRateBp(2100), formatRateBp(25), formatRateBp(30)]).toEqual([
      '21%',
      '2.5%',
      '21%',
      '0.25%',
      '0.3%',
    ]);
  });

  it('writes counts as integers', () => {
    expect([0, 60000, -1234567, 999.9, -0.5].map(formatCount)).toEqual(['0', '60,000', '-1,234,567', '999', '-0']);
  });
});
