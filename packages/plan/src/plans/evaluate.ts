// Plan evaluator: one distributor's history → per-criterion required / achieved / met, the
// month-by-month trace, and for an open period the status and the gap per remaining month.
// Cheap by design: the history is summarised once per period into small typed arrays and
// every plan reads that summary; `detail: false` skips traces and texts for bulk runs.
import {
  monthIndex,
  monthKeyOf,
  pyFirstMonthIndex,
  pyName,
  pyStartYearOfIndex,
  type DateLike,
  type MonthKey,
  type PeriodState,
} from '../calendar.ts';
import { pinName } from '../pins.ts';
import { rulesFor } from '../rules/registry.ts';
import { num, text, type Text } from '../text.ts';
import { criterionLabel, kindOf, type CriterionKindInfo, type UnitForms } from './kinds.ts';
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
  ScoreSource,
  Status,
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
    if (pos < 0 || pos >= len || pos > curPos) continue; // outside the period or not yet lived
    records[pos] = r;
    pq[pos] = r.isQ ? 1 : 0;
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
  const legQMonths = rulesFor(closingPy, { fallback: 'nearest' }).pins.legQMonths;
  return {
    first,
    len,
    months,
    curPos,
    closedCount,
    remaining,
    periodState,
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
    legQMonths,
  };
}

function monthState(s: HistorySummary, pos: number): MonthState {
  return pos < s.curPos ? 'closed' : pos === s.curPos ? 'current' : 'future';
}

// ---------------------------------------------------------------------------------------
// Texts

const NO_TEXT = text('', '');

function count(n: number, u: UnitForms): Text {
  return text(`${num(n)}${u.zh}`, `${num(n)} ${n === 1 ? u.one : u.many}`);
}

function endText(s: HistorySummary): Text {
  const end = monthKeyOf(s.first + s.len - 1);
  return text(`${end}-31`, `31 Aug ${end.slice(0, 4)}`);
}

// ---------------------------------------------------------------------------------------
// Criterion evaluation

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
  possible: boolean;
  /** Whether onTrack/atRisk can be judged by pro-rata pace (default: the kind's). */
  paceable?: boolean;
  /** Overrides of the generic gap. */
  stillNeeded?: number;
  perMonth?: number;
  gapText?: Text;
  legs?: LegDetail[];
  events?: EventDetail[];
  components?: ComponentDetail[];
}

/** Smallest positive value: "counted when > 0" for real-valued volumes. */
const POSITIVE = Number.MIN_VALUE;

function sumOf(a: ArrayLike<number>): number {
  let t = 0;
  for (let i = 0; i < a.length; i++) t += a[i]!;
  return t;
}

/** Remaining months (current included) where a month-flag is not yet set. */
function openSlots(s: HistorySummary, flags: ArrayLike<number>): number {
  let n = 0;
  for (let p = Math.max(0, s.curPos); p < s.len; p++) if (!flags[p]) n++;
  return n;
}

function monthCount(s: HistorySummary, flags: Uint8Array, min: number): Raw {
  const achieved = sumOf(flags);
  return {
    required: min,
    achieved,
    values: flags,
    countAt: 1,
    cumulative: 'sum',
    possible: achieved + openSlots(s, flags) >= min,
  };
}

