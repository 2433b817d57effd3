import { describe, expect, it } from 'vitest';
import { chinaDay, parseBvFen, parseDay, parseOrderTime, parsePv } from './fields.ts';

describe('cells of the import files', () => {
  it('reads order times as China time, whatever zone they were written in', () => {
    expect(parseOrderTime('2026-10-05')).toEqual({ at: '2026-10-05T00:00:00+08:00', day: '2026-10-05' });
    expect(parseOrderTime('2026-10-05 14:30')).toEqual({ at: '2026-10-05T14:30:00+08:00', day: '2026-10-05' });
    expect(parseOrderTime('2026-10-05T14:30:15.25')).toEqual({ at: '2026-10-05T14:30:15.250+08:00', day: '2026-10-05' });
    // 16:30 UTC on the last day of a month is already the next month in China.
    expect(parseOrderTime('2026-09-30T16:30:00Z')).toEqual({ at: '2026-10-01T00:30:00+08:00', day: '2026-10-01' });
    expect(parseOrderTime('2026-12-31T23:00:00-05:00')).toEqual({ at: '2027-01-01T12:00:00+08:00', day: '2027-01-01' });
    expect(parseOrderTime('2026-10-05T14:30:00+0800')).toEqual({ at: '2026-10-05T14:30:00+08:00', day: '2026-10-05' });
    for (const bad of ['2026-02-29', '2026-13-01', '2026-10-05T24:00', '2026-10-05T10:60', '05/10/2026', '2026-10-05T10:00+15:00', '']) {
      expect(parseOrderTime(bad), bad).toBeUndefined();
    }
    expect(parseOrderTime('2028-02-29')?.day).toBe('2028-02-29');
  });

  it('reads days, PV and BV exactly', () => {
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
    expect(parseDay('2100-02-29')).toBeUndefined();
    expect(parseDay('2026-1-5')).toBeUndefined();
    expect(parsePv('-40')).toBe(-40);
    expect(parsePv('+120')).toBe(120);
    expect(parsePv('1e3')).toBeUndefined();
    expect(parsePv('12.0')).toBeUndefined();
    expect(parseBvFen('128.5')).toBe(12850);
    expect(parseBvFen('0.29')).toBe(29);
    expect(parseBvFen('-300.00')).toBe(-30000);
    expect(parseBvFen('1,200')).toBeUndefined();
    expect(parseBvFen('1.234')).toBeUndefined();
  });

  it('takes the business day in China time', () => {
    expect(chinaDay(new Date('2026-11-21T16:30:00Z'))).toBe('2026-11-22');
    expect(chinaDay(new Date('2026-11-21T12:00:00+08:00'))).toBe('2026-11-21');
  });
});
