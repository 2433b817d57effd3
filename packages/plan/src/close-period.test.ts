import { describe, expect, it } from 'vitest';
import { monthIndex, monthKeyOf, pyOf } from './calendar.ts';
import { closeIncome, createMonthIncome } from './close-income.ts';
import { closePeriod, type ClosedMonth, type PeriodMonthInput } from './close-period.ts';
import { closeMonth, createMonthClose } from './close.ts';
import { monthlyStatement } from './income.ts';
import { advancePins, createPinState } from './pin-tracker.ts';
import { PIN } from './pins.ts';
import { rulesFor } from './rules/registry.ts';
import { randomPv, randomPvWithReturns, randomTree } from './testing.ts';

/** 26 months from September 2024: two whole PYs, then an open October 2026. */
function period(n: number, seed: number): PeriodMonthInput[] {
  const first = monthIndex('2024-09');
  return Array.from({ length: 26 }, (_, k) => {
    const ppv = randomPv(n, seed + k);
    // A few big producers keep legs Q for months, so pins reach Emerald and above.
    for (let i = 1; i < Math.min(n, 14); i++) ppv[i] = 10_000 + ((i * 7919 + k * 131) % 9_000);
    return { month: monthKeyOf(first + k), ppv, closed: k < 25 };
  });
}

