import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthKeyOf, pyMonths } from './calendar.ts';
import { closeMonth, createMonthClose } from './close.ts';
import { monthRecordFromClose } from './history.ts';
import {
  advancePins,
  createPinState,
  explainPins,
  PIN,
  PIN_CODES,
  pinCountersOf,
  pinFromCounters,
  pinLadder,
  pinRequirements,
  pinRule,
  type PinCounters,
  type PinMonthInput,
  type PinStep,
} from './pins.ts';
import { RULE_TABLES, rulesFor, rulesForMonth } from './rules/registry.ts';
import { randomPv, randomTree, rng } from './testing.ts';
import { buildChildren } from './tree.ts';

const PY = pyMonths('25/26'); // 2025-09 … 2026-08

function spMonths(flags: readonly number[]): PinMonthInput[] {
  return flags.map((f, i) => ({
    month: PY[i]!,
    isSp: f === 1,
    apv: f === 1 ? 10_000 : 1_000,
    pgpv: f === 1 ? 10_000 : 1_000,
    legs: [],
  }));
}

describe('explainPins', () => {
  it('Platinum is reached in the 6th SP month once 3 are consecutive', () => {
    //            Sep Oct Nov Dec Jan Feb Mar Apr May Jun Jul Aug
    const flags = [1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0];
    // SP #1 Sep → Silver; #3 Jan → Gold; Jan–Mar is the run of 3; #6 is May → Platinum.
    const e = explainPins(spMonths(flags));
    expect(e.history.map((h) => [h.pinCode, h.month])).toEqual([
      [PIN.SILVER, '2025-09'],
      [PIN.GOLD, '2026-01'],
      [PIN.PLATINUM, '2026-05'],
    ]);
    expect(e.pinCode).toBe(PIN.PLATINUM);
    expect(e.month).toBe('2026-05');
    expect(e.evidence?.spMonths).toEqual(['2025-09', '2025-11', '2026-01', '2026-02', '2026-03', '2026-05']);
    expect(e.evidence?.consecutiveSpMonths).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(e.evidence?.rule.en).toBe('6 SP months in the PY, 3 consecutive');
  });

  it('6 SP months without 3 in a row stay Gold', () => {
    const e = explainPins(spMonths([1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 0, 0]));
    expect(e.pinCode).toBe(PIN.GOLD);
  });

  it('a Founders year: 12 SP months → Founders Platinum in August', () => {
    const e = explainPins(spMonths(Array(12).fill(1)));
    expect(e.history.map((h) => [h.pinCode, h.month])).toEqual([
      [PIN.SILVER, '2025-09'],
      [PIN.GOLD, '2025-11'],
      [PIN.PLATINUM, '2026-02'],
      [PIN.FOUNDERS_PLATINUM, '2026-08'],
    ]);
    expect(e.evidence?.spMonths).toHaveLength(12);
  });

  it('counters restart with the PY, and pins never go down', () => {
    const y1 = spMonths([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const y2 = pyMonths('26/27').map((month) => ({
      month,
      isSp: false,
      apv: 0,
      pgpv: 0,
      legs: [],
    }));
    const e = explainPins([...y1, ...y2]);
    expect(e.pinCode).toBe(PIN.GOLD);
    // SP in Jul + Aug 25/26 and Sep 26/27 is not a run of 3 within one PY.
    const a = spMonths([1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1]);
    const b = [{ month: '2026-09', isSp: true, apv: 10_000, pgpv: 10_000, legs: [] }];
    expect(explainPins([...a, ...b]).pinCode).toBe(PIN.PLATINUM);
  });

  it('Ruby: a month of 20 000 personal-group PV', () => {
    const m = spMonths([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    m[3] = { month: PY[3]!, isSp: true, apv: 20_000, pgpv: 20_000, legs: [] };
    const e = explainPins(m);
    expect(e.pinCode).toBe(PIN.RUBY);
    expect(e.evidence?.rubyMonth).toEqual({ month: '2025-12', pgpv: 20_000 });
  });

  it('Emerald with 3 legs Q 6 months, Founders Emerald with 12 SP months', () => {
    const legs = ['L1', 'L2', 'L3'].map((id) => ({ id, isQ: true }));
    const months = PY.map((month) => ({
      month,
      isSp: true,
      apv: 2_000,
      pgpv: 2_000,
      legs,
    }));
    const e = explainPins(months);
    expect(e.history.map((h) => [h.pinCode, h.month])).toEqual([
      [PIN.SILVER, '2025-09'],
      [PIN.GOLD, '2025-11'],
      [PIN.EMERALD, '2026-02'],
      [PIN.FOUNDERS_EMERALD, '2026-08'],
    ]);
    expect(e.history[2]!.evidence.qualifiedLegs.map((l) => l.id)).toEqual(['L1', 'L2', 'L3']);
  });

  it('Sapphire needs side volume besides 2 qualified legs', () => {
    const legs = ['L1', 'L2'].map((id) => ({ id, isQ: true }));
    const noSide = PY.map((month) => ({
      month,
      isSp: true,
      apv: 3_000,
      pgpv: 3_000,
      legs,
    }));
    expect(explainPins(noSide).pinCode).toBe(PIN.FOUNDERS_PLATINUM);
    const side = PY.slice(0, 6).map((month) => ({
      month,
      isSp: true,
      apv: 4_000,
      pgpv: 4_000,
      legs,
    }));
    const e = explainPins(side);
    expect(e.pinCode).toBe(PIN.SAPPHIRE);
    expect(e.month).toBe('2026-02');
    expect(e.evidence?.sideVolumeMonths).toHaveLength(6);
  });
});

describe('advancePins (whole tree) agrees with explainPins', () => {
  it('root with three Q legs all year: Emerald in Feb, Founders Emerald in Aug', () => {
    const sponsor = Int32Array.from([-1, 0, 0, 0]);
    const ppv = Int32Array.from([500, 10_000, 10_000, 10_000]);
    const st = createPinState(4);
    const c = createMonthClose(4);
    const rises: [number, string, number][] = [];
    for (const m of PY) {
      closeMonth(sponsor, ppv, rulesForMonth(m), c);
      advancePins(st, sponsor, c, m);
      for (let k = 0; k < st.changedCount; k++) {
        const i = st.changed[k]!;
        if (i === 0) rises.push([i, m, st.pin[i]!]);
      }
    }
    expect(rises).toEqual([
      [0, '2025-09', PIN.SILVER],
      [0, '2025-11', PIN.GOLD],
      [0, '2026-02', PIN.EMERALD],
      [0, '2026-08', PIN.FOUNDERS_EMERALD],
    ]);
    // The legs are Q (SP) every month: Founders Platinum each.
    expect(Array.from(st.pin.subarray(1))).toEqual([342, 342, 342]);
  });

  it('on random trees over 24 months, every node', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 60 }), fc.integer({ min: 0, max: 1e6 }), (n, seed) => {
        const sponsor = randomTree(n, seed, 1);
        const children = buildChildren(sponsor);
        const st = createPinState(n);
        const close = createMonthClose(n);
        const hist: PinMonthInput[][] = Array.from({ length: n }, () => []);
        const r = rng(seed);
        for (let k = 0; k < 24; k++) {
          const month = monthKeyOf(2025 * 12 + 8 + k);
          if (r() < 0.1) continue; // a skipped month breaks runs in both APIs
          const ppv = randomPv(n, seed * 31 + k);
          for (let i = 0; i < n; i++) if (r() < 0.3) ppv[i] = 10_000 + Math.floor(r() * 12_000);
          closeMonth(sponsor, ppv, rulesForMonth(month), close);
          advancePins(st, sponsor, close, month);
          for (let i = 0; i < n; i++) hist[i]!.push(monthRecordFromClose(month, i, ppv, close, children));
        }
        for (let i = 0; i < n; i++) {
          const e = explainPins(hist[i]!);
          expect(st.pin[i]).toBe(e.pinCode);
          expect(st.pinMonth[i] === -1 ? null : monthKeyOf(st.pinMonth[i]!)).toBe(e.month);
        }
      }),
      { seed: 7, numRuns: 60 },
    );
  });
});

