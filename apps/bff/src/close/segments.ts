// The close from the first month (the first load, or after `--replace`), a few months at a time:
// the engine runs over `segmentMonths` months, their rows are written, and the next months start
// from the engine's state after them (as an hourly close starts from the saved state). Only what
// the plans read of a month is kept, in a buffer shared with the plan worker, and only until the
// PYs whose plans read it are evaluated; so the memory grows with the members and the months the
// plans of one or two PYs read, not with the members × every month of the history (issue #30:
// 1 131 MiB at 50 000 members over 51 months when all were held at once).
import { buildChildren, plansFor, pyFirstMonthIndex, type ClosedState, type MonthKey, type PyName } from '@abo/plan';
import type { BulkWriter } from '../db/bulk.ts';
import { ArrayPool } from './array-pool.ts';
import type { ImportConn } from '../import/conn.ts';
import type { CheckpointPart } from './checkpoint.ts';
import type { ProgressFn } from './close-all.ts';
import { closeFigures, readMonthFacts, type CloseCalendar, type Members } from './figures.ts';
import { keptMonthParts, type KeptList } from './kept-months.ts';
import type { Figures } from './month-figures.ts';
import { creditCells, PLAN_MONTH_FIELDS, pinsBeforeTracker, windowStart, type PlanInputs, type PlanMonth } from './plans.ts';
import { openFigureWriter, planSource, writeMonthlyResults, writeStatements } from './write.ts';

/** Months the engine holds at once in a close from the first month, at most (a test may ask for fewer). */
export const SEGMENT_MONTHS = 12;

/** What the engine's arrays take per member and month (month-figures.ts's and the month's facts): about 170 bytes. */
const RUN_BYTES_PER_MEMBER_MONTH = 170;
/**
 * What one run's arrays should take: twelve months up to about 30 000 members, three at 100 000.
 * The rows a run writes take as much again on the heap, so shorter runs bound the first load's peak
 * (issue #30, at 100 000 members: 901 MiB with twelve-month runs, 724 MiB with three, for 18 % more
 * time); but three months a run are kept while RUN_BYTES_AT_MOST holds them (runs of one month
 * read and write more often).
 */
const RUN_BYTES = 64 * 2 ** 20;
/** What a run of three months may take at the most: three months up to about 1 000 000 members, one above. */
const RUN_BYTES_AT_MOST = 512 * 2 ** 20;

/** Months per run for `members` members (between 1 and SEGMENT_MONTHS): see RUN_BYTES. */
export function segmentMonthsFor(members: number): number {
  const perMonth = Math.max(1, members) * RUN_BYTES_PER_MEMBER_MONTH;
  const months = Math.max(Math.floor(RUN_BYTES / perMonth), Math.min(3, Math.floor(RUN_BYTES_AT_MOST / perMonth)));
  return Math.max(1, Math.min(SEGMENT_MONTHS, months));
}

/** What the close goes on with once every row is written. */
export interface WrittenFigures {
  /** The figures of the last months run (the open ones among them): what the next close compares with. */
  readonly figures: Figures;
  /** Pin held after the last closed month, and the month it was reached (null: never rose). */
  readonly pin: Uint16Array;
  readonly pinMonth: readonly (string | null)[];
  readonly state: ClosedState;
  readonly rows: Record<string, number>;
  readonly planMode: 'worker' | 'inline';
  /** The closed months kept as parts (kept-months.ts), when asked for. */
  readonly keptParts?: readonly CheckpointPart[];
}

export interface SegmentOptions {
  readonly pys: readonly PyName[];
  readonly today: string;
  readonly segmentMonths: number;
  readonly planWorker?: boolean;
  readonly progress?: ProgressFn;
  /** The closed months to keep as parts (kept-months.ts): with which list, which months. */
  readonly kept?: { readonly list: KeptList; readonly keep: (month: MonthKey) => boolean } | null;
}

/** One month of what the plans read, in one buffer shared with the plan worker (not copied). */
function sharedPlanMonth(n: number): PlanMonth {
  // Four-byte arrays first, then two-byte, then one-byte: each at an offset its size divides.
  const buffer = new SharedArrayBuffer(22 * n);
  let at = 0;
  const next = <T>(Kind: { new (b: SharedArrayBuffer, offset: number, length: number): T; readonly BYTES_PER_ELEMENT: number }): T => {
    const a = new Kind(buffer, at, n);
    at += Kind.BYTES_PER_ELEMENT * n;
    return a;
  };
  return {
    ppv: next(Int32Array),
    gpv: next(Int32Array),
    pgpv: next(Int32Array),
    qLegs: next(Uint16Array),
    pin: next(Uint16Array),
    newCustomers: next(Uint16Array),
    bracket: next(Uint8Array),
    isQ: next(Uint8Array),
    isSp: next(Uint8Array),
    compliant: next(Uint8Array),
  };
}

/**
 * Runs the engine over every month of `cal`, `segmentMonths` at a time (the last run also takes
 * the open months), writing each run's monthly results and statements through `writer`, then
 * every member's plans of `pys` from what was kept of the months they read.
 */
