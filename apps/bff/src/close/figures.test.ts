// closeFigures keeping only the later months: the engine still runs from the first month, the
// figures kept equal the full run's from there, and the plans' history starts from the pin held
// before the first month kept (not from Member, which would read as a new pin in that month).
import { describe, expect, it } from 'vitest';
import { historyOf } from './plans.ts';
import { closeCalendar, closeFigures, type Members, type MonthFacts } from './figures.ts';
import { TEST_TODAY as TODAY } from '../testing/today.ts';

/** A leader with three frontline legs at 10 500 PV every month (Q legs: Emerald within a PY). */
function tree(cal: ReturnType<typeof closeCalendar>): { members: Members; facts: MonthFacts } {
  const ada = ['10000001', '10000002', '10000003', '10000004'];
  const n = ada.length;
  const M = cal.months.length;
  const ppv = new Int32Array(M * n);
  for (let m = 0; m < M; m++) {
    ppv[m * n] = 4_200;
    for (let i = 1; i < n; i++) ppv[m * n + i] = 10_500;
  }
  const members: Members = {
    n,
    ada,
    sponsor: Int32Array.from([-1, 0, 0, 0]),
    joinMonth: new Int32Array(n).fill(cal.first),
    joinDate: new Array<string>(n).fill(`${cal.months[0]}-01`),
    pinCode: new Int32Array(n).fill(230),
    pinMonth: new Array<string | null>(n).fill(null),
    pinHeld: new Uint16Array(n).fill(230),
    index: new Map(ada.map((a, i) => [a, i])),
  };
  const facts: MonthFacts = {
    ppv,
    bvFen: Float64Array.from(ppv, (v) => v * 100),
    newCustomers: new Uint16Array(M * n),
    compliant: Uint8Array.from(ppv, (v) => (v >= 150 ? 1 : 0)),
    attended: new Map(),
  };
  return { members, facts };
}

describe('closeFigures from a later month', () => {
  it('keeps the full run’s figures from that month, and the pin held before it', () => {
    const cal = closeCalendar('2024-03', '2026-11', '2026-10');
    const { members, facts } = tree(cal);
    const keep = 18; // 2025-09
    expect(cal.months[keep]).toBe('2025-09');
    const full = closeFigures(members, cal, facts, 0, ['25/26', '26/27'], TODAY);
    const part = closeFigures(members, cal, facts, keep, ['25/26', '26/27'], TODAY);
    const n = members.n;
    expect(part.figures.cal.months).toEqual(cal.months.slice(keep));
    expect(part.figures.cal.closed).toBe(cal.closed - keep);
    for (const k of ['ppv', 'gpv', 'pgpv', 'bracket', 'isQ', 'qLegs', 'pin', 'promotionFen', 'leadershipFen'] as const) {
      expect(Array.from(part.figures[k]), k).toEqual(Array.from(full.figures[k].subarray(keep * n)));
    }
    expect(part.pin).toEqual(full.pin);
    expect(part.pinMonth).toEqual(full.pinMonth);

    // The leader was Emerald or above before September 2025: that is where the history starts.
    const before = full.figures.pin[(keep - 1) * n]!;
    expect(before).toBeGreaterThanOrEqual(370);
    const history = historyOf(part.plans, 0);
    expect(history.initialPin).toBe(before);
    expect(history.pins!.every((p) => p.pinCode > before)).toBe(true);
    // The same rises as the full history has from that month on.
    expect(history.pins).toEqual(historyOf(full.plans, 0).pins!.filter((p) => p.month >= '2025-09'));
  });

  it('gives the plans each month’s Global Award credits from the cells that have any', () => {
    const cal = closeCalendar('2024-03', '2026-11', '2026-10');
    const { members, facts } = tree(cal);
    const { figures, plans } = closeFigures(members, cal, facts, 0, ['25/26', '26/27'], TODAY);
    const counted = [...figures.qualificationCredits.entries()].filter(([, c]) => c !== 0);
    expect(counted.length).toBeGreaterThan(0);
    expect([...plans.qualificationCredits.entries()]).toEqual(counted);
    const n = members.n;
    for (let i = 0; i < n; i++) {
      const months = historyOf(plans, i).months;
      const told = months.filter((m) => m.qualificationCredits).map((m) => [m.month, m.qualificationCredits]);
      expect(told, members.ada[i]).toEqual(
        counted.filter(([cell]) => cell % n === i).map(([cell, c]) => [cal.months[Math.floor(cell / n)], c]),
      );
    }
  });
});
