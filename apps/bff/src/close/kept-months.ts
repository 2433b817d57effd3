// The closed months the plans look back to, as the close wrote them to monthly_results, kept as
// checkpoint parts (`kept.<month>` in close_checkpoint, beside the state and the open months of
// checkpoint.ts): a month's end read them back row by row, 15 months of every member (42 s of
// 390 at 1 000 000 members, issue #30), where inflating a part per month takes a fraction.
//
// A part holds, for the members of `kept.members` (a list of ADAs, only ever appended to, so the
// parts written at earlier month ends stay readable as the tree grows), whether they have a row
// and the 12 columns readKeptMonths reads, exactly as written. A part is written by the close that
// writes that closed month's rows, and only then: the rows of a closed month never change after
// (a close writes the months after the last closed one; an import with --replace empties both),
// so a part says what the table says. A month without a part is read from the table.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { monthIndex, monthKeyOf, type MonthKey } from '@abo/plan';
import type { ImportConn, SqlValue } from '../import/conn.ts';
import type { CheckpointPart } from './checkpoint.ts';
import type { Members } from './figures.ts';
import type { Figures } from './month-figures.ts';
import { monthlyRow } from './write.ts';

const PREFIX = 'kept.';
const LIST_PART = 'kept.members';

type Column = Int32Array | Uint8Array | Uint16Array | Float64Array;
type Kind = { new (length: number): Column; new (buffer: ArrayBuffer, offset: number, length: number): Column; BYTES_PER_ELEMENT: number };

/**
 * The columns of a part: the figures' array each fills, its kind and its place in monthlyRow's row;
 * the widest first, so that every column starts aligned (the row flags come last).
 */
const COLUMNS = [
  ['bvFen', Float64Array, 5],
  ['qualificationCredits', Float64Array, 19],
  ['ppv', Int32Array, 2],
  ['gpv', Int32Array, 3],
  ['pgpv', Int32Array, 4],
  ['qLegs', Uint16Array, 8],
  ['pin', Uint16Array, 11],
  ['newCustomers', Uint16Array, 12],
  ['bracket', Uint8Array, 6],
  ['isQ', Uint8Array, 7],
  ['isSp', Uint8Array, 10],
  ['compliant', Uint8Array, 14],
] as const satisfies readonly (readonly [keyof Figures, Kind, number])[];

/** Bytes a member takes in a part: the row flag and the columns. */
const BYTES_PER_MEMBER = 1 + COLUMNS.reduce((s, [, Kind]) => s + Kind.BYTES_PER_ELEMENT, 0);

/** The part of `month`. */
const partOf = (month: MonthKey): string => `${PREFIX}${month}`;

/** The members the parts are of, in the parts' order, and where each is now. */
export interface KeptList {
  readonly ada: readonly string[];
  /** Per list position, the member's index in `members` (-1: no longer in the tree). */
  readonly at: Int32Array;
}

