import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthIndex, monthKeyOf, pyMonths } from './calendar.ts';
import { closePeriod } from './close-period.ts';
import { closeMonth, createMonthClose } from './close.ts';
import { monthRecordFromClose } from './history.ts';
import { advancePins, createPinState } from './pin-tracker.ts';
import { explainPins, emptyPinCounters, pinCountersOf, pyQualification, type PinMonthInput } from './pin-history.ts';
import { PIN, PIN_CODES, pinFromCounters, pinLadder, type PinCounters, type PinStep } from './pins.ts';
import { pinRequirements, pinRule } from './pin-words.ts';
import { RULE_TABLES, rulesFor, rulesForMonth } from './rules/registry.ts';
import { randomPv, randomTree, rng } from './testing.ts';
import { buildChildren } from './tree.ts';
import { num } from './text.ts';

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

  it('Ruby: a Platinum qualified in the PY with a month of 20 000 personal-group PV in it', () => {
    // The Ruby month in December, Platinum's 6th SP month (3 in a row) in February: Ruby then.
    //                  Sep Oct Nov Dec Jan Feb Mar Apr May Jun Jul Aug
    const m = spMonths([1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    m[3] = { month: PY[3]!, isSp: true, apv: 20_000, pgpv: 20_000, legs: [] };
    const e = explainPins(m);
    expect(e.history.map((h) => [h.pinCode, h.month])).toEqual([
      [PIN.SILVER, '2025-09'],
      [PIN.GOLD, '2025-12'],
      [PIN.RUBY, '2026-03'],
    ]);
    expect(e.evidence?.rubyMonth).toEqual({ month: '2025-12', pgpv: 20_000 });
    expect(e.evidence?.rule.en).toBe('6 SP months in the PY, 3 consecutive, and a month of personal-group PV ≥ 20,000');
    // One SP month short of Platinum: the Ruby month alone is no pin (before, it was Ruby).
    const short = spMonths([1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0]);
    short[3] = { month: PY[3]!, isSp: true, apv: 20_000, pgpv: 20_000, legs: [] };
    expect(explainPins(short).pinCode).toBe(PIN.GOLD);
    // A Platinum of last PY is not a qualified Platinum of this one.
    const lastPy = spMonths(Array(6).fill(1));
    const ruby = { month: '2026-10', isSp: true, apv: 20_000, pgpv: 20_000, legs: [] };
    expect(explainPins([...lastPy, ruby]).pinCode).toBe(PIN.PLATINUM);
    expect(pyQualification([...lastPy, ruby], '26/27')).toMatchObject({ pinCode: PIN.SILVER, held: PIN.PLATINUM });
  });

  it('Founders Emerald needs each of the 3 legs Q in all 12 months; 12 SP months and a leg Q 11 stay Emerald', () => {
    const legs = (n: number) => ['L1', 'L2', 'L3'].map((id, k) => ({ id, isQ: k < 2 || n > 0 }));
    const all = PY.map((month) => ({ month, isSp: true, apv: 2_000, pgpv: 2_000, legs: legs(1) }));
    expect(explainPins(all).pinCode).toBe(PIN.FOUNDERS_EMERALD);
    // L3 not Q in August: every month is still an SP month (2 Q legs), but only 2 legs are Q all year.
    const eleven = PY.map((month, i) => ({ month, isSp: true, apv: 2_000, pgpv: 2_000, legs: legs(i < 11 ? 1 : 0) }));
    const e = explainPins(eleven);
    expect(e.pinCode).toBe(PIN.EMERALD);
    expect(pinCountersOf(eleven)).toMatchObject({ spMonths: 12, qualifiedLegs: 3, foundersLegs: 2 });
  });

  it('Founders Sapphire: 2 legs Q all 12 months and side volume in all 12; 11 side-volume months stay Sapphire', () => {
    const legs = ['L1', 'L2'].map((id) => ({ id, isQ: true }));
    const year = PY.map((month) => ({ month, isSp: true, apv: 4_000, pgpv: 4_000, legs }));
    expect(explainPins(year).pinCode).toBe(PIN.FOUNDERS_SAPPHIRE);
    const eleven = year.map((m, i) => (i === 11 ? { ...m, apv: 3_999, pgpv: 3_999 } : m));
    expect(explainPins(eleven).pinCode).toBe(PIN.SAPPHIRE);
  });

  it('Emerald with 3 legs Q 6 months, Founders Emerald with the 3 legs Q all 12', () => {
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
          // The PY's qualification, as the tracker keeps it for the annual bonuses.
          if (st.py) expect(st.qualified[i], `node ${i}`).toBe(pyQualification(hist[i]!, st.py).pinCode);
        }
      }),
      { seed: 7, numRuns: 60 },
    );
  });
});

