// What the last close saved for the next one (table close_checkpoint, migrations 0011 and 0012;
// meta `close_checkpoint`), in a few binary parts, each an array over every member in ADA order:
//   - the engine's state after the last closed month (packages/plan ClosedState): an hourly close
//     resumes the engine at the month after the last closed one instead of re-running every month
//     since the first order. Keyed by ADA, so a tree that grew (new members join only in open
//     months: the import refuses anything else without --replace) resumes too; a member who is gone
//     or whose tree facts moved makes the close start from the first month again. Rewritten when a
//     close closes a month.
//   - the open months' figures as the close wrote them to monthly_results (`open.*`, rewritten by
//     every close): the next close of the same months finds whose figures moved by comparing with
//     them in memory, without reading every open row back (issue #30).
//   - the closed months the plans look back to (`kept.*`, kept-months.ts), written by the close
//     that closes each month and kept while a later close reads that month back.
// One part per array, not one row per member: reading 100 000 rows took seconds every hour.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { createClosedState, PIN, type ClosedState, type MonthKey, type PyName } from '@abo/plan';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { MONTHLY_RESULT_COLUMNS } from '../db/monthly-results.ts';
import type { ImportConn, SqlValue } from '../import/conn.ts';
import type { Members } from './figures.ts';
import { keptBefore, keptListPart, type KeptWrite } from './kept-months.ts';
import type { Figures } from './month-figures.ts';
import { monthlyRow } from './write.ts';

export const CHECKPOINT_KEY = 'close_checkpoint';

/** What the parts share (meta `close_checkpoint`). */
interface CheckpointMeta {
  /** The last closed month the state is after. */
  readonly month: MonthKey;
  /** The PY of the annual tally, and of the pins' PY counters. */
  readonly py: PyName | null;
  readonly pinsPy: PyName | null;
  /** The pins' last month folded (a month index). */
  readonly lastMonth: number;
}

type Numeric = Uint8Array | Uint16Array | Int32Array | Float64Array;

/** The state's arrays kept, by part name. */
function stateArrays(state: ClosedState): Record<string, Numeric> {
  const { pins, tally, carry } = state;
  return {
    'state.pin': pins.pin,
    'state.pin_month': pins.pinMonth,
    'state.qualified': pins.qualified,
    'state.sp_months': pins.spMonths,
    'state.sp_run': pins.spRun,
    'state.max_sp_run': pins.maxSpRun,
    'state.side_volume_months': pins.sideVolumeMonths,
    'state.q_months': pins.qMonths,
    'state.qualified_legs': pins.qualifiedLegs,
    'state.founders_legs': pins.foundersLegs,
    'state.best_pgpv': pins.bestPgpv,
    'state.units': tally.units as Numeric,
    'state.q_group_pgbv_fen': tally.qGroupPgbvFen as Numeric,
    'state.debit_fen': carry.debitFen as Numeric,
    'state.debit_since': carry.debitSince as Numeric,
  };
}

/** The members the state was computed on, in ADA order, with the tree facts it depends on. */
interface SavedMembers {
  readonly ada: string[];
  readonly sponsor: (string | null)[];
  readonly joinDate: string[];
  readonly pinHeld: number[];
}

const bytes = (a: Numeric): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const json = (v: unknown): Buffer => Buffer.from(JSON.stringify(v));

/** `data` as an array of `like`'s type (copied: a blob's bytes need not be aligned). */
function typed<T extends Numeric>(like: T, data: Uint8Array): T | null {
  const per = like.BYTES_PER_ELEMENT;
  if (data.byteLength % per !== 0) return null;
  const copy = new Uint8Array(data.byteLength);
  copy.set(data);
  const Ctor = like.constructor as new (b: ArrayBuffer) => T;
  return new Ctor(copy.buffer);
}

function parseMeta(text: string | undefined): CheckpointMeta | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<CheckpointMeta>;
    if (typeof v.month !== 'string' || typeof v.lastMonth !== 'number') return null;
    return { month: v.month, py: v.py ?? null, pinsPy: v.pinsPy ?? null, lastMonth: v.lastMonth };
  } catch {
    return null;
  }
}

