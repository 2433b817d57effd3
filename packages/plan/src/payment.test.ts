import { describe, expect, it } from 'vitest';
import { pyMonths } from './calendar.ts';
import { paymentDateOf, paymentYearOf } from './payment.ts';
import { RULE_TABLES, rulesFor } from './rules/registry.ts';

describe('paymentDateOf', () => {
  it("pays a month's statement on the 15th of the month after, in every rule table", () => {
    for (const rules of RULE_TABLES) expect(rules.payment.dayOfNextMonth, rules.py).toBe(15);
    expect(paymentDateOf('2026-10')).toBe('2026-11-15');
    expect(paymentDateOf('2026-02')).toBe('2026-03-15');
  });

  it('pays December in January of the next calendar year (its tax year)', () => {
    expect(paymentDateOf('2025-12')).toBe('2026-01-15');
    expect(paymentYearOf(paymentDateOf('2025-12'))).toBe('2026');
    expect(paymentYearOf(paymentDateOf('2025-11'))).toBe('2025');
  });

  it('pays August, with its annual bonuses, in September: after the PY it pays for', () => {
    expect(paymentDateOf('2026-08')).toBe('2026-09-15');
  });

  it("reads the day from the statement's PY table, and clamps it to a short month", () => {
    const rules = { ...rulesFor('25/26'), payment: { dayOfNextMonth: 31 } };
    expect(paymentDateOf('2026-01', rules)).toBe('2026-02-28');
    expect(paymentDateOf('2027-01', { ...rules, py: '26/27' })).toBe('2027-02-28');
    expect(paymentDateOf('2026-03', rules)).toBe('2026-04-30');
    expect(paymentDateOf('2026-04', { ...rules, payment: { dayOfNextMonth: 1 } })).toBe('2026-05-01');
  });

  it('gives every month of a PY a different payment month, so a month is never paid twice', () => {
    const paid = pyMonths('25/26').map((m) => paymentDateOf(m).slice(0, 7));
    expect(new Set(paid).size).toBe(12);
    expect(paid[0]).toBe('2025-10');
    expect(paid[11]).toBe('2026-09');
  });

  it('uses the nearest table for a PY without one, and refuses what is not a month or a day', () => {
    expect(paymentDateOf('2019-05')).toBe('2019-06-15');
    expect(() => paymentDateOf('2026-13')).toThrow(RangeError);
    expect(() => paymentDateOf('2026-10-01')).toThrow(RangeError);
    expect(() => paymentDateOf('2026-10', { ...rulesFor('25/26'), payment: { dayOfNextMonth: 0 } })).toThrow(/payment day/);
  });
});
