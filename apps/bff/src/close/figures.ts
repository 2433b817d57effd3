// The facts of the database (the tree, orders, attendance) as the engine's month-major input,
// and the engine's figures from them: every month from the first one with an order or an
// attendance through today's month, the closed ones paid and moving pins (closePeriod through
// closeAll, close-all.ts).
import {
  buildChildren,
  monthIndex,
  monthKeyOf,
  PIN,
  plansFor,
  pyFirstMonthIndex,
  pyName,
  pyOf,
  pyStartYear,
  rulesFor,
  type ClosedState,
  type MonthKey,
  type PyName,
  type RuleTable,
} from '@abo/plan';
import { MONTHLY_RESULT_COLUMNS } from '../db/monthly-results.ts';
import type { ImportConn, SqlValue } from '../import/conn.ts';
import { NEW_ARRAYS, type ArrayPool } from './array-pool.ts';
import { closeAll, type ProgressFn, type Resume } from './close-all.ts';
import { creditCells, planMonthsOf, type PlanInputs } from './plans.ts';
import type { Figures } from './month-figures.ts';
import { monthlyRow } from './write.ts';

export interface Members {
  readonly n: number;
  /** In tree order (tree_pos): every sponsor before its downline, as the engine needs. */
  readonly ada: readonly string[];
  readonly sponsor: Int32Array;
  readonly joinMonth: Int32Array;
  /** distributors.join_date, `YYYY-MM-DD`. */
  readonly joinDate: readonly string[];
  readonly pinCode: Int32Array;
  readonly pinMonth: readonly (string | null)[];
  /** Pin held before the imported history (distributors.pin_held; Member when none): where the close starts. */
  readonly pinHeld: Uint16Array;
  readonly index: ReadonlyMap<string, number>;
}

type MemberRow = [
  ada: string,
  sponsorAda: string | null,
  joinDate: string,
  pinCode: number,
  pinMonth: string | null,
  pinHeld: number | null,
  treePos: number,
];
const MEMBERS_SQL = `select ada, sponsor_ada, join_date, pin_code, pin_month, pin_held, tree_pos from distributors`;

/** The members of `n` rows given to `put` by `fill` (position, row); null when `fill` answers false. */
async function membersOf(n: number, fill: (put: (i: number, r: MemberRow) => void) => Promise<boolean>): Promise<Members | null> {
  const ada: string[] = new Array<string>(n);
  const sponsorAda: (string | null)[] = new Array<string | null>(n);
  const joinDate: string[] = new Array<string>(n);
  const pinMonth: (string | null)[] = new Array<string | null>(n);
  const joinMonth = new Int32Array(n);
  const pinCode = new Int32Array(n);
  const pinHeld = new Uint16Array(n).fill(PIN.MEMBER);
  const complete = await fill((i, r) => {
    ada[i] = r[0];
    sponsorAda[i] = r[1];
    joinDate[i] = r[2];
    joinMonth[i] = monthIndex(r[2]);
    pinCode[i] = Number(r[3]);
    pinMonth[i] = r[4];
    if (r[5] !== null) pinHeld[i] = Number(r[5]);
  });
  if (!complete) return null;
  const index = new Map<string, number>();
  for (let i = 0; i < n; i++) index.set(ada[i]!, i);
  const sponsor = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const s = sponsorAda[i];
    sponsor[i] = s === null || s === undefined ? -1 : (index.get(s) ?? -1);
  }
  return { n, ada, sponsor, joinMonth, joinDate, pinCode, pinMonth, pinHeld, index };
}

/** Every member, in tree order (tree_pos). */
export async function readMembers(conn: ImportConn): Promise<Members> {
  // In table order, each row put at its tree position: the import numbers the tree 0 … n - 1, so
  // nothing is sorted and no row outlives its step (at 1 000 000 members holding and sorting them
  // all cost seconds of garbage collection). Walking the tree_pos index instead would look every
  // row up in the table, a page each (three times slower at 100 000 members, issue #30).
  const [{ n: count = 0 } = {}] = await conn.all<{ n: number | string }>(`select count(*) as n from distributors`);
  const n = Number(count);
  const placed = new Uint8Array(n);
  const direct = await membersOf(n, async (put) => {
    let dense = true;
    const read = await conn.each<MemberRow>(MEMBERS_SQL, [], (r) => {
      const i = Number(r[6]);
      if (!dense || !(i >= 0 && i < n) || placed[i]) {
        dense = false;
        return;
      }
      placed[i] = 1;
      put(i, r);
    });
    return dense && read === n;
  });
  if (direct) return direct;
  // Positions with gaps, or rows written meanwhile: every row held, and sorted.
  const rows = await conn.rows<MemberRow>(MEMBERS_SQL);
  rows.sort((a, b) => Number(a[6]) - Number(b[6]));
  return (await membersOf(rows.length, async (put) => {
    rows.forEach((r, i) => put(i, r));
    return true;
  }))!;
}

