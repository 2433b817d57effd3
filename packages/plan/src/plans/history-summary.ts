// The history folded over a plan's period once: typed month arrays every criterion reads,
// and where today falls in the period.
import {
  monthIndex,
  monthKeyOf,
  pyFirstMonthIndex,
  pyName,
  pyStartYearOfIndex,
  type DateLike,
  type MonthKey,
  type PeriodState,
  type PyName,
} from '../calendar.ts';
import { isPqMonth } from '../close.ts';
import { rulesFor } from '../rules/registry.ts';
import type { RuleTable } from '../rules/types.ts';
import type { MonthRecord, MonthState, PlanDef, PlanHistory } from './types.ts';
import type { CondState, LegOutlook, PinFacts } from './summary-facts.ts';

// ---------------------------------------------------------------------------------------
// Period and summary

/** The months a plan qualifies over: its PY, or `years` PYs ending with it. */
export function planMonths(plan: PlanDef): MonthKey[] {
  const len = 12 * (plan.years ?? 1);
  const first = pyFirstMonthIndex(plan.py) + 12 - len;
  const out: MonthKey[] = [];
  for (let i = 0; i < len; i++) out.push(monthKeyOf(first + i));
  return out;
}

/** A history folded over one period; built once, read by every plan of that period. */
export interface HistorySummary {
  readonly first: number;
  readonly len: number;
  readonly months: readonly MonthKey[];
  /** Position of today's month (may lie outside 0 … len-1). */
  readonly curPos: number;
  /** Months before today (closed), 0 … len. */
  readonly closedCount: number;
  readonly remaining: number;
  readonly periodState: PeriodState;
  /**
   * Positions before this one precede the history (PlanHistory.firstMonth): no data, neither
   * missed nor part of the pace. 0 when the history covers the period.
   */
  readonly dataFrom: number;
  /** PlanHistory.firstMonth when it falls after the period's first month. */
  readonly historyStart: MonthKey | undefined;
  readonly records: readonly (MonthRecord | undefined)[];
  readonly pq: Uint8Array;
  readonly sp: Uint8Array;
  readonly compliant: Uint8Array;
  readonly flq: Int32Array;
  readonly apv: Float64Array;
  readonly ppv: Float64Array;
  readonly customers: Float64Array;
  readonly points: Float64Array;
  /** Pin held at the end of each month, and before the period. */
  readonly pinAt: Int32Array;
  readonly pinBefore: number;
  /** Position each event code was first attended. */
  readonly attended: ReadonlyMap<string, number>;
  /** Leg id → Q flag per month. */
  readonly legs: ReadonlyMap<string, Uint8Array>;
  /** Q months a leg needs to be an LDD market (rule table of the closing PY). */
  readonly legQMonths: number;
  /** The PY the period closes in (the plan's PY): pin criteria ask for a pin qualified in it. */
  readonly py: PyName;
  /** Rule table of the closing PY (the pin ladder the pin criteria are judged by). */
  readonly rules: RuleTable;
  /** Frontline legs today (PlanHistory.frontlineLegs); undefined: unknown, no bound. */
  readonly frontlineLegs: number | undefined;
  /** Figures derived on first use and shared by the plans of the period (leg outlook, pin counters). */
  readonly memo: SummaryMemo;
}

interface SummaryMemo {
  /** By start position (0: the period, or the closing PY's first month) and Q months needed. */
  legs: Map<string, LegOutlook> | undefined;
  pin: PinFacts | undefined;
  /** Per pin ladder step (the closing PY's rules). */
  steps: readonly CondState[] | undefined;
  /** The pin the closing PY's months qualify for by the end of each position (Member before it). */
  qualified: Int32Array | undefined;
}

/** Where today falls in a plan's period. */
export interface PeriodPosition {
  /** Month index of the period's first month. */
  readonly first: number;
  readonly len: number;
  /** Position of today's month (may lie outside 0 … len-1). */
  readonly curPos: number;
  /** Months before today (closed), 0 … len. */
  readonly closedCount: number;
  /** Months left, today's open month included. */
  readonly remaining: number;
  readonly periodState: PeriodState;
}

/** The period position of `months` on `today` (omitted: the period is closed). */
export function periodPosition(months: readonly MonthKey[], today?: DateLike): PeriodPosition {
  const len = months.length;
  const first = len ? monthIndex(months[0]!) : 0;
  const curPos = today === undefined ? len : monthIndex(today) - first;
  const closedCount = Math.min(len, Math.max(0, curPos));
  const periodState: PeriodState = curPos >= len ? 'closed' : curPos < 0 ? 'future' : 'open';
  return { first, len, curPos, closedCount, remaining: len - closedCount, periodState };
}

