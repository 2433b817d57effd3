// `npm run import -- --dir DIR [--replace]` (docs/data-import.md): a company's distributors,
// orders and attendance, from CSV files into the database, the same on SQLite and PostgreSQL.
//
//   1. read: each file is streamed once (or its rows handed over in memory: importTables, the
//      demo's generator). Distributors are kept in memory (the tree is needed
//      whole); orders and attendance rows are checked one by one and go to temporary tables
//      of the import's connection, so a million orders never sit in memory.
//   2. check: what needs every row (an order id twice, an order imported before with other
//      content, an attendance row twice) is plain SQL over those tables. Nothing has been
//      written yet; any issue ends the import here with the list.
//   3. write: one transaction, under the database's write lock, checks that nothing changed
//      meanwhile and then inserts / updates everything, or nothing.
import fs from 'node:fs';
import path from 'node:path';
import { PIN, rulesForMonth } from '@abo/plan';
import { markDataReplaced } from '../db/data-version.ts';
import { DISTRIBUTOR_COLUMNS as DISTRIBUTORS_TABLE_COLUMNS } from '../db/distributors.ts';
import type { DB } from '../db/index.ts';
import { openImportConn, type ImportConn, type SqlValue } from './conn.ts';
import {
  attendanceChecks,
  checkRow,
  distributorChecks,
  FileIssues,
  orderChecks,
  type FileChecks,
  type KnownMembers,
  type Row,
  type StagedFile,
} from './checks.ts';
import { readCsv, readTable, type CsvHeader, type ReadResult, type RowTable } from './csv.ts';
import { A, DISTRIBUTOR_COLUMNS, D, O, ORDER_COLUMNS, parsePinHeld, type OrderTime } from './fields.ts';
import { FILE_NAMES, ImportRejected, IssueList, shown, type FileName, type IssueSink } from './issues.ts';
import { findCycles, layoutTree } from './tree.ts';

interface ImportProgress {
  readonly phase: string;
  readonly done: number;
  readonly total: number;
  readonly label?: string;
}

interface ImportRunOptions {
  /** The files are the whole truth: distributors, orders, attendance and all that derives from them are replaced. */
  readonly replace?: boolean;
  /** The business day in China, `YYYY-MM-DD`: nothing may be dated after it. */
  readonly today: string;
  readonly progress?: (p: ImportProgress) => void;
  /** The database was just created (the demo seed): see import/conn.ts. */
  readonly fresh?: boolean;
  /**
   * The rows are the demo's own (its seed, its live feed). Any other import that writes makes the
   * database a company's: it drops the seed's claim (meta `seed`), so demo mode stays off on it.
   */
  readonly demoRows?: boolean;
}

export interface ImportOptions extends ImportRunOptions {
  /** The folder holding distributors.csv, orders.csv and/or attendance.csv. */
  readonly dir: string;
}

export interface TableImportOptions extends ImportRunOptions {
  /** The files' rows, handed over in memory. */
  readonly tables: Partial<Record<FileName, RowTable>>;
}

export interface ImportSummary {
  readonly distributors: { readonly rows: number; readonly added: number; readonly updated: number };
  readonly orders: { readonly rows: number; readonly added: number };
  readonly attendance: { readonly rows: number; readonly added: number };
  readonly replaced: boolean;
  /** Whether anything was written (a re-import of the same files writes nothing). */
  readonly changed: boolean;
  /** The months the orders and attendance of the files fall in (what a close has to look at). */
  readonly months: readonly string[];
  readonly seconds: number;
}

/** Where a user's mistake is not in a file: no folder, no file to import. */
export class ImportUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportUsageError';
  }
}

/** Another import, a seed or a close changed the data while the files were being checked. */
export class ImportConflictError extends Error {
  constructor() {
    super('the database changed while the files were being checked (another import, seed or close); nothing was imported, run it again');
    this.name = 'ImportConflictError';
  }
}

/**
 * What hangs off the person holding an ADA: dropped for ADAs no longer there (--replace) and for
 * ADAs the files give to someone else (another name or national ID), so a reused ADA starts
 * with nothing of the previous holder's: no password, sign-in, notification or push, setting,
 * WeChat address or document link. Staff accounts are not distributors: they stay.
 */
