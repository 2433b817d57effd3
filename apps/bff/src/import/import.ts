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
import { rulesForMonth } from '@abo/plan';
import { markWritten } from '../db/data-version.ts';
import type { DB } from '../db/index.ts';
import { timedRun } from '../lib/observed.ts';
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
import { A, DISTRIBUTOR_COLUMNS, D, O, parsePinHeld, type OrderTime } from './fields.ts';
import { FILE_NAMES, ImportRejected, IssueList, type FileName } from './issues.ts';
import type { ImportSummary } from './summary.ts';
import { createStaging, dropStaging, dataVersionOf, closedThrough } from './staging.ts';
import {
  type ExistingMember,
  type MemberRow,
  MEMBER_COLUMNS,
  reheldSql,
  updateMembersSql,
  stageMembers,
  countUpdatesSql,
} from './members.ts';
import { reportCycles, insertNewSql, checkStaged, newRowsAdaSql, countNewSql } from './staged-checks.ts';
import { insertIntoTable } from './empty-table-insert.ts';
import { rebuildOrderMonths, stageOrderMonths, updateOrderMonths } from './order-months.ts';

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
  /**
   * Read and check exactly as an import, then write nothing: the summary counts what the write
   * would add and update (the operators' import page shows it before the operator confirms).
   */
  readonly checkOnly?: boolean;
}

export interface ImportOptions extends ImportRunOptions {
  /** The folder holding distributors.csv, orders.csv and/or attendance.csv. */
  readonly dir: string;
}