/** The first month with an order or an attendance (null: none at all). */
export async function firstFactMonth(conn: ImportConn): Promise<MonthKey | null> {
  const [o] = await conn.all<{ m: string | null }>(`select min(month) as m from orders`);
  const [a] = await conn.all<{ d: string | null }>(`select min(attended_on) as d from attendance`);
  const months = [o?.m, a?.d?.slice(0, 7)].filter((m): m is string => !!m);
  return months.length ? months.reduce((x, y) => (x < y ? x : y)) : null;
}

/** The months' calendar: `months[m]`, the first `closed` of them closed, their rule tables. */
export interface CloseCalendar {
  readonly first: number;
  readonly months: readonly MonthKey[];
  readonly closed: number;
  readonly rules: readonly RuleTable[];
}

export function closeCalendar(firstMonth: MonthKey, lastMonth: MonthKey, closedThrough: MonthKey | null): CloseCalendar {
  const first = monthIndex(firstMonth);
  const last = monthIndex(lastMonth);
  const months: MonthKey[] = [];
  for (let m = first; m <= last; m++) months.push(monthKeyOf(m));
  const closed = closedThrough === null ? 0 : Math.max(0, Math.min(months.length - 1, monthIndex(closedThrough) - first + 1));
  return { first, months, closed, rules: months.map((m) => rulesFor(pyOf(m), { fallback: 'nearest' })) };
}

/** Per member and month: PV, BV, new customers and events attended, from the orders and attendance. */
export interface MonthFacts {
  readonly ppv: Int32Array;
  readonly bvFen: Float64Array;
  readonly newCustomers: Uint16Array;
  readonly compliant: Uint8Array;
  readonly attended: Map<number, string[]>;
}

/**
 * The facts of the calendar's months from `from` on, read from the orders summed per member and
 * month (order_months, import/order-months.ts) and the attendance (the months before `from` are
 * left at zero for readKeptMonths, but for their attendance).
 */
export async function readMonthFacts(
  conn: ImportConn,
  members: Members,
  cal: CloseCalendar,
  from = 0,
  opts: { readonly pool?: Pick<ArrayPool, 'take'> } = {},
): Promise<MonthFacts> {
  const pool = opts.pool ?? NEW_ARRAYS;
  const { n, index } = members;
  const M = cal.months.length;
  const firstMonth = cal.months[from]!;
  const lastMonth = cal.months[M - 1]!;
  const cellOf = (ada: string, month: string): number => {
    const i = index.get(ada);
    const m = monthIndex(month) - cal.first;
    return i === undefined || m < 0 || m >= M ? -1 : m * n + i;
  };
  const ppv = pool.take(Int32Array, M * n);
  const bvFen = pool.take(Float64Array, M * n);
  const newCustomers = pool.take(Uint16Array, M * n);
  // Row by row, as arrays (ImportConn.each): a segment's millions of rows held at once made the heap grow.
  await conn.each<[ada: string, month: string, pv: number | string, bv: number | string, nc: number | string]>(
    `select ada, month, pv, bv_fen, new_customers from order_months where month >= ? and month <= ?`,
    [firstMonth, lastMonth],
    ([ada, month, pv, bv, nc]) => {
      const cell = cellOf(ada, month);
      if (cell < 0) return;
      ppv[cell] = Number(pv);
      bvFen[cell] = Number(bv);
      newCustomers[cell] = Math.min(0xffff, Number(nc));
    },
  );

  // A compliance month: the month's PPV reaches the PY's minimum (the files carry no veto).
  const compliant = pool.take(Uint8Array, M * n);
  for (let m = 0; m < M; m++) {
    const min = cal.rules[m]!.compliance.minPpv;
    for (let i = 0, cell = m * n; i < n; i++, cell++) if (ppv[cell]! >= min) compliant[cell] = 1;
  }

  const attended = new Map<number, string[]>();
  const events = await conn.all<{ ada: string; event_code: string; attended_on: string }>(
    `select ada, event_code, attended_on from attendance where attended_on >= ? and attended_on < ? order by ada, event_code`,
    [`${cal.months[0]!}-01`, `${monthKeyOf(monthIndex(lastMonth) + 1)}-01`],
  );
  for (const e of events) {
    const cell = cellOf(e.ada, e.attended_on.slice(0, 7));
    if (cell < 0) continue;
    const list = attended.get(cell);
    if (!list) attended.set(cell, [e.event_code]);
    else if (list[list.length - 1] !== e.event_code) list.push(e.event_code);
  }
  return { ppv, bvFen, newCustomers, compliant, attended };
}