function volumeSum(s: HistorySummary, values: ArrayLike<number>, min: number): Raw {
  const achieved = sumOf(values);
  return {
    required: min,
    achieved,
    values,
    countAt: POSITIVE,
    cumulative: 'sum',
    possible: achieved >= min || s.remaining > 0,
  };
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

/**
 * A measure's total over the summarised period (months lived so far, the open month
 * included): the figure the criteria and score components of that measure read.
 */
export function periodTotal(s: HistorySummary, source: ScoreSource): number {
  return SOURCES[source](s);
}

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
    if (detail) r.legs = legDetails(s);
    return r;
  },
  points: (c, s) => volumeSum(s, s.points, c.min),
  customers: (c, s) => volumeSum(s, s.customers, c.min),
  apv: (c, s) => {
    if (c.mode === 'cumulative') return volumeSum(s, s.apv, c.min);
    let best = 0;
    for (let p = 0; p < s.len; p++) best = Math.max(best, s.apv[p]!);
    const cur = s.curPos >= 0 && s.curPos < s.len ? s.apv[s.curPos]! : 0;
    const open = s.remaining > 0;
    return {
      required: c.min,
      achieved: best,
      values: s.apv,
      countAt: c.min,
      cumulative: 'max',
      possible: best >= c.min || open,
      paceable: false,
      stillNeeded: Math.max(0, c.min - (open ? cur : best)),
      perMonth: Math.max(0, c.min - (open ? cur : best)),
      gapText: open
        ? text(
            `需任一月APV达${num(c.min)}；本月目前${num(cur)}，还差${num(c.min - cur)}`,
            `needs one month with APV ≥ ${num(c.min)}; this month ${num(cur)} so far, ${num(c.min - cur)} to go`,
          )
        : text(`最佳月份APV ${num(best)}，差${num(c.min - best)}`, `best month APV ${num(best)}, ${num(c.min - best)} short`),
    };
  },
  lddMarkets: (c, s, detail) => {
    const need = s.legQMonths;
    const reachedAt = new Int32Array(s.len); // LDD legs reached by the end of each month
    let achieved = 0;
    let couldStill = 0;
    for (const flags of s.legs.values()) {
      let q = 0;
      let at = -1;
      for (let p = 0; p < s.len; p++) {
        if (flags[p]) q++;
        if (q === need && at < 0) at = p;
      }
      if (at >= 0) {
        achieved++;
        reachedAt[at]!++;
      } else {
        const slots = openSlots(s, flags);
        if (q + slots >= need) couldStill++;
      }
    }
    // A leg not yet Q at all could still make it if enough months remain.
    const fresh = s.remaining >= need ? Infinity : 0;
    let run = 0;
    const cum = new Int32Array(s.len);
    for (let p = 0; p < s.len; p++) cum[p] = run += reachedAt[p]!;
    const r: Raw = {
      required: c.min,
      achieved,
      values: reachedAt,
      countAt: 1,
      cumulative: cum,
      possible: achieved >= c.min || (s.remaining > 0 && achieved + couldStill + fresh >= c.min),
    };
    if (detail) r.legs = legDetails(s);
    return r;
  },
  pinAtLeast: (c, s) => {
    let achieved = 0;
    if (c.withinPeriod) {
      // Highest pin reached during the period (rises only).
      let prev = s.pinBefore;
      for (let p = 0; p < s.len; p++) {
        const v = s.pinAt[p]!;
        if (v > prev) achieved = v;
        prev = v;
      }
    } else {
      achieved = s.len ? s.pinAt[s.len - 1]! : s.pinBefore;
    }
    const name = pinName(c.pin);
    return {
      required: c.pin,
      achieved,
      values: s.pinAt,
      countAt: c.pin,
      cumulative: 'value',
      possible: achieved >= c.pin || s.remaining > 0,
      stillNeeded: achieved >= c.pin ? 0 : 1,
      perMonth: 0,
      gapText:
        s.remaining > 0
          ? text(`需于${endText(s).zh}前达到${name.zh}`, `reach ${name.en} by ${endText(s).en}`)
          : text(`未达到${name.zh}`, `${name.en} not reached`),
    };
  },
  newPin: (c, s) => {
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
    const name = pinName(c.minPin);
    return {
      required: c.minPin,
      achieved,
      values: rise,
      countAt: c.minPin,
      cumulative: s.pinAt,
      possible: achieved >= c.minPin || s.remaining > 0,
      stillNeeded: achieved >= c.minPin ? 0 : 1,
      perMonth: 0,
      gapText:
        s.remaining > 0
          ? text(`需于${endText(s).zh}前晋升新奖衔（${name.zh}或以上）`, `reach a new pin (${name.en} or above) by ${endText(s).en}`)
          : text('本年度未晋升新奖衔', 'no new pin this year'),
    };
  },
  attendance: (c, s, detail) => {
    const required = c.min ?? c.events.length;
    const perMonth = new Int32Array(s.len);
    let achieved = 0;
    let stillOpen = 0;
    const events: EventDetail[] = [];
    for (const e of c.events) {
      const pos = s.attended.get(e.code);
      if (pos !== undefined) {
        achieved++;
        perMonth[pos]!++;
      } else if (e.month === undefined || monthIndex(e.month) - s.first >= s.curPos) {
        stillOpen++;
      }
      if (detail) {
        events.push({
          code: e.code,
          name: e.name,
          attended: pos !== undefined,
          month: pos !== undefined ? s.months[pos]! : (e.month ?? null),
        });
      }
    }
    const r: Raw = {
      required,
      achieved,
      values: perMonth,
      countAt: 1,
      cumulative: 'sum',
      possible: achieved >= required || (s.remaining > 0 && achieved + stillOpen >= required),
    };
    if (detail) r.events = events;
    return r;
  },
  score: (c, s, detail) => {
    let achieved = 0;
    const components: ComponentDetail[] = [];
    for (const k of c.components) {
      const rawValue = SOURCES[k.source](s);
      let pts = Math.floor(rawValue / k.per) * k.points;
      if (k.cap !== undefined) pts = Math.min(pts, k.cap);
      achieved += pts;
      if (detail)
        components.push({
          source: k.source,
          name: k.name,
          raw: rawValue,
          points: pts,
        });
    }
    const r: Raw = {
      required: c.min,
      achieved,
      values: new Int32Array(s.len),
      countAt: 1,
      cumulative: 'value',
      possible: achieved >= c.min || s.remaining > 0,
    };
    if (detail) r.components = components;
    return r;
  },
};

function statusOf(r: Raw, kind: CriterionKindInfo, met: boolean, s: HistorySummary): Status {
  if (met) return 'met';
  if (s.remaining === 0 || !r.possible) return 'missed';
  if (!(r.paceable ?? kind.paceable)) return 'atRisk';
  const expected = (r.required * s.closedCount) / s.len;
  return r.achieved >= expected ? 'onTrack' : 'atRisk';
}

