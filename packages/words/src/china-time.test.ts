import { describe, expect, it } from 'vitest';
import { CHINA_ISO_OFFSET, CHINA_OFFSET_MS, chinaClock, chinaDay, chinaInstant, chinaIso } from './china-time.ts';

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

  it('writes its offset as ISO text does', () => {
    expect(CHINA_ISO_OFFSET).toBe('+08:00');
  });

  it('reads a China wall-clock time or day as its instant', () => {
    expect(new Date(chinaInstant('2026-10-05')).toISOString()).toBe('2026-10-04T16:00:00.000Z');
    expect(new Date(chinaInstant('2026-11-01T02:00:00')).toISOString()).toBe('2026-10-31T18:00:00.000Z');
    expect(chinaInstant(chinaIso(Date.parse('2026-12-31T23:59:59.250Z')))).toBe(Date.parse('2026-12-31T23:59:59.250Z'));
    expect(chinaInstant('not a day')).toBeNaN();
  });

  it('throws on an invalid instant, as Date#toISOString does', () => {
    expect(() => chinaDay(Number.NaN)).toThrow(RangeError);
  });
});
