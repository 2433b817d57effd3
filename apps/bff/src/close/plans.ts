// Plan results of the close: one distributor's engine history straight from the close arrays,
// and the compact per-PY summary stored in plan_results.summary. Runs in the close's thread or in
// a worker (plan-worker.ts), so it reads only PlanInputs: plain typed arrays that clone cheaply.
import {
  complimentaryPoints,
  encodePlanSummary,
  evaluatePlans,
  frontline,
  plansFirstMonth,
  plansFor,
  pyFirstMonthIndex,
  resultsMakeNews,
  type LegMonth,
  type MonthRecord,
  type PinEvent,
  type PlanDef,
  type PlanHistory,
  type Children,
  type MonthKey,
  type PlanResult,
  type PyName,
} from '@abo/plan';
import type { EngineFigures } from './month-figures.ts';

/**
 * What the plans read of one month, by node (each array of length n): the engine's figures of
 * the month and its facts.
 */
export interface PlanMonth extends Pick<EngineFigures, 'gpv' | 'pgpv' | 'bracket' | 'isQ' | 'isSp' | 'qLegs' | 'pin'> {
  readonly ppv: Int32Array;
  readonly newCustomers: Uint8Array | Uint16Array;
  readonly compliant: Uint8Array;
}

export const PLAN_MONTH_FIELDS = ['ppv', 'gpv', 'pgpv', 'bracket', 'isQ', 'isSp', 'qLegs', 'pin', 'newCustomers', 'compliant'] as const;

/** Each month of arrays over months × nodes (cell m * n + i), as views. */
export function planMonthsOf(flat: PlanMonth, months: number, n: number): PlanMonth[] {
  return Array.from({ length: months }, (_, m) => {
    const [a, b] = [m * n, (m + 1) * n];
    return {
      ppv: flat.ppv.subarray(a, b),
      gpv: flat.gpv.subarray(a, b),
      pgpv: flat.pgpv.subarray(a, b),
      bracket: flat.bracket.subarray(a, b),
      isQ: flat.isQ.subarray(a, b),
      isSp: flat.isSp.subarray(a, b),
      qLegs: flat.qLegs.subarray(a, b),
      pin: flat.pin.subarray(a, b),
      newCustomers: flat.newCustomers.subarray(a, b),
      compliant: flat.compliant.subarray(a, b),
    };
  });
}

/** What plan evaluation reads from a dataset (structured-clonable, for the worker). */
export interface PlanInputs {
  readonly n: number;
  readonly today: string;
  readonly cal: {
    readonly months: readonly MonthKey[];
    /** The first `closed` months are closed. */
    readonly closed: number;
    /** Month index (monthIndex) of months[0]. */
    readonly first: number;
    /** The PYs whose plans are evaluated. */
    readonly pys: readonly PyName[];
  };
  readonly order: Int32Array;
  readonly ada: readonly string[];
  readonly children: Children;
  readonly joinMonth: Int32Array;
  /**
   * What the plans read of each month of cal.months. A month before `from` may be gone
   * (undefined): a close in segments lets go of the months no PY left to evaluate reads.
   */
  readonly byMonth: (PlanMonth | undefined)[];
  /**
   * The first month (an index into cal.months) the histories start from, the plans of cal.pys
   * reading none before it (windowOf); default 0.
   */
  readonly from?: number;
  /**
   * Global Award credits by cell, where not 0: counted in a closed PY's last month only, so a map
   * rather than a month-long array (8 bytes a member and month: 408 MB at 1 000 000 members).
   */
  readonly qualificationCredits: ReadonlyMap<number, number>;
  readonly attended: ReadonlyMap<number, readonly string[]>;
  /** Pin each node held before month `from` (default Member). */
  readonly initialPin?: Uint16Array;
  /** Evaluate only the nodes flagged here (null: every node); the others' rows are left as written. */
  readonly only?: Uint8Array | null;
}