function gapOf(r: Raw, unit: UnitForms, met: boolean, s: HistorySummary, detail: boolean): Gap | null {
  if (met) return null;
  const stillNeeded = r.stillNeeded ?? Math.max(0, r.required - r.achieved);
  const rem = s.remaining;
  const perMonth = r.perMonth ?? (rem > 0 ? Math.ceil(stillNeeded / rem) : stillNeeded);
  let t: Text;
  if (!detail) t = NO_TEXT;
  else if (r.gapText) t = r.gapText;
  else {
    const need = count(stillNeeded, unit);
    const more = `${num(stillNeeded)} more ${stillNeeded === 1 ? unit.one : unit.many}`;
    const months = `${rem} remaining month${rem === 1 ? '' : 's'}`;
    if (rem === 0) t = text(`差${need.zh}`, `missed by ${need.en}`);
    else if (!r.possible) t = text(`还需${need.zh}，但仅剩${rem}个月`, `${more} needed but only ${months}`);
    else {
      const per = count(perMonth, unit);
      t = text(`剩余${rem}个月内还需${need.zh}（每月约${per.zh}）`, `${more} over ${months} (about ${per.en} a month)`);
    }
  }
  return {
    stillNeeded,
    remainingMonths: rem,
    perMonth,
    possible: r.possible,
    text: t,
  };
}

function traceOf(r: Raw, s: HistorySummary): TraceMonth[] {
  const out: TraceMonth[] = [];
  let run = 0;
  for (let p = 0; p < s.len; p++) {
    const value = r.values[p]!;
    const counted = value >= r.countAt;
    let cumulative: number;
    if (typeof r.cumulative === 'object') cumulative = r.cumulative[p]!;
    else if (r.cumulative === 'sum') cumulative = run += counted ? value : 0;
    else if (r.cumulative === 'max') cumulative = run = Math.max(run, value);
    else cumulative = value;
    out.push({
      month: s.months[p]!,
      state: monthState(s, p),
      value,
      counted,
      cumulative,
    });
  }
  return out;
}

/** Evaluates one criterion against a summary. */
export function evaluateCriterion(c: Criterion, s: HistorySummary, detail = true): CriterionResult {
  const kind = kindOf(c);
  const r = (MEASURES[c.kind] as Measure<CriterionKind>)(c, s, detail);
  const met = r.achieved >= r.required;
  const result: {
    -readonly [K in keyof CriterionResult]: CriterionResult[K];
  } = {
    kind: c.kind,
    label: criterionLabel(c),
    unit: kind.unit,
    required: r.required,
    achieved: r.achieved,
    met,
    status: statusOf(r, kind, met, s),
    gap: gapOf(r, kind.unitForms, met, s, detail),
  };
  if (detail) {
    result.trace = traceOf(r, s);
    if (r.legs) result.legs = r.legs;
    if (r.events) result.events = r.events;
    if (r.components) result.components = r.components;
  }
  return result;
}

const RANK: Record<Status, number> = {
  met: 3,
  onTrack: 2,
  atRisk: 1,
  missed: 0,
};

/** All met → met; any missed → missed; any at risk → atRisk; otherwise onTrack. */
export function combineStatus(list: readonly Status[]): Status {
  let worst: Status = 'met';
  for (const st of list) if (RANK[st] < RANK[worst]) worst = st;
  return worst;
}

// ---------------------------------------------------------------------------------------
// Plans

function evaluateAll(list: readonly Criterion[], s: HistorySummary, detail: boolean): CriterionResult[] {
  const out: CriterionResult[] = [];
  for (const c of list) out.push(evaluateCriterion(c, s, detail));
  return out;
}

function worstOf(a: Status, list: readonly CriterionResult[]): Status {
  let w = a;
  for (const c of list) if (RANK[c.status] < RANK[w]) w = c.status;
  return w;
}

function evaluateWith(plan: PlanDef, s: HistorySummary, opts: EvaluateOptions): PlanResult {
  const detail = opts.detail ?? true;
  const criteria = evaluateAll(plan.criteria, s, detail);
  const baseStatus = worstOf('met', criteria);
  let status = baseStatus;
  let levels: LevelResult[] | undefined;
  let achievedLevel: string | null | undefined;
  if (plan.levels) {
    levels = [];
    for (const l of plan.levels.list) {
      const cr = evaluateAll(l.criteria, s, detail);
      const st = worstOf(baseStatus, cr);
      levels.push({
        code: l.code,
        name: l.name,
        status: st,
        met: st === 'met',
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
      if (plan.levels.required && best) status = best.status;
    } else {
      let pick = best;
      if (opts.track !== undefined) {
        for (const l of levels) if (l.code === opts.track) pick = l;
      }
      achievedLevel = pick && pick.met ? pick.code : null;
      if (plan.levels.required && pick) status = pick.status;
    }
  }
  const result: { -readonly [K in keyof PlanResult]: PlanResult[K] } = {
    code: plan.code,
    py: plan.py,
    type: plan.type,
    name: plan.name,
    status,
    met: status === 'met',
    periodState: s.periodState,
    months: s.months,
    remainingMonths: s.remaining,
    criteria,
  };
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