export interface TableImportOptions extends ImportRunOptions {
  /** The files' rows, handed over in memory. */
  readonly tables: Partial<Record<FileName, RowTable>>;
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
const DERIVED_TABLES = ['monthly_results', 'statements', 'plan_results', 'close_checkpoint', 'order_months'] as const;

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

function importSources(db: DB, files: Files, opts: ImportRunOptions, t0: number): Promise<ImportSummary> {
  return timedRun(db, 'import', () => importSourcesOnce(db, files, opts, t0));
}

async function importSourcesOnce(db: DB, files: Files, opts: ImportRunOptions, t0: number): Promise<ImportSummary> {
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
  const version = await dataVersionOf(conn);
  const closed = replace ? null : await closedThrough(conn);
  const isClosed = (month: string) => closed !== null && month <= closed;
  const memberFile = files['distributors.csv'];
  // With --replace the database's members only tell which ones are new. Without distributors.csv
  // (the hourly orders) only who they are and when they joined, as arrays: no object per member.
  const joinedInDb = memberFile ? [] : await conn.rows<[ada: string, joinDate: string]>(`select ada, join_date from distributors`);
  const existing = !memberFile
    ? []
    : await conn.all<ExistingMember>(
        replace
          ? `select ada, null as sponsor_ada, '' as join_date, 0 as tree_pos, 0 as tree_size, 0 as depth, null as pin_held from distributors`
          : `select ada, sponsor_ada, join_date, tree_pos, tree_size, depth, pin_held from distributors`,
      );
  const inDb = new Map<string, number>();
  existing.forEach((m, i) => inDb.set(m.ada, i));
  const membersBefore = memberFile ? existing.length : joinedInDb.length;
  const where = replace ? 'not in distributors.csv (--replace: the file is the whole tree)' : 'not in distributors.csv nor in the database';

  // ---- distributors.csv --------------------------------------------------------------------
  /** ADA → its first line, for every row whose ADA is well formed (even if another cell is wrong). */
  const fileAdas = new Map<string, number>();
  const members: MemberRow[] = [];
  let memberHeader: CsvHeader | null = null;
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
  if (!replace) for (const [ada, joinDate] of joinedInDb) joinOf.set(ada, joinDate);
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
  const present = DISTRIBUTOR_COLUMNS.map((_, k) => (memberHeader?.position[k] ?? 0) > 0);
  const addedMembers = members.filter((m) => !inDb.has(m.values[D.ada]!)).length;
  const summary = (counts: { updated: number; orders: number; attendance: number; changed: boolean }): ImportSummary => ({
    distributors: { rows: members.length, added: addedMembers, updated: counts.updated },
    orders: { rows: orderRows, added: counts.orders },
    attendance: { rows: attendanceRows, added: counts.attendance },
    replaced: replace,
    changed: counts.changed,
    months: [...months].sort(),
    seconds: (performance.now() - t0) / 1000,
  });
  if (opts.checkOnly) {
    // What the write below would do, counted by the same conditions over the staged rows.
    if (members.length > 0) await stageMembers(conn, members, existing, inDb, replace);
    const count = async (text: string) => Number((await conn.rows<[n: number | string]>(text))[0]?.[0] ?? 0);
    // --replace empties the tables first: every staged row goes in, and no member is "updated".
    const updated = replace || members.length === 0 ? 0 : await count(countUpdatesSql(present));
    const moved = replace || members.length === 0 ? 0 : await count(`select count(*) from import_tree`);
    const orders = await count(replace ? `select count(*) from ${orderSpec.staged.staging}` : countNewSql(orderSpec.staged));
    const attendance = await count(replace ? `select count(*) from ${attendanceSpec.staged.staging}` : countNewSql(attendanceSpec.staged));
    const changed = replace || addedMembers + updated + moved + orders + attendance > 0;
    return summary({ updated, orders, attendance, changed });
  }
  progress?.({ phase: 'write', done: 0, total: 1 });
  if (members.length > 0) await stageMembers(conn, members, existing, inDb, replace);
  const counts = await conn.transaction(async (k) => {
    if ((await dataVersionOf(conn)) !== version) throw new ImportConflictError();
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
      // Numbered in tree order, as a first load numbers them (member refs, lib/member-ref.ts).
      await conn.run(`insert into distributors (${columns}, member_no) select ${columns}, tree_pos from import_distributors order by ada`);
    } else if (members.length > 0) {
      if (reheld > 0) for (const del of PER_ADA_DELETES) await conn.run(del(reheldAda));
      updated = await conn.run(updateMembersSql(present));
      // A new member takes the next number (in tree order among the new); no one else's moves.
      const [{ last = null } = {}] = await conn.all<{ last: number | null }>(`select max(member_no) as last from distributors`);
      await conn.run(
        `insert into distributors (${columns}, member_no)
         select ${columns}, ${last === null ? -1 : Number(last)} + row_number() over (order by tree_pos) from import_distributors where is_new = 1 order by ada`,
      );
      moved = await conn.run(
        `update distributors set tree_pos = t.tree_pos, tree_size = t.tree_size, depth = t.depth from import_tree t where distributors.ada = t.ada`,
      );
    }
    // New members, orders and attendance only (the hourly files) touch some members: the answers
    // about the others are kept (db/answer-cache.ts). Anything else replaces the data as a whole.
    const someMembers = !replace && updated === 0 && reheld === 0 && membersBefore > 0;
    if (someMembers) await stageTouched(conn, [orderSpec.staged, attendanceSpec.staged]);
    // The orders summed per member and month (order-months.ts): all of them into an empty table,
    // else the pairs the new ones change.
    let intoEmpty = false;
    const orders = await insertIntoTable(conn, 'orders', async (empty) => {
      intoEmpty = empty;
      if (!empty) await stageOrderMonths(conn, orderSpec.staged);
      return conn.run(insertNewSql(orderSpec.staged, { keyOrder: empty }));
    });
    if (orders > 0) await (intoEmpty ? rebuildOrderMonths(conn) : updateOrderMonths(conn));
    const attendance = await conn.run(insertNewSql(attendanceSpec.staged));
    const changed = replace || addedMembers + updated + moved + orders + attendance > 0;
    // Every process drops the answers it kept for the old data (db/data-version.ts).
    if (changed) await markWritten(k, someMembers ? await touchedWithUplines(conn) : null, membersBefore);
    if (changed && !opts.demoRows) await conn.run(`delete from meta where key = 'seed'`);
    return { updated, orders, attendance, changed };
  });
  progress?.({ phase: 'write', done: 1, total: 1 });
  return summary(counts);
}

/** Whom the staged rows touch before they are written: the new members and whoever has a new order or attendance. */
async function stageTouched(conn: ImportConn, files: readonly StagedFile[]): Promise<void> {
  const sources = [...files.map(newRowsAdaSql), `select ada from import_distributors where is_new = 1`];
  await conn.run(`insert into import_touched (ada) select distinct ada from (${sources.join(' union ')}) t`);
}

/** The members touched and all their uplines (an answer about a member covers the downline). */
async function touchedWithUplines(conn: ImportConn): Promise<string[]> {
  const rows = await conn.rows<[ada: string]>(
    `with recursive up(ada) as (
       select ada from import_touched
       union
       select d.sponsor_ada from distributors d join up on d.ada = up.ada where d.sponsor_ada is not null
     ) select ada from up`,
  );
  return rows.map((r) => r[0]);
}