/** The cells of `values` (the cell of its first value: `offset`) whose credits are not 0, into `into`. */
export function creditCells(values: Float64Array, offset: number, into: Map<number, number>): Map<number, number> {
  for (let k = 0; k < values.length; k++) if (values[k] !== 0) into.set(offset + k, values[k]!);
  return into;
}

/**
 * The first month (an index into cal.months) the plans of `pys` read (plansFirstMonth), none
 * before the calendar's first; the calendar's length when none of them has plans.
 */
export function windowStart(cal: { readonly first: number; readonly months: readonly MonthKey[] }, pys: readonly PyName[]): number {
  let first = cal.months.length;
  for (const py of pys) {
    const m = plansFirstMonth(py);
    if (m !== null) first = Math.min(first, Math.max(0, m - cal.first));
  }
  return first;
}

/**
 * The inputs of the plans of `pys` alone, their histories starting at the first month those
 * plans read, with the pin held before it (`pinsBefore`, by month; month 0's is ds.initialPin).
 */
export function windowOf(ds: PlanInputs, pys: readonly PyName[], pinsBefore: ReadonlyMap<number, Uint16Array>): PlanInputs {
  const from = windowStart(ds.cal, pys);
  const initialPin = from > 0 ? pinsBefore.get(from) : ds.initialPin;
  if (from > 0 && !initialPin) throw new Error(`no pin held before ${ds.cal.months[from]} for the plans of ${pys.join(', ')}`);
  return { ...ds, cal: { ...ds.cal, pys }, from, ...(initialPin ? { initialPin } : {}) };
}

/**
 * The pin held before the first month of each PY's plans (windowOf), worked out as the months of
 * `ds` are filled in: call it with each month in order, once ds.byMonth has it (and, for month 0,
 * once ds.initialPin holds the pin held before it); it answers the pin held before that month
 * when a PY's plans start there. Pins count as historyOf counts them: reached in a closed month,
 * from the join month on.
 */
export function pinsBeforeTracker(ds: PlanInputs): (m: number) => Uint16Array | undefined {
  const starts = new Set(ds.cal.pys.map((py) => windowStart(ds.cal, [py])));
  const held = new Uint16Array(ds.n);
  return (m) => {
    let before: Uint16Array | undefined;
    if (m === 0) {
      if (ds.initialPin) held.set(ds.initialPin);
      else held.fill(230);
    } else if (starts.has(m)) before = held.slice();
    if (m < ds.cal.closed) {
      const pin = ds.byMonth[m]!.pin;
      for (let i = 0; i < ds.n; i++) if (pin[i]! > held[i]! && m >= ds.joinMonth[i]!) held[i] = pin[i]!;
    }
    return before;
  };
}

/** The pin held before the first month of each PY's plans (windowOf), from every month of `ds`. */
export function pinsBeforeWindows(ds: PlanInputs): Map<number, Uint16Array> {
  const track = pinsBeforeTracker(ds);
  const out = new Map<number, Uint16Array>();
  for (let m = 0; m < ds.cal.months.length; m++) {
    const before = track(m);
    if (before) out.set(m, before);
  }
  return out;
}

/** Lets go of the months before `upTo` (a close in segments: no PY left to evaluate reads them). */
export function letGoBefore(byMonth: (PlanMonth | undefined)[], upTo: number): void {
  for (let m = 0; m < Math.min(upTo, byMonth.length); m++) byMonth[m] = undefined;
}

/** One plan_results row: ada, py, summary (encodePlanSummary), news (resultsMakeNews: 1 or 0). */
export type PlanRow = [ada: string, py: string, summary: string, news: number];

const NO_LEGS: readonly LegMonth[] = Object.freeze([]);

/**
 * The engine's view of one distributor: every lived month from month `from` (or the join month)
 * to today, or to month `end` (exclusive; a PY's plans read no later month).
 */