async function readParts(conn: ImportConn, prefix: string): Promise<Map<string, Uint8Array>> {
  const rows = await conn.all<{ part: string; data: Uint8Array }>(`select part, data from close_checkpoint where part like ?`, [
    `${prefix}%`,
  ]);
  return new Map(rows.map((r) => [r.part, r.data]));
}

/** Why the close starts from the first month (for the summary), or the state it resumes from. */
export type CheckpointRead = { readonly state: ClosedState } | { readonly state: null; readonly why: string };

/**
 * The state after `month` for the tree `members` (their order), or why there is none that fits:
 * none kept, kept after another month, or a member's tree facts no longer those it was computed on.
 */
export async function readCheckpoint(conn: ImportConn, members: Members, month: MonthKey): Promise<CheckpointRead> {
  const [metaRow] = await conn.all<{ value: string }>(`select value from meta where key = ?`, [CHECKPOINT_KEY]);
  const meta = parseMeta(metaRow?.value);
  if (!meta) return { state: null, why: 'no saved state' };
  if (meta.month !== month) return { state: null, why: `the saved state is after ${meta.month}, not ${month}` };
  const parts = await readParts(conn, 'state.');
  const membersPart = parts.get('state.members');
  if (!membersPart) return { state: null, why: 'no saved state' };
  const saved = JSON.parse(Buffer.from(membersPart).toString('utf8')) as SavedMembers;
  const { n, index, sponsor } = members;
  const k = saved.ada.length;
  // Members not in the checkpoint joined after it: they start as the engine starts anyone.
  const state = createClosedState(n, members.pinHeld);
  state.pins.py = meta.pinsPy;
  state.pins.lastMonth = meta.lastMonth;
  const at = new Int32Array(k);
  for (let j = 0; j < k; j++) {
    const ada = saved.ada[j]!;
    const i = index.get(ada);
    if (i === undefined) return { state: null, why: `${ada} is no longer in the tree` };
    const s = sponsor[i]!;
    const sponsorAda = s >= 0 ? members.ada[s]! : null;
    const heldThen = saved.pinHeld[j] ?? PIN.MEMBER;
    if (saved.sponsor[j] !== sponsorAda || saved.joinDate[j] !== members.joinDate[i] || heldThen !== members.pinHeld[i]) {
      return { state: null, why: `${ada}'s sponsor, join date or pin held is not what the saved state was computed on` };
    }
    at[j] = i;
  }
  for (const [part, target] of Object.entries(stateArrays(state))) {
    const data = parts.get(part);
    const values = data && typed(target, data);
    if (!values || values.length !== k) return { state: null, why: `the saved state has no ${part.slice(6)} of every member` };
    for (let j = 0; j < k; j++) target[at[j]!] = values[j]!;
  }
  return { state: { ...state, month: meta.month, py: meta.py } };
}

/** A part to write: its name and bytes. */
export type CheckpointPart = readonly [part: string, data: Buffer];

/** The parts of `state` (after its month) for every member, in ADA order (`order`); none with no month closed yet. */
export function checkpointParts(members: Members, order: Int32Array, state: ClosedState): CheckpointPart[] {
  if (state.month === null) return [];
  const { n } = members;
  const saved: SavedMembers = { ada: [], sponsor: [], joinDate: [], pinHeld: [] };
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const s = members.sponsor[i]!;
    saved.ada.push(members.ada[i]!);
    saved.sponsor.push(s >= 0 ? members.ada[s]! : null);
    saved.joinDate.push(members.joinDate[i]!);
    saved.pinHeld.push(members.pinHeld[i]!);
  }
  const out: CheckpointPart[] = [['state.members', json(saved)]];
  for (const [part, values] of Object.entries(stateArrays(state))) {
    const Ctor = values.constructor as new (n: number) => Numeric;
    const inOrder = new Ctor(n);
    for (let k = 0; k < n; k++) inOrder[k] = values[order[k]!]!;
    out.push([part, bytes(inOrder)]);
  }
  return out;
}

/** The numeric columns of a monthly_results row (monthlyRow), by position: all but ada, month and attended. */
const ATTENDED = MONTHLY_RESULT_COLUMNS.indexOf('attended');
function numericColumns(width: number): number[] {
  const out: number[] = [];
  for (let c = 2; c < width; c++) if (c !== ATTENDED) out.push(c);
  return out;
}