describe('the pin ladder: qualification, the rule in words and the requirements view agree', () => {
  const zero: PinCounters = emptyPinCounters();
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
          expect(rule.zh, `${step.pin} ${x.counter}`).toContain(num(x.min));
          expect(rule.en, `${step.pin} ${x.counter}`).toContain(num(x.min));
        }
      }
    }
    expect(pinRule(PIN.PLATINUM, rulesFor('25/26')).en).toBe('6 SP months in the PY, 3 consecutive');
    expect(pinRule(PIN.FOUNDERS_SAPPHIRE, rulesFor('26/27')).en).toBe(
      '6 SP months in the PY, 3 consecutive, and 2 frontline legs each Q in all 12 months of the PY, plus 12 months with APV ≥ 5,000',
    );
    expect(pinRule(PIN.EMERALD, rulesFor('26/27')).zh).toBe('本年度6个SP月，其中连续3个，且3条一线Q线，每条本年度Q月≥6个');
    expect(pinRule(PIN.RUBY, rulesFor('26/27')).zh).toBe('本年度6个SP月，其中连续3个，且单月个人小组PV≥20,000');
  });

  it('writes every volume with thousands separators, in both languages ("20,000", never "20000")', () => {
    for (const rules of RULE_TABLES) {
      for (const req of pinRequirements(zero, rules, PIN.MEMBER)) {
        const words = [req.rule, ...req.conditions.map((c) => c.label)];
        for (const w of words) for (const s of [w.zh, w.en]) expect(s, `${req.pinCode}`).not.toMatch(/\d{4}/);
      }
    }
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
    expect(pinCountersOf(months)).toEqual({
      spMonths: 5,
      maxSpRun: 2,
      sideVolumeMonths: 4,
      qualifiedLegs: 1,
      foundersLegs: 0,
      bestPgpv: 12_000,
      qualificationCredits: 0,
    });
    // Within one PY the counters only grow, so the pin they give is the pin explainPins reaches.
    const py = months.slice(1);
    expect(pinFromCounters(pinCountersOf(py), rulesFor('26/27'))).toBe(explainPins(py).pinCode);
    expect(explainPins(py).pinCode).toBe(PIN.GOLD);
    expect(pinCountersOf([])).toEqual({
      spMonths: 0,
      maxSpRun: 0,
      sideVolumeMonths: 0,
      qualifiedLegs: 0,
      foundersLegs: 0,
      bestPgpv: 0,
      qualificationCredits: 0,
    });
  });
});

