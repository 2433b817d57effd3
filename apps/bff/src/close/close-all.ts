// The engine's close of a run of months, kept month-major for the writers (write.ts): every
// month through closePeriod() in order, the closed ones paid and moving pins, the open ones with
// their volumes and the pins as they stand.
import { closePeriod, PIN, type AnnualBonus, type ClosedMonth, type ClosedState } from '@abo/plan';
import { NEW_ARRAYS, type ArrayPool } from './array-pool.ts';
import type { EngineFigures, FigureMonths } from './month-figures.ts';

/** A step of a long run, for progress bars. */
export interface Progress {
  readonly phase: string;
  readonly done: number;
  readonly total: number;
  readonly label?: string;
}
export type ProgressFn = (p: Progress) => void;

/** The engine's figures of every month kept (close/month-figures.ts), and the pins around them. */
export interface Closed extends EngineFigures {
  readonly annual: Map<number, AnnualBonus>;
  /** Month index the pin held after the last month was reached (-1: never rose above Member). */
  readonly pinMonth: Int32Array;
  /** Pin each node held before the first month kept (Member when every month is kept). */
  readonly pinBefore: Uint16Array;
  /** The engine's state after the last closed month: where the next close can start. */
  readonly state: ClosedState;
}

/** Where a close continues from: the engine's state after month `at - 1` (close/checkpoint.ts). */
export interface Resume {
  /** The first month run (an index into the calendar's months). */
  readonly at: number;
  readonly state: ClosedState;
}

/**
 * The engine's close of every month (closePeriod), kept month-major for the writers: months
 * before `cal.closed` are closed, the rest open: today's, and any complete month a close left
 * open (it stopped short of last month), each with its volumes and the pins as they stand after
 * the closed ones.
 * `keep`: the first month kept (earlier ones are closed for their pins and annual bonuses only;
 * the arrays then start at month `keep`, and `pinBefore` is the pin held before it).
 * `initialPin`: the pin each node held before the first month (distributors.pin_held; default Member).
 * `resume`: run from month `resume.at` on, from its state; the months kept before it are left
 * for the caller to fill (from what the closes before wrote), and `pinBefore` too.
 */
