import { describe, expect, it } from 'vitest';
import { dayLabel, monthDayLabel, monthLabel, MONTHS_LONG, MONTHS_SHORT } from './months.ts';

describe('months', () => {
  it('names twelve months, short and long', () => {
    expect(MONTHS_SHORT).toHaveLength(12);
    expect(MONTHS_LONG).toHaveLength(12);
    MONTHS_LONG.forEach((long, i) => expect(long.startsWith(MONTHS_SHORT[i]!)).toBe(true));
    expect([MONTHS_SHORT[8], MONTHS_LONG[8]]).toEqual(['Sep', 'September']);
  });

  it('labels a month', () => {
    expect([monthLabel(2026, 3, true), monthLabel('2026', 3, false), monthLabel(2026, 12, false)]).toEqual([
      '2026年3月',
      'Mar 2026',
      'Dec 2026',
    ]);
  });

  it('labels a day of a month', () => {
    expect([monthDayLabel(12, 1, true), monthDayLabel(12, 1, false)]).toEqual(['12月1日', '1 Dec']);
  });

  it('labels a day', () => {
    expect([dayLabel(2027, 1, 15, true), dayLabel('2027', 1, 15, false)]).toEqual(['2027年1月15日', '15 Jan 2027']);
  });
});
