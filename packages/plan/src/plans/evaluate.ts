// Plan evaluator: one distributor's history → per-criterion required / achieved / met, the
// month-by-month trace, and for an open period the status and the gap per remaining month.
// Statuses follow one pace model (DESIGN §2): what the remaining months can still add (the
// capacity: open months, frontline legs × months, events still to come, the pin ladder) decides
// whether a target is out of reach (and why) and whether it has slack; pro-rata pace decides
// on track or at risk.
// Cheap by design: the history is summarised once per period into small typed arrays and
// every plan reads that summary; `detail: false` skips traces and texts for bulk runs.
import {
  monthIndex,
  monthKeyOf,
  pyFirstMonthIndex,
  pyName,
  pyMonths,
  pyOf,
  pyStartYearOfIndex,
  type DateLike,
  type MonthKey,
  type PeriodState,
  type PyName,
} from '../calendar.ts';
import { isPqMonth } from '../close.ts';
import {
  emptyPinCounters,
  PIN,
  pinFromCounters,
  pinLadder,
  pinName,
  pinRule,
  type PinCondition,
  type PinCounters,
  type PinStep,
} from '../pins.ts';
import { rulesFor } from '../rules/registry.ts';
import type { RuleTable } from '../rules/types.ts';
import { num, text, type Text } from '../text.ts';
import { CRITERION_KINDS, criterionLabel, kindOf, type CriterionKindInfo, type UnitForms } from './kinds.ts';
import type {
  ComponentDetail,
  Criterion,
  CriterionKind,
  CriterionResult,
  EvaluateOptions,
  EventDetail,
  Gap,
  LegDetail,
  LevelResult,
  MonthCondition,
  MonthRecord,
  MonthState,
  PlanDef,
  PlanHistory,
  PlanResult,
  ScoreComponent,
  ScoreSource,
  Status,
  StatusReason,
  TraceMonth,
} from './types.ts';

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

function monthState(s: HistorySummary, pos: number): MonthState {
  if (pos < s.dataFrom) return 'noData';
  return pos < s.curPos ? 'closed' : pos === s.curPos ? 'open' : 'future';
}

/** Pro-rata share of a target due by now over the months from `from`, those before the history left out. */
function proRata(s: HistorySummary, from: number, target: number): number {
  const start = Math.max(from, s.dataFrom);
  const span = s.len - start;
  if (span <= 0) return 0;
  const closed = Math.min(span, Math.max(0, s.curPos - start));
  return (target * closed) / span;
}

// ---------------------------------------------------------------------------------------
// Texts

const NO_TEXT = text('', '');

function count(n: number, u: UnitForms): Text {
  return text(`${num(n)}${u.zh}`, `${num(n)} ${n === 1 ? u.one : u.many}`);
}

/** "3 more PQ months" (English only: Chinese reads 还需 + count). */
function moreEn(n: number, u: UnitForms): string {
  return `${num(n)} more ${n === 1 ? u.one : u.many}`;
}

function monthsEn(n: number): string {
  return `${num(n)} month${n === 1 ? '' : 's'}`;
}

/** The unit as a Chinese noun without its measure word ('个PQ月' → 'PQ月'). */
function nounZh(u: UnitForms): string {
  return u.zh.trim().replace(/^[个位场条]/, '');
}

function endText(s: HistorySummary): Text {
  const end = monthKeyOf(s.first + s.len - 1);
  return text(`${end}-31`, `31 Aug ${end.slice(0, 4)}`);
}

function listText(items: readonly Text[]): Text {
  return text(items.map((t) => t.zh).join('、'), items.map((t) => t.en).join(', '));
}

function eventText(name: Text, month: MonthKey | undefined): Text {
  return month ? text(`${name.zh}（${month}）`, `${name.en} (${month})`) : name;
}

// ---------------------------------------------------------------------------------------
// Criterion evaluation

type Pace = 'onTrack' | 'atRisk';

/** What a kind computes before the shared status/gap/trace step. */
interface Raw {
  required: number;
  achieved: number;
  /** Per-month contribution (for the trace); a month counted when value ≥ countAt. */
  values: ArrayLike<number>;
  countAt: number;
  /** 'sum': running sum of counted values; 'max': running max; 'value': the value itself;
   *  an array: given per month. (Plain data, no closures: this runs 100 000s of times.) */
  cumulative: 'sum' | 'max' | 'value' | ArrayLike<number>;
  /** The most the remaining months can still add (Infinity: no bound; 0 once closed). */
  capacity: number;
  /** Overrides achieved + capacity − required (pins: 1 in reach, −1 out of reach). */
  slack?: number;
  /** What the closed months alone achieve, for kinds that know it (see closedAchieved). */
  closedAchieved?: number;
  /** The pace of kinds not judged pro rata (pins, events, LDD legs) while in reach and open. */
  pace?: Pace;
  /** Whether onTrack/atRisk can be judged by pro-rata pace (default: the kind's). */
  paceable?: boolean;
  /**
   * Why it is out of reach, when the kind knows better than the generic reason. Built only when
   * asked for (bulk runs ask only for the reason a plan or level takes).
   */
  why?: () => StatusReason;
  /** Overrides of the generic gap. */
  stillNeeded?: number;
  perMonth?: number;
  /** Gap text while open and in reach / once the period closed unmet. */
  gapText?: Text;
  missedText?: Text;
  /** What each month that can still add needs: one text for all, or per period month. */
  need?: Text;
  needAt?: readonly (Text | undefined)[];
  legs?: LegDetail[];
  events?: EventDetail[];
  components?: ComponentDetail[];
}

/** Smallest positive value: "counted when > 0" for real-valued volumes. */
const POSITIVE = Number.MIN_VALUE;

function sumOf(a: ArrayLike<number>, from = 0): number {
  let t = 0;
  for (let i = from; i < a.length; i++) t += a[i]!;
  return t;
}

/** First position that can still add: today's month, or `from` for a period not yet started. */
function openStart(s: HistorySummary, from = 0): number {
  return Math.min(s.len, Math.max(from, s.curPos));
}

/** Remaining months (current included) from `from` on where a month-flag is not yet set. */
function openSlots(s: HistorySummary, flags: ArrayLike<number>, from = 0): number {
  let n = 0;
  for (let p = openStart(s, from); p < s.len; p++) if (!flags[p]) n++;
  return n;
}