export function closeAll(
  cal: FigureMonths,
  sponsor: Int32Array,
  volumes: { readonly ppv: Int32Array; readonly bvFen?: Float64Array },
  progress?: ProgressFn,
  keep = 0,
  initialPin?: ArrayLike<number>,
  resume?: Resume,
  pool: Pick<ArrayPool, 'take'> = NEW_ARRAYS,
): Closed {
  if (resume && (resume.at < keep || resume.at > cal.closed)) throw new RangeError(`cannot resume at month ${resume.at}`);
  const n = sponsor.length;
  const M = cal.months.length;
  const cells = (M - keep) * n;
  const closedCells = Math.max(0, cal.closed - keep) * n;
  const r: Omit<Closed, 'state'> = {
    gpv: pool.take(Int32Array, cells),
    pgpv: pool.take(Int32Array, cells),
    bracket: pool.take(Uint8Array, cells),
    isQ: pool.take(Uint8Array, cells),
    isSp: pool.take(Uint8Array, cells),
    qLegs: pool.take(Uint16Array, cells),
    qLegPgpv: pool.take(Int32Array, cells),
    depthPgpv: pool.take(Int32Array, cells),
    pearlPassPv: pool.take(Int32Array, cells),
    leadershipLegs: pool.take(Uint16Array, cells),
    gbvFen: pool.take(Float64Array, cells),
    pgbvFen: pool.take(Float64Array, cells),
    qLegPgbvFen: pool.take(Float64Array, cells),
    depthPgbvFen: pool.take(Float64Array, cells),
    pearlPassBvFen: pool.take(Float64Array, cells),
    debitBroughtFen: pool.take(Float64Array, closedCells),
    debitCarriedFen: pool.take(Float64Array, closedCells),
    debitBroughtSince: pool.take(Int32Array, closedCells),
    qualificationCredits: pool.take(Float64Array, cells),
    pin: pool.take(Uint16Array, cells),
    pinMonth: new Int32Array(n),
    promotionFen: pool.take(Float64Array, closedCells),
    leadershipFen: pool.take(Float64Array, closedCells),
    leadershipInFen: pool.take(Float64Array, closedCells),
    leadershipUpFen: pool.take(Float64Array, cells),
    rubyFen: pool.take(Float64Array, closedCells),
    pearlFen: pool.take(Float64Array, closedCells),
    annual: new Map(),
    pinBefore: new Uint16Array(n).fill(PIN.MEMBER),
  };
  if (initialPin) r.pinBefore.set(initialPin);
  const { ppv, bvFen } = volumes;
  const months = cal.months.map((month, m) => ({
    month,
    ppv: ppv.subarray(m * n, (m + 1) * n),
    ...(bvFen ? { bvFen: bvFen.subarray(m * n, (m + 1) * n) } : {}),
    closed: m < cal.closed,
    rules: cal.rules[m]!,
  }));
  const store =
    (offset: number) =>
    ({ index, month, close, income, carry, incomeSoFar, pin, qualificationCredits, annual }: ClosedMonth) => {
      const m = offset + index;
      progress?.({ phase: 'close', done: m + 1, total: M, label: month });
      if (m < keep) {
        if (m === keep - 1) r.pinBefore.set(pin);
        return;
      }
      const base = (m - keep) * n;
      r.gpv.set(close.groupPv, base);
      r.pgpv.set(close.personalGroupPv, base);
      r.bracket.set(close.bracketPercent, base);
      r.isQ.set(close.isQ, base);
      r.isSp.set(close.isSpMonth, base);
      r.qLegs.set(close.qLegCount, base);
      r.qLegPgpv.set(close.qLegPgpv, base);
      r.depthPgpv.set(close.depthPgpv, base);
      r.pearlPassPv.set(close.pearlPassPv, base);
      r.leadershipLegs.set(close.leadershipLegs, base);
      r.gbvFen.set(close.groupBvFen, base);
      r.pgbvFen.set(close.personalGroupBvFen, base);
      r.qLegPgbvFen.set(close.qLegPgbvFen, base);
      r.depthPgbvFen.set(close.depthPgbvFen, base);
      r.pearlPassBvFen.set(close.pearlPassBvFen, base);
      r.qualificationCredits.set(qualificationCredits, base);
      const upFen = (income ?? incomeSoFar)?.leadershipUpFen;
      if (upFen) r.leadershipUpFen.set(upFen, base);
      if (income) {
        r.promotionFen.set(income.promotionFen, base);
        r.leadershipFen.set(income.leadershipFen, base);
        r.leadershipInFen.set(income.leadershipInFen, base);
        r.rubyFen.set(income.rubyFen, base);
        r.pearlFen.set(income.pearlFen, base);
      }
      if (carry) {
        r.debitBroughtFen.set(carry.broughtFen, base);
        r.debitCarriedFen.set(carry.carriedFen, base);
        r.debitBroughtSince.set(carry.broughtSince, base);
      }
      for (const [i, bonus] of annual) r.annual.set(base + i, bonus);
      r.pin.set(pin, base);
    };
  // closePeriod takes one open month, the last: the closed months and the first open one here.
  const at = resume?.at ?? 0;
  const end = Math.min(M, cal.closed + 1);
  const head = months.slice(at, end);
  const from = resume ? { state: resume.state } : initialPin ? { initialPin } : {};
  const { pin, pinMonth, state } = closePeriod({ sponsor, months: head, ...from }, store(at));
  for (let m = end; m < M; m++) closePeriod({ sponsor, months: [months[m]!], initialPin: pin }, store(m));
  r.pinMonth.set(pinMonth);
  return { ...r, state };
}