describe('pyQualification: the pin qualified in a PY beside the pin held', () => {
  const months = (py: string, flags: readonly number[]): PinMonthInput[] =>
    pyMonths(py).map((month, i) => ({
      month,
      isSp: flags[i] === 1,
      apv: flags[i] ? 10_000 : 1_000,
      pgpv: flags[i] ? 10_000 : 1_000,
      legs: [],
    }));

  it('qualifies Platinum in the 6th SP month of the PY with 3 consecutive, and not one SP month short', () => {
    //                          Sep Oct Nov Dec Jan Feb Mar Apr May Jun Jul Aug
    const at = months('26/27', [1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0]);
    const q = pyQualification(at, '26/27');
    expect(q.pinCode).toBe(PIN.PLATINUM);
    expect(q.month).toBe('2027-05');
    expect(q.rises).toEqual([
      { pinCode: PIN.SILVER, month: '2026-09' },
      { pinCode: PIN.GOLD, month: '2027-01' },
      { pinCode: PIN.PLATINUM, month: '2027-05' },
    ]);
    expect(q.qMonths).toBe(6);
    expect(q.q12).toBe(false);
    // One SP month short (May not SP): Gold this PY.
    const short = months('26/27', [1, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0]);
    expect(pyQualification(short, '26/27').pinCode).toBe(PIN.GOLD);
    // Six SP months but no three in a row: Gold too.
    expect(pyQualification(months('26/27', [1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0]), '26/27').pinCode).toBe(PIN.GOLD);
  });

  it('keeps the pin held (recognition) apart from what this PY qualifies for', () => {
    // Platinum in 25/26 (6 SP months, 3 in a row); in 26/27 only 3 SP months so far.
    const history = [...months('25/26', [1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]), ...months('26/27', [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0])];
    const now = pyQualification(history, '26/27');
    expect(now.held).toBe(PIN.PLATINUM);
    expect(now.pinCode).toBe(PIN.GOLD);
    expect(now.counters).toMatchObject({ spMonths: 3, maxSpRun: 3 });
    const before = pyQualification(history, '25/26');
    expect([before.held, before.pinCode, before.month]).toEqual([PIN.PLATINUM, PIN.PLATINUM, '2026-02']);
    // A PY with no months: nothing qualified, the pin held stays.
    const none = pyQualification(history, '27/28', { rules: (py) => rulesFor(py, { fallback: 'nearest' }) });
    expect([none.pinCode, none.month, none.qMonths, none.held]).toEqual([PIN.MEMBER, null, 0, PIN.PLATINUM]);
    // The pin held carries an initial pin from before the months given.
    expect(pyQualification([], '26/27', { initialPin: PIN.DIAMOND }).held).toBe(PIN.DIAMOND);
  });

  it('counts only the PY’s own months: a run across September does not make 3 in a row', () => {
    // SP Jul + Aug of 25/26 and Sep–Dec of 26/27 alternating: no run of 3 within 26/27.
    const history = [...months('25/26', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]), ...months('26/27', [1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 0, 0])];
    const q = pyQualification(history, '26/27');
    expect(q.counters).toMatchObject({ spMonths: 6, maxSpRun: 2 });
    expect(q.pinCode).toBe(PIN.GOLD);
  });

  it('Q12 is a Q month in all 12 months of the PY; 11 are not', () => {
    const all = pyQualification(months('26/27', Array(12).fill(1)), '26/27');
    expect([all.qMonths, all.q12, all.pinCode]).toEqual([12, true, PIN.FOUNDERS_PLATINUM]);
    const eleven = pyQualification(months('26/27', [...Array(11).fill(1), 0]), '26/27');
    expect([eleven.qMonths, eleven.q12, eleven.pinCode]).toEqual([11, false, PIN.PLATINUM]);
  });

  it('Emerald qualifies with 3 legs each Q exactly 6 months of the PY; a leg one month short leaves 2', () => {
    const py = pyMonths('26/27');
    const legMonths = (q: Record<string, number>) =>
      py.map((month, i) => ({
        month,
        isSp: i < 6,
        apv: 2_000,
        pgpv: 2_000,
        legs: Object.entries(q).map(([id, n]) => ({ id, isQ: i < n })),
      }));
    const at = pyQualification(legMonths({ L1: 6, L2: 6, L3: 6 }), '26/27');
    expect(at.counters.qualifiedLegs).toBe(3);
    expect(at.pinCode).toBe(PIN.EMERALD);
    expect(at.month).toBe('2027-02');
    const short = pyQualification(legMonths({ L1: 6, L2: 6, L3: 5 }), '26/27');
    expect(short.counters.qualifiedLegs).toBe(2);
    expect(short.pinCode).toBeLessThan(PIN.EMERALD);
  });
});

