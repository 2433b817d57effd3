// Pins judged over the PY's remaining months on the pin ladder's conditions: shared by the
// plans' pin criteria and the rank pages' outlook.
import { emptyPinCounters } from '../pin-history.ts';
import { PIN, pinFromCounters, pinLadder, type PinCondition, type PinCounters, type PinStep } from '../pins.ts';
import { type HistorySummary, proRata } from './history-summary.ts';
import { periodEnd, type Raw, openStart, legOutlook, legPace } from './measure-basics.ts';
import type { CondState, PinFacts } from './summary-facts.ts';
import type { PinReasonParams } from './types.ts';

// ---------------------------------------------------------------------------------------
// Pins: reachable in the PY's remaining months, judged on the pin ladder's conditions

const COND_RANK: Record<CondState, number> = { out: 0, atRisk: 1, onTrack: 2, met: 3 };

/** Built once per summary (pins are judged over the closing PY only, so `from` is always the same). */
function pinFacts(s: HistorySummary, from: number): PinFacts {
  if (s.memo.pin) return s.memo.pin;
  const start = openStart(s, from);
  const sidePv = s.rules.pins.sapphireSideVolumePv;
  let sp = 0;
  let spOpen = 0;
  let side = 0;
  let sideOpen = 0;
  let run = 0;
  let runIf = 0;
  let best = 0;
  let bestIf = 0;
  let bestPgpv = 0;
  const closed = { sp: 0, side: 0, run: 0, bestPgpv: 0 };
  for (let q = from; q < s.len; q++) {
    // Closed months come first: the counters as they stand when the first open month begins.
    if (q === s.curPos) Object.assign(closed, { sp, side, run: best, bestPgpv });
    const isSp = s.sp[q] === 1;
    const open = q >= start;
    if (isSp) sp++;
    else if (open) spOpen++;
    if (s.apv[q]! >= sidePv) side++;
    else if (open) sideOpen++;
    run = isSp ? run + 1 : 0;
    runIf = isSp || open ? runIf + 1 : 0;
    best = Math.max(best, run);
    bestIf = Math.max(bestIf, runIf);
    bestPgpv = Math.max(bestPgpv, s.records[q]?.pgpv ?? 0);
  }
  if (s.curPos >= s.len) Object.assign(closed, { sp, side, run: best, bestPgpv });
  return (s.memo.pin = { sp, spOpen, run: best, runIf: bestIf, side, sideOpen, bestPgpv, openMonths: s.len - start, closed });
}

/**
 * Met only when the closed months meet it: reached with the open month's figures so far, it is on
 * track ("met so far") until that month closes.
 */
const reached = (closed: number, min: number): CondState => (closed >= min ? 'met' : 'onTrack');

/** A month-count condition: out when the open months cannot hold it; pace pro rata over the PY. */
function monthsState(s: HistorySummary, from: number, got: number, open: number, min: number, closed: number): CondState {
  if (got >= min) return reached(closed, min);
  if (got + open < min) return 'out';
  return got + open > min && got >= proRata(s, from, min) ? 'onTrack' : 'atRisk';
}

/** Where one condition of a pin stands in the PY from `from`. */
export function pinCondition(s: HistorySummary, from: number, c: PinCondition): CondState {
  const min = c.min;
  const f = pinFacts(s, from);
  switch (c.counter) {
    case 'spMonths':
      return monthsState(s, from, f.sp, f.spOpen, min, f.closed.sp);
    case 'sideVolumeMonths':
      return monthsState(s, from, f.side, f.sideOpen, min, f.closed.side);
    case 'maxSpRun':
      return f.run >= min ? reached(f.closed.run, min) : f.runIf < min ? 'out' : f.runIf > min ? 'onTrack' : 'atRisk';
    case 'qualifiedLegs':
    case 'foundersLegs': {
      const o = legOutlook(s, from, c.counter === 'foundersLegs' ? s.rules.pins.foundersLegQMonths : s.legQMonths);
      if (o.achieved >= min) return 'met';
      // Short with today's frontline: out only if a leg sponsored now could not get there either.
      if (o.achieved + o.capacity < min) return o.openMonths >= o.need ? 'atRisk' : 'out';
      return legPace(o, min, s, from);
    }
    case 'bestPgpv':
      // One good month is enough and volume has no ceiling: never out while a month is left.
      return f.bestPgpv >= min ? reached(f.closed.bestPgpv, min) : f.openMonths > 0 ? 'atRisk' : 'out';
    case 'qualificationCredits': {
      // Counted from the downline's qualifications when the PY closes: open until then.
      const credits = s.records[s.len - 1]?.qualificationCredits ?? 0;
      return credits >= min ? 'met' : f.openMonths > 0 ? 'atRisk' : 'out';
    }
    default:
      // A condition this judge does not know: it cannot say out of reach, nor on track.
      return 'atRisk';
  }
}

/**
 * Whether a condition is reached only with the open month's figures so far (pinCondition says
 * on track until that month closes): the rank pages say "met so far".
 */
export function pinConditionMetSoFar(s: HistorySummary, from: number, c: PinCondition): boolean {
  const f = pinFacts(s, from);
  switch (c.counter) {
    case 'spMonths':
      return f.sp >= c.min && f.closed.sp < c.min;
    case 'sideVolumeMonths':
      return f.side >= c.min && f.closed.side < c.min;
    case 'maxSpRun':
      return f.run >= c.min && f.closed.run < c.min;
    case 'bestPgpv':
      return f.bestPgpv >= c.min && f.closed.bestPgpv < c.min;
    default:
      return false;
  }
}