/** The open months' rows as written (monthly_results), to compare the next close's with. */
export interface OpenFigures {
  readonly months: readonly MonthKey[];
  readonly ada: readonly string[];
  /** Per month, member (ADA order) and numeric column: the value written; NaN in the first column: no row. */
  readonly values: Float64Array;
  /** Per month and member: the events attended as written (null: none, or no row). */
  readonly attended: readonly (string | null)[];
}

/**
 * The parts of the open months' rows, months `from` on of `f` (whose nodes are in ADA order by
 * f.order): every value monthly_results holds of them, exactly.
 */
export function openParts(f: Figures, from: number, width: number): CheckpointPart[] {
  const { n, order } = f;
  const cols = numericColumns(width);
  const M = f.cal.months.length;
  const months = f.cal.months.slice(from);
  const values = new Float64Array(months.length * n * cols.length);
  const attended: (string | null)[] = new Array<string | null>(months.length * n).fill(null);
  const row: SqlValue[] = new Array<SqlValue>(width);
  for (let m = from, cell = 0; m < M; m++) {
    for (let k = 0; k < n; k++, cell++) {
      const base = cell * cols.length;
      if (!monthlyRow(f, order[k]!, m, row)) {
        values[base] = NaN;
        continue;
      }
      for (let c = 0; c < cols.length; c++) values[base + c] = row[cols[c]!] as number;
      attended[cell] = row[ATTENDED] as string | null;
    }
  }
  const ada: string[] = [];
  for (let k = 0; k < n; k++) ada.push(f.ada[order[k]!]!);
  return [
    ['open.members', json({ months, ada })],
    // Mostly zeros: deflated, about a tenth (1.5 MB at 100 000 members instead of 17.6 MB), in
    // less time than writing the rest would take.
    ['open.values', deflateRawSync(bytes(values), { level: 1 })],
    ['open.attended', json(attended)],
  ];
}

/** The open months' rows the last close wrote (null: none saved, or not readable). */
export async function readOpenFigures(conn: ImportConn): Promise<OpenFigures | null> {
  const parts = await readParts(conn, 'open.');
  const head = parts.get('open.members');
  const data = parts.get('open.values');
  const att = parts.get('open.attended');
  if (!head || !data || !att) return null;
  const { months, ada } = JSON.parse(Buffer.from(head).toString('utf8')) as { months: MonthKey[]; ada: string[] };
  let values: Float64Array | null;
  try {
    values = typed(new Float64Array(0), inflateRawSync(data));
  } catch {
    return null;
  }
  const attended = JSON.parse(Buffer.from(att).toString('utf8')) as (string | null)[];
  if (!values || attended.length !== months.length * ada.length) return null;
  return { months, ada, values, attended };
}

/**
 * The members whose rows of the months from `from` on differ from `saved` (what the last close
 * wrote of the same months), who have a row where none was written, or none where one was: as
 * changedMembers (figures.ts) finds them from monthly_results, without reading it. Null when
 * `saved` is not of those months.
 */
export function changedSinceSaved(members: Members, f: Figures, from: number, saved: OpenFigures, width: number): Uint8Array | null {
  const months = f.cal.months.slice(from);
  if (months.length !== saved.months.length || months.some((m, k) => saved.months[k] !== m)) return null;
  return differsFromSaved(members, f, from, saved, width, false);
}

/** The `closed` column of a monthly_results row (monthlyRow). */
const CLOSED = MONTHLY_RESULT_COLUMNS.indexOf('closed');

/** What a close that closes the months the last close left open keeps of their rows. */
export interface ClosingRows {
  /** The members whose rows of those months differ in anything but `closed` (rewritten). */
  readonly changed: Uint8Array;
  /** The first month after them (of `f`): no member has a row of it yet. */
  readonly next: number;
}

/**
 * A month's end: the months the last close left open (`saved`) are months `from` … of `f`, some
 * of them closing now. The members whose rows of them differ from what it wrote in anything but
 * `closed`, who have a row where none was written, or none where one was; the others' rows stay
 * as stored, closed in place (close.ts). Null when `saved` is not of the months from `from` on.
 */