const PER_ADA_DELETES: readonly ((departed: (column: string) => string) => string)[] = [
  ...['user_settings', 'invitations', 'prompt_closes', 'novice_guides', 'watchlist'].map(
    (t) => (d: (c: string) => string) => `delete from ${t} where ${d('ada')}`,
  ),
  // A star's note is about the member starred: not about whoever holds that ADA next.
  (d) => `delete from watchlist where ${d('member_ada')}`,
  (d) => `delete from notification_outbox where ${d('ada')}`,
  (d) => `delete from notifications where ${d('ada')}`,
  (d) => `delete from notification_preferences where ${d('ada')}`,
  (d) => `delete from notification_addresses where ${d('ada')}`,
  (d) => `delete from document_links where ${d('ada')} or (staff = 0 and ${d('actor')})`,
  (d) => `delete from session_tokens where kind <> 'staff' and ${d('ada')}`,
  (d) => `delete from credentials where kind <> 'staff' and ${d('ada')}`,
];
/** Everything the close derives from the tree, the orders and the attendance. */
const DERIVED_TABLES = ['monthly_results', 'statements', 'plan_results', 'close_checkpoint'] as const;

/** Defaults of the optional distributor columns for a new member. */
const NEW_MEMBER = { market: 'CN', userType: 'ABO' } as const;

/** Checks and writes the files of `opts.dir`; throws ImportRejected (nothing written) when any row is wrong. */
export async function importDirectory(db: DB, opts: ImportOptions): Promise<ImportSummary> {
  const t0 = performance.now();
  const files = locateFiles(opts.dir);
  if (opts.replace && !files['distributors.csv']) {
    throw new ImportUsageError(`--replace replaces the whole tree: ${path.join(opts.dir, 'distributors.csv')} is needed`);
  }
  return importSources(db, files, opts, t0);
}

/** importDirectory for rows handed over in memory: the same checks, messages and writes. */
export async function importTables(db: DB, opts: TableImportOptions): Promise<ImportSummary> {
  const t0 = performance.now();
  const files: Files = { 'distributors.csv': null, 'orders.csv': null, 'attendance.csv': null };
  for (const name of FILE_NAMES) files[name] = opts.tables[name] ?? null;
  if (!FILE_NAMES.some((f) => files[f])) throw new ImportUsageError(`nothing to import: none of ${FILE_NAMES.join(', ')}`);
  if (opts.replace && !files['distributors.csv'])
    throw new ImportUsageError('--replace replaces the whole tree: distributors.csv is needed');
  return importSources(db, files, opts, t0);
}

async function importSources(db: DB, files: Files, opts: ImportRunOptions, t0: number): Promise<ImportSummary> {
  const replace = opts.replace ?? false;
  const conn = await openImportConn(db, { fresh: opts.fresh ?? false });
  try {
    await createStaging(conn);
    return await run(conn, files, { ...opts, replace }, t0);
  } finally {
    await dropStaging(conn).catch(() => undefined);
    conn.release();
  }
}

/** Each file of an import: its path, or its rows in memory. */
type Files = Record<FileName, string | RowTable | null>;

function locateFiles(dir: string): Record<FileName, string | null> {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new ImportUsageError(`${dir} is not a folder`);
  const files: Record<FileName, string | null> = { 'distributors.csv': null, 'orders.csv': null, 'attendance.csv': null };
  const issues = new IssueList();
  const sink = issues.sink();
  const refuse = (entry: string, message: string) => sink.add({ file: entry, line: 0, column: 0, field: '', message });
  for (const entry of fs.readdirSync(dir).sort()) {
    const name = entry.toLowerCase() as FileName;
    if (FILE_NAMES.includes(name)) {
      const first = files[name];
      // Names differ only in case: which one is meant cannot be told, and one would go unread.
      if (first) refuse(entry, `two files named ${name}: ${path.basename(first)} and ${entry} (names are not case sensitive): keep one`);
      // A link would read whatever it points to (even /etc/shadow, echoed in issues); a pipe would hang.
      else if (!fs.lstatSync(path.join(dir, entry)).isFile())
        refuse(entry, 'not a regular file (a link, a pipe, a folder…): put the file itself in the folder');
      files[name] = path.join(dir, entry);
    } else if (name.endsWith('.csv')) {
      // A misspelt name would otherwise be skipped without a word.
      refuse(entry, `not a file of an import (they are ${FILE_NAMES.join(', ')})`);
    }
  }
  if (issues.total > 0) throw new ImportRejected(issues);
  if (!FILE_NAMES.some((f) => files[f])) throw new ImportUsageError(`${dir} holds none of ${FILE_NAMES.join(', ')}`);
  return files;
}

