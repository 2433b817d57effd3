// The stored plan summary (plan_results.summary): one JSON object per distributor and PY,
// `{ "<plan code>": [status, [achieved per criterion], level?, soFar?, reason?] }` (status as one
// letter; a level of 0: the plan has no levels; a soFar of 0: none), written by the close (the
// seed, later an import) and read by the plan list, home and income pages. One encoder and one
// checked decoder so writer and readers cannot drift apart. Positional entries halve what a close
// writes and reads back of every member (1.47 → 0.9 KB, issue #30); entries written as objects
// (`{"status","achieved","soFar"?,"level"?,"reason"?}`) still read, as do summaries written
// before the out-of-reach status (no "reason", "missed" for an open period).
// A reason is stored as its code and params (`{"code":"monthsLeft","params":{…}}`), worded on
// reading by the reason catalogue; rows written with both sentences (`{"code","zh","en"}`) still read.
import { readReason, withText } from './reason-catalogue.ts';
import type { CriterionResult, PlanResult, ReasonCode, Status, StatusReason } from './types.ts';

/** A reason stored with its sentences, before reasons were stored as code and params: read as written. */
export interface WordedReason {
  readonly code: ReasonCode;
  readonly text: StatusReason['text'];
}

export interface StoredPlanEntry {
  readonly status: Status;
  /** Why the plan is out of reach (status outOfReach; absent in older summaries). */
  readonly reason?: StatusReason | WordedReason;
  /** The achieved value of each of the plan's criteria, in the plan's order. */
  readonly achieved: readonly number[];
  /** Criteria (by position) whose achieved value reaches what they need only with the open month so far: not met yet. */
  readonly soFar?: readonly number[];
  /** Plans with levels: the level reached (null: none); absent for plans without levels. */
  readonly level?: string | null;
}

/** Plan code → its stored entry. */
export type StoredPlanSummary = ReadonlyMap<string, StoredPlanEntry>;

const STATUSES: ReadonlySet<string> = new Set<Status>(['met', 'onTrack', 'atRisk', 'outOfReach', 'missed']);
const REASONS: ReadonlySet<string> = new Set<ReasonCode>(['monthsLeft', 'legs', 'eventPassed', 'pinNotReachable', 'maxPoints']);

// Plan and level codes come from the catalogue: quoting each once keeps the bulk writer cheap.
const quoted = new Map<string, string>();
function quote(s: string): string {
  let q = quoted.get(s);
  if (q === undefined) quoted.set(s, (q = JSON.stringify(s)));
  return q;
}

/** Each status's letter in a stored entry, and back. */
const LETTER: Readonly<Record<Status, string>> = { met: 'm', onTrack: 't', atRisk: 'r', outOfReach: 'o', missed: 'x' };
const STATUS_OF: ReadonlyMap<unknown, Status> = new Map(Object.entries(LETTER).map(([status, letter]) => [letter, status as Status]));

/** A criterion whose achieved value reaches what it needs only with the open month so far (stored in `soFar`). */
export const reachedSoFarOnly = (x: Pick<CriterionResult, 'met' | 'achieved' | 'required'>): boolean => !x.met && x.achieved >= x.required;

/** The criteria (by position) whose achieved value reaches what they need only with the open month so far. */
function soFarOf(r: PlanResult): number[] {
  const out: number[] = [];
  for (let c = 0; c < r.criteria.length; c++) if (reachedSoFarOnly(r.criteria[c]!)) out.push(c);
  return out;
}

/** The summary of one distributor's plans of one PY, as stored. */
export function encodePlanSummary(results: readonly PlanResult[]): string {
  let s = '{';
  for (let k = 0; k < results.length; k++) {
    const r = results[k]!;
    if (k) s += ',';
    s += `${quote(r.code)}:["${LETTER[r.status]}",[`;
    for (let c = 0; c < r.criteria.length; c++) {
      const v = r.criteria[c]!.achieved;
      if (!Number.isFinite(v)) throw new RangeError(`${r.code}: achieved value ${v} cannot be stored`);
      s += (c ? ',' : '') + String(v);
    }
    s += ']';
    const soFar = soFarOf(r).join(',');
    // Trailing fields only as far as one is there.
    const level = r.levels ? (r.achievedLevel ? quote(r.achievedLevel) : 'null') : '0';
    if (r.reason) s += `,${level},${soFar ? `[${soFar}]` : '0'},${JSON.stringify({ code: r.reason.code, params: r.reason.params })}`;
    else if (soFar) s += `,${level},[${soFar}]`;
    else if (r.levels) s += `,${level}`;
    s += ']';
  }
  return s + '}';
}

/** A positional entry (see above). */
function compactEntryOf(v: readonly unknown[]): StoredPlanEntry | null {
  const [letter, achieved, level = 0, soFar = 0, reason] = v;
  const status = STATUS_OF.get(letter);
  if (!status || v.length > 5) return null;
  return checkedEntry(status, achieved, level === 0 ? undefined : { level }, soFar === 0 ? undefined : soFar, reason);
}

function entryOf(v: unknown): StoredPlanEntry | null {
  if (Array.isArray(v)) return compactEntryOf(v);
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const { status, achieved, level, reason, soFar } = o;
  if (typeof status !== 'string' || !STATUSES.has(status)) return null;
  return checkedEntry(status as Status, achieved, 'level' in o ? { level } : undefined, soFar, reason);
}

/** An entry from its fields as read, or null when one is not what the writer writes. */
function checkedEntry(
  status: Status,
  achieved: unknown,
  levelField: { readonly level: unknown } | undefined,
  soFar: unknown,
  reason: unknown,
): StoredPlanEntry | null {
  if (!Array.isArray(achieved) || !achieved.every((x) => typeof x === 'number' && Number.isFinite(x))) return null;
  const level = levelField?.level;
  if (level !== undefined && level !== null && typeof level !== 'string') return null;
  if (soFar !== undefined && !(Array.isArray(soFar) && soFar.every((i) => Number.isInteger(i) && i >= 0 && i < achieved.length)))
    return null;
  const entry: { status: Status; achieved: number[]; soFar?: number[]; level?: string | null; reason?: StatusReason | WordedReason } = {
    status,
    achieved: achieved as number[],
  };
  if (soFar !== undefined) entry.soFar = soFar as number[];
  if (levelField) entry.level = level as string | null;
  if (reason !== undefined) {
    const why = reasonOf(reason);
    if (!why) return null;
    entry.reason = why;
  }
  return entry;
}

function reasonOf(v: unknown): StatusReason | WordedReason | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const { code, params, zh, en } = v as Record<string, unknown>;
  if (params !== undefined) {
    const r = readReason(code, params);
    return r && withText(r);
  }
  if (typeof code !== 'string' || !REASONS.has(code) || typeof zh !== 'string' || typeof en !== 'string') return null;
  return { code: code as ReasonCode, text: { zh, en } };
}

/**
 * Reads a stored summary. Whatever cannot be read is left out rather than guessed at: an
 * unreadable row gives an empty summary, a malformed entry is missing from it, and readers
 * treat a missing plan as not stored (evaluate it live, or show no status).
 */
export function decodePlanSummary(json: string | null | undefined): StoredPlanSummary {
  const out = new Map<string, StoredPlanEntry>();
  if (typeof json !== 'string') return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return out;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return out;
  for (const [code, v] of Object.entries(parsed)) {
    const e = entryOf(v);
    if (e) out.set(code, e);
  }
  return out;
}
