// What criterion measures share: texts, the raw figure a kind computes, month and volume
// counters, the frontline leg outlook and the score sources.
import { monthKeyOf, type MonthKey } from '../calendar.ts';
import { num, text, type Text } from '../text.ts';
import type { UnitForms } from './kinds.ts';
import type {
  ComponentDetail,
  EventDetail,
  GapNote,
  LegDetail,
  MonthCondition,
  MonthRecord,
  NeedNote,
  ScoreComponent,
  Reason,
  ScoreSource,
} from './types.ts';
import { type HistorySummary, proRata } from './history-summary.ts';
import type { LegOutlook } from './summary-facts.ts';

// ---------------------------------------------------------------------------------------
// Texts

export const NO_TEXT = text('', '');

export function count(n: number, u: UnitForms): Text {
  return text(`${num(n)}${u.zh}`, `${num(n)} ${n === 1 ? u.one : u.many}`);
}

/** "3 more PQ months" (English only: Chinese reads 还需 + count). */
export function moreEn(n: number, u: UnitForms): string {
  return `${num(n)} more ${n === 1 ? u.one : u.many}`;
}

export function monthsEn(n: number): string {
  return `${num(n)} month${n === 1 ? '' : 's'}`;
}

/** "the remaining 3 months", or "the last month" when one is left (never "the remaining 1 month"). */
export function remainingEn(n: number): string {
  return n === 1 ? 'the last month' : `the remaining ${monthsEn(n)}`;
}

/** 剩余3个月, or 最后1个月 when one is left. */
export function remainingZh(n: number): string {
  return n === 1 ? '最后1个月' : `剩余${n}个月`;
}

/** The unit as a Chinese noun without its measure word ('个PQ月' → 'PQ月'). */
export function nounZh(u: UnitForms): string {
  return u.zh.trim().replace(/^[个位场条]/, '');
}

/** The period's last month (a PY ends in August). */
export function periodEnd(s: HistorySummary): MonthKey {
  return monthKeyOf(s.first + s.len - 1);
}

/** The last day of a period ending in `end` (an August). */
export function endWords(end: MonthKey): Text {
  return text(`${end}-31`, `31 Aug ${end.slice(0, 4)}`);
}

export function listText(items: readonly Text[]): Text {
  return text(items.map((t) => t.zh).join('、'), items.map((t) => t.en).join(', '));
}

export function eventText(name: Text, month: MonthKey | undefined): Text {
  return month ? text(`${name.zh}（${month}）`, `${name.en} (${month})`) : name;
}

// ---------------------------------------------------------------------------------------
// Criterion evaluation

type Pace = 'onTrack' | 'atRisk';

/** What a kind computes before the shared status/gap/trace step. */
export interface Raw {
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
  /**
   * What could still count if the frontline grows (legs sponsored in the months left); undefined:
   * no more than `capacity`. Within it but beyond `capacity` a target is at risk, not out of reach.
   */
  buildable?: number;
  /** The gap then: what the current frontline can give, and what new legs would have to. */
  buildNote?: () => GapNote;
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
  why?: () => Reason;
  /** Overrides of the generic gap. */
  stillNeeded?: number;
  perMonth?: number;
  /** The gap while open and in reach / once the period closed unmet (worded by gap-catalogue.ts). */
  gapNote?: GapNote;
  missedNote?: GapNote;
  /** What each month that can still add needs: one for all, or per period month. */
  need?: NeedNote;
  needAt?: readonly (NeedNote | undefined)[];
  legs?: LegDetail[];
  events?: EventDetail[];
  components?: ComponentDetail[];
}

/** Smallest positive value: "counted when > 0" for real-valued volumes. */
export const POSITIVE = Number.MIN_VALUE;

function sumOf(a: ArrayLike<number>, from = 0): number {
  let t = 0;
  for (let i = from; i < a.length; i++) t += a[i]!;
  return t;
}

/** First position that can still add: today's month, or `from` for a period not yet started. */
export function openStart(s: HistorySummary, from = 0): number {
  return Math.min(s.len, Math.max(from, s.curPos));
}

/** Remaining months (current included) from `from` on where a month-flag is not yet set. */
function openSlots(s: HistorySummary, flags: ArrayLike<number>, from = 0): number {
  let n = 0;
  for (let p = openStart(s, from); p < s.len; p++) if (!flags[p]) n++;
  return n;
}

/** Whether a kind with this capacity falls short while the period is open (then build a reason). */
export function shortOf(s: HistorySummary, achieved: number, capacity: number, required: number): boolean {
  return s.remaining > 0 && achieved < required && achieved + capacity < required;
}

export function monthCount(s: HistorySummary, flags: Uint8Array, min: number): Raw {
  return {
    required: min,
    achieved: sumOf(flags),
    values: flags,
    countAt: 1,
    cumulative: 'sum',
    capacity: openSlots(s, flags),
  };
}

export function volumeSum(s: HistorySummary, values: ArrayLike<number>, min: number): Raw {
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
export function flqCapacity(s: HistorySummary): number {
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

export function legDetails(s: HistorySummary): LegDetail[] {
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

/** Built once per summary, start position and need: the LDD criterion, score components and the pin ladder's leg conditions read it. */
export function legOutlook(s: HistorySummary, from: number, need = s.legQMonths): LegOutlook {
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
export function legPace(o: LegOutlook, required: number, s: HistorySummary, from: number): Pace {
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
export const SOURCES: { readonly [K in ScoreSource]: (s: HistorySummary) => number } = {
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
export function sourceByMonth(s: HistorySummary, source: ScoreSource): ArrayLike<number> {
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
export function sourceCapacity(s: HistorySummary, source: ScoreSource): number {
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

export function componentPoints(k: ScoreComponent, raw: number): number {
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