// Staging tables: temporary, so they belong to the import's connection alone and vanish with it.
// `line` is the row's line in its file; as the key it keeps them in file order.
const STAGING: Record<string, string> = {
  import_orders: `line integer primary key, order_id text not null, ada text not null, ordered_at text not null,
    month text not null, pv integer not null, bv_fen bigint not null, customer_id text`,
  import_attendance: `line integer primary key, ada text not null, event_code text not null, attended_on text not null`,
  import_distributors: `ada text primary key, name_zh text not null, name_en text not null, phone text not null,
    national_id text not null, bank_card text not null, bank_name text not null, sponsor_ada text, join_date text not null,
    user_type text not null, market text not null, shop_code text, tree_pos integer not null, tree_size integer not null,
    depth integer not null, pin_code integer not null, pin_month text, head_image text, pin_held integer, is_new integer not null`,
  import_tree: `ada text primary key, tree_pos integer not null, tree_size integer not null, depth integer not null`,
  // Members of the database the file gives to another person (import_reheld, the write).
  import_reheld: `ada text primary key`,
};

async function createStaging(conn: ImportConn): Promise<void> {
  await dropStaging(conn);
  for (const [table, columns] of Object.entries(STAGING)) await conn.run(`create temporary table ${table} (${columns})`);
}

async function dropStaging(conn: ImportConn): Promise<void> {
  for (const table of Object.keys(STAGING)) await conn.run(`drop table if exists ${table}`);
}

/** The data version's part that every writer of the dataset moves (db/data-version.ts). */
async function seededAt(conn: ImportConn): Promise<string | null> {
  const rows = await conn.all<{ value: string }>(`select value from meta where key = 'seeded_at'`);
  return rows[0]?.value ?? null;
}

/**
 * The last closed month: months up to it are closed (the close goes month by month, in order),
 * so no order or attendance may land in them. Null when nothing was closed yet.
 */
async function closedThrough(conn: ImportConn): Promise<string | null> {
  const rows = await conn.all<{ m: string | null }>(`select max(month) as m from monthly_results where closed = 1`);
  return rows[0]?.m ?? null;
}

interface ExistingMember {
  ada: string;
  sponsor_ada: string | null;
  join_date: string;
  tree_pos: number;
  tree_size: number;
  depth: number;
  pin_held: number | null;
}

/** A valid row of distributors.csv. */
interface MemberRow {
  readonly line: number;
  readonly values: readonly (string | undefined)[];
}

/**
 * Reads one file of the import: its header, then every row through the file's checks (checks.ts);
 * `accept` takes each row that has no issue, with its values by column.
 */
function readFile(
  source: string | RowTable,
  checks: FileChecks,
  fi: FileIssues,
  issues: IssueList,
  accept: (row: Row, values: readonly unknown[]) => void | Promise<void>,
  progress: ImportRunOptions['progress'],
): Promise<ReadResult> {
  const values = new Array<unknown>(checks.columns.length);
  const common = {
    file: checks.file,
    spec: checks.columns,
    sink: issues.sink(),
    onHeader: fi.setHeader,
    onRow: (line: number, cells: readonly (string | undefined)[]) => {
      const row = { line, cells };
      if (checkRow(fi, checks.cells, row, values)) return accept(row, values);
    },
    onProgress: (done: number, total: number) => progress?.({ phase: `read ${checks.file}`, done, total }),
  };
  return typeof source === 'string' ? readCsv({ ...common, path: source }) : readTable({ ...common, table: source });
}

