import { describe, expect, it } from 'vitest';
import { CHINA_OFFSET_MS, chinaClock, chinaDay, chinaIso } from './china-time.ts';

describe('China time', () => {
  it('is eight hours ahead of UTC', () => {
    expect(CHINA_OFFSET_MS).toBe(28_800_000);
  });

  it("reads China's wall clock in the UTC fields", () => {
    const d = chinaClock(Date.parse('2026-08-31T16:30:00Z'));
    expect([d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()]).toEqual([2026, 9, 1, 0, 30]);
  });

  it('writes the wall clock without a zone', () => {
    expect(chinaIso(Date.parse('2026-12-31T23:59:59.250Z'))).toBe('2027-01-01T07:59:59.250');
  });

  it("turns the day at China's midnight, not UTC's", () => {
    expect(chinaDay(Date.parse('2026-10-04T15:59:59Z'))).toBe('2026-10-04');
    expect(chinaDay(Date.parse('2026-10-04T16:00:00Z'))).toBe('2026-10-05');
  });

  it('throws on an invalid instant, as Date#toISOString does', () => {
    expect(() => chinaDay(Number.NaN)).toThrow(RangeError);
  });
});