/** The list the parts kept are of (null: none, or not readable). */
export async function readKeptList(conn: ImportConn, members: Members): Promise<KeptList | null> {
  const rows = await conn.all<{ data: Uint8Array }>(`select data from close_checkpoint where part = ?`, [LIST_PART]);
  if (!rows[0]) return null;
  let ada: unknown;
  try {
    ada = JSON.parse(inflateRawSync(rows[0].data).toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(ada) || !ada.every((a) => typeof a === 'string')) return null;
  return { ada, at: Int32Array.from(ada, (a: string) => members.index.get(a) ?? -1) };
}

/** What a close that writes closed months writes of them: the list and a part per month. */
export interface KeptWrite {
  /** The parts before the list was started again are of another list: they all go. */
  readonly fresh: boolean;
  readonly list: KeptList;
  /** The list differs from the one stored (fresh, or members appended): its part is written again. */
  readonly grown: boolean;
  /** The first month any later close reads back (parts before it go). */
  readonly from: MonthKey;
}

/**
 * The list to write parts with: the kept one with the members it lacks appended (in ADA order), or,
 * when there is none, `fresh` asks for it, or a member of it is gone, every member in ADA order.
 */
export async function keptList(
  conn: ImportConn,
  members: Members,
  fresh: boolean,
  from: MonthKey,
  /** The stored list when the close read it already (undefined: not read). */
  read?: KeptList | null,
): Promise<KeptWrite> {
  const kept = fresh ? null : read !== undefined ? read : await readKeptList(conn, members);
  const all = (): string[] => [...members.ada].sort();
  if (!kept || kept.at.includes(-1)) {
    const ada = all();
    return { fresh: true, grown: true, from, list: { ada, at: Int32Array.from(ada, (a) => members.index.get(a)!) } };
  }
  const listed = new Uint8Array(members.n);
  for (const i of kept.at) listed[i] = 1;
  const added = all().filter((a) => !listed[members.index.get(a)!]);
  if (added.length === 0) return { fresh: false, grown: false, from, list: kept };
  const ada = [...kept.ada, ...added];
  const at = new Int32Array(ada.length);
  at.set(kept.at);
  for (let k = 0; k < added.length; k++) at[kept.ada.length + k] = members.index.get(added[k]!)!;
  return { fresh: false, grown: true, from, list: { ada, at } };
}

/** The list's own part. */
export function keptListPart(list: KeptList): CheckpointPart {
  return [LIST_PART, deflateRawSync(Buffer.from(JSON.stringify(list.ada)), { level: 1 })];
}

/**
 * The part of month `m` of `f` (figures indexed by the members' positions, as the close's are):
 * each listed member's row as monthlyRow writes it, or none.
 */
function keptMonthPart(list: KeptList, f: Figures, m: number): CheckpointPart {
  const k = list.at.length;
  const data = new ArrayBuffer(k * BYTES_PER_MEMBER);
  let offset = 0;
  const columns = COLUMNS.map(([, Kind, c]) => {
    const column = new Kind(data, offset, k);
    offset += k * Kind.BYTES_PER_ELEMENT;
    return [column, c] as const;
  });
  const has = new Uint8Array(data, offset, k);
  const row: SqlValue[] = new Array<SqlValue>(25);
  for (let j = 0; j < k; j++) {
    if (!monthlyRow(f, list.at[j]!, m, row)) continue;
    has[j] = 1;
    for (const [column, c] of columns) column[j] = Number(row[c] ?? 0);
  }
  return [partOf(f.cal.months[m]!), deflateRawSync(new Uint8Array(data), { level: 1 })];
}

/** The parts of the closed months of `f` that `keep` asks for. */
export function keptMonthParts(list: KeptList, f: Figures, keep: (month: MonthKey) => boolean): CheckpointPart[] {
  const out: CheckpointPart[] = [];
  for (let m = 0; m < f.cal.closed; m++) if (keep(f.cal.months[m]!)) out.push(keptMonthPart(list, f, m));
  return out;
}

/** The figures' arrays a part fills, by column. */
export type KeptTargets = { readonly [K in (typeof COLUMNS)[number][0]]: Column };

/** What was kept of one month. */
export interface KeptMonth {
  /** Copies every listed member's row into `into` at `base` + the member's index; members without a row keep what they had. */
  readonly fill: (into: KeptTargets, base: number) => void;
  /** Sets `into[i]` to the pin of every listed member with a row. */
  readonly pins: (into: Uint16Array) => void;
}

/**
 * Hands `fn` each month of `months` kept as a part, one at a time (a part is 39 bytes a member
 * inflated: 15 of them held at once would be 585 MB at a million members); answers those months.
 */
export async function forEachKeptMonth(
  conn: ImportConn,
  list: KeptList | null,
  months: readonly MonthKey[],
  fn: (month: MonthKey, kept: KeptMonth) => void,
): Promise<Set<MonthKey>> {
  const found = new Set<MonthKey>();
  if (months.length === 0 || !list) return found;
  const at = list.at;
  for (const month of months) {
    const [row] = await conn.all<{ data: Uint8Array }>(`select data from close_checkpoint where part = ?`, [partOf(month)]);
    if (!row) continue;
    let data: Buffer;
    try {
      data = inflateRawSync(row.data);
    } catch {
      continue;
    }
    const k = data.byteLength / BYTES_PER_MEMBER;
    if (!Number.isInteger(k) || k > at.length) continue;
    // Copied: the inflated bytes need not start at a multiple of a column's size.
    const bytes = new ArrayBuffer(data.byteLength);
    new Uint8Array(bytes).set(data);
    let offset = 0;
    const columns = COLUMNS.map(([name, Kind]) => {
      const column = new Kind(bytes, offset, k);
      offset += k * Kind.BYTES_PER_ELEMENT;
      return [name, column] as const;
    });
    const has = new Uint8Array(bytes, offset, k);
    found.add(month);
    fn(month, {
      fill: (into, base) => {
        for (const [name, column] of columns) {
          const target = into[name];
          for (let j = 0; j < k; j++) {
            const i = at[j]!;
            if (has[j] && i >= 0) target[base + i] = column[j]!;
          }
        }
      },
      pins: (into) => {
        const pin = columns.find(([name]) => name === 'pin')![1];
        for (let j = 0; j < k; j++) if (has[j] && at[j]! >= 0) into[at[j]!] = pin[j]!;
      },
    });
  }
  return found;
}

/** The kept parts before `from` (a month): no later close reads them. */
export const keptBefore = (from: MonthKey): string => partOf(from);

/** Members per query of readKeptMonths (a bound parameter each). */
const ADA_CHUNK = 500;
/** The ADAs of the members flagged in `only` (every member without it), in ADA order. */
function adasOf(members: Members, only: Uint8Array | null): string[] {
  const out: string[] = [];
  for (let i = 0; i < members.n; i++) if (!only || only[i]) out.push(members.ada[i]!);
  return out.sort();
}

/**
 * The calendar's months [0, upTo), all closed, from monthly_results, into the figures the plans
 * read (`f`, whose arrays start at the calendar's first month) and the pin held before the first
 * month (`pinBefore`: the month before's, else pin_held as the engine starts it): the months the
 * plans look back to, as the closes before wrote them, instead of re-running the engine over them.
 * Only the members flagged in `only`, when given, and of those flagged in `legs` besides, only
 * whether they were Q (what a sponsor's plans read of a frontline leg); a member without a row
 * (not joined yet) keeps zeros. Of everyone, the months kept as parts of `list` (readKeptList)
 * come from them; answers the others read from the table for everyone (the month before aside),
 * which the close can keep as parts from `f`.
 */
export async function readKeptMonths(
  conn: ImportConn,
  members: Members,
  upTo: number,
  f: Figures,
  pinBefore: Uint16Array,
  only: Uint8Array | null = null,
  legs: Uint8Array | null = null,
  list: KeptList | null = null,
): Promise<MonthKey[]> {
  if (upTo === 0) return [];
  if (only && legs) {
    const legsOnly = legs.map((x, i) => (x && !only[i] ? 1 : 0));
    const { n, index } = members;
    const calFirst = monthIndex(f.cal.months[0]!);
    const adas = adasOf(members, legsOnly);
    for (let k = 0; k < adas.length; k += ADA_CHUNK) {
      const chunk = adas.slice(k, k + ADA_CHUNK);
      const rows = await conn.rows<[ada: string, month: string, isQ: number]>(
        `select ada, month, is_q from monthly_results where ada in (${chunk.map(() => '?').join(', ')}) and month >= ? and month <= ?`,
        [...chunk, f.cal.months[0]!, f.cal.months[upTo - 1]!],
      );
      for (const r of rows) {
        const i = index.get(r[0]);
        if (i !== undefined) f.isQ[(monthIndex(r[1]) - calFirst) * n + i] = Number(r[2]);
      }
    }
  }
  const { n, index } = members;
  const calFirst = monthIndex(f.cal.months[0]!);
  const before = monthKeyOf(calFirst - 1);
  const wanted = [before, ...f.cal.months.slice(0, upTo)];
  // Every member's months: from the parts the closes kept of them (kept-months.ts), where there are.
  const into: KeptTargets = { ...f, bvFen: f.bvFen! };
  const kept = only
    ? new Set<MonthKey>()
    : await forEachKeptMonth(conn, list, wanted, (month, part) => {
        if (month === before) part.pins(pinBefore);
        else part.fill(into, (monthIndex(month) - calFirst) * n);
      });
  const missing = wanted.filter((m) => !kept.has(m));
  if (missing.length === 0) return [];
  const adas = adasOf(members, only);
  type Row = [
    ada: string,
    month: string,
    ppv: number,
    bvFen: number | string,
    gpv: number,
    pgpv: number,
    bracket: number,
    isQ: number,
    isSp: number,
    qLegs: number,
    qualificationCredits: number | null,
    pinCode: number,
    newCustomers: number,
    compliant: number,
  ];
  const bvFen = f.bvFen as Float64Array;
  const newCustomers = f.newCustomers;
  for (let k = 0; k < adas.length; k += ADA_CHUNK) {
    const chunk = adas.slice(k, k + ADA_CHUNK);
    // One index seek per member (primary key ada, month); rows as arrays, no object each.
    const rows = await conn.rows<Row>(
      `select ada, month, ppv, bv_fen, gpv, pgpv, bracket, is_q, is_sp, q_legs, qualification_credits, pin_code, new_customers, compliant
       from monthly_results where ada in (${chunk.map(() => '?').join(', ')}) and month >= ? and month <= ?`,
      [...chunk, missing[0]!, missing.at(-1)!],
    );
    let at = '';
    let i = -1;
    let month = '';
    let m = 0;
    for (const r of rows) {
      if (r[0] !== at) {
        at = r[0];
        i = index.get(at) ?? -1;
      }
      if (i < 0) continue;
      if (r[1] === before) {
        pinBefore[i] = Number(r[11]);
        continue;
      }
      if (r[1] !== month) {
        month = r[1];
        m = monthIndex(month) - calFirst;
      }
      const cell = m * n + i;
      f.ppv[cell] = Number(r[2]);
      bvFen[cell] = Number(r[3]);
      f.gpv[cell] = Number(r[4]);
      f.pgpv[cell] = Number(r[5]);
      f.bracket[cell] = Number(r[6]);
      f.isQ[cell] = Number(r[7]);
      f.isSp[cell] = Number(r[8]);
      f.qLegs[cell] = Number(r[9]);
      f.qualificationCredits[cell] = Number(r[10] ?? 0);
      f.pin[cell] = Number(r[11]);
      newCustomers[cell] = Number(r[12]);
      f.compliant[cell] = Number(r[13]);
    }
  }
  return only ? [] : missing.filter((m) => m !== before);
}