/** Whether a kind with this capacity falls short while the period is open (then build a reason). */
function shortOf(s: HistorySummary, achieved: number, capacity: number, required: number): boolean {
  return s.remaining > 0 && achieved < required && achieved + capacity < required;
}

function monthCount(s: HistorySummary, flags: Uint8Array, min: number): Raw {
  return {
    required: min,
    achieved: sumOf(flags),
    values: flags,
    countAt: 1,
    cumulative: 'sum',
    capacity: openSlots(s, flags),
  };
}

function volumeSum(s: HistorySummary, values: ArrayLike<number>, min: number): Raw {
  return {
    required: min,
    achieved: sumOf(values),
    values,
    countAt: POSITIVE,
    cumulative: 'sum',
    capacity: s.remaining > 0 ? Infinity : 0,
  };
}

/** FLQ months the remaining months can add: each frontline leg not yet Q in each of them. */
function flqCapacity(s: HistorySummary): number {
  if (s.remaining === 0) return 0;
  const f = s.frontlineLegs;
  if (f === undefined) return Infinity;
  let cap = 0;
  for (let p = openStart(s); p < s.len; p++) cap += Math.max(0, f - s.flq[p]!);
  return cap;
}

/** The month fields a MonthCondition reads. */
export type MonthConditionInput = Pick<MonthRecord, 'ppv' | 'pgpv' | 'apv' | 'bracket' | 'qLegs' | 'newCustomers' | 'compliant' | 'isSp'>;

/** Whether a month meets a condition: every given field ≥ its value (booleans: must hold). */
export function monthMeets(r: MonthConditionInput | undefined, c: MonthCondition): boolean {
  if (!r) return false;
  if (c.ppv !== undefined && r.ppv < c.ppv) return false;
  if (c.pgpv !== undefined && r.pgpv < c.pgpv) return false;
  if (c.apv !== undefined && r.apv < c.apv) return false;
  if (c.bracket !== undefined && r.bracket < c.bracket) return false;
  if (c.qLegs !== undefined && r.qLegs < c.qLegs) return false;
  if (c.newCustomers !== undefined && (r.newCustomers ?? 0) < c.newCustomers) return false;
  if (c.compliant && !r.compliant) return false;
  if (c.sp && !r.isSp) return false;
  return true;
}

