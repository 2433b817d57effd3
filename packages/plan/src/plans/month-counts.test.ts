import { describe, expect, it } from 'vitest';
import { countMonths, countsSoFar, monthStateOf, pyMonths, toMonthKey } from '../calendar.ts';
import { isPqMonth } from '../close.ts';
import { periodTotal } from './measure-basics.ts';
import { summarizeHistory } from './history-summary.ts';
import { monthRecord } from './month-record.test-support.ts';

const rec = (month: string, sp: boolean, compliant: boolean) => monthRecord(month, { q: sp, ppv: compliant ? 200 : 50, compliant });

describe('one rule for month counts: closed months and the open month so far, never a future one', () => {
  // Sep and the open Nov are SP months; so is Dec, which has not begun (a forecast row).
  const history = {
    months: [rec('2026-09', true, true), rec('2026-10', false, true), rec('2026-11', true, false), rec('2026-12', true, true)],
  };
  const today = '2026-11-21';

  it('counts a page’s month rows as the plans count the period', () => {
    const rows = history.months.map((m) => ({ ...m, state: monthStateOf(m.month, toMonthKey(today)) }));
    expect(rows.map((r) => countsSoFar(r.state))).toEqual([true, true, true, false]);
    const s = summarizeHistory(history, pyMonths('26/27'), today);
    expect(countMonths(rows, (r) => r.isSp)).toBe(periodTotal(s, 'spMonths'));
    expect(countMonths(rows, (r) => r.isSp)).toBe(2);
    expect(countMonths(rows, isPqMonth)).toBe(periodTotal(s, 'pqMonths'));
    expect(countMonths(rows, (r) => r.compliant === true)).toBe(periodTotal(s, 'complianceMonths'));
    expect(countMonths(rows, (r) => r.compliant === true)).toBe(2);
  });

  it('counts every month of a closed period', () => {
    const rows = history.months.map((m) => ({ ...m, state: monthStateOf(m.month, '2027-09') }));
    expect(countMonths(rows, (r) => r.isSp)).toBe(periodTotal(summarizeHistory(history, pyMonths('26/27')), 'spMonths'));
    expect(countMonths(rows, (r) => r.isSp)).toBe(3);
  });
});