/** Rows per page of changedMembers: memory stays bounded at any size. */
const PAGE_ROWS = 20_000;

/**
 * The members whose rows of the months from `from` on differ from what monthly_results holds
 * (`row(i, m, out)` gives a member's row as the writer writes it, false for no row), or who have a
 * row where none was written: their figures moved since the last close.
 */
export async function changedMembers(conn: ImportConn, members: Members, f: Figures, from: number): Promise<Uint8Array> {
  const columns = MONTHLY_RESULT_COLUMNS;
  const row = (i: number, m: number, out: SqlValue[]) => monthlyRow(f, i, m, out);
  const { n, index } = members;
  const M = f.cal.months.length;
  const seen = new Uint8Array((M - from) * n);
  const changed = new Uint8Array(n);
  const mine: SqlValue[] = new Array<SqlValue>(columns.length);
  const calFirst = monthIndex(f.cal.months[0]!);
  // Month by month, a page at a time in ADA order (index monthly_results_month).
  for (let month = from; month < M; month++) {
    for (let after = '', more = true; more;) {
      const rows = await conn.all<Record<string, SqlValue>>(
        `select ${columns.join(', ')} from monthly_results where month = ? and ada > ? order by ada limit ${PAGE_ROWS}`,
        [f.cal.months[month]!, after],
      );
      more = rows.length === PAGE_ROWS;
      if (more) after = rows[rows.length - 1]!['ada'] as string;
      compare(rows);
    }
  }
  function compare(rows: readonly Record<string, SqlValue>[]): void {
    for (const r of rows) {
      const i = index.get(r['ada'] as string);
      if (i === undefined) continue;
      const m = monthIndex(r['month'] as string) - calFirst;
      if (m < from || m >= M) continue;
      seen[(m - from) * n + i] = 1;
      if (changed[i]) continue;
      if (!row(i, m, mine)) {
        changed[i] = 1;
        continue;
      }
      for (let c = 0; c < columns.length; c++) {
        const was = r[columns[c]!] ?? null;
        const now = mine[c] ?? null;
        // PostgreSQL's bigint comes as text; null and numbers as they are.
        if (was === now || (was !== null && now !== null && Number(was) === Number(now))) continue;
        changed[i] = 1;
        break;
      }
    }
  }
  // A row now where none was written: a new member.
  for (let m = from; m < M; m++) {
    for (let i = 0; i < n; i++) {
      if (changed[i] || seen[(m - from) * n + i] || !row(i, m, mine)) continue;
      changed[i] = 1;
    }
  }
  return changed;
}

/**
 * Whose plans can have moved when the members flagged in `changed` did: them, and the sponsor of
 * each (a leg's Q, the frontline's size). The plans of the others read the same history.
 */
export function planMembers(members: Members, changed: Uint8Array): Uint8Array {
  const out = Uint8Array.from(changed);
  for (let i = 0; i < members.n; i++) {
    const s = members.sponsor[i]!;
    if (changed[i] && s >= 0) out[s] = 1;
  }
  return out;
}

/** Whose months the plans of `evaluated` read: theirs and their frontlines'. */
export function historyMembers(members: Members, evaluated: Uint8Array): Uint8Array {
  const out = Uint8Array.from(evaluated);
  for (let i = 0; i < members.n; i++) {
    const s = members.sponsor[i]!;
    if (s >= 0 && evaluated[s]) out[i] = 1;
  }
  return out;
}

export interface CloseFigures {
  /** The months kept, from `keep` (cal.months[keep]) on. */
  readonly figures: Figures;
  /** The plans' inputs, evaluating the PYs `pys`. */
  readonly plans: PlanInputs;
  /** Pin held after the last closed month, and the month it was reached (null: never rose). */
  readonly pin: Uint16Array;
  readonly pinMonth: readonly (string | null)[];
  /** The engine's state after the last closed month (close/checkpoint.ts). */
  readonly state: ClosedState;
}

/**
 * Runs the engine over every month (pins and annual bonuses need the whole history) and
 * assembles what the shared writers and the plan evaluation read, from month `keep` on: the
 * first month written, or earlier for the plans whose period reaches back before it. `pys`: the
 * PYs whose plan summaries are written (those without plans are skipped).
 */