function legDetails(s: HistorySummary): LegDetail[] {
  const out: LegDetail[] = [];
  for (const [id, flags] of s.legs) {
    const qMonths = sumOf(flags);
    out.push({
      id,
      qMonths,
      months: Array.from(flags, (f) => f > 0),
      qualified: qMonths >= s.legQMonths,
    });
  }
  out.sort((a, b) => b.qMonths - a.qMonths || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out;
}

/**
 * Where the frontline legs stand against `need` Q months (the LDD level legQMonths, or the
 * Founders level) counted from position `from`.
 */
interface LegOutlook {
  /** Q months each leg needs. */
  readonly need: number;
  /** Legs with ≥ need Q months. */
  readonly achieved: number;
  /** Legs reaching need Q months at each position. */
  readonly reachedAt: Int32Array;
  /** Legs not there yet that still can: Q months each still needs, fewest first. */
  readonly short: readonly number[];
  /** Of those, legs with a month to spare. */
  readonly spare: number;
  /** Frontline legs without a Q month so far (Infinity: frontline unknown). */
  readonly fresh: number;
  /** Months left from `from` (current included). */
  readonly openMonths: number;
  /** Legs that can still get there: short + fresh when enough months remain. */
  readonly capacity: number;
  /** Q months of each leg seen (capped at need), most first. */
  readonly counted: readonly number[];
}

/** Built once per summary, start position and need: the LDD criterion, score components and the pin ladder's leg conditions read it. */
function legOutlook(s: HistorySummary, from: number, need = s.legQMonths): LegOutlook {
  const byFrom = (s.memo.legs ??= new Map());
  const key = `${from}:${need}`;
  let o = byFrom.get(key);
  if (!o) byFrom.set(key, (o = buildLegOutlook(s, from, need)));
  return o;
}

function buildLegOutlook(s: HistorySummary, from: number, need: number): LegOutlook {
  const reachedAt = new Int32Array(s.len);
  const start = openStart(s, from);
  const openMonths = s.len - start;
  const short: number[] = [];
  const counted: number[] = [];
  let achieved = 0;
  let spare = 0;
  let seen = 0;
  for (const flags of s.legs.values()) {
    let q = 0;
    let at = -1;
    for (let p = from; p < s.len; p++) {
      if (flags[p]) q++;
      if (q === need && at < 0) at = p;
    }
    if (q === 0) continue;
    seen++;
    counted.push(Math.min(q, need));
    if (at >= 0) {
      achieved++;
      reachedAt[at]!++;
      continue;
    }
    const slots = openSlots(s, flags, from);
    if (q + slots >= need) {
      short.push(need - q);
      if (q + slots > need) spare++;
    }
  }
  short.sort((a, b) => a - b);
  counted.sort((a, b) => b - a);
  const f = s.frontlineLegs;
  const fresh = f === undefined ? Infinity : Math.max(0, f - seen);
  const capacity = short.length + (openMonths >= need ? fresh : 0);
  return { need, achieved, reachedAt, short, spare, fresh, openMonths, capacity, counted };
}

/**
 * Pace of a legs target in reach: at risk when every leg that can still get there is needed
 * (zero slack), or when the leg months of the best legs are behind the pro-rata pace.
 */
function legPace(o: LegOutlook, required: number, s: HistorySummary, from: number): Pace {
  const need = o.need;
  if (o.achieved + o.capacity <= required) return 'atRisk';
  const roomy = o.achieved + o.spare + (o.openMonths > need ? o.fresh : 0);
  if (roomy < required) return 'atRisk';
  // Leg months toward the target: the best `required` legs' Q months, each up to need.
  let legMonths = 0;
  for (let k = 0; k < Math.min(required, o.counted.length); k++) legMonths += o.counted[k]!;
  return legMonths >= proRata(s, from, required * need) ? 'onTrack' : 'atRisk';
}

/** What each score source adds up over the period. */
const SOURCES: { readonly [K in ScoreSource]: (s: HistorySummary) => number } = {
  pqMonths: (s) => sumOf(s.pq),
  flqMonths: (s) => sumOf(s.flq),
  spMonths: (s) => sumOf(s.sp),
  complianceMonths: (s) => sumOf(s.compliant),
  apvCumulative: (s) => sumOf(s.apv),
  ppvCumulative: (s) => sumOf(s.ppv),
  customers: (s) => sumOf(s.customers),
  points: (s) => sumOf(s.points),
  lddMarkets: (s) => {
    let n = 0;
    for (const f of s.legs.values()) if (sumOf(f) >= s.legQMonths) n++;
    return n;
  },
};

/** What each score source adds in each month (its running sum is the source's total). */
function sourceByMonth(s: HistorySummary, source: ScoreSource): ArrayLike<number> {
  switch (source) {
    case 'pqMonths':
      return s.pq;
    case 'flqMonths':
      return s.flq;
    case 'spMonths':
      return s.sp;
    case 'complianceMonths':
      return s.compliant;
    case 'apvCumulative':
      return s.apv;
    case 'ppvCumulative':
      return s.ppv;
    case 'customers':
      return s.customers;
    case 'points':
      return s.points;
    case 'lddMarkets':
      return legOutlook(s, 0).reachedAt;
  }
}

/** The most a score source can still add in the remaining months. */
function sourceCapacity(s: HistorySummary, source: ScoreSource): number {
  switch (source) {
    case 'pqMonths':
      return openSlots(s, s.pq);
    case 'spMonths':
      return openSlots(s, s.sp);
    case 'complianceMonths':
      return openSlots(s, s.compliant);
    case 'flqMonths':
      return flqCapacity(s);
    case 'lddMarkets':
      return legOutlook(s, 0).capacity;
    default:
      return s.remaining > 0 ? Infinity : 0;
  }
}

function componentPoints(k: ScoreComponent, raw: number): number {
  const pts = Math.floor(raw / k.per) * k.points;
  return k.cap !== undefined ? Math.min(pts, k.cap) : pts;
}

/**
 * A measure's total over the summarised period (months lived so far, the open month
 * included): the figure the criteria and score components of that measure read.
 */
export function periodTotal(s: HistorySummary, source: ScoreSource): number {
  return SOURCES[source](s);
}

// ---------------------------------------------------------------------------------------
// Pins: reachable in the PY's remaining months, judged on the pin ladder's conditions

type CondState = 'met' | 'onTrack' | 'atRisk' | 'out';
const COND_RANK: Record<CondState, number> = { out: 0, atRisk: 1, onTrack: 2, met: 3 };

/** The pin ladder's month counters over the PY from `from`: so far, and what the open months allow. */
interface PinFacts {
  readonly sp: number;
  readonly spOpen: number;
  /** Longest run of SP months so far, and the longest possible if every open month were SP. */
  readonly run: number;
  readonly runIf: number;
  readonly side: number;
  readonly sideOpen: number;
  readonly bestPgpv: number;
  readonly openMonths: number;
}

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
  for (let q = from; q < s.len; q++) {
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
  return (s.memo.pin = { sp, spOpen, run: best, runIf: bestIf, side, sideOpen, bestPgpv, openMonths: s.len - start });
}

/** A month-count condition: out when the open months cannot hold it; pace pro rata over the PY. */
function monthsState(s: HistorySummary, from: number, got: number, open: number, min: number): CondState {
  if (got >= min) return 'met';
  if (got + open < min) return 'out';
  return got + open > min && got >= proRata(s, from, min) ? 'onTrack' : 'atRisk';
}

/** Where one condition of a pin stands in the PY from `from`. */
function pinCondition(s: HistorySummary, from: number, c: PinCondition): CondState {
  const min = c.min;
  const f = pinFacts(s, from);
  switch (c.counter) {
    case 'spMonths':
      return monthsState(s, from, f.sp, f.spOpen, min);
    case 'sideVolumeMonths':
      return monthsState(s, from, f.side, f.sideOpen, min);
    case 'maxSpRun':
      return f.run >= min ? 'met' : f.runIf < min ? 'out' : f.runIf > min ? 'onTrack' : 'atRisk';
    case 'qualifiedLegs':
    case 'foundersLegs': {
      const o = legOutlook(s, from, c.counter === 'foundersLegs' ? s.rules.pins.foundersLegQMonths : s.legQMonths);
      if (o.achieved >= min) return 'met';
      if (o.achieved + o.capacity < min) return 'out';
      return legPace(o, min, s, from);
    }
    case 'bestPgpv':
      // One good month is enough and volume has no ceiling: never out while a month is left.
      return f.bestPgpv >= min ? 'met' : f.openMonths > 0 ? 'atRisk' : 'out';
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

/** Why a pin condition cannot be met (pinCondition said 'out'). */
function pinWhy(s: HistorySummary, from: number, pin: Text, c: PinCondition): Text {
  const min = c.min;
  const f = pinFacts(s, from);
  const end = endText(s);
  switch (c.counter) {
    case 'spMonths':
      return text(
        `${pin.zh}需本年度${min}个SP月：目前${f.sp}个，仅剩${f.spOpen}个月`,
        `${pin.en} needs ${min} SP months in the PY: ${f.sp} so far and only ${monthsEn(f.spOpen)} left`,
      );
    case 'sideVolumeMonths': {
      const pv = num(s.rules.pins.sapphireSideVolumePv);
      return text(
        `${pin.zh}需${min}个月APV≥${pv}：目前${f.side}个，仅剩${f.sideOpen}个月`,
        `${pin.en} needs ${min} months with APV ≥ ${pv}: ${f.side} so far and only ${monthsEn(f.sideOpen)} left`,
      );
    }
    case 'maxSpRun':
      return text(
        `${pin.zh}需连续${min}个SP月：到${end.zh}最多只能连续${f.runIf}个`,
        `${pin.en} needs ${min} consecutive SP months: at most ${f.runIf} possible by ${end.en}`,
      );
    case 'qualifiedLegs':
    case 'foundersLegs': {
      const need = c.counter === 'foundersLegs' ? s.rules.pins.foundersLegQMonths : s.legQMonths;
      const o = legOutlook(s, from, need);
      const legs = s.frontlineLegs;
      return legs !== undefined && legs < min
        ? text(
            `${pin.zh}需${min}条一线各本年度Q≥${need}个月，但${legs ? `一线只有${legs}条` : '没有一线'}`,
            `${pin.en} needs ${min} frontline legs each Q ≥ ${need} months of the PY; ${legs ? `the frontline has only ${legs}` : 'there are no frontline legs'}`,
          )
        : text(
            `${pin.zh}需${min}条一线各本年度Q≥${need}个月：目前${o.achieved}条，到${end.zh}前最多还有${o.capacity}条能达到`,
            `${pin.en} needs ${min} frontline legs each Q ≥ ${need} months of the PY: ${o.achieved} so far, at most ${o.capacity} more can get there by ${end.en}`,
          );
    }
    case 'qualificationCredits':
      return text(
        `${pin.zh}需${min}个资格积分（下线本年度合资格的领导人）：本年度结算为${s.records[s.len - 1]?.qualificationCredits ?? 0}个`,
        `${pin.en} needs ${min} qualification credits (the downline's leaders qualified in the PY): the PY closed with ${s.records[s.len - 1]?.qualificationCredits ?? 0}`,
      );
    default:
      return text(`${pin.zh}无法于${end.zh}前达到`, `${pin.en} cannot be reached by ${end.en}`);
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
function qualifiedPins(s: HistorySummary): Int32Array {
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
function judgePin(r: Raw, s: HistorySummary, minPin: number, above: number): void {
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
    const pin = pinName(first?.pin ?? minPin);
    const cond = first?.conditions.find((c) => pinCondition(s, from, c) === 'out');
    const end = endText(s);
    return {
      code: 'pinNotReachable',
      text: cond ? pinWhy(s, from, pin, cond) : text(`${pin.zh}无法于${end.zh}前达到`, `${pin.en} cannot be reached by ${end.en}`),
    };
  };
}

// ---------------------------------------------------------------------------------------
// The kinds

type Measure<K extends CriterionKind> = (c: Extract<Criterion, { kind: K }>, s: HistorySummary, detail: boolean) => Raw;

/** How each kind is measured over the summary (its descriptor is CRITERION_KINDS). */
const MEASURES: { readonly [K in CriterionKind]: Measure<K> } = {
  pqMonths: (c, s) => monthCount(s, s.pq, c.min),
  spMonths: (c, s) => monthCount(s, s.sp, c.min),
  complianceMonths: (c, s) => monthCount(s, s.compliant, c.min),
  monthsMeeting: (c, s) => {
    const flags = new Uint8Array(s.len);
    for (let p = 0; p < s.len; p++) flags[p] = monthMeets(s.records[p], c.condition) ? 1 : 0;
    return monthCount(s, flags, c.min);
  },
  flqMonths: (c, s, detail) => {
    const r = volumeSum(s, s.flq, c.min);
    r.capacity = flqCapacity(s);
    const still = c.min - r.achieved;
    const rem = s.remaining;
    const f = s.frontlineLegs;
    const u = CRITERION_KINDS.flqMonths.unitForms;
    if (shortOf(s, r.achieved, r.capacity, c.min)) {
      const cap = r.capacity;
      r.why = () => ({
        code: 'legs',
        text: !f
          ? text(`还需${count(still, u).zh}，但没有一线`, `${moreEn(still, u)} needed, but there are no frontline legs`)
          : text(
              `还需${count(still, u).zh}，但${f}条一线在剩余${rem}个月内最多只能再得${num(cap)}个`,
              `${moreEn(still, u)} needed, but ${f === 1 ? 'the 1 frontline leg' : `the ${f} frontline legs`} can add at most ${num(cap)} in the remaining ${monthsEn(rem)}`,
            ),
      });
    } else if (detail && still > 0 && rem > 0) {
      const legs = f !== undefined ? text(`（一线共${f}条）`, ` (${f} frontline leg${f === 1 ? '' : 's'})`) : text('', '');
      if (still <= rem) {
        r.gapText = text(
          `还需${count(still, u).zh}：剩余${rem}个月中有${still}个月各需1条Q线${legs.zh}`,
          `${moreEn(still, u)}: a Q leg in ${still} of the remaining ${monthsEn(rem)}${legs.en}`,
        );
        r.need = text(`1条Q线（剩余${rem}个月中需${still}个月）`, `a Q leg (${still} of the ${rem} months left)`);
      } else {
        const per = Math.ceil(still / rem);
        r.gapText = text(
          `还需${count(still, u).zh}：剩余${rem}个月每月需${per}条Q线${legs.zh}`,
          `${moreEn(still, u)}: ${per} Q legs a month over the remaining ${monthsEn(rem)}${legs.en}`,
        );
        r.need = text(`${per}条Q线`, `${per} Q legs`);
      }
    }
    if (detail) r.legs = legDetails(s);
    return r;
  },
  points: (c, s) => volumeSum(s, s.points, c.min),
  customers: (c, s) => volumeSum(s, s.customers, c.min),
  apv: (c, s, detail) => {
    if (c.mode === 'cumulative') return volumeSum(s, s.apv, c.min);
    let best = 0;
    for (let p = 0; p < s.len; p++) best = Math.max(best, s.apv[p]!);
    const hasCur = s.curPos >= 0 && s.curPos < s.len;
    const cur = hasCur ? s.apv[s.curPos]! : 0;
    const open = s.remaining > 0;
    const r: Raw = {
      required: c.min,
      achieved: best,
      values: s.apv,
      countAt: c.min,
      cumulative: 'max',
      capacity: open ? Infinity : 0,
      paceable: false,
      stillNeeded: Math.max(0, c.min - (open ? cur : best)),
      perMonth: Math.max(0, c.min - (open ? cur : best)),
    };
    if (detail && best < c.min) {
      if (open) {
        r.gapText = hasCur
          ? text(
              `需任一月APV达${num(c.min)}；本月目前${num(cur)}，还差${num(c.min - cur)}`,
              `needs one month with APV ≥ ${num(c.min)}; this month ${num(cur)} so far, ${num(c.min - cur)} to go`,
            )
          : text(`需任一月APV达${num(c.min)}`, `needs one month with APV ≥ ${num(c.min)}`);
        const any = text(`APV ≥ ${num(c.min)}`, `APV ≥ ${num(c.min)}`);
        const needAt: (Text | undefined)[] = new Array<Text | undefined>(s.len).fill(any);
        if (hasCur) needAt[s.curPos] = text(`还差${num(c.min - cur)}`, `${num(c.min - cur)} to go`);
        r.needAt = needAt;
      } else {
        r.missedText = text(`最佳月份APV ${num(best)}，差${num(c.min - best)}`, `best month APV ${num(best)}, ${num(c.min - best)} short`);
      }
    }
    return r;
  },
  lddMarkets: (c, s, detail) => {
    const need = s.legQMonths;
    const o = legOutlook(s, 0);
    let run = 0;
    const cum = new Int32Array(s.len);
    for (let p = 0; p < s.len; p++) cum[p] = run += o.reachedAt[p]!;
    const r: Raw = {
      required: c.min,
      achieved: o.achieved,
      values: o.reachedAt,
      countAt: 1,
      cumulative: cum,
      capacity: s.remaining > 0 ? o.capacity : 0,
    };
    const still = c.min - o.achieved;
    const u = CRITERION_KINDS.lddMarkets.unitForms;
    if (shortOf(s, o.achieved, r.capacity, c.min)) {
      const f = s.frontlineLegs;
      const end = endText(s);
      r.why = () =>
        f !== undefined && f < c.min
          ? {
              code: 'legs',
              text: f
                ? text(
                    `需${count(c.min, u).zh}，但一线只有${f}条`,
                    `needs ${count(c.min, u).en} but the frontline has only ${f} leg${f === 1 ? '' : 's'}`,
                  )
                : text(`需${count(c.min, u).zh}，但没有一线`, `needs ${count(c.min, u).en} but there are no frontline legs`),
            }
          : {
              code: 'monthsLeft',
              text: text(
                `还需${count(still, u).zh}，但到${end.zh}前只有${o.capacity}条一线还能达到${need}个Q月`,
                `${moreEn(still, u)} needed, but only ${o.capacity} leg${o.capacity === 1 ? '' : 's'} can still reach ${need} Q months by ${end.en}`,
              ),
            };
    } else if (still > 0 && s.remaining > 0) {
      r.pace = legPace(o, c.min, s, 0);
      if (detail) {
        const end = endText(s);
        // The closest legs first, then new legs (need Q months each).
        const list = o.short.slice(0, still);
        const fresh = Math.min(still - list.length, o.openMonths >= need ? o.fresh : 0);
        const parts = list.map(String);
        for (let k = 0; k < fresh; k++) parts.push(String(need));
        const nums = text(parts.join('、'), parts.join(', '));
        r.gapText = text(
          `到${end.zh}前还需${count(still, u).zh}：最接近的一线分别还需${nums.zh}个Q月（每条需${need}个Q月）`,
          `${moreEn(still, u)} by ${end.en}: the closest legs need ${nums.en} more Q months (${need} each)`,
        );
        r.need = text(`最接近的${parts.length}条一线需为Q`, `Q for the ${parts.length} closest leg${parts.length === 1 ? '' : 's'}`);
      }
    }
    if (detail) r.legs = legDetails(s);
    return r;
  },
  pinAtLeast: (c, s, detail) => {
    // The pin qualified in the plan's PY (DESIGN §2: the pin held is for recognition; plans ask
    // for the pin qualified in their PY), the open month counted so far but provisionally.
    const qual = qualifiedPins(s);
    const achieved = s.len ? qual[s.len - 1]! : PIN.MEMBER;
    const from = Math.max(0, s.len - 12);
    const cur = s.curPos;
    const r: Raw = {
      required: c.pin,
      achieved,
      values: qual,
      countAt: c.pin,
      cumulative: 'value',
      capacity: 0,
      stillNeeded: achieved >= c.pin ? 0 : 1,
      perMonth: 0,
    };
    if (cur >= from && cur < s.len) r.closedAchieved = cur > from ? qual[cur - 1]! : PIN.MEMBER;
    if (achieved >= c.pin) return r;
    judgePin(r, s, c.pin, 0);
    // An earlier PY of a multi-year period: the qualifying PY has not begun, nothing is behind.
    if (s.remaining > 0 && cur < from) r.pace = 'onTrack';
    if (detail) {
      const name = pinName(c.pin);
      const end = endText(s);
      const rule = pinRule(c.pin, s.rules);
      r.gapText = text(
        `需于${end.zh}前在${s.py}年度达到${name.zh}资格：${rule.zh}`,
        `qualify as ${name.en} in ${s.py} by ${end.en}: ${rule.en}`,
      );
      r.missedText = text(`${s.py}年度未达到${name.zh}资格`, `${name.en} not qualified in ${s.py}`);
    }
    return r;
  },
  newPin: (c, s, detail) => {
    let achieved = 0;
    let prev = s.pinBefore;
    const rise = new Int32Array(s.len);
    for (let p = 0; p < s.len; p++) {
      const v = s.pinAt[p]!;
      if (v > prev) {
        rise[p] = v;
        if (v >= c.minPin) achieved = v;
      }
      prev = v;
    }
    const held = s.pinAt[Math.max(0, Math.min(s.len - 1, s.curPos))] ?? s.pinBefore;
    const r: Raw = {
      required: c.minPin,
      achieved,
      values: rise,
      countAt: c.minPin,
      cumulative: s.pinAt,
      capacity: 0,
      stillNeeded: achieved >= c.minPin ? 0 : 1,
      perMonth: 0,
    };
    if (achieved >= c.minPin) return r;
    judgePin(r, s, c.minPin, held);
    if (detail) {
      const name = pinName(Math.max(c.minPin, nextPinAbove(s, held)));
      const end = endText(s);
      if (s.remaining > 0) {
        r.gapText = text(`需于${end.zh}前晋升新奖衔（${name.zh}或以上）`, `reach a new pin (${name.en} or above) by ${end.en}`);
      }
      r.missedText = text('本年度未晋升新奖衔', 'no new pin this year');
    }
    return r;
  },
  attendance: (c, s, detail) => {
    const required = c.min ?? c.events.length;
    const perMonth = new Int32Array(s.len);
    let achieved = 0;
    let open = 0;
    let dueNow = false;
    // Per event: 1 attended, 2 still to come, 0 passed unattended (read again only for texts).
    const state = new Uint8Array(c.events.length);
    c.events.forEach((e, i) => {
      const pos = s.attended.get(e.code);
      if (pos !== undefined) {
        achieved++;
        perMonth[pos]!++;
        state[i] = 1;
        return;
      }
      const at = e.month === undefined ? -1 : monthIndex(e.month) - s.first;
      if (s.remaining > 0 && (e.month === undefined || at >= s.curPos)) {
        open++;
        state[i] = 2;
        // Due now: scheduled this month, or undated with only this month left.
        if (e.month !== undefined ? at === s.curPos : s.remaining <= 1) dueNow = true;
      }
    });
    const still = Math.max(0, required - achieved);
    const r: Raw = {
      required,
      achieved,
      values: perMonth,
      countAt: 1,
      cumulative: 'sum',
      capacity: open,
      // Events follow their schedule, not a pace: on track while every needed one is still
      // ahead (or there is one to spare), at risk when a needed one is due this month.
      pace: achieved + open > required || !dueNow ? 'onTrack' : 'atRisk',
    };
    const named = (want: number) => listText(c.events.filter((_, i) => state[i] === want).map((e) => eventText(e.name, e.month)));
    if (shortOf(s, achieved, open, required)) {
      r.why = () => {
        const names = named(0);
        return {
          code: 'eventPassed',
          text: open
            ? text(
                `${names.zh}已过，未出席：还需出席${still}场，仅剩${open}场`,
                `${names.en} passed without attendance: ${still} more needed, only ${open} still to come`,
              )
            : text(`${names.zh}已过，未出席`, `${names.en} passed without attendance`),
        };
      };
    } else if (detail && still > 0 && s.remaining > 0) {
      const names = named(2);
      const end = endText(s);
      r.gapText =
        still >= open
          ? text(`需于${end.zh}前出席：${names.zh}`, `attend ${names.en} by ${end.en}`)
          : text(`需于${end.zh}前再出席${still}场：${names.zh}`, `attend ${still} more by ${end.en}, of: ${names.en}`);
      const needAt: (Text | undefined)[] = new Array<Text | undefined>(s.len).fill(undefined);
      c.events.forEach((e, i) => {
        const pos = e.month === undefined ? -1 : monthIndex(e.month) - s.first;
        if (state[i] !== 2 || pos < 0 || pos >= s.len) return;
        const prev = needAt[pos];
        needAt[pos] = prev ? text(`${prev.zh}、${e.name.zh}`, `${prev.en}, ${e.name.en}`) : text(`出席${e.name.zh}`, `attend ${e.name.en}`);
      });
      r.needAt = needAt;
    }
    if (detail && s.remaining === 0 && still > 0) {
      const missing = listText(c.events.filter((_, i) => state[i] !== 1).map((e) => eventText(e.name, e.month)));
      r.missedText = text(`未出席：${missing.zh}`, `not attended: ${missing.en}`);
    }
    if (detail) {
      r.events = c.events.map((e) => {
        const pos = s.attended.get(e.code);
        return {
          code: e.code,
          name: e.name,
          attended: pos !== undefined,
          month: pos !== undefined ? s.months[pos]! : (e.month ?? null),
          registrationCloses: e.registrationCloses ?? null,
        };
      });
    }
    return r;
  },
  score: (c, s, detail) => {
    let achieved = 0;
    let most = 0;
    const components: ComponentDetail[] = [];
    for (const k of c.components) {
      const rawValue = SOURCES[k.source](s);
      const pts = componentPoints(k, rawValue);
      achieved += pts;
      most += s.remaining > 0 ? componentPoints(k, rawValue + sourceCapacity(s, k.source)) : pts;
      if (detail) components.push({ source: k.source, name: k.name, raw: rawValue, points: pts });
    }
    let values: ArrayLike<number> = new Int32Array(s.len);
    let cumulative: Raw['cumulative'] = 'value';
    if (detail) {
      // Per-month points: the score of the months up to each month, less the one before.
      const by = c.components.map((k) => sourceByMonth(s, k.source));
      const raw = new Float64Array(c.components.length);
      const cum = new Float64Array(s.len);
      const delta = new Float64Array(s.len);
      let prev = 0;
      for (let p = 0; p < s.len; p++) {
        let score = 0;
        c.components.forEach((k, i) => {
          raw[i]! += by[i]![p]!;
          score += componentPoints(k, raw[i]!);
        });
        cum[p] = score;
        delta[p] = score - prev;
        prev = score;
      }
      values = delta;
      cumulative = cum;
    }
    const r: Raw = {
      required: c.min,
      achieved,
      values,
      countAt: POSITIVE,
      cumulative,
      capacity: most - achieved,
    };
    if (shortOf(s, achieved, r.capacity, c.min)) {
      r.why = () => {
        const end = endText(s);
        return {
          code: 'maxPoints',
          text: text(
            `到${end.zh}最多可得${num(most)}分，需${num(c.min)}分`,
            `at most ${num(most)} points by ${end.en}, ${num(c.min)} needed`,
          ),
        };
      };
    }
    if (detail) r.components = components;
    return r;
  },
};

/** The next pin of the ladder above `held` (held itself when none). */
function nextPinAbove(s: HistorySummary, held: number): number {
  for (const step of pinLadder(s.rules)) if (step.pin > held) return step.pin;
  return held;
}

// ---------------------------------------------------------------------------------------
// Status, reason, gap and trace (shared by every kind)

/**
 * What the closed months alone achieve: as the kind says (pins qualified in the PY), or for kinds
 * whose figure sums or takes the best of the months (undefined for the others: events, legs and
 * scores are judged their own way).
 */
function closedAchieved(r: Raw, s: HistorySummary): number | undefined {
  if (r.closedAchieved !== undefined) return r.closedAchieved;
  const cur = s.curPos;
  if (cur < 0 || cur >= s.len) return r.achieved;
  if (r.cumulative === 'sum') return r.achieved - Math.max(0, r.values[cur]!);
  if (r.cumulative === 'max') {
    let best = 0;
    for (let p = 0; p < cur; p++) best = Math.max(best, r.values[p]!);
    return best;
  }
  return undefined;
}

/**
 * The open month counts so far (countsSoFar), but its figures are provisional until the close: a
 * criterion only it carries over the line is on track, "met so far", not met.
 */
function metOnlySoFar(r: Raw, s: HistorySummary): boolean {
  if (s.periodState !== 'open' || r.achieved < r.required) return false;
  const closed = closedAchieved(r, s);
  return closed !== undefined && closed < r.required;
}

const MET_SO_FAR = text('本月至今已达标，待本月结算后确认', 'met so far: confirmed when this month closes');

function statusOf(r: Raw, kind: CriterionKindInfo, met: boolean, slack: number, s: HistorySummary): Status {
  if (met) return 'met';
  if (metOnlySoFar(r, s)) return 'onTrack';
  if (s.remaining === 0) return 'missed';
  if (slack < 0) return 'outOfReach';
  if (r.pace) return r.pace;
  // Zero slack: every remaining chance is needed.
  if (slack === 0) return 'atRisk';
  if (!(r.paceable ?? kind.paceable)) return 'atRisk';
  return r.achieved >= proRata(s, 0, r.required) ? 'onTrack' : 'atRisk';
}

/** The reason of kinds that do not give their own: more months needed than remain. */
function genericReason(r: Raw, kind: CriterionKindInfo, s: HistorySummary): StatusReason {
  const still = Math.max(0, r.required - r.achieved);
  const u = kind.unitForms;
  const cap = r.capacity;
  return {
    code: 'monthsLeft',
    text:
      kind.measure === 'months'
        ? text(
            `还需${count(still, u).zh}，但剩余只有${cap}个月还能计入`,
            `${moreEn(still, u)} needed, but only ${cap} remaining month${cap === 1 ? '' : 's'} can still count`,
          )
        : text(
            `还需${count(still, u).zh}，剩余${s.remaining}个月无法达到`,
            `${moreEn(still, u)} needed: more than the remaining ${monthsEn(s.remaining)} can give`,
          ),
  };
}

/** Count criteria: "N of the remaining M months". */
function monthsGapText(still: number, slots: number, u: UnitForms): Text {
  if (still >= slots) {
    return slots === 1
      ? text(`还需${count(still, u).zh}：剩余可计入的1个月须达标`, `${moreEn(still, u)}: the one month left that can count`)
      : text(`还需${count(still, u).zh}：剩余${slots}个月须全部达标`, `${moreEn(still, u)}: all of the remaining ${monthsEn(slots)}`);
  }
  return text(
    `还需${count(still, u).zh}：剩余${slots}个月中的${still}个月`,
    `${moreEn(still, u)}: ${num(still)} of the remaining ${monthsEn(slots)}`,
  );
}

function gapOf(
  r: Raw,
  kind: CriterionKindInfo,
  met: boolean,
  status: Status,
  reason: StatusReason | undefined,
  s: HistorySummary,
  detail: boolean,
): Gap | null {
  if (met) return null;
  const stillNeeded = r.stillNeeded ?? Math.max(0, r.required - r.achieved);
  const rem = s.remaining;
  const perMonth = r.perMonth ?? (rem > 0 ? Math.ceil(stillNeeded / rem) : stillNeeded);
  const u = kind.unitForms;
  let t: Text;
  if (!detail) t = NO_TEXT;
  else if (rem === 0) t = r.missedText ?? text(`差${count(stillNeeded, u).zh}`, `missed by ${count(stillNeeded, u).en}`);
  else if (reason) t = reason.text;
  else if (r.gapText) t = r.gapText;
  else if (kind.measure === 'months') t = monthsGapText(stillNeeded, r.capacity, u);
  else {
    const per = count(perMonth, u);
    t = text(
      `剩余${rem}个月内还需${count(stillNeeded, u).zh}（每月${per.zh}）`,
      `${moreEn(stillNeeded, u)} over the remaining ${monthsEn(rem)} (${per.en} a month)`,
    );
  }
  return {
    stillNeeded,
    remainingMonths: rem,
    perMonth,
    possible: status !== 'outOfReach' && status !== 'missed',
    text: t,
  };
}

/** What each month that can still add needs, when the kind did not say. */
function genericNeed(r: Raw, kind: CriterionKindInfo, gap: Gap): Text | undefined {
  const u = kind.unitForms;
  if (kind.measure === 'months') {
    const slots = r.capacity;
    const noun = nounZh(u);
    return gap.stillNeeded >= slots
      ? text(`须为${noun}`, `must be a ${u.one}`)
      : text(`剩余${slots}个月中需${gap.stillNeeded}个${noun}`, `${gap.stillNeeded} of the ${slots} left must be ${u.many}`);
  }
  if (kind.measure === 'volume' || kind.measure === 'score') {
    const per = count(gap.perMonth, u);
    return text(`需${per.zh}`, `needs ${per.en}`);
  }
  return undefined;
}

function traceOf(r: Raw, kind: CriterionKindInfo, status: Status, gap: Gap | null, s: HistorySummary): TraceMonth[] {
  const out: TraceMonth[] = [];
  const open = gap !== null && (status === 'onTrack' || status === 'atRisk');
  const need = open ? (r.need ?? (r.needAt ? undefined : genericNeed(r, kind, gap))) : undefined;
  const onlyUncounted = kind.measure === 'months';
  let run = 0;
  for (let p = 0; p < s.len; p++) {
    const value = r.values[p]!;
    const counted = value >= r.countAt;
    let cumulative: number;
    if (typeof r.cumulative === 'object') cumulative = r.cumulative[p]!;
    else if (r.cumulative === 'sum') cumulative = run += counted ? value : 0;
    else if (r.cumulative === 'max') cumulative = run = Math.max(run, value);
    else cumulative = value;
    const state = monthState(s, p);
    const month: { -readonly [K in keyof TraceMonth]: TraceMonth[K] } = { month: s.months[p]!, state, value, counted, cumulative };
    if (open && (state === 'open' || state === 'future') && !(onlyUncounted && counted)) {
      const n = r.needAt ? r.needAt[p] : need;
      if (n) month.need = n;
    }
    out.push(month);
  }
  return out;
}

/**
 * Evaluates one criterion against a summary. `reason` (default: with detail) builds the
 * out-of-reach reason; bulk runs build it only for the criterion a plan or level takes it from.
 */
export function evaluateCriterion(c: Criterion, s: HistorySummary, detail = true, reason = detail): CriterionResult {
  const kind = kindOf(c);
  const r = (MEASURES[c.kind] as Measure<CriterionKind>)(c, s, detail);
  const soFar = metOnlySoFar(r, s);
  if (soFar) {
    r.gapText = MET_SO_FAR;
    r.stillNeeded = 0;
    r.perMonth = 0;
  }
  const met = r.achieved >= r.required && !soFar;
  const slack = met ? 0 : (r.slack ?? r.achieved + r.capacity - r.required);
  const status = statusOf(r, kind, met, slack, s);
  const why = status === 'outOfReach' && (reason || detail) ? (r.why?.() ?? genericReason(r, kind, s)) : undefined;
  const gap = gapOf(r, kind, met, status, why, s, detail);
  const result: {
    -readonly [K in keyof CriterionResult]: CriterionResult[K];
  } = {
    kind: c.kind,
    label: criterionLabel(c, s.py),
    unit: kind.unit,
    required: r.required,
    achieved: r.achieved,
    met,
    status,
    gap,
  };
  if (why) result.reason = why;
  if (detail) {
    result.trace = traceOf(r, kind, status, gap, s);
    if (r.legs) result.legs = r.legs;
    if (r.events) result.events = r.events;
    if (r.components) result.components = r.components;
  }
  return result;
}

const RANK: Record<Status, number> = {
  met: 4,
  onTrack: 3,
  atRisk: 2,
  outOfReach: 1,
  missed: 0,
};

/** All met → met; any missed → missed; any out of reach → outOfReach; any at risk → atRisk; otherwise onTrack. */
export function combineStatus(list: readonly Status[]): Status {
  let worst: Status = 'met';
  for (const st of list) if (RANK[st] < RANK[worst]) worst = st;
  return worst;
}

// ---------------------------------------------------------------------------------------
// Plans

function evaluateAll(list: readonly Criterion[], s: HistorySummary, detail: boolean): CriterionResult[] {
  const out: CriterionResult[] = [];
  // Without detail only the first out-of-reach criterion gets its reason: the one worstOf takes.
  let reason = true;
  for (const c of list) {
    const r = evaluateCriterion(c, s, detail, reason);
    if (r.status === 'outOfReach') reason = false;
    out.push(r);
  }
  return out;
}

/** A status with the reason that goes with it (out of reach only). */
interface Verdict {
  readonly status: Status;
  readonly reason?: StatusReason | undefined;
}

/** The worst status of the list (from `a` on); the first criterion with it gives the reason. */
function worstOf(a: Verdict, list: readonly CriterionResult[]): Verdict {
  let w = a;
  for (const c of list) if (RANK[c.status] < RANK[w.status]) w = { status: c.status, reason: c.reason };
  return w;
}

function evaluateWith(plan: PlanDef, s: HistorySummary, opts: EvaluateOptions): PlanResult {
  const detail = opts.detail ?? true;
  const criteria = evaluateAll(plan.criteria, s, detail);
  const base = worstOf({ status: 'met' }, criteria);
  let verdict = base;
  let levels: LevelResult[] | undefined;
  let achievedLevel: string | null | undefined;
  if (plan.levels) {
    levels = [];
    for (const l of plan.levels.list) {
      const cr = evaluateAll(l.criteria, s, detail);
      const st = worstOf(base, cr);
      levels.push({
        code: l.code,
        name: l.name,
        status: st.status,
        ...(st.reason ? { reason: st.reason } : {}),
        met: st.status === 'met',
        ...(l.rewardFen !== undefined ? { rewardFen: l.rewardFen } : {}),
        criteria: cr,
      });
    }
    // Best level by status (first wins ties, i.e. the lowest tier / first track).
    let best: LevelResult | undefined;
    for (const l of levels) if (!best || RANK[l.status] > RANK[best.status]) best = l;
    if (plan.levels.mode === 'tiers') {
      achievedLevel = null;
      for (const l of levels) if (l.met) achievedLevel = l.code;
      // Met once the lowest tier is met; otherwise judged by the best tier still in reach.
      if (plan.levels.required && best) verdict = best;
    } else {
      let pick = best;
      if (opts.track !== undefined) {
        for (const l of levels) if (l.code === opts.track) pick = l;
      }
      achievedLevel = pick && pick.met ? pick.code : null;
      if (plan.levels.required && pick) verdict = pick;
    }
  }
  const result: { -readonly [K in keyof PlanResult]: PlanResult[K] } = {
    code: plan.code,
    py: plan.py,
    type: plan.type,
    name: plan.name,
    status: verdict.status,
    met: verdict.status === 'met',
    periodState: s.periodState,
    months: s.months,
    remainingMonths: s.remaining,
    criteria,
  };
  if (s.historyStart !== undefined) result.historyStart = s.historyStart;
  if (verdict.reason) result.reason = verdict.reason;
  if (levels) {
    result.levels = levels;
    result.achievedLevel = achievedLevel ?? null;
  }
  return result;
}

/** Evaluates one plan for one distributor. */
export function evaluatePlan(plan: PlanDef, history: PlanHistory, opts: EvaluateOptions = {}): PlanResult {
  return evaluateWith(plan, summarizeHistory(history, planMonths(plan), opts.today), opts);
}

/** Evaluates many plans for one distributor, summarising the history once per period. */
export function evaluatePlans(plans: readonly PlanDef[], history: PlanHistory, opts: EvaluateOptions = {}): PlanResult[] {
  const cache = new Map<string, HistorySummary>();
  const out: PlanResult[] = [];
  for (const plan of plans) {
    const key = `${plan.py}:${plan.years ?? 1}`;
    let s = cache.get(key);
    if (!s) cache.set(key, (s = summarizeHistory(history, planMonths(plan), opts.today)));
    out.push(evaluateWith(plan, s, opts));
  }
  return out;
}

/** Where one condition of a pin stands this PY, by the same judge as the plans' pin criteria. */
export interface PinConditionOutlook {
  readonly counter: PinCondition['counter'];
  readonly status: Exclude<Status, 'missed'>;
  /** Why it cannot be met, when out of reach. */
  readonly reason: Text | null;
}

/**
 * Each ladder pin's conditions judged over the PY of `today` (the rank pages' requirements):
 * met, on track, at risk, or out of reach with the reason. Counters restart each September,
 * so a condition the PY can no longer hold is out of reach until then.
 */
export function pinOutlook(history: PlanHistory, today: DateLike): { pin: number; conditions: PinConditionOutlook[] }[] {
  const s = summarizeHistory(history, pyMonths(pyOf(today)), today);
  return pinLadder(s.rules).map((step) => ({
    pin: step.pin,
    conditions: step.conditions.map((c) => {
      const st = pinCondition(s, 0, c);
      return {
        counter: c.counter,
        status: st === 'out' ? 'outOfReach' : st,
        reason: st === 'out' ? pinWhy(s, 0, pinName(step.pin), c) : null,
      };
    }),
  }));
}