/** Why a pin condition cannot be met (pinCondition said 'out'), in figures (reason-catalogue.ts words them). */
export function pinWhy(s: HistorySummary, from: number, pin: number, c: PinCondition): PinReasonParams {
  const min = c.min;
  const f = pinFacts(s, from);
  const end = periodEnd(s);
  switch (c.counter) {
    case 'spMonths':
      return { pin, cond: c.counter, min, got: f.sp, open: f.spOpen };
    case 'sideVolumeMonths':
      return { pin, cond: c.counter, min, got: f.side, open: f.sideOpen, pv: s.rules.pins.sapphireSideVolumePv };
    case 'maxSpRun':
      return { pin, cond: c.counter, min, most: f.runIf, end };
    case 'qualifiedLegs':
    case 'foundersLegs': {
      const q = c.counter === 'foundersLegs' ? s.rules.pins.foundersLegQMonths : s.legQMonths;
      const legs = s.frontlineLegs;
      if (legs !== undefined && legs < min) return { pin, cond: c.counter, min, q, legs };
      const o = legOutlook(s, from, q);
      return { pin, cond: c.counter, min, q, got: o.achieved, cap: o.capacity, end };
    }
    case 'qualificationCredits':
      return { pin, cond: c.counter, min, got: s.records[s.len - 1]?.qualificationCredits ?? 0 };
    default:
      return { pin, end };
  }
}

/** Each ladder step's worst condition in the PY from `from`; once per summary (every pin criterion of the period reads it). */
function stepStates(s: HistorySummary, from: number, steps: readonly PinStep[]): readonly CondState[] {
  if (s.memo.steps) return s.memo.steps;
  const out: CondState[] = [];
  for (const step of steps) {
    let worst: CondState = 'met';
    for (const c of step.conditions) {
      const st = pinCondition(s, from, c);
      if (COND_RANK[st] < COND_RANK[worst]) worst = st;
      if (worst === 'out') break;
    }
    out.push(worst);
  }
  return (s.memo.steps = out);
}

/**
 * The pin the closing PY's months qualify for by the end of each position of the period, the
 * open month counted so far (Member before the PY and until a pin is met): the ladder's
 * conditions counted within the PY only, as pyQualification counts them (tested to agree), read
 * from the summary's month arrays. Once per summary.
 */
export function qualifiedPins(s: HistorySummary): Int32Array {
  if (s.memo.qualified) return s.memo.qualified;
  const from = Math.max(0, s.len - 12);
  const out = new Int32Array(s.len).fill(PIN.MEMBER);
  const p = s.rules.pins;
  const legs = legOutlook(s, from, p.legQMonths).reachedAt;
  const founders = legOutlook(s, from, p.foundersLegQMonths).reachedAt;
  const c: PinCounters = emptyPinCounters();
  let run = 0;
  let pin: number = PIN.MEMBER;
  const last = Math.min(s.len - 1, s.curPos);
  for (let q = from; q < s.len; q++) {
    if (q <= last) {
      if (s.sp[q]) {
        c.spMonths++;
        run++;
        if (run > c.maxSpRun) c.maxSpRun = run;
      } else run = 0;
      if (s.apv[q]! >= p.sapphireSideVolumePv) c.sideVolumeMonths++;
      c.bestPgpv = Math.max(c.bestPgpv, s.records[q]?.pgpv ?? 0);
      c.qualifiedLegs += legs[q]!;
      c.foundersLegs += founders[q]!;
      // Counted by the close when the PY closes (its last month's record).
      c.qualificationCredits = s.records[q]?.qualificationCredits ?? 0;
      // The counters only grow within the PY, so the pin they qualify for only rises.
      pin = Math.max(pin, pinFromCounters(c, s.rules));
    }
    out[q] = pin;
  }
  return (s.memo.qualified = out);
}

/**
 * Whether a pin ≥ minPin (and above `above`) can still be reached by the period's end: some
 * step of the ladder at or above it whose conditions the PY's remaining months can meet. Only
 * the PY of today's month is judged (the ladder's counters restart each September). Sets the
 * criterion's slack (1 in reach, −1 not), its pace and, out of reach, the reason.
 */
export function judgePin(r: Raw, s: HistorySummary, minPin: number, above: number): void {
  r.slack = 1;
  r.pace = 'atRisk';
  if (s.remaining === 0) {
    r.slack = -1;
    return;
  }
  const from = Math.max(0, s.len - 12);
  if (s.curPos < from && from > 0) return; // an earlier PY of a multi-year period: no judgement
  let best: CondState = 'out';
  let first: PinStep | undefined;
  const steps = pinLadder(s.rules);
  const states = stepStates(s, from, steps);
  for (let k = 0; k < steps.length; k++) {
    const step = steps[k]!;
    if (step.pin < minPin || step.pin <= above) continue;
    first ??= step;
    const st = states[k]!;
    if (COND_RANK[st] > COND_RANK[best]) best = st;
    if (best === 'onTrack' || best === 'met') break;
  }
  if (best !== 'out') {
    if (best !== 'atRisk') r.pace = 'onTrack';
    return;
  }
  // The reason: the first condition the lowest pin in question cannot meet.
  r.slack = -1;
  r.why = () => {
    const pin = first?.pin ?? minPin;
    const cond = first?.conditions.find((c) => pinCondition(s, from, c) === 'out');
    return { code: 'pinNotReachable', params: cond ? pinWhy(s, from, pin, cond) : { pin, end: periodEnd(s) } };
  };
}
