import { buildChildren, monthIndex, monthKeyOf } from '@abo/plan';
import { describe, expect, it } from 'vitest';
import { planMonthsOf, pinsBeforeWindows, windowOf, type PlanInputs } from './plans.ts';

// Three members over June–December 2025, June to November closed; PY 25/26's plans start reading
// in September (month 3).
const n = 3;
const first = monthIndex('2025-06');
const months = Array.from({ length: 7 }, (_, m) => monthKeyOf(first + m));
/** Pin at the end of each month, by member: 0 rises in August, 1 in September, 2 shows 320 before joining in October. */
const pins = [
  [230, 230, 230],
  [230, 230, 320],
  [310, 230, 320],
  [310, 330, 320],
  [310, 330, 320],
  [310, 330, 320],
  [310, 330, 320],
];
const cells = months.length * n;
const flat = {
  ppv: new Int32Array(cells),
  gpv: new Int32Array(cells),
  pgpv: new Int32Array(cells),
  bracket: new Uint8Array(cells),
  isQ: new Uint8Array(cells),
  isSp: new Uint8Array(cells),
  qLegs: new Uint16Array(cells),
  pin: Uint16Array.from(pins.flat()),
  newCustomers: new Uint16Array(cells),
  compliant: new Uint8Array(cells),
};
const inputs: PlanInputs = {
  n,
  today: '2025-12-10',
  cal: { months, closed: 6, first, pys: ['25/26'] },
  order: Int32Array.from([0, 1, 2]),
  ada: ['1', '2', '3'],
  children: buildChildren(Int32Array.from([-1, 0, 0])),
  joinMonth: Int32Array.from([0, 0, 4]),
  byMonth: planMonthsOf(flat, months.length, n),
  qualificationCredits: new Map(),
  attended: new Map(),
  initialPin: Uint16Array.from([230, 230, 230]),
  only: null,
};

describe('the pin held before the months a PY’s plans read', () => {
  it('counts the closed months before, from each member’s join month, and not the first month itself', () => {
    const before = pinsBeforeWindows(inputs);
    expect([...before.keys()]).toEqual([3]);
    // August's rise counts; September's is the window's own month; a pin shown before the join does not.
    expect([...before.get(3)!]).toEqual([310, 230, 230]);
    const windowed = windowOf(inputs, ['25/26'], before);
    expect(windowed.from).toBe(3);
    expect([...windowed.initialPin!]).toEqual([310, 230, 230]);
  });
});