async function run(conn: ImportConn, files: Files, opts: ImportRunOptions & { replace: boolean }, t0: number): Promise<ImportSummary> {
  const { replace, today, progress } = opts;
  const issues = new IssueList();
  const version = await seededAt(conn);
  const closed = replace ? null : await closedThrough(conn);
  const isClosed = (month: string) => closed !== null && month <= closed;
  // With --replace the database's members only tell which ones are new.
  const existing = await conn.all<ExistingMember>(
    replace
      ? `select ada, null as sponsor_ada, '' as join_date, 0 as tree_pos, 0 as tree_size, 0 as depth, null as pin_held from distributors`
      : `select ada, sponsor_ada, join_date, tree_pos, tree_size, depth, pin_held from distributors`,
  );
  const inDb = new Map<string, number>();
  existing.forEach((m, i) => inDb.set(m.ada, i));
  const where = replace ? 'not in distributors.csv (--replace: the file is the whole tree)' : 'not in distributors.csv nor in the database';

  // ---- distributors.csv --------------------------------------------------------------------
  /** ADA → its first line, for every row whose ADA is well formed (even if another cell is wrong). */
  const fileAdas = new Map<string, number>();
  const members: MemberRow[] = [];
  let memberHeader: CsvHeader | null = null;
  const memberFile = files['distributors.csv'];
  if (memberFile) {
    const checks = distributorChecks(today, fileAdas);
    const fi = new FileIssues(checks.file, checks.columns, issues);
    const accept = ({ line, cells }: Row) => {
      members.push({ line, values: [...cells] });
    };
    const result = await readFile(memberFile, checks, fi, issues, accept, progress);
    memberHeader = result.header;
    // The checks across rows report through a sink of their own (each sink reports in line order).
    const cross = new FileIssues('distributors.csv', DISTRIBUTOR_COLUMNS, issues);
    if (memberHeader) cross.setHeader(memberHeader);
    const known = (ada: string) => fileAdas.has(ada) || (!replace && inDb.has(ada));
    for (const m of members) {
      const v = m.values;
      const ada = v[D.ada]!;
      const sponsor = v[D.sponsor]!;
      if (sponsor !== '' && !known(sponsor)) cross.add(m.line, D.sponsor, `unknown sponsor ${sponsor}: ${where}`);
      const old = replace ? undefined : inDb.get(ada);
      if (old !== undefined) {
        // Closed months were computed on the database's tree: it only grows (--replace rebuilds it).
        const e = existing[old]!;
        if ((e.sponsor_ada ?? '') !== sponsor) {
          cross.add(
            m.line,
            D.sponsor,
            `${ada} is sponsored by ${e.sponsor_ada ?? 'nobody'} in the database: moving a member needs --replace`,
          );
        }
        if (e.join_date !== v[D.joinedOn])
          cross.add(m.line, D.joinedOn, `${ada} joined on ${e.join_date} in the database: changing it needs --replace`);
        // The close started from it: closed months' pins were computed on it (a file may leave the column out).
        const held = e.pin_held === null ? null : Number(e.pin_held);
        const cell = v[D.pinHeld];
        if (cell !== undefined && (parsePinHeld(cell) ?? null) !== held) {
          cross.add(m.line, D.pinHeld, `${ada} held ${held ?? 'no pin'} before the history in the database: changing it needs --replace`);
        }
      } else if (isClosed(v[D.joinedOn]!.slice(0, 7))) {
        cross.add(m.line, D.joinedOn, `a new member cannot join in a month that is already closed (closed through ${closed})`);
      }
    }
    reportCycles(members, issues.sink(), cross.column(D.sponsor));
  }

  /** ADA → join day, for everyone an order or attendance row may name. */
  const joinOf = new Map<string, string>();
  if (!replace) for (const e of existing) joinOf.set(e.ada, e.join_date);
  for (const m of members) joinOf.set(m.values[D.ada]!, m.values[D.joinedOn]!);
  // A member whose row was refused still exists for the other files: no "unknown ADA" for each of their orders.
  for (const ada of fileAdas.keys()) if (!joinOf.has(ada)) joinOf.set(ada, '');
  // A distributors.csv whose header was refused leaves the tree unknown: no ADA can be checked.
  const known: KnownMembers = { joinOf, treeUnknown: memberFile !== null && memberHeader === null, where, today };

  const months = new Set<string>();
  const bvPerPv = new Map<string, number>();
  /** The PY's PV → BV rule (fen per PV), for an order without a BV. */
  const bvFenPerPv = (month: string) => {
    let r = bvPerPv.get(month);
    if (r === undefined) bvPerPv.set(month, (r = rulesForMonth(month, { fallback: 'nearest' }).bvFenPerPv));
    return r;
  };

  // ---- orders.csv --------------------------------------------------------------------------
  let orderRows = 0;
  const orderSpec = orderChecks(known);
  const orderIssues = new FileIssues(orderSpec.file, orderSpec.columns, issues);
  const orderFile = files['orders.csv'];
  if (orderFile) {
    const ins = conn.inserter(orderSpec.staged.staging, ['line', ...orderSpec.staged.columns]);
    const row: SqlValue[] = new Array<SqlValue>(1 + orderSpec.staged.columns.length);
    const accept = ({ line, cells }: Row, v: readonly unknown[]) => {
      const time = v[O.orderedAt] as OrderTime;
      const month = time.day.slice(0, 7);
      const pv = v[O.pv] as number;
      months.add(month);
      row[0] = line;
      row[1] = cells[O.orderId]!;
      row[2] = cells[O.ada]!;
      row[3] = time.at;
      row[4] = month;
      row[5] = pv;
      // No BV: the PY's PV → BV rule.
      row[6] = (v[O.bv] as number | undefined) ?? pv * bvFenPerPv(month);
      row[7] = (v[O.customerId] as string | undefined) ?? null;
      return ins.add(row);
    };
    const result = await readFile(orderFile, orderSpec, orderIssues, issues, accept, progress);
    await ins.flush();
    orderRows = result.rows;
  }

  // ---- attendance.csv ----------------------------------------------------------------------
  let attendanceRows = 0;
  const attendanceSpec = attendanceChecks(known);
  const attendanceIssues = new FileIssues(attendanceSpec.file, attendanceSpec.columns, issues);
  const attendanceFile = files['attendance.csv'];
  if (attendanceFile) {
    const ins = conn.inserter(attendanceSpec.staged.staging, ['line', ...attendanceSpec.staged.columns]);
    const row: SqlValue[] = new Array<SqlValue>(1 + attendanceSpec.staged.columns.length);
    const accept = ({ line, cells }: Row, v: readonly unknown[]) => {
      const day = v[A.attendedOn] as string;
      months.add(day.slice(0, 7));
      row[0] = line;
      row[1] = cells[A.ada]!;
      row[2] = cells[A.eventCode]!;
      row[3] = day;
      return ins.add(row);
    };
    const result = await readFile(attendanceFile, attendanceSpec, attendanceIssues, issues, accept, progress);
    await ins.flush();
    attendanceRows = result.rows;
  }

  // ---- checks over all rows ----------------------------------------------------------------
  progress?.({ phase: 'check', done: 0, total: 1 });
  const staged = [
    [orderSpec.staged, orderIssues],
    [attendanceSpec.staged, attendanceIssues],
  ] as const;
  await checkStaged(conn, issues, { replace, closed, staged, orders: orderIssues });
  progress?.({ phase: 'check', done: 1, total: 1 });
  if (issues.total > 0) throw new ImportRejected(issues);

  // ---- write -------------------------------------------------------------------------------
  progress?.({ phase: 'write', done: 0, total: 1 });
  const present = DISTRIBUTOR_COLUMNS.map((_, k) => (memberHeader?.position[k] ?? 0) > 0);
  const addedMembers = members.filter((m) => !inDb.has(m.values[D.ada]!)).length;
  if (members.length > 0) await stageMembers(conn, members, existing, inDb, replace);
  const counts = await conn.transaction(async (k) => {
    if ((await seededAt(conn)) !== version) throw new ImportConflictError();
    let updated = 0;
    let moved = 0;
    const columns = MEMBER_COLUMNS.join(', ');
    const reheld = members.length > 0 ? await conn.run(reheldSql(present)) : 0;
    const reheldAda = (c: string) => `${c} in (select ada from import_reheld)`;
    if (replace) {
      // What the files do not carry stays with a member who is still there: their market and head image.
      await conn.run(
        `update import_distributors set market = d.market, head_image = d.head_image from distributors d where d.ada = import_distributors.ada`,
      );
      const departed = (c: string) => `(${c} not in (select ada from import_distributors) or ${reheldAda(c)})`;
      for (const del of PER_ADA_DELETES) await conn.run(del(departed));
      // The figures they announce are rewritten: pushes not yet sent would tell the old ones.
      await conn.run(
        `update notification_outbox set status = 'skipped', last_error = 'the data was replaced (import --replace)', claimed_until = null where status = 'pending'`,
      );
      for (const t of [...DERIVED_TABLES, 'orders', 'attendance', 'distributors']) await conn.run(`delete from ${t}`);
      await conn.run(`insert into distributors (${columns}) select ${columns} from import_distributors order by ada`);
    } else if (members.length > 0) {
      if (reheld > 0) for (const del of PER_ADA_DELETES) await conn.run(del(reheldAda));
      updated = await conn.run(updateMembersSql(present));
      await conn.run(`insert into distributors (${columns}) select ${columns} from import_distributors where is_new = 1 order by ada`);
      moved = await conn.run(
        `update distributors set tree_pos = t.tree_pos, tree_size = t.tree_size, depth = t.depth from import_tree t where distributors.ada = t.ada`,
      );
    }
    const orders = await conn.run(insertNewSql(orderSpec.staged));
    const attendance = await conn.run(insertNewSql(attendanceSpec.staged));
    const changed = replace || addedMembers + updated + moved + orders + attendance > 0;
    // Every process drops the answers it kept for the old data (db/data-version.ts).
    if (changed) await markDataReplaced(k);
    if (changed && !opts.demoRows) await conn.run(`delete from meta where key = 'seed'`);
    return { updated, orders, attendance, changed };
  });
  progress?.({ phase: 'write', done: 1, total: 1 });

  return {
    distributors: { rows: members.length, added: addedMembers, updated: counts.updated },
    orders: { rows: orderRows, added: counts.orders },
    attendance: { rows: attendanceRows, added: counts.attendance },
    replaced: replace,
    changed: counts.changed,
    months: [...months].sort(),
    seconds: (performance.now() - t0) / 1000,
  };
}

