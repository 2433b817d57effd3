import { describe, expect, it } from 'vitest';
import { monthIndex, monthKeyOf, pyFirstMonthIndex } from '../calendar.ts';
import { rng } from '../testing.ts';
import { evaluatePlans } from './evaluate.ts';
import { monthRecord } from './month-record.test-support.ts';
import { plansFirstMonth, plansFor } from './registry.ts';
import type { MonthRecord, PinEvent, PlanHistory } from './types.ts';

const PINS = [310, 320, 330, 340, 350, 360];

/** Months from September 2022 to `today`'s month: random volumes, legs, attendance and pin rises. */
function randomHistory(seed: number, today: string): PlanHistory {
  const r = rng(seed);
  const months: MonthRecord[] = [];
  const pins: PinEvent[] = [];
  let pin = 0;
  for (let m = monthIndex('2022-09'); m <= monthIndex(today); m++) {
    const month = monthKeyOf(m);
    const legs = Array.from({ length: Math.floor(r() * 4) }, (_, k) => `L${k}`);
    months.push(
      monthRecord(month, {
        q: r() < 0.5,
        ppv: Math.floor(r() * 3000),
        qLegIds: legs,
        newCustomers: Math.floor(r() * 3),
        compliant: r() < 0.9,
        attended: r() < 0.1 ? [`EVENT-${Math.floor(r() * 7)}`] : [],
      }),
    );
    if (m < monthIndex(today) && pin < PINS.length && r() < 0.08) pins.push({ pinCode: PINS[pin++]!, month });
  }
  return { months, pins, initialPin: 230, frontlineLegs: 3, firstMonth: '2022-09' };
}

/** The history from month `from` on, the pins before it folded into the initial pin. */
function from(history: PlanHistory, first: number): PlanHistory {
  const before = (history.pins ?? []).filter((p) => monthIndex(p.month) < first);
  return {
    ...history,
    months: history.months.filter((r) => monthIndex(r.month) >= first),
    pins: (history.pins ?? []).filter((p) => monthIndex(p.month) >= first),
    initialPin: Math.max(history.initialPin ?? 230, ...before.map((p) => p.pinCode)),
  };
}

describe('the first month a PY’s plans read', () => {
  it('is the first month of their longest period: a year, or two for plans spanning two PYs', () => {
    expect(plansFirstMonth('22/23')).toBeNull();
    expect(plansFirstMonth('23/24')).toBe(pyFirstMonthIndex('23/24'));
    expect(plansFirstMonth('24/25')).toBe(pyFirstMonthIndex('23/24'));
    expect(plansFirstMonth('25/26')).toBe(pyFirstMonthIndex('25/26'));
  });

  // What the close relies on to let the months before it go (apps/bff close/segments.ts).
  it('a history starting there, with the pin held before as its initial pin, gives the same results', () => {
    for (const [seed, today] of [
      [1, '2026-11-21'],
      [2, '2025-12-03'],
      [3, '2027-08-30'],
      [4, '2024-10-15'],
    ] as const) {
      const history = randomHistory(seed, today);
      for (const py of ['23/24', '24/25', '25/26', '26/27'] as const) {
        const first = plansFirstMonth(py)!;
        if (first > monthIndex(today)) continue;
        const plans = plansFor(py);
        const cut = from(history, first);
        expect(cut.months.length).toBeLessThan(history.months.length);
        expect(evaluatePlans(plans, cut, { today })).toEqual(evaluatePlans(plans, history, { today }));
      }
    }
  });
});
