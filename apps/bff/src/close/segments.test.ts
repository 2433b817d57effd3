import { describe, expect, it } from 'vitest';
import { SEGMENT_MONTHS, segmentMonthsFor } from './segments.ts';

describe('months per run of a close from the first month', () => {
  it('are twelve for a company of the demo’s size, and fewer as the members grow, never none', () => {
    expect(segmentMonthsFor(0)).toBe(SEGMENT_MONTHS);
    expect(segmentMonthsFor(25_000)).toBe(12);
    expect(segmentMonthsFor(50_000)).toBe(7);
    expect(segmentMonthsFor(100_000)).toBe(3);
    expect(segmentMonthsFor(500_000)).toBe(3);
    expect(segmentMonthsFor(1_000_000)).toBe(3);
    expect(segmentMonthsFor(3_000_000)).toBe(1);
    expect(segmentMonthsFor(50_000_000)).toBe(1);
  });
});
