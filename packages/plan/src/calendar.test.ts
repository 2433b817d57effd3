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
  it('reads a Date’s day on the same calendar as its month: the month and its days left never disagree', () => {
    // The last evening of November: still November, one day left, whatever the clock's zone.
    const evening = new Date(2026, 10, 30, 23, 30);
    expect(toMonthKey(evening)).toBe('2026-11');
    expect(daysLeftInMonth(evening)).toBe(1);
    const morning = new Date(2026, 11, 1, 0, 30);
    expect(toMonthKey(morning)).toBe('2026-12');
    expect(daysLeftInMonth(morning)).toBe(31);
  });
});