export function closeFigures(
  members: Members,
  cal: CloseCalendar,
  facts: MonthFacts,
  keep: number,
  pys: readonly PyName[],
  today: string,
  progress?: ProgressFn,
  resume?: Resume,
  pool?: Pick<ArrayPool, 'take'>,
): CloseFigures {
  const { n } = members;
  const M = cal.months.length;
  // A resumed close keeps the months before it from the calendar's start: the caller reads them (readKeptMonths).
  if (resume && keep !== 0) throw new RangeError('a resumed close keeps the months before it from the start');
  const closed = closeAll(cal, members.sponsor, facts, progress, keep, members.pinHeld, resume, pool);
  const kept: CloseCalendar = {
    first: cal.first + keep,
    months: cal.months.slice(keep),
    closed: Math.max(0, cal.closed - keep),
    rules: cal.rules.slice(keep),
  };
  const from = keep * n;
  const ppv = facts.ppv.subarray(from);
  const newCustomers = facts.newCustomers.subarray(from);
  const compliant = facts.compliant.subarray(from);
  const attended = new Map<number, string[]>();
  for (const [cell, codes] of facts.attended) if (cell >= from) attended.set(cell - from, codes);
  const joinMonth = Int32Array.from(members.joinMonth, (j) => j - kept.first);
  // Key order of the tables (ADA), as the writers go.
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => (members.ada[a]! < members.ada[b]! ? -1 : 1));
  const figures: Figures = {
    n,
    cal: kept,
    order,
    ada: members.ada,
    joinMonth,
    ppv,
    bvFen: facts.bvFen.subarray(from),
    newCustomers,
    compliant,
    attended,
    ...closed,
  };
  const plans: PlanInputs = {
    n,
    today,
    cal: { months: kept.months, closed: kept.closed, first: kept.first, pys: pys.filter((py) => plansFor(py).length > 0) },
    order,
    ada: members.ada,
    children: buildChildren(members.sponsor),
    joinMonth,
    byMonth: planMonthsOf({ ...closed, ppv, newCustomers, compliant }, kept.months.length, n),
    qualificationCredits: creditCells(closed.qualificationCredits, 0, new Map()),
    attended,
    initialPin: closed.pinBefore,
    only: null,
  };
  const last = (M - 1 - keep) * n;
  const pin = closed.pin.slice(last, last + n);
  const pinMonth = Array.from(closed.pinMonth, (m) => (m >= 0 ? monthKeyOf(m) : null));
  return { figures, plans, pin, pinMonth, state: closed.state };
}

/** A meta value (null: none). */
export async function metaValue(conn: ImportConn, key: string): Promise<string | null> {
  const rows = await conn.all<{ value: string }>(`select value from meta where key = ?`, [key]);
  return rows[0]?.value ?? null;
}

/** Whether `table` holds any row. */
export async function exists(conn: ImportConn, table: 'orders' | 'attendance' | 'monthly_results'): Promise<boolean> {
  return (await conn.all(`select 1 as x from ${table} limit 1`)).length > 0;
}

/** The PYs from `from` through `to`. */
export function pysBetween(from: PyName, to: PyName): PyName[] {
  const out: PyName[] = [];
  for (let y = pyStartYear(from); y <= pyStartYear(to); y++) out.push(pyName(y));
  return out;
}

/**
 * The first month (of `whole`) whose figures a close writing from month `writeFrom` on keeps: where
 * the plans of its PYs look back to (a plan may span two PYs).
 */
export function keepFrom(whole: CloseCalendar, writeFrom: number, todayMonth: MonthKey): number {
  const pys = pysBetween(pyOf(whole.months[writeFrom]!), pyOf(todayMonth));
  const years = Math.max(1, ...pys.flatMap((py) => plansFor(py).map((p) => p.years ?? 1)));
  return Math.min(writeFrom, Math.max(0, pyFirstMonthIndex(pys[0]!) - 12 * (years - 1) - whole.first));
}

/** The ADAs of the members flagged in `only` or by `also`, and of all their uplines. */
export function withUplines(members: Members, only: Uint8Array, also: (i: number) => boolean): string[] {
  const mark = new Uint8Array(members.n);
  const out: string[] = [];
  for (let i = 0; i < members.n; i++) {
    if (!only[i] && !also(i)) continue;
    // Up the sponsor line until a member already marked (their uplines are too).
    for (let j = i; j >= 0 && !mark[j]; j = members.sponsor[j]!) {
      mark[j] = 1;
      out.push(members.ada[j]!);
    }
  }
  return out;
}