/**
 * Sponsor cycles among the file's rows, each reported once at its first line (the database's tree
 * has none, and an import cannot change an existing member's sponsor).
 */
function reportCycles(rows: readonly MemberRow[], sink: IssueSink, column: number): void {
  const index = new Map<string, number>();
  rows.forEach((m, i) => index.set(m.values[D.ada]!, i));
  const sponsor = Int32Array.from(rows, (m) => index.get(m.values[D.sponsor]!) ?? -1);
  const cycles = findCycles(sponsor).map((c) => {
    const first = c.reduce((a, b) => (rows[b]!.line < rows[a]!.line ? b : a));
    return { first, lines: c.map((i) => rows[i]!.line).sort((a, b) => a - b) };
  });
  cycles.sort((a, b) => rows[a.first]!.line - rows[b.first]!.line);
  for (const { first, lines } of cycles) {
    const chain: string[] = [rows[first]!.values[D.ada]!];
    for (let i = sponsor[first]!; i !== first; i = sponsor[i]!) chain.push(rows[i]!.values[D.ada]!);
    chain.push(chain[0]!);
    sink.add({
      file: 'distributors.csv',
      line: rows[first]!.line,
      column,
      field: 'sponsor_ada',
      message: `sponsor cycle ${chain.join(' → ')} (lines ${lines.join(', ')}): every member must lead up to the top of a tree`,
    });
  }
}