describe('the pin ladder: qualification, the rule in words and the requirements view agree', () => {
  const zero: PinCounters = { spMonths: 0, maxSpRun: 0, sideVolumeMonths: 0, qualifiedLegs: 0, bestPgpv: 0 };
  const atThreshold = (step: PinStep): PinCounters => {
    const c = { ...zero };
    for (const x of step.conditions) c[x.counter] = x.min;
    return c;
  };

  it('lists every pin above Member once, lowest first', () => {
    for (const rules of RULE_TABLES) {
      expect(pinLadder(rules).map((s) => s.pin)).toEqual(PIN_CODES.filter((p) => p !== PIN.MEMBER));
    }
  });

  it('qualifies for each pin exactly at its thresholds and not one short on any condition', () => {
    for (const rules of RULE_TABLES) {
      for (const step of pinLadder(rules)) {
        const at = atThreshold(step);
        expect(pinFromCounters(at, rules), `${rules.py} ${step.pin}`).toBe(step.pin);
        for (const x of step.conditions) {
          const short = { ...at, [x.counter]: x.min - 1 };
          expect(pinFromCounters(short, rules), `${rules.py} ${step.pin} short of ${x.counter}`).toBeLessThan(step.pin);
        }
      }
    }
  });

  it('the requirements view lists the ladder’s conditions and meets them at the thresholds only', () => {
    for (const rules of RULE_TABLES) {
      for (const step of pinLadder(rules)) {
        const req = pinRequirements(atThreshold(step), rules, PIN.MEMBER).find((r) => r.pinCode === step.pin)!;
        expect(req.conditions.map((c) => [c.key, c.required])).toEqual(step.conditions.map((c) => [c.counter, c.min]));
        expect(req.met).toBe(true);
        expect(req.rule).toEqual(pinRule(step.pin, rules));
        for (const c of req.conditions) expect(c.label.zh && c.label.en).toBeTruthy();
        const short = { ...atThreshold(step), [step.conditions[0]!.counter]: step.conditions[0]!.min - 1 };
        expect(pinRequirements(short, rules, PIN.MEMBER).find((r) => r.pinCode === step.pin)!.met).toBe(false);
      }
    }
  });

  it('the rule in words names each condition’s number, in both languages', () => {
    for (const rules of RULE_TABLES) {
      for (const step of pinLadder(rules)) {
        const rule = pinRule(step.pin, rules);
        for (const x of step.conditions) {
          expect(rule.zh, `${step.pin} ${x.counter}`).toContain(String(x.min));
          expect(rule.en, `${step.pin} ${x.counter}`).toContain(String(x.min));
        }
      }
    }
    expect(pinRule(PIN.PLATINUM, rulesFor('25/26')).en).toBe('6 SP months in the PY, 3 consecutive');
    expect(pinRule(PIN.FOUNDERS_SAPPHIRE, rulesFor('26/27')).en).toBe(
      '2 frontline legs each Q ≥ 6 months of the PY, plus 6 months with APV ≥ 5000 and 12 SP months in the PY',
    );
  });

  it('marks the pins above the current one', () => {
    const req = pinRequirements(zero, rulesFor('26/27'), PIN.PLATINUM);
    expect(req.filter((r) => !r.above).map((r) => r.pinCode)).toEqual([PIN.SILVER, PIN.GOLD, PIN.PLATINUM]);
  });
});