export async function writeInSegments(
  conn: ImportConn,
  writer: BulkWriter,
  members: Members,
  cal: CloseCalendar,
  opts: SegmentOptions,
): Promise<WrittenFigures> {
  const { n } = members;
  const M = cal.months.length;
  const rows: Record<string, number> = { monthly_results: 0, statements: 0 };
  const planPys = opts.pys.filter((py) => plansFor(py).length > 0);
  const keep = windowStart(cal, planPys);
  const P = M - keep;
  // What the plans read (plans.ts), month by month from month `keep` on, each month in a buffer
  // shared with the worker. A PY's plans read back one PY or two (plansFirstMonth), so once the
  // PYs reading a month are evaluated the month is let go (plan-source.ts): with four PYs of
  // history, 15 to 27 months are held at once instead of 39 (issue #30).
  const byMonth: (PlanMonth | undefined)[] = Array.from({ length: P }, () => undefined);
  const attended = new Map<number, readonly string[]>();
  const credits = new Map<number, number>();
  // The pin held before the months the plans read (filled in by the run that reaches them).
  const initialPin = new Uint16Array(new SharedArrayBuffer(2 * n));
  initialPin.set(members.pinHeld);
  // Key order of the tables (ADA), as the writers go.
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((x, y) => (members.ada[x]! < members.ada[y]! ? -1 : 1));
  const inputs: PlanInputs = {
    n,
    today: opts.today,
    cal: { months: cal.months.slice(keep), closed: Math.max(0, cal.closed - keep), first: cal.first + keep, pys: planPys },
    order,
    ada: members.ada,
    children: buildChildren(members.sponsor),
    joinMonth: Int32Array.from(members.joinMonth, (j) => j - (cal.first + keep)),
    byMonth,
    qualificationCredits: credits,
    attended,
    initialPin,
    only: null,
  };
  // A worker evaluates each PY's plans once its months are in (a PY's plans read no later month),
  // while this thread runs the engine over the next months and writes them.
  const source = planSource(inputs, opts.planWorker, { stepwise: true });
  const w = openFigureWriter(writer, { n, order }, source, opts.progress);
  let state: ClosedState | null = null;
  let last: ReturnType<typeof closeFigures> | null = null;
  const waiting = [...planPys];
  // The pin held before the month where each PY's plans start reading, as the months come.
  const pinBefore = pinsBeforeTracker(inputs);
  const pool = new ArrayPool();
  const keptParts: CheckpointPart[] = [];
  try {
    for (let a = 0; a < M;) {
      // A run ends on a closed month (where the next one starts from its state), but the last.
      const b = a + opts.segmentMonths >= cal.closed ? M : a + opts.segmentMonths;
      const sub: CloseCalendar = {
        first: cal.first + a,
        months: cal.months.slice(a, b),
        closed: Math.max(0, Math.min(cal.closed, b) - a),
        rules: cal.rules.slice(a, b),
      };
      opts.progress?.({ phase: 'read', done: a, total: M, label: sub.months[0] });
      // The months run before are written: only what the plans read of them stays, and their
      // arrays serve the next run.
      if (last) pool.give(...Object.values(last.figures).filter((v): v is Parameters<ArrayPool['give']>[0] => ArrayBuffer.isView(v)));
      last = null;
      const facts = await readMonthFacts(conn, members, sub, 0, { pool });
      const run = closeFigures(members, sub, facts, 0, [], opts.today, opts.progress, state ? { at: 0, state } : undefined, pool);
      const f = run.figures;
      // No run comes after the last: the arrays it did not take would only add to the peak of the
      // plans after it (issue #30).
      if (b === M) pool.clear();
      // The pin held before the first month the plans read.
      if (keep > a && keep <= b) initialPin.set(f.pin.subarray((keep - 1 - a) * n, (keep - a) * n));
      // The months the plans read, and the pin held before the first month of each PY's plans.
      const newCredits = new Map<number, number>();
      const months: [number, PlanMonth][] = [];
      const pinsBefore: [number, Uint16Array][] = [];
      for (let m = Math.max(a, keep); m < b; m++) {
        const from = (m - a) * n;
        const r = m - keep;
        const month = sharedPlanMonth(n);
        for (const name of PLAN_MONTH_FIELDS) month[name].set(f[name].subarray(from, from + n));
        byMonth[r] = month;
        months.push([r, month]);
        const before = pinBefore(r);
        if (before) pinsBefore.push([r, before]);
        creditCells(f.qualificationCredits.subarray(from, from + n), r * n, newCredits);
      }
      for (const [cell, c] of newCredits) credits.set(cell, c);
      const cells: [number, readonly string[]][] = [];
      for (const [cell, codes] of f.attended) {
        const m = a + Math.floor(cell / n);
        if (m >= keep) cells.push([(m - keep) * n + (cell % n), codes]);
      }
      for (const [cell, codes] of cells) attended.set(cell, codes);
      // The PYs whose every month is in now (the last run: all of them).
      const ready = waiting.filter((py) => b === M || pyFirstMonthIndex(py) + 11 < cal.first + b);
      waiting.splice(0, ready.length);
      source.ready(ready, { months, pinsBefore, attended: cells, credits: [...newCredits] }, b === M);
      if (opts.kept) keptParts.push(...keptMonthParts(opts.kept.list, f, opts.kept.keep));
      const monthly = await writeMonthlyResults(w, f, 0);
      const statements = await writeStatements(w, f, 0);
      rows['monthly_results']! += monthly;
      rows['statements']! += statements;
      state = run.state;
      last = run;
      a = b;
    }
    source.finish();
    await w.timed('plan_results', () => w.planResults());
  } finally {
    await w.close();
  }
  rows['plan_results'] = w.rows['plan_results'] ?? 0;
  return { figures: last!.figures, pin: last!.pin, pinMonth: last!.pinMonth, state: state!, rows, planMode: w.planMode, keptParts };
}