/** Columns of distributors written for a new member, in the staging table's names. */
const MEMBER_COLUMNS = DISTRIBUTORS_TABLE_COLUMNS;

/** File column → distributors column, for the fields an import may change on an existing member. */
const UPDATABLE: readonly [number, string][] = [
  [D.name, 'name_zh'],
  [D.nameEn, 'name_en'],
  [D.phone, 'phone'],
  [D.nationalId, 'national_id'],
  [D.bankCard, 'bank_card'],
  [D.bankName, 'bank_name'],
  [D.shopCode, 'shop_code'],
  [D.userType, 'user_type'],
];

/**
 * Names and contact fields of existing members, where they differ. An optional column the file
 * does not have leaves that field alone; one it has (even empty) is the new value.
 */
/** Stages the members of the database the file gives to another person: another name, or another national ID when the file has that column. */
function reheldSql(present: readonly boolean[]): string {
  const differs = ['d.name_zh <> s.name_zh', ...(present[D.nationalId] ? ['d.national_id <> s.national_id'] : [])].join(' or ');
  return `insert into import_reheld (ada) select d.ada from distributors d join import_distributors s on s.ada = d.ada where ${differs}`;
}

function updateMembersSql(present: readonly boolean[]): string {
  const cols = UPDATABLE.filter(([k]) => present[k]).map(([, c]) => c);
  const set = cols.map((c) => `${c} = s.${c}`).join(', ');
  const differs = cols.map((c) => `distributors.${c} is distinct from s.${c}`).join(' or ');
  return `update distributors set ${set} from import_distributors s where distributors.ada = s.ada and s.is_new = 0 and (${differs})`;
}

/**
 * Lays out the whole tree (the database's members, then the file's new ones) and stages the
 * file's rows and every existing member whose tree columns move. Siblings keep their order:
 * existing members by their old position, new ones after them by join day and ADA.
 */
