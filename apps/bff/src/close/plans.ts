// Plan results of the close: one distributor's engine history straight from the close arrays,
// and the compact per-PY summary stored in plan_results.summary. Runs in the close's thread or in
// a worker (plan-worker.ts), so it reads only PlanInputs: plain typed arrays that clone cheaply.
import {
  complimentaryPoints,
  encodePlanSummary,
  evaluatePlans,
  frontline,
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

/** What plan evaluation reads from a dataset (structured-clonable, for the worker): the engine's monthly figures among them. */
export interface PlanInputs extends Pick<EngineFigures, 'gpv' | 'pgpv' | 'bracket' | 'isQ' | 'isSp' | 'qLegs'> {
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
  readonly ppv: Int32Array;
  /**
   * Global Award credits by cell, where not 0: counted in a closed PY's last month only, so a map
   * rather than a month-long array (8 bytes a member and month: 408 MB at 1 000 000 members).
   */
  readonly qualificationCredits: ReadonlyMap<number, number>;
  readonly pin: Uint16Array;
  readonly newCustomers: Uint8Array | Uint16Array;
  readonly compliant: Uint8Array;
  readonly attended: ReadonlyMap<number, readonly string[]>;
  /** Pin each node held before the first month (default Member). */
  readonly initialPin?: Uint16Array;
  /** Evaluate only the nodes flagged here (null: every node); the others' rows are left as written. */
  readonly only?: Uint8Array | null;
}

/** The cells of `values` (the cell of its first value: `offset`) whose credits are not 0, into `into`. */
export function creditCells(values: Float64Array, offset: number, into: Map<number, number>): Map<number, number> {
  for (let k = 0; k < values.length; k++) if (values[k] !== 0) into.set(offset + k, values[k]!);
  return into;
}

/** One plan_results row: ada, py, summary (encodePlanSummary), news (resultsMakeNews: 1 or 0). */
export type PlanRow = [ada: string, py: string, summary: string, news: number];

const NO_LEGS: readonly LegMonth[] = Object.freeze([]);

/**
 * The engine's view of one distributor: every lived month from the window start to today, or to
 * month `end` (exclusive; a PY's plans read no later month).
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
  for (let m = Math.max(0, ds.joinMonth[i]!); m < M; m++) {
    const cell = m * n + i;
    const month = ds.cal.months[m]!;
    const qc = credits.get(cell);
    const qLegs = ds.qLegs[cell]!;
    let legs: readonly LegMonth[] = NO_LEGS;
    if (qLegs > 0) {
      const base = m * n;
      const list: LegMonth[] = [];
      for (let k = 0; k < kids.length; k++) {
        const c = kids[k]!;
        if (ds.isQ[base + c]) list.push({ id: ds.ada[c]!, isQ: true });
      }
      legs = list;
    }
    const ppv = ds.ppv[cell]!;
    const nc = ds.newCustomers[cell]!;
    months.push({
      month,
      ppv,
      gpv: ds.gpv[cell]!,
      pgpv: ds.pgpv[cell]!,
      bracket: ds.bracket[cell]!,
      isQ: ds.isQ[cell] === 1,
      apv: ds.pgpv[cell]!,
      qLegs,
      isSp: ds.isSp[cell] === 1,
      legs,
      compliant: ds.compliant[cell] === 1,
      newCustomers: nc,
      points: complimentaryPoints(ppv, nc),
      attended: ds.attended.get(cell),
      ...(qc ? { qualificationCredits: qc } : {}),
    });
    const p = ds.pin[cell]!;
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
  const n = ds.n;
  const p0 = pyFirstMonthIndex(py) - ds.cal.first;
  const last = Math.min(ds.cal.months.length - 1, p0 + 11);
  for (let m = Math.max(0, p0, ds.joinMonth[i]!); m <= last; m++) if (ds.gpv[m * n + i]! > 0) return true;
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
