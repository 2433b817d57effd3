import { describe, expect, it } from 'vitest';
import {
  closedMonths,
  dayOfMonth,
  daysInMonth,
  daysLeftInMonth,
  isLastMonthOfPy,
  pyMonthPosition,
  pyMonths,
  pyOf,
  pyState,
  remainingMonths,
  toMonthKey,
} from './calendar.ts';

describe('calendar', () => {
  it('names the PY of a month or date', () => {
    expect(pyOf('2025-09')).toBe('25/26');
    expect(pyOf('2026-08-31')).toBe('25/26');
    expect(pyOf('2026-09-01')).toBe('26/27');
    expect(pyOf(new Date(2026, 10, 21))).toBe('26/27');
    expect(pyOf('2099-12')).toBe('99/00');
  });
  it('lists the months of a PY', () => {
    const m = pyMonths('25/26');
    expect(m).toHaveLength(12);
    expect(m[0]).toBe('2025-09');
    expect(m[11]).toBe('2026-08');
    expect(pyMonthPosition('2026-08')).toBe(11);
    expect(pyMonthPosition('2025-09-30')).toBe(0);
  });
  it('gives remaining and closed months of the open PY (today 2026-11-21)', () => {
    const today = '2026-11-21';
    expect(pyState('26/27', today)).toBe('open');
    expect(pyState('25/26', today)).toBe('closed');
    expect(pyState('27/28', today)).toBe('future');
    expect(remainingMonths('26/27', today)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
    ]);
    expect(closedMonths('26/27', today)).toEqual(['2026-09', '2026-10']);
    expect(remainingMonths('25/26', today)).toEqual([]);
  });
  it('rejects malformed input', () => {
    expect(() => pyOf('2025-13')).toThrow(RangeError);
    expect(() => pyMonths('25/27')).toThrow(RangeError);
    expect(toMonthKey('2026-01-15')).toBe('2026-01');
  });
  it('counts the days of a month and the days left in today’s month, today included', () => {
    expect([daysInMonth('2026-02'), daysInMonth('2028-02'), daysInMonth('2026-11-21'), daysInMonth('2026-12')]).toEqual([28, 29, 30, 31]);
    expect(daysLeftInMonth('2026-11-21')).toBe(10);
    expect(daysLeftInMonth('2026-11-30')).toBe(1);
    expect(daysLeftInMonth('2026-12-01')).toBe(31);
    expect(() => dayOfMonth('2026-11')).toThrow(RangeError);
    expect(() => dayOfMonth('2026-02-30')).toThrow(RangeError);
    expect(isLastMonthOfPy('2026-08')).toBe(true);
    expect(isLastMonthOfPy('2026-09')).toBe(false);
  });
  it('reads a Date on China’s calendar, whatever the machine’s zone: month and days left agree', () => {
    // The last evening of November in Beijing: still November, one day left.
    const evening = new Date('2026-11-30T23:30:00+08:00');
    expect(toMonthKey(evening)).toBe('2026-11');
    expect(daysLeftInMonth(evening)).toBe(1);
    // 20:00 UTC on 30 November is already 1 December in China (a server on UTC must agree).
    const utcEvening = new Date('2026-11-30T20:00:00Z');
    expect(toMonthKey(utcEvening)).toBe('2026-12');
    expect(dayOfMonth(utcEvening)).toBe(1);
    expect(daysLeftInMonth(utcEvening)).toBe(31);
    // 23:59 on 31 August in China is the PY's last day; a minute later the next PY starts.
    expect(pyOf(new Date('2026-08-31T23:59:00+08:00'))).toBe('25/26');
    expect(pyOf(new Date('2026-08-31T16:00:00Z'))).toBe('26/27');
  });
});