describe('closePeriod', () => {
  const n = 400;
  const sponsor = randomTree(n, 3, 1);
  // Thirteen Q producers hung directly under the root.
  for (let i = 1; i < 14; i++) sponsor[i] = 0;
  const months = period(n, 17);

  it('is closeMonth, closeIncome and advancePins month by month, the open month volumes only', () => {
    const close = createMonthClose(n);
    const income = createMonthIncome(n);
    const pins = createPinState(n);
    const seen: string[] = [];
    const result = closePeriod({ sponsor, months }, (m: ClosedMonth) => {
      const input = months[m.index]!;
      const rules = rulesFor(pyOf(input.month));
      closeMonth(sponsor, input.ppv, rules, close);
      expect(m.close.groupPv).toEqual(close.groupPv);
      expect(m.close.isSpMonth).toEqual(close.isSpMonth);
      closeIncome(sponsor, close, rules, income);
      if (input.closed) {
        advancePins(pins, sponsor, close, input.month, rules);
        expect(m.income!.pretaxFen).toEqual(income.pretaxFen);
        expect(m.incomeSoFar).toBeNull();
      } else {
        // The open month is not paid; its fees so far are there for the what-if.
        expect(m.income).toBeNull();
        expect(m.incomeSoFar!.leadershipUpFen).toEqual(income.leadershipUpFen);
      }
      expect(m.pin).toEqual(pins.pin);
      seen.push(m.month);
    });
    expect(seen).toEqual(months.map((m) => m.month));
    expect(result.pinMonth).toEqual(pins.pinMonth);
    expect(Math.max(...result.pin)).toBeGreaterThanOrEqual(PIN.EMERALD);
  });

  it('shares each August’s funds by units among those qualified in the PY, as the statement shows them', () => {
    const units = new Float64Array(n);
    let augusts = 0;
    closePeriod({ sponsor, months }, (m) => {
      if (m.month.endsWith('-09')) units.fill(0);
      for (let i = 0; i < n; i++) units[i] = units[i]! + m.close.qLegCount[i]!;
      if (!m.month.endsWith('-08')) {
        expect(m.annual.size).toBe(0);
        return;
      }
      augusts++;
      expect(m.annual.size).toBeGreaterThan(0);
      let emeraldPaid = 0;
      let fundFen = -1;
      for (let i = 0; i < n; i++) {
        const bonus = m.annual.get(i);
        if (m.qualified[i]! < PIN.EMERALD) {
          expect(bonus).toBeUndefined();
          continue;
        }
        expect(bonus!.pinCode).toBe(m.qualified[i]);
        // A unit per frontline 21 % leg-month of the PY.
        expect(bonus!.units).toBe(units[i]);
        emeraldPaid += bonus!.emeraldFen;
        if (fundFen >= 0) expect(bonus!.emerald.fundFen).toBe(fundFen);
        fundFen = bonus!.emerald.fundFen;
        const st = monthlyStatement({ month: m.month, ppv: 0, legs: [], annual: bonus! });
        const item = st.items.find((x) => x.code === 'EMERALD_ANNUAL')!;
        expect(item.amountFen).toBe(bonus!.emeraldFen);
        expect(item.share).toEqual({ fundFen, units: units[i], totalUnits: bonus!.emerald.totalUnits });
        expect(st.items.find((x) => x.code === 'DIAMOND_ANNUAL')!.amountFen).toBe(bonus!.diamondFen);
      }
      // The fund is paid out to the fen, no more.
      expect(emeraldPaid).toBe(fundFen);
      expect(fundFen).toBeGreaterThan(0);
    });
    expect(augusts).toBe(2);
  });

  it('pays the annual bonuses to those qualified Emerald or Diamond in the PY, not to a pin merely held', () => {
    // A Diamond (held from before) with three legs Q every month of 25/26, two in 26/27.
    const sponsor = Int32Array.from([-1, 0, 0, 0]);
    const first = monthIndex('2025-09');
    const months = Array.from({ length: 24 }, (_, k) => ({
      month: monthKeyOf(first + k),
      ppv: Int32Array.from([500, 10_000, 10_000, k < 12 ? 10_000 : 1_000]),
      closed: true,
    }));
    const augusts = new Map<string, { held: number; qualified: number; emerald: number; diamond: number } | null>();
    closePeriod({ sponsor, months, initialPin: [PIN.DIAMOND, PIN.MEMBER, PIN.MEMBER, PIN.MEMBER] }, (m) => {
      if (!m.month.endsWith('-08')) return;
      const b = m.annual.get(0);
      augusts.set(m.month, b ? { held: m.pin[0]!, qualified: m.qualified[0]!, emerald: b.emeraldFen, diamond: b.diamondFen } : null);
      if (b) expect(b.pinCode).toBe(m.qualified[0]);
    });
    // 25/26: Founders Emerald qualified (3 legs Q all year): the Emerald bonus, no Diamond bonus.
    const y1 = augusts.get('2026-08')!;
    expect([y1.held, y1.qualified, y1.diamond]).toEqual([PIN.DIAMOND, PIN.FOUNDERS_EMERALD, 0]);
    expect(y1.emerald).toBeGreaterThan(0);
    // 26/27: two legs, Founders Platinum qualified (12 SP months): no annual bonus, Diamond held.
    expect(augusts.get('2027-08')).toBeNull();
  });

  it('resumed from the state a closed month left, gives every later month as one run does', () => {
    // Returns too, so claw-back debits run across the split.
    const withReturns = months.map((m, k) => ({ ...m, ppv: k % 3 === 1 ? randomPvWithReturns(n, 50 + k) : m.ppv }));
    /** Everything a month hands out, as plain numbers. */
    const record = (out: unknown[]) => (m: ClosedMonth) =>
      out.push({
        month: m.month,
        gpv: [...m.close.groupPv],
        pgbv: [...m.close.personalGroupBvFen],
        paid: m.income ? [...m.income.pretaxFen] : null,
        brought: m.carry ? [...m.carry.broughtFen] : null,
        since: m.carry ? [...m.carry.broughtSince] : null,
        pin: [...m.pin],
        qualified: [...m.qualified],
        credits: [...m.qualificationCredits],
        annual: [...m.annual],
      });
    const whole: unknown[] = [];
    const one = closePeriod({ sponsor, months: withReturns }, record(whole));
    expect(whole.some((m) => (m as { brought: number[] | null }).brought?.some((f) => f > 0))).toBe(true);
    // Split inside a PY, at a PY's last month (annual bonuses, credits) and just before the open month.
    for (const split of [5, 11, 12, 23, 24]) {
      const parts: unknown[] = [];
      const head = closePeriod({ sponsor, months: withReturns.slice(0, split + 1) }, record(parts));
      expect(head.state.month).toBe(withReturns[split]!.month);
      const tail = closePeriod({ sponsor, months: withReturns.slice(split + 1), state: head.state }, record(parts));
      expect(parts).toEqual(whole);
      expect([...tail.pin]).toEqual([...one.pin]);
      expect([...tail.pinMonth]).toEqual([...one.pinMonth]);
      expect([...tail.debitFen]).toEqual([...one.debitFen]);
      // The state it started from is left as it was: it can be resumed again.
      expect(head.state.month).toBe(withReturns[split]!.month);
    }
  });

  it('refuses a state of another tree, or months that do not follow it', () => {
    const head = closePeriod({ sponsor, months: months.slice(0, 3) }, () => undefined);
    expect(() => closePeriod({ sponsor, months: months.slice(4, 6), state: head.state }, () => undefined)).toThrow(/consecutive/);
    expect(() =>
      closePeriod(
        { sponsor: sponsor.subarray(0, 10), months: [{ ...months[3]!, ppv: new Int32Array(10) }], state: head.state },
        () => undefined,
      ),
    ).toThrow(/state of 400 nodes/);
  });

  it('refuses months that skip, and an open month before the last', () => {
    const [a, b, c] = months;
    expect(() => closePeriod({ sponsor, months: [a!, c!] }, () => undefined)).toThrow(/consecutive/);
    expect(() => closePeriod({ sponsor, months: [{ ...a!, closed: false }, b!] }, () => undefined)).toThrow(/open/);
    expect(() => closePeriod({ sponsor, months: [{ ...a!, ppv: new Int32Array(3) }] }, () => undefined)).toThrow(/volumes/);
  });
});