export function summarizeHistory(history: PlanHistory, months: readonly MonthKey[], today?: DateLike): HistorySummary {
  const { first, len, curPos, closedCount, remaining, periodState } = periodPosition(months, today);
  // Only lived (closed) months can precede the history; the open month always has figures.
  const dataFrom = history.firstMonth === undefined ? 0 : Math.min(closedCount, Math.max(0, monthIndex(history.firstMonth) - first));
  const records: (MonthRecord | undefined)[] = new Array(len).fill(undefined);
  const pq = new Uint8Array(len);
  const sp = new Uint8Array(len);
  const compliant = new Uint8Array(len);
  const flq = new Int32Array(len);
  const apv = new Float64Array(len);
  const ppv = new Float64Array(len);
  const customers = new Float64Array(len);
  const points = new Float64Array(len);
  const attended = new Map<string, number>();
  const legs = new Map<string, Uint8Array>();
  for (const r of history.months) {
    const pos = monthIndex(r.month) - first;
    if (pos < dataFrom || pos >= len || pos > curPos) continue; // outside the period or the history, or not yet lived
    records[pos] = r;
    pq[pos] = isPqMonth(r) ? 1 : 0;
    sp[pos] = r.isSp ? 1 : 0;
    compliant[pos] = r.compliant ? 1 : 0;
    flq[pos] = r.qLegs;
    apv[pos] = r.apv;
    ppv[pos] = r.ppv;
    customers[pos] = r.newCustomers ?? 0;
    points[pos] = r.points ?? 0;
    if (r.attended) {
      for (const code of r.attended) {
        const had = attended.get(code);
        if (had === undefined || pos < had) attended.set(code, pos);
      }
    }
    if (r.legs) {
      for (const l of r.legs) {
        if (!l.isQ) continue;
        let flags = legs.get(l.id);
        if (!flags) legs.set(l.id, (flags = new Uint8Array(len)));
        flags[pos] = 1;
      }
    }
  }
  // Pin held: the highest pin reached by the end of each month.
  let pinBefore = history.initialPin ?? 230;
  const pinAt = new Int32Array(len);
  const lastPos = Math.min(len - 1, curPos);
  for (const e of history.pins ?? []) {
    const pos = monthIndex(e.month) - first;
    if (pos < 0) pinBefore = Math.max(pinBefore, e.pinCode);
    else if (pos <= lastPos) pinAt[pos] = Math.max(pinAt[pos]!, e.pinCode);
  }
  let held = pinBefore;
  for (let i = 0; i < len; i++) {
    if (i <= lastPos) held = Math.max(held, pinAt[i]!);
    pinAt[i] = held;
  }
  const closingPy = len ? pyName(pyStartYearOfIndex(first + len - 1)) : '00/01';
  const rules = rulesFor(closingPy, { fallback: 'nearest' });
  const frontlineLegs = history.frontlineLegs;
  return {
    first,
    len,
    months,
    curPos,
    closedCount,
    remaining,
    periodState,
    dataFrom,
    historyStart: dataFrom > 0 ? history.firstMonth : undefined,
    records,
    pq,
    sp,
    compliant,
    flq,
    apv,
    ppv,
    customers,
    points,
    pinAt,
    pinBefore,
    attended,
    legs,
    legQMonths: rules.pins.legQMonths,
    py: closingPy,
    rules,
    frontlineLegs: frontlineLegs !== undefined && frontlineLegs >= 0 ? Math.floor(frontlineLegs) : undefined,
    memo: { legs: undefined, pin: undefined, steps: undefined, qualified: undefined },
  };
}

export function monthState(s: HistorySummary, pos: number): MonthState {
  if (pos < s.dataFrom) return 'noData';
  return pos < s.curPos ? 'closed' : pos === s.curPos ? 'open' : 'future';
}

/** Pro-rata share of a target due by now over the months from `from`, those before the history left out. */
export function proRata(s: HistorySummary, from: number, target: number): number {
  const start = Math.max(from, s.dataFrom);
  const span = s.len - start;
  if (span <= 0) return 0;
  const closed = Math.min(span, Math.max(0, s.curPos - start));
  return (target * closed) / span;
}