export function historyOf(ds: PlanInputs, i: number, end = ds.cal.months.length): PlanHistory {
  const n = ds.n;
  const M = Math.min(end, ds.cal.months.length);
  const closed = ds.cal.closed;
  const kids = frontline(ds.children, i);
  const months: MonthRecord[] = [];
  const pins: PinEvent[] = [];
  const initialPin = ds.initialPin?.[i] ?? 230;
  let held = initialPin;
  const credits = ds.qualificationCredits;
  for (let m = Math.max(ds.from ?? 0, ds.joinMonth[i]!); m < M; m++) {
    const f = ds.byMonth[m];
    if (!f) throw new Error(`the plans read ${ds.cal.months[m]}, which was let go`);
    const cell = m * n + i;
    const month = ds.cal.months[m]!;
    const qc = credits.get(cell);
    const qLegs = f.qLegs[i]!;
    let legs: readonly LegMonth[] = NO_LEGS;
    if (qLegs > 0) {
      const list: LegMonth[] = [];
      for (let k = 0; k < kids.length; k++) {
        const c = kids[k]!;
        if (f.isQ[c]) list.push({ id: ds.ada[c]!, isQ: true });
      }
      legs = list;
    }
    const ppv = f.ppv[i]!;
    const nc = f.newCustomers[i]!;
    months.push({
      month,
      ppv,
      gpv: f.gpv[i]!,
      pgpv: f.pgpv[i]!,
      bracket: f.bracket[i]!,
      isQ: f.isQ[i] === 1,
      apv: f.pgpv[i]!,
      qLegs,
      isSp: f.isSp[i] === 1,
      legs,
      compliant: f.compliant[i] === 1,
      newCustomers: nc,
      points: complimentaryPoints(ppv, nc),
      attended: ds.attended.get(cell),
      ...(qc ? { qualificationCredits: qc } : {}),
    });
    const p = f.pin[i]!;
    if (m < closed && p > held) {
      pins.push({ pinCode: p, month });
      held = p;
    }
  }
  // The frontline's size bounds what the remaining months can bring (FLQ months, LDD markets,
  // pin legs): without it no target is ever out of reach for want of legs.
  // The history starts at the first month kept or the join month: the months before are no data.
  const firstMonth = ds.cal.months[Math.max(0, ds.joinMonth[i]!)];
  return { months, pins, initialPin, frontlineLegs: kids.length, ...(firstMonth ? { firstMonth } : {}) };
}

/** Whether the distributor's group moved any volume in the PY (else no plan row is written). */
export function hasVolumeIn(ds: PlanInputs, i: number, py: PyName): boolean {
  const p0 = pyFirstMonthIndex(py) - ds.cal.first;
  const last = Math.min(ds.cal.months.length - 1, p0 + 11);
  for (let m = Math.max(0, p0, ds.joinMonth[i]!); m <= last; m++) if (ds.byMonth[m]!.gpv[i]! > 0) return true;
  return false;
}

const planCache = new Map<PyName, PlanDef[]>();
export function plansOf(py: PyName): PlanDef[] {
  let p = planCache.get(py);
  if (!p) planCache.set(py, (p = plansFor(py)));
  return p;
}

/** Evaluates every plan of the PY for one distributor (bulk mode: no traces). */
export function evaluatePy(history: PlanHistory, py: PyName, today: string): PlanResult[] {
  return evaluatePlans(plansOf(py), history, { today, detail: false });
}

/** The plan_results rows of the nodes order[from … to-1] (ADA order), appended to `out`. */
export function planRows(ds: PlanInputs, from: number, to: number, out: PlanRow[]): void {
  for (let k = from; k < to; k++) {
    const i = ds.order[k]!;
    if (ds.only && !ds.only[i]) continue;
    let history: PlanHistory | undefined;
    for (const py of ds.cal.pys) {
      if (!hasVolumeIn(ds, i, py)) continue;
      // One PY alone (a close in segments, PY by PY): its months are enough.
      history ??= historyOf(ds, i, ds.cal.pys.length === 1 ? pyFirstMonthIndex(py) + 12 - ds.cal.first : undefined);
      const results = evaluatePy(history, py, ds.today);
      out.push([ds.ada[i]!, py, encodePlanSummary(results), resultsMakeNews(results) ? 1 : 0]);
    }
  }
}