describe('Executive Diamond by the Global Award Recognition rules', () => {
  // R sponsors six legs Q every month (Founders Diamond). L1 and L2 each have an Emerald below
  // them (E1, E2, each with three legs Q all year). Everyone but R is a Founders Platinum (Q12).
  //   QC: L1's leg = 3 Founders Platinums (L1 and E1's three legs, at most 3) + E1 1.5 = 4.5,
  //   L2's the same, L3 … L6 one each: 13 ≥ 10.
  function tree(withE2: boolean) {
    const sponsor = [-1, 0, 0, 0, 0, 0, 0, 1, 7, 7, 7];
    if (withE2) sponsor.push(2, 11, 11, 11);
    const n = sponsor.length;
    return { sponsor: Int32Array.from(sponsor), ppv: Int32Array.from({ length: n }, (_, i) => (i === 0 ? 500 : 10_000)) };
  }
  function august(withE2: boolean) {
    const { sponsor, ppv } = tree(withE2);
    const first = monthIndex('2025-09');
    const months = Array.from({ length: 12 }, (_, k) => ({ month: monthKeyOf(first + k), ppv, closed: true }));
    const seen: { month: string; pin: number; qualified: number; credits: number }[] = [];
    closePeriod({ sponsor, months }, (m) =>
      seen.push({ month: m.month, pin: m.pin[0]!, qualified: m.qualified[0]!, credits: m.qualificationCredits[0]! }),
    );
    return seen;
  }

  it('is Founders Diamond with 10 qualification credits, counted when the PY closes', () => {
    const seen = august(true);
    // Until August: Founders Diamond needs every month, and the credits wait for the PY's end.
    expect(seen.slice(0, 11).every((s) => s.qualified < PIN.EXECUTIVE_DIAMOND && s.credits === 0)).toBe(true);
    expect(seen[11]).toEqual({ month: '2026-08', pin: PIN.EXECUTIVE_DIAMOND, qualified: PIN.EXECUTIVE_DIAMOND, credits: 13 });
  });

  it('stays Founders Diamond below 10 credits (without E2, L2’s leg counts 1: 9.5)', () => {
    const last = august(false).at(-1)!;
    expect([last.qualified, last.credits]).toEqual([PIN.FOUNDERS_DIAMOND, 9.5]);
  });

  it('one distributor’s months with the credits the close counted qualify the same', () => {
    // Six Q legs make every month an SP month (≥ 2 Q legs): a qualified Platinum, as the ladder asks.
    const base = { isSp: true, apv: 500, pgpv: 500 };
    const legs = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6'].map((id) => ({ id, isQ: true }));
    const first = monthIndex('2025-09');
    const months = Array.from({ length: 12 }, (_, k) => ({
      ...base,
      month: monthKeyOf(first + k),
      legs,
      ...(k === 11 ? { qualificationCredits: 13 } : {}),
    }));
    expect(pyQualification(months, '25/26').pinCode).toBe(PIN.EXECUTIVE_DIAMOND);
    expect(explainPins(months).pinCode).toBe(PIN.EXECUTIVE_DIAMOND);
    expect(
      pyQualification(
        months.map((m) => ({ ...m, qualificationCredits: 9.5 })),
        '25/26',
      ).pinCode,
    ).toBe(PIN.FOUNDERS_DIAMOND);
  });

  it('the classic ladder (no Global Award) asks for nine legs instead', () => {
    const classic = { ...rulesFor('25/26'), pins: { ...rulesFor('25/26').pins, globalAward: null } };
    const c = { spMonths: 12, maxSpRun: 12, sideVolumeMonths: 0, qualifiedLegs: 6, foundersLegs: 6, bestPgpv: 0, qualificationCredits: 50 };
    expect(pinFromCounters(c, classic)).toBe(PIN.FOUNDERS_DIAMOND);
    expect(pinFromCounters({ ...c, qualifiedLegs: 9 }, classic)).toBe(PIN.EXECUTIVE_DIAMOND);
    expect(pinFromCounters(c, rulesFor('25/26'))).toBe(PIN.EXECUTIVE_DIAMOND);
  });
});

