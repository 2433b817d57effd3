// One criterion's status, reason, gap and trace (shared by every kind), and how statuses combine.
import type { Text } from '../text.ts';
import { criterionLabel, kindOf, type CriterionKindInfo } from './kinds.ts';
import type {
  AttendanceEvent,
  Criterion,
  CriterionKind,
  CriterionResult,
  Gap,
  GapNote,
  NeedNote,
  Reason,
  Status,
  TraceMonth,
} from './types.ts';
import { gapText, needText } from './gap-catalogue.ts';
import { withText } from './reason-catalogue.ts';
import { type HistorySummary, monthState, proRata } from './history-summary.ts';
import { NO_TEXT, type Raw } from './measure-basics.ts';
import { type Measure, MEASURES } from './measures.ts';

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
function genericReason(r: Raw, kind: CriterionKindInfo, s: HistorySummary): Reason {
  const still = Math.max(0, r.required - r.achieved);
  return {
    code: 'monthsLeft',
    params: kind.measure === 'months' ? { kind: kind.kind, still, cap: r.capacity } : { kind: kind.kind, still, left: s.remaining },
  };
}

function gapOf(
  r: Raw,
  kind: CriterionKindInfo,
  met: boolean,
  status: Status,
  reason: Reason | undefined,
  s: HistorySummary,
  detail: boolean,
  events: readonly AttendanceEvent[] | undefined,
): Gap | null {
  if (met) return null;
  const stillNeeded = r.stillNeeded ?? Math.max(0, r.required - r.achieved);
  const rem = s.remaining;
  const perMonth = r.perMonth ?? (rem > 0 ? Math.ceil(stillNeeded / rem) : stillNeeded);
  let note: GapNote | null = null;
  if (!detail) note = null;
  else if (rem === 0) note = r.missedNote ?? { code: 'missedBy', params: { kind: kind.kind, still: stillNeeded } };
  else if (reason) note = { code: reason.code, params: reason.params } as Reason;
  else if (r.gapNote) note = r.gapNote;
  else if (kind.measure === 'months') note = { code: 'monthsToCount', params: { kind: kind.kind, still: stillNeeded, slots: r.capacity } };
  else note = { code: 'perMonth', params: { kind: kind.kind, still: stillNeeded, left: rem, per: perMonth } };
  return {
    stillNeeded,
    remainingMonths: rem,
    perMonth,
    possible: status !== 'outOfReach' && status !== 'missed',
    note,
    text: note ? gapText(note, events) : NO_TEXT,
  };
}

/** What each month that can still add needs, when the kind did not say. */
function genericNeed(r: Raw, kind: CriterionKindInfo, gap: Gap): NeedNote | undefined {
  if (kind.measure === 'months') return { code: 'monthCounts', params: { kind: kind.kind, still: gap.stillNeeded, slots: r.capacity } };
  if (kind.measure === 'volume' || kind.measure === 'score') return { code: 'figure', params: { kind: kind.kind, per: gap.perMonth } };
  return undefined;
}

function traceOf(
  r: Raw,
  kind: CriterionKindInfo,
  status: Status,
  gap: Gap | null,
  s: HistorySummary,
  events: readonly AttendanceEvent[] | undefined,
): TraceMonth[] {
  const out: TraceMonth[] = [];
  // Met so far (the open month carries it, nothing more needed): the months ahead need nothing,
  // rather than "0 of the 9 left".
  const open = gap !== null && gap.stillNeeded > 0 && (status === 'onTrack' || status === 'atRisk');
  const need = open ? (r.need ?? (r.needAt ? undefined : genericNeed(r, kind, gap))) : undefined;
  // Months that share a need (the same note) share its sentence: worded once.
  let lastNote: NeedNote | undefined;
  let lastText: Text | undefined;
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
      if (n) {
        const t = n === lastNote && lastText ? lastText : (lastText = needText(n, events));
        lastNote = n;
        month.need = t;
        month.needNote = n;
      }
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
    r.gapNote = { code: 'metSoFar', params: {} };
    r.stillNeeded = 0;
    r.perMonth = 0;
  }
  const met = r.achieved >= r.required && !soFar;
  const slack = met ? 0 : (r.slack ?? r.achieved + r.capacity - r.required);
  let status = statusOf(r, kind, met, slack, s);
  // Out of reach with today's frontline but not with legs still to be sponsored: at risk, and the
  // gap says what the current frontline can give and what new legs would have to.
  if (status === 'outOfReach' && r.buildable !== undefined && r.achieved + r.buildable >= r.required) {
    status = 'atRisk';
    if (detail && r.buildNote) r.gapNote = r.buildNote();
  }
  const events = c.kind === 'attendance' ? c.events : undefined;
  const why = status === 'outOfReach' && (reason || detail) ? withText(r.why?.() ?? genericReason(r, kind, s), events) : undefined;
  const gap = gapOf(r, kind, met, status, why, s, detail, events);
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
    result.trace = traceOf(r, kind, status, gap, s, events);
    if (r.legs) result.legs = r.legs;
    if (r.events) result.events = r.events;
    if (r.components) result.components = r.components;
  }
  return result;
}

export const RANK: Record<Status, number> = {
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