export function closingRows(members: Members, f: Figures, from: number, saved: OpenFigures, width: number): ClosingRows | null {
  const months = f.cal.months.slice(from, from + saved.months.length);
  if (months.length !== saved.months.length || months.some((m, k) => saved.months[k] !== m)) return null;
  const changed = differsFromSaved(members, f, from, saved, width, true);
  return changed && { changed, next: from + months.length };
}

/** The members whose rows of the saved months (from `from`) differ from `saved`; `closed` not compared with `anyClosed`. */
function differsFromSaved(
  members: Members,
  f: Figures,
  from: number,
  saved: OpenFigures,
  width: number,
  anyClosed: boolean,
): Uint8Array | null {
  const { n, index } = members;
  const M = from + saved.months.length;
  const columns = numericColumns(width);
  const C0 = columns.length;
  // The positions, among the saved columns, of those compared.
  const at = columns.flatMap((c, k) => (anyClosed && c === CLOSED ? [] : [k]));
  const C = at.length;
  const K = saved.ada.length;
  if (saved.values.length !== saved.months.length * K * C0) return null;
  const changed = new Uint8Array(n);
  const seen = new Uint8Array(n);
  const row: SqlValue[] = new Array<SqlValue>(width);
  for (let k = 0; k < K; k++) {
    const i = index.get(saved.ada[k]!);
    if (i === undefined) continue;
    seen[i] = 1;
    for (let m = from; m < M && !changed[i]; m++) {
      const cell = (m - from) * K + k;
      const base = cell * C0;
      const had = !Number.isNaN(saved.values[base]!);
      const has = monthlyRow(f, i, m, row);
      if (had !== has) changed[i] = 1;
      if (!has || changed[i]) continue;
      if (row[ATTENDED] !== saved.attended[cell]) changed[i] = 1;
      for (let c = 0; c < C && !changed[i]; c++) if (row[columns[at[c]!]!] !== saved.values[base + at[c]!]) changed[i] = 1;
    }
  }
  // A row now where none was written: a new member.
  for (let i = 0; i < n; i++) {
    if (seen[i]) continue;
    for (let m = from; m < M && !changed[i]; m++) if (monthlyRow(f, i, m, row)) changed[i] = 1;
  }
  return changed;
}

/**
 * Writes what the close saves, in its transaction: the open months' parts always; with `state`,
 * the state's parts and meta instead of those kept (with no month closed yet, none); with `kept`,
 * the closed months' parts written now (kept-months.ts), those before its first month pruned.
 */
export async function writeCheckpoint(
  k: Kysely<Database>,
  open: readonly CheckpointPart[],
  state: { readonly state: ClosedState; readonly parts: readonly CheckpointPart[] } | null,
  kept: { readonly write: KeptWrite; readonly parts: readonly CheckpointPart[] } | null = null,
): Promise<void> {
  await k.deleteFrom('close_checkpoint').where('part', 'like', 'open.%').execute();
  if (state) {
    await k.deleteFrom('close_checkpoint').where('part', 'not like', 'kept.%').execute();
    await k.deleteFrom('meta').where('key', '=', CHECKPOINT_KEY).execute();
    const s = state.state;
    if (s.month !== null) {
      const meta: CheckpointMeta = { month: s.month, py: s.py, pinsPy: s.pins.py, lastMonth: s.pins.lastMonth };
      await k
        .insertInto('meta')
        .values({ key: CHECKPOINT_KEY, value: JSON.stringify(meta) })
        .execute();
    }
  }
  const parts = [...(state?.parts ?? []), ...open];
  if (kept) {
    const { write } = kept;
    // The list's part again only when it grew: at a million members it is 13 MB of JSON.
    const list = write.grown ? [keptListPart(write.list)] : [];
    const replaced = [...list, ...kept.parts].map(([part]) => part);
    if (write.fresh) await k.deleteFrom('close_checkpoint').where('part', 'like', 'kept.%').execute();
    else {
      await k
        .deleteFrom('close_checkpoint')
        .where((e) => e.and([e('part', 'like', 'kept.%'), e.or([e('part', '<', keptBefore(write.from)), e('part', 'in', replaced)])]))
        .execute();
    }
    parts.push(...list, ...kept.parts);
  }
  for (const [part, data] of parts) await k.insertInto('close_checkpoint').values({ part, data }).execute();
}