describe('every pin above Platinum needs a qualified Platinum of the same PY', () => {
  // R sponsors three legs; each leg is a 21 % group (10 000 PV) in the months flagged, else 0.
  // R's own 500 PV: R is an SP month exactly when its legs are Q (≥ 2 Q legs).
  function closeYear(flags: readonly number[]) {
    const sponsor = Int32Array.from([-1, 0, 0, 0]);
    const first = monthIndex('2025-09');
    const months = flags.map((f, k) => ({
      month: monthKeyOf(first + k),
      ppv: Int32Array.from([500, f * 10_000, f * 10_000, f * 10_000]),
      closed: true,
    }));
    const seen: { month: string; pin: number; qualified: number; emeraldFen: number | null }[] = [];
    const out = closePeriod({ sponsor, months }, (m) =>
      seen.push({ month: m.month, pin: m.pin[0]!, qualified: m.qualified[0]!, emeraldFen: m.annual.get(0)?.emeraldFen ?? null }),
    );
    return { seen, out };
  }

  it('three legs each Q six months with SP months never three in a row stay Gold, with no Emerald bonus', () => {
    //                              Sep Oct Nov Dec Jan Feb Mar Apr May Jun Jul Aug
    const { seen, out } = closeYear([1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]);
    // Six SP months (the legs' Q months), the longest run 1: Gold (3 SP months, January), not
    // Emerald in July (before: Emerald, and the Emerald bonus in August).
    expect(out.pin[0]).toBe(PIN.GOLD);
    expect(seen.at(-1)).toEqual({ month: '2026-08', pin: PIN.GOLD, qualified: PIN.GOLD, emeraldFen: null });
  });

  it('the same legs with the SP months six in a row make Emerald in February, paid the Emerald bonus', () => {
    //                              Sep Oct Nov Dec Jan Feb Mar Apr May Jun Jul Aug
    const { seen, out } = closeYear([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);
    expect(out.pin[0]).toBe(PIN.EMERALD);
    expect(seen.find((s) => s.pin === PIN.EMERALD)?.month).toBe('2026-02');
    // Fund (25/26: 0.30 %) on the 21 % groups' personal-group BV over the PY, at 11.50 CNY a PV:
    // the legs 3 × 6 × 10 000 PV and R's own 6 × 500 PV (R is a 21 % group those months):
    // 183 000 PV × 1 150 fen = 210 450 000 fen; × 0.30 % = 631 350 fen, all R's (the only qualifier).
    expect(seen.at(-1)).toEqual({ month: '2026-08', pin: PIN.EMERALD, qualified: PIN.EMERALD, emeraldFen: 631_350 });
  });

  it('one distributor’s months say the same (explainPins, pyQualification), and last PY’s Platinum does not count', () => {
    const legs = (q: boolean) => ['L1', 'L2', 'L3'].map((id) => ({ id, isQ: q }));
    const year = (py: string, flags: readonly number[]): PinMonthInput[] =>
      pyMonths(py).map((month, i) => ({ month, isSp: flags[i] === 1, apv: 500, pgpv: 500, legs: legs(flags[i] === 1) }));
    const alternating = year('25/26', [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]);
    expect(pinCountersOf(alternating)).toMatchObject({ spMonths: 6, maxSpRun: 1, qualifiedLegs: 3 });
    expect(explainPins(alternating).pinCode).toBe(PIN.GOLD);
    expect(pyQualification(alternating, '25/26').pinCode).toBe(PIN.GOLD);
    // A Platinum of 24/25 (six SP months in a row, no legs) holds Platinum; 25/26's legs alone qualify Gold.
    const platinumBefore = pyMonths('24/25').map((month, i) => ({ month, isSp: i < 6, apv: 10_000, pgpv: 10_000, legs: [] }));
    const both = [...platinumBefore, ...alternating];
    expect(explainPins(both).pinCode).toBe(PIN.PLATINUM);
    expect(pyQualification(both, '25/26')).toMatchObject({ pinCode: PIN.GOLD, held: PIN.PLATINUM });
  });

  it('every step from Sapphire up carries Platinum’s conditions, in every table', () => {
    for (const rules of RULE_TABLES) {
      const platinum = pinLadder(rules).find((s) => s.pin === PIN.PLATINUM)!.conditions;
      for (const step of pinLadder(rules).filter((s) => s.pin >= PIN.SAPPHIRE)) {
        expect(step.conditions, `${rules.py} ${step.pin}`).toEqual(expect.arrayContaining([...platinum]));
      }
    }
  });
});