async function stageMembers(
  conn: ImportConn,
  rows: readonly MemberRow[],
  existing: readonly ExistingMember[],
  inDb: ReadonlyMap<string, number>,
  replace: boolean,
): Promise<void> {
  const base = replace ? [] : existing;
  const n0 = base.length;
  const fresh = rows.filter((m) => replace || !inDb.has(m.values[D.ada]!));
  const n = n0 + fresh.length;
  const ada: string[] = new Array<string>(n);
  const join: string[] = new Array<string>(n);
  const index = new Map<string, number>();
  base.forEach((e, i) => {
    ada[i] = e.ada;
    join[i] = e.join_date;
    index.set(e.ada, i);
  });
  fresh.forEach((m, k) => {
    ada[n0 + k] = m.values[D.ada]!;
    join[n0 + k] = m.values[D.joinedOn]!;
    index.set(m.values[D.ada]!, n0 + k);
  });
  const sponsor = new Int32Array(n);
  base.forEach((e, i) => (sponsor[i] = e.sponsor_ada === null ? -1 : (index.get(e.sponsor_ada) ?? -1)));
  fresh.forEach((m, k) => {
    const s = m.values[D.sponsor]!;
    sponsor[n0 + k] = s === '' ? -1 : index.get(s)!;
  });
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const pa = a < n0 ? base[a]!.tree_pos : Infinity;
    const pb = b < n0 ? base[b]!.tree_pos : Infinity;
    if (pa !== pb) return pa - pb;
    return join[a]! < join[b]! ? -1 : join[a]! > join[b]! ? 1 : ada[a]! < ada[b]! ? -1 : ada[a]! > ada[b]! ? 1 : 0;
  });
  const layout = layoutTree(sponsor, order);

  const tree = conn.inserter('import_tree', ['ada', 'tree_pos', 'tree_size', 'depth']);
  for (let i = 0; i < n0; i++) {
    const e = base[i]!;
    const [p, s, d] = [layout.pos[i]!, layout.size[i]!, layout.depth[i]!];
    if (p !== e.tree_pos || s !== e.tree_size || d !== e.depth) await tree.add([e.ada, p, s, d]);
  }
  await tree.flush();

  const staged = conn.inserter('import_distributors', [...MEMBER_COLUMNS, 'is_new']);
  const row: SqlValue[] = new Array<SqlValue>(MEMBER_COLUMNS.length + 1);
  const text = (v: string | undefined) => v ?? '';
  for (const m of rows) {
    const v = m.values;
    const i = index.get(v[D.ada]!);
    const isNew = i !== undefined && i >= n0;
    row[0] = v[D.ada]!;
    row[1] = v[D.name]!;
    row[2] = text(v[D.nameEn]);
    row[3] = text(v[D.phone]);
    row[4] = text(v[D.nationalId]);
    row[5] = text(v[D.bankCard]);
    row[6] = text(v[D.bankName]);
    row[7] = v[D.sponsor]! === '' ? null : v[D.sponsor]!;
    row[8] = v[D.joinedOn]!;
    row[9] = v[D.userType] || NEW_MEMBER.userType;
    row[10] = NEW_MEMBER.market;
    row[11] = v[D.shopCode] || null;
    row[12] = isNew ? layout.pos[i]! : 0;
    row[13] = isNew ? layout.size[i]! : 0;
    row[14] = isNew ? layout.depth[i]! : 0;
    // The close sets pins; a new member holds the pin held before the history (else Member) until then.
    const held = parsePinHeld(v[D.pinHeld] ?? '') ?? null;
    row[15] = held ?? PIN.MEMBER;
    row[16] = null;
    row[17] = null;
    row[18] = held;
    row[19] = isNew ? 1 : 0;
    const p = staged.add(row);
    if (p) await p;
  }
  await staged.flush();
}

/** `a.k = b.k and …` over a staged file's key. */
const sameKey = (f: StagedFile, a: string, b: string) => f.key.map((c) => `${a}.${c} = ${b}.${c}`).join(' and ');

/** Inserts the staged rows not imported before; answers how many. */
function insertNewSql(f: StagedFile): string {
  const columns = f.columns.join(', ');
  return `insert into ${f.stored} (${columns}) select ${columns} from ${f.staging} s
    where not exists (select 1 from ${f.stored} o where ${sameKey(f, 'o', 's')})`;
}

interface StagedChecks {
  readonly replace: boolean;
  /** The last closed month (null: none). */
  readonly closed: string | null;
  /** The staged files, each with where its issues go. */
  readonly staged: readonly (readonly [StagedFile, FileIssues])[];
  /** Where orders.csv's issues go. */
  readonly orders: FileIssues;
}

/** Order columns as stored → the file's column (index into ORDER_COLUMNS) and how to show them. */
const ORDER_FIELDS: readonly { key: string; k: number; show: (v: unknown) => string }[] = [
  { key: 'ada', k: O.ada, show: String },
  { key: 'ordered_at', k: O.orderedAt, show: String },
  { key: 'pv', k: O.pv, show: String },
  { key: 'bv_fen', k: O.bv, show: (v) => (Number(v) / 100).toFixed(2) },
  { key: 'customer_id', k: O.customerId, show: (v) => (v === null ? '(none)' : String(v)) },
];

async function count(conn: ImportConn, text: string, params: readonly SqlValue[] = []): Promise<number> {
  return Number((await conn.all<{ n: number }>(text, params))[0]?.n ?? 0);
}