describe('pinCountersOf', () => {
  it('counts the last month’s PY as explainPins does: runs broken by gaps, legs at legQMonths, the best PGPV', () => {
    const legs = (ids: string[]) => ids.map((id) => ({ id, isQ: true }));
    const months: PinMonthInput[] = [
      // 25/26 is left behind by the new PY.
      { month: '2026-08', isSp: true, apv: 9_000, pgpv: 30_000, legs: legs(['A', 'B']) },
      { month: '2026-09', isSp: true, apv: 6_000, pgpv: 6_000, legs: legs(['A', 'B']) },
      { month: '2026-10', isSp: true, apv: 4_000, pgpv: 12_000, legs: legs(['A']) },
      // November missing: the run of SP months breaks.
      { month: '2026-12', isSp: true, apv: 5_000, pgpv: 5_000, legs: legs(['A']) },
      { month: '2027-01', isSp: false, apv: 1_000, pgpv: 1_000, legs: legs(['A']) },
      { month: '2027-02', isSp: true, apv: 5_000, pgpv: 5_000, legs: legs(['A', 'C']) },
      { month: '2027-03', isSp: true, apv: 5_000, pgpv: 5_000, legs: legs(['A']) },
    ];
    // 26/27: side volume at 5 000.
    expect(pinCountersOf(months)).toEqual({ spMonths: 5, maxSpRun: 2, sideVolumeMonths: 4, qualifiedLegs: 1, bestPgpv: 12_000 });
    // Within one PY the counters only grow, so the pin they give is the pin explainPins reaches.
    const py = months.slice(1);
    expect(pinFromCounters(pinCountersOf(py), rulesFor('26/27'))).toBe(explainPins(py).pinCode);
    expect(explainPins(py).pinCode).toBe(PIN.GOLD);
    expect(pinCountersOf([])).toEqual({ spMonths: 0, maxSpRun: 0, sideVolumeMonths: 0, qualifiedLegs: 0, bestPgpv: 0 });
  });
});