/** A row twice in a staged file: each later one, at the line of its first. */
async function reportDuplicates(conn: ImportConn, issues: IssueList, f: StagedFile, fi: FileIssues): Promise<void> {
  const key = f.key.join(', ');
  const groups = `select ${key}, min(line) as first from ${f.staging} group by ${key} having count(*) > 1`;
  const dup = await conn.all<Record<string, unknown> & { line: number; first: number }>(
    `select s.line, ${f.key.map((c) => `s.${c}`).join(', ')}, f.first from ${f.staging} s join (${groups}) f on ${sameKey(f, 'f', 's')}
     where s.line > f.first order by s.line limit 50`,
  );
  if (dup.length === 0) return;
  const n = await count(
    conn,
    `select coalesce(sum(c - 1), 0) as n from (select count(*) as c from ${f.staging} group by ${key} having count(*) > 1) x`,
  );
  issues.sink().addCounted(
    dup.map((d) => fi.at(Number(d.line), f.duplicateAt, f.duplicate(d))),
    n,
  );
}

/** A new row of a staged file in a closed month (`closed`: the last one): its statements have been paid. */
async function reportClosed(conn: ImportConn, issues: IssueList, f: StagedFile, fi: FileIssues, closed: string): Promise<void> {
  // The same row imported before (a file sent again) changes nothing and is skipped.
  const rows = `from ${f.staging} s where ${f.month} <= ? and not exists (select 1 from ${f.stored} o where ${sameKey(f, 'o', 's')})`;
  const found = await conn.all<{ line: number; month: string }>(`select s.line, ${f.month} as month ${rows} order by s.line limit 50`, [
    closed,
  ]);
  if (found.length === 0) return;
  issues.sink().addCounted(
    found.map((r) =>
      fi.at(Number(r.line), f.closedAt, `${r.month} is already closed (closed through ${closed}): it cannot change any more`),
    ),
    await count(conn, `select count(*) as n ${rows}`, [closed]),
  );
}

/** The checks that need every row: plain SQL over the staging tables (indexed first). */
async function checkStaged(conn: ImportConn, issues: IssueList, c: StagedChecks): Promise<void> {
  for (const [f] of c.staged) await conn.run(`create index ${f.staging}_key on ${f.staging} (${f.key.join(', ')})`);

  for (const [f, fi] of c.staged) await reportDuplicates(conn, issues, f, fi);

  // An order imported before with other content: orders are facts; a correction is a new order.
  if (!c.replace) {
    const differs = `o.ada <> s.ada or o.ordered_at <> s.ordered_at or o.pv <> s.pv or o.bv_fen <> s.bv_fen
      or o.customer_id is distinct from s.customer_id`;
    const rows = await conn.all<Record<string, unknown> & { line: number; order_id: string }>(
      `select s.line, s.order_id, s.ada, s.ordered_at, s.pv, s.bv_fen, s.customer_id, o.ada as o_ada, o.ordered_at as o_ordered_at,
         o.pv as o_pv, o.bv_fen as o_bv_fen, o.customer_id as o_customer_id
       from import_orders s join orders o on o.order_id = s.order_id where ${differs} order by s.line limit 50`,
    );
    if (rows.length > 0) {
      const n = await count(conn, `select count(*) as n from import_orders s join orders o on o.order_id = s.order_id where ${differs}`);
      issues.sink().addCounted(
        rows.map((r) => {
          const f = ORDER_FIELDS.find((x) => String(r[x.key]) !== String(r[`o_${x.key}`]))!;
          return c.orders.at(
            Number(r.line),
            f.k,
            `order ${shown(r.order_id)} was imported before with ${ORDER_COLUMNS[f.k]!.name} ${f.show(r[`o_${f.key}`])}, ` +
              `now ${f.show(r[f.key])}: send a change as a new order (a return has negative PV)`,
          );
        }),
        n,
      );
    }
  }

  if (c.closed !== null) for (const [f, fi] of c.staged) await reportClosed(conn, issues, f, fi, c.closed);
}

/** `1 234` (the summary's thousands separator is a space). */
function grouped(n: number): string {
  return n.toLocaleString('en-US').replace(/,/g, ' ');
}

/**
 * The one-line summary: `imported 1 234 distributors (12 new, 3 updated), 56 789 orders (3 new),
 * 10 attendance rows (10 new) in 2.3 s`.
 */
export function formatSummary(s: ImportSummary): string {
  const d = s.distributors;
  const changedMembers = s.replaced ? `${grouped(d.added)} new` : `${grouped(d.added)} new, ${grouped(d.updated)} updated`;
  const parts = [
    `${grouped(d.rows)} distributors (${changedMembers})`,
    `${grouped(s.orders.rows)} orders (${grouped(s.orders.added)} new)`,
    `${grouped(s.attendance.rows)} attendance rows (${grouped(s.attendance.added)} new)`,
  ];
  const verb = s.replaced ? 'replaced the data with' : 'imported';
  return `${verb} ${parts.join(', ')} in ${s.seconds.toFixed(1)} s${s.changed ? '' : '; nothing changed'}`;
}
