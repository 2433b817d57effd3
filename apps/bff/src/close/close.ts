// The month close of imported data (`npm run close`, and the end of every `npm run import`; see
// docs/data-import.md): from the tree, the orders and the attendance, the engine's closePeriod()
// over every month from the first one with a fact through today's month. What it writes, in
// one transaction:
//   - the months it closes (after the last closed one, up to `through`): monthly results with
//     closed = 1 and statements. A closed month is never written again: its orders cannot
//     change any more (the import refuses them), so recomputing it gives the same figures.
//   - the months after `through` (today's, and any complete month left open): provisional
//     monthly results, closed = 0, rewritten by every close.
//   - every distributor's pin (distributors.pin_code / pin_month) where it moved;
//   - the plan summaries (plan_results) of every PY from the first month written on;
//   - meta `close` (close/state.ts) and the data version (markDataReplaced).
// It resumes from the engine's state after the last closed month (close/checkpoint.ts); a close
// from the first month runs the engine a few months at a time as it writes them (segments.ts).
// It runs again only when there is something new: another writer moved the data version since
// the last close, the months to close moved, or today's month did. Otherwise it writes nothing.
import { addMonths, monthIndex, pyOf, type MonthKey } from '@abo/plan';
import { markWritten } from '../db/data-version.ts';
import type { DB } from '../db/index.ts';
import { MONTHLY_RESULT_COLUMNS } from '../db/monthly-results.ts';
import { openImportConn, type ImportConn } from '../import/conn.ts';
import { timedRun } from '../lib/observed.ts';
import { closedThrough, dataVersionOf } from '../import/staging.ts';
import { produceNotifications, type HeldMonthRows } from '../notifications/produce.ts';
import type { ProduceSummary } from '../notifications/store-events.ts';
import type { ProgressFn } from './close-all.ts';
import {
  changedSinceSaved,
  checkpointParts,
  closingRows,
  openParts,
  readCheckpoint,
  readOpenFigures,
  writeCheckpoint,
  type CheckpointPart,
  type ClosingRows,
} from './checkpoint.ts';
import {
  changedMembers,
  closeCalendar,
  closeFigures,
  exists,
  firstFactMonth,
  historyMembers,
  keepFrom,
  metaValue,
  planMembers,
  pysBetween,
  readMembers,
  readMonthFacts,
  withUplines,
  type CloseFigures,
} from './figures.ts';
import { heldMonthRows } from './held-rows.ts';
import { keptList, keptMonthParts, readKeptList, readKeptMonths, type KeptList } from './kept-months.ts';
import { closeRowWriter, dropIndexes } from './staging.ts';
import { CLOSE_STATE_KEY, parseCloseState, writeCloseState, type CloseState } from './state.ts';
import { segmentMonthsFor, writeInSegments, type WrittenFigures } from './segments.ts';
import type { Figures } from './month-figures.ts';
import { openFigureWriter, planSource, writeMonthlyResults, writeStatements, type FigureWriter } from './write.ts';

/** The rows written, and what the close's transaction applies besides them. */
interface Written extends WrittenFigures {
  /** Whom the answers every process keeps are derived again for (null: everyone). */
  readonly touched: string[] | null;
  /** The engine's state after the last closed month, as saved parts (none when it did not move). */
  readonly stateParts: CheckpointPart[];
  /** The open months' rows as written now. */
  readonly openSaved: CheckpointPart[];
}

export interface CloseOptions {
  /** The business day in China, `YYYY-MM-DD`: its month is never closed. */
  readonly today: string;
  /** Close every month up to this one, `YYYY-MM` (default: the month before today's). */
  readonly through?: string;
  readonly progress?: ProgressFn;
  /** Evaluate plans on a worker thread (default from 20 000 distributors). */
  readonly planWorker?: boolean;
  /** The database was just created (the demo seed): see import/conn.ts. */
  readonly fresh?: boolean;
  /** Produce the notifications of what changed (default true). */
  readonly notify?: boolean;
  /** The time notifications are stored with (default: the clock; the seed pins it, to be repeatable). */
  readonly notifyAt?: Date;
  /** Run the engine from the first month, not from the state the last close saved (`npm run close -- --all`). */
  readonly all?: boolean;
  /** Months the engine holds at once when it runs from the first month (default: segmentMonthsFor the members; Infinity: all). */
  readonly segmentMonths?: number;
}

export interface CloseSummary {
  /** Whether anything was written (and the data version moved). */
  readonly changed: boolean;
  /** Why nothing was written, when nothing was. */
  readonly unchanged?: 'up to date' | 'no facts' | 'no distributors';
  readonly distributors: number;
  /** Months closed by this run, oldest first. */
  readonly closed: readonly MonthKey[];
  /** The months up to this one are closed now (null: none). */
  readonly closedThrough: MonthKey | null;
  /** Months written as provisional (closed = 0): today's, and any complete month not closed. */
  readonly open: readonly MonthKey[];
  /** The engine resumed from its state after this month (close/checkpoint.ts); null: it ran from the first month. */
  readonly resumedAfter?: MonthKey | null;
  /** Why it ran from the first month, when it did. */
  readonly fromFirst?: string;
  /** Within the day of the last close: the members whose figures or plans may have moved (the others' did not). */
  readonly moved?: ReadonlySet<string>;
  /** With `moved`: the month rows the close wrote, still in memory, for the notifications to read. */
  readonly held?: HeldMonthRows;
  /** The members who joined in today's month (the notifications tell their uplines). */
  readonly joined?: readonly string[];
  /** Rows written per table. */
  readonly rows: Readonly<Record<string, number>>;
  /** Where the plans were evaluated, when anything was written. */
  readonly planMode?: 'worker' | 'inline';
  /** The notifications this close stored and queued (when anything was written). */
  readonly notifications?: ProduceSummary;
  readonly seconds: number;
}

/** A mistake in what was asked (a month that cannot be closed). */
export class CloseUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CloseUsageError';
  }
}

/**
 * Closed months that no imported fact explains (the generated demo closes its own months without
 * orders): continuing them from the orders alone would reset every pin and plan.
 */
export class CloseRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CloseRefusedError';
  }
}

/** Another import, seed or close kept changing the data while the close computed. */
export class CloseConflictError extends Error {
  constructor() {
    super('the data kept changing while the close computed (another import, seed or close); nothing was written, run it again');
    this.name = 'CloseConflictError';
  }
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Attempts when another writer changed the data between the close's reads and its write. */
const ATTEMPTS = 3;
/**
 * SQLite's page cache of a close from the first month, in KiB: smaller than the import's (conn.ts),
 * which serves the random inserts into the orders' indexes and the hourly close's scattered
 * reads and deletes. From the first month the close reads the months and writes its rows in key
 * order, so a large cache saves it nothing and was 90 MiB of its peak at 100 000 members (issue
 * #30; bench/README.md § import). The connection's own is restored when it is released.
 */
const FIRST_CLOSE_CACHE_KIB = { main: 16 * 1024, temp: 8 * 1024 };

/** The month before today's: the last one a close may close. */
export function lastCompleteMonth(today: string): MonthKey {
  return addMonths(today.slice(0, 7), -1);
}

/** Closes every complete month through `opts.through` and recomputes the open month(s). */
export function closeMonths(db: DB, opts: CloseOptions): Promise<CloseSummary> {
  return timedRun(db, 'close', () => closeMonthsOnce(db, opts));
}

async function closeMonthsOnce(db: DB, opts: CloseOptions): Promise<CloseSummary> {
  const t0 = performance.now();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(opts.today)) throw new CloseUsageError(`today must be YYYY-MM-DD: ${opts.today}`);
  const todayMonth = opts.today.slice(0, 7);
  const through = opts.through ?? lastCompleteMonth(opts.today);
  if (!MONTH.test(through)) throw new CloseUsageError(`--through must be a month, YYYY-MM: ${through}`);
  if (through >= todayMonth) {
    throw new CloseUsageError(
      `${through} cannot be closed: today (${opts.today}) is in ${todayMonth}, which is still open; the last complete month is ${lastCompleteMonth(opts.today)}`,
    );
  }
  const conn = await openImportConn(db, { fresh: opts.fresh ?? false });
  let summary: CloseSummary | null = null;
  try {
    for (let attempt = 1; !summary; attempt++) {
      summary = await attemptClose(conn, { ...opts, through, todayMonth }, t0);
      if (!summary && attempt === ATTEMPTS) throw new CloseConflictError();
    }
  } finally {
    await conn.run(`drop table if exists close_pins`).catch(() => undefined);
    await conn.run(`drop table if exists close_members`).catch(() => undefined);
    conn.release();
  }
  // What the close hands the notifications stays here (`moved` is returned when they are not told).
  const { held, joined, ...kept } = summary;
  if (!summary.changed || opts.notify === false) return kept;
  const { moved, ...told } = kept;
  // What the close changed, told to each distributor once (notifications/produce.ts): on the day
  // of the last close, only to those whose figures moved (what depends on the day alone was told
  // by the day's first close).
  opts.progress?.({ phase: 'notifications', done: 0, total: 1 });
  const notifications = await produceNotifications(db, {
    today: opts.today,
    closed: summary.closed,
    ...(opts.notifyAt ? { now: opts.notifyAt } : {}),
    ...(moved ? { only: moved } : {}),
    ...(held ? { held } : {}),
    ...(joined ? { joined } : {}),
  });
  return { ...told, notifications, seconds: (performance.now() - t0) / 1000 };
}

/** One attempt; null when another writer changed the data before the write (then try again). */
async function attemptClose(
  conn: ImportConn,
  opts: CloseOptions & { through: MonthKey; todayMonth: MonthKey },
  t0: number,
): Promise<CloseSummary | null> {
  const { today, todayMonth, progress } = opts;
  const version = await dataVersionOf(conn);
  const state = parseCloseState(await metaValue(conn, CLOSE_STATE_KEY));
  const closedBefore = await closedThrough(conn);
  if (closedBefore !== null && closedBefore >= todayMonth) {
    throw new CloseUsageError(`the database is closed through ${closedBefore}, which is not before today's month (${todayMonth})`);
  }
  const target = closedBefore !== null && closedBefore > opts.through ? closedBefore : opts.through;
  const nothing = (unchanged: CloseSummary['unchanged'], distributors = 0, open: MonthKey[] = []): CloseSummary => ({
    changed: false,
    unchanged,
    distributors,
    closed: [],
    closedThrough: closedBefore,
    open,
    rows: {},
    seconds: (performance.now() - t0) / 1000,
  });

  if (!opts.all && state && state.version === version && state.through === target && state.open === todayMonth) {
    const [{ n = 0 } = {}] = await conn.all<{ n: number }>(`select count(*) as n from distributors`);
    const open: MonthKey[] = [];
    for (let m = closedBefore === null ? todayMonth : addMonths(closedBefore, 1); m <= todayMonth; m = addMonths(m, 1)) open.push(m);
    return nothing('up to date', Number(n), open);
  }
  // Figures that no imported fact explains (the generated demo writes its own): left alone.
  const hasFacts = (await exists(conn, 'orders')) || (await exists(conn, 'attendance'));
  if (!hasFacts && (await exists(conn, 'monthly_results'))) return nothing('no facts');

  progress?.({ phase: 'read', done: 0, total: 1 });
  const members = await readMembers(conn);
  const segmentMonths = opts.segmentMonths ?? segmentMonthsFor(members.n);
  if (members.n === 0) return nothing('no distributors');
  const first = (await firstFactMonth(conn)) ?? todayMonth;
  const firstMonth = first < todayMonth ? first : todayMonth;
  const [{ m: firstClosed = null } = {}] = await conn.all<{ m: string | null }>(
    `select min(month) as m from monthly_results where closed = 1`,
  );
  if (firstClosed !== null && firstClosed < firstMonth) {
    throw new CloseRefusedError(
      `the months from ${firstClosed} are closed, but the first imported order or attendance is in ${firstMonth}: ` +
        'those months were not closed from imported data (the generated demo?). Import the whole history into a new database, or with --replace',
    );
  }
  // Close through `target`, unless no fact comes that early: then nothing closes yet.
  const closedAfter = target >= firstMonth ? target : closedBefore;
  const whole = closeCalendar(firstMonth, todayMonth, closedAfter);

  // The first month written: the one after the last closed month (all of them the first time).
  const writeFromWhole = closedBefore === null ? 0 : Math.max(0, monthIndex(closedBefore) + 1 - whole.first);
  const pys = pysBetween(pyOf(whole.months[writeFromWhole]!), pyOf(todayMonth));
  const keepWhole = keepFrom(whole, writeFromWhole, todayMonth);

  // From the engine's state after the last closed month when it was kept and fits the tree: the
  // months kept before it are read back as written, and only the orders after it are read.
  const saved = closedBefore === null || opts.all ? null : await readCheckpoint(conn, members, closedBefore);
  let cal = whole;
  let writeFrom = writeFromWhole;
  let keep = keepWhole;
  /** The engine's figures, when computed before the rows are written (the close from the first month runs while writing). */
  let closing: CloseFigures | null = null;
  /** With the open months only, the members whose figures moved since the last close (null: all of them). */
  let only: Uint8Array | null = null;
  /** At a month's end, whose rows of the months closing moved (the others' are closed in place). */
  let closingKept: ClosingRows | null = null;
  /** The closed months read back from the table for everyone (no part kept of them yet: kept now). */
  let backfill: MonthKey[] = [];
  let listRead: KeptList | null | undefined; // the kept parts' list, when read (kept-months.ts)
  if (saved?.state && closedBefore !== null) {
    cal = closeCalendar(whole.months[keepWhole]!, todayMonth, closedAfter);
    writeFrom = writeFromWhole - keepWhole;
    keep = 0;
    const facts = await readMonthFacts(conn, members, cal, writeFrom);
    progress?.({ phase: 'read', done: 1, total: 1 });
    closing = closeFigures(members, cal, facts, 0, pys, today, progress, { at: writeFrom, state: saved.state });
    // The same months open as at the last close, none closing: only what moved is written again,
    // and only the plans that read it are evaluated again (the others read the same history,
    // and a plan reads today by its month only).
    if (cal.closed === writeFrom && state?.open === todayMonth && state.through === target) {
      progress?.({ phase: 'compare', done: 0, total: 1 });
      // With the open rows the last close saved (close/checkpoint.ts), in memory; else from the table.
      const savedOpen = await readOpenFigures(conn);
      const width = MONTHLY_RESULT_COLUMNS.length;
      const changed =
        (savedOpen && changedSinceSaved(members, closing.figures, writeFrom, savedOpen, width)) ??
        (await changedMembers(conn, members, closing.figures, writeFrom));
      only = planMembers(members, changed);
    } else if (cal.closed > writeFrom) {
      // A month's end: of the rows the last close left open, those that moved in more than
      // `closed` are written again, the others closed in place; every plan is evaluated again.
      const savedOpen = await readOpenFigures(conn);
      closingKept = savedOpen && closingRows(members, closing.figures, writeFrom, savedOpen, MONTHLY_RESULT_COLUMNS.length);
    }
    progress?.({ phase: 'read kept months', done: 0, total: 1 });
    // Of the frontline legs of the members evaluated, only whether they were Q.
    const legs = only && historyMembers(members, only);
    if (!only) listRead = await readKeptList(conn, members);
    backfill = await readKeptMonths(conn, members, writeFrom, closing.figures, closing.plans.initialPin!, only, legs, listRead);
    progress?.({ phase: 'stage', done: 0, total: 1 });
    if (only) closing = { ...closing, plans: { ...closing.plans, only } };
  } else if (writeFrom > 0 || cal.closed <= segmentMonths) {
    const facts = await readMonthFacts(conn, members, cal);
    progress?.({ phase: 'read', done: 1, total: 1 });
    closing = closeFigures(members, cal, facts, keepWhole, pys, today, progress);
  }
  // (Else every month is written: the engine runs a few months at a time as it writes them, segments.ts.)
  const resumedAfter = saved?.state ? closedBefore : null;
  // Why a close after closed months ran from the first month (the first close always does).
  const fromFirst = closedBefore === null || saved?.state ? undefined : opts.all ? 'asked for' : saved?.why;
  const closedNow = cal.months.slice(writeFrom, cal.closed);
  const open = cal.months.slice(cal.closed);
  // The months closing now that a later close reads back (from the month before the first the next
  // close keeps), kept as parts beside their rows (kept-months.ts), and those it read back from the
  // table (kept before parts were: a database from before them has its parts after one month's end);
  // a first close starts afresh.
  const keptFrom = whole.months[Math.max(0, keepFrom(whole, whole.closed, todayMonth) - 1)]!;
  const kept =
    closedNow.length > 0 || closedBefore === null || backfill.length > 0
      ? await keptList(conn, members, closedBefore === null, keptFrom, listRead)
      : null;
  const keepNow = new Set([...closedNow, ...backfill].filter((m) => kept && m >= kept.from));
  const keptNow = (month: MonthKey) => keepNow.has(month);

  // The members whose rows are written again, staged for the deletes (when not all of them).
  const rewritten = only ?? closingKept?.changed ?? null;
  await conn.run(`drop table if exists close_members`);
  if (rewritten) {
    await conn.run(`create temporary table close_members (ada text primary key)`);
    const ins = conn.inserter('close_members', ['ada']);
    for (let i = 0; i < members.n; i++) {
      if (!rewritten[i]) continue;
      const sent = ins.add([members.ada[i]!]);
      if (sent) await sent;
    }
    await ins.flush();
  }

  const rowWriter = closeRowWriter(conn);
  const { writer } = rowWriter;
  let planWriter: FigureWriter | null = null;
  /**
   * Writes the rows (into staging tables on SQLite, in place on PostgreSQL), then stages what the
   * transaction applies: the pins that moved, what the next close starts from, whom the answers
   * every process keeps must be derived again for.
   */
  const writeRows = async (): Promise<Written> => {
    let out: WrittenFigures;
    if (closing) {
      const { figures, plans } = closing;
      // Resumed, the close writes a month or two before the plans: at a month's end everyone's
      // plans are evaluated, and this thread would wait for the worker most of the time (issue #30).
      const share = !!saved?.state;
      const w = (planWriter = openFigureWriter(writer, figures, planSource(plans, opts.planWorker, { share }), progress));
      const othersFrom = closingKept ? closingKept.next - keep : null;
      await w.timed('monthly_results', () => writeMonthlyResults(w, figures, writeFrom - keep, rewritten, othersFrom));
      if (closedNow.length > 0 || !only) await w.timed('statements', () => writeStatements(w, figures, writeFrom - keep));
      await w.timed('plan_results', () => w.planResults());
      const keptParts = kept ? keptMonthParts(kept.list, figures, keptNow) : [];
      out = { figures, pin: closing.pin, pinMonth: closing.pinMonth, state: closing.state, rows: w.rows, planMode: w.planMode, keptParts };
    } else {
      const keptAsked = kept && { list: kept.list, keep: keptNow };
      if (conn.dialect === 'sqlite') {
        await conn.run(`pragma cache_size = -${FIRST_CLOSE_CACHE_KIB.main}`);
        await conn.run(`pragma temp.cache_size = -${FIRST_CLOSE_CACHE_KIB.temp}`);
      }
      out = await writeInSegments(conn, writer, members, cal, {
        pys,
        today,
        segmentMonths,
        planWorker: opts.planWorker,
        progress,
        kept: keptAsked,
      });
    }
    await writer.commit();
    const { figures, pin, pinMonth, state: engineState } = out;

    // Pins that moved, staged for one UPDATE … FROM.
    await conn.run(`drop table if exists close_pins`);
    await conn.run(`create temporary table close_pins (ada text primary key, pin_code integer not null, pin_month text)`);
    const staged = conn.inserter('close_pins', ['ada', 'pin_code', 'pin_month']);
    for (let i = 0; i < members.n; i++) {
      if (pin[i] === members.pinCode[i] && pinMonth[i] === members.pinMonth[i]) continue;
      const sent = staged.add([members.ada[i]!, pin[i]!, pinMonth[i]!]);
      if (sent) await sent;
    }
    await staged.flush();

    // Whom the answers kept by every process must be derived again for: with the open months only,
    // the members written again, those whose pin moved, and their uplines; else everyone.
    const touched = only && withUplines(members, only, (i) => pin[i] !== members.pinCode[i] || pinMonth[i] !== members.pinMonth[i]);
    // What the next close starts from: the state (when it moved) and the open months' rows as written now.
    progress?.({ phase: 'close_checkpoint', done: 0, total: 1 });
    const stateParts = saveCheckpoint ? checkpointParts(members, figures.order, engineState) : [];
    const openSaved = openParts(figures, figures.cal.closed, MONTHLY_RESULT_COLUMNS.length);
    return { ...out, touched, stateParts, openSaved };
  };
  // A resumed close that closed nothing leaves the state it started from as it was.
  const saveCheckpoint = !resumedAfter || closedNow.length > 0;
  let done: { rows: Record<string, number>; planMode: 'worker' | 'inline'; figures: Figures } | null;
  try {
    await rowWriter.open();
    // SQLite: the rows are built before the transaction, which only moves them in.
    const built = rowWriter.staged ? await writeRows() : null;
    progress?.({ phase: 'delete', done: 0, total: 1 });
    done = await conn.transaction(async (k) => {
      if ((await dataVersionOf(conn)) !== version) return null;
      // Everything after the last closed month is written again; closed months stay as they are.
      const after = closedBefore === null ? '' : ` where month > ?`;
      const params = closedBefore === null ? [] : [closedBefore];
      // Only the rows of the members written again, when not all of them.
      const theirs = ` and ada in (select ada from close_members)`;
      // Every month row written again into an emptied table (the first close on SQLite): the
      // (month, ada) index is built once after the rows are in — one sort — instead of taking
      // each row at a random place while they arrive in (ada, month) order.
      // On PostgreSQL the rows are written here, in place: its first close drops the keys and
      // indexes of the tables it fills (they are empty, the rows come a few months at a time)
      // and builds them once after.
      const indexAfter =
        closedBefore === null && (built !== null || !closing)
          ? [...(await dropIndexes(conn, 'monthly_results')), ...(built === null ? await dropIndexes(conn, 'statements') : [])]
          : [];
      await conn.run(`delete from monthly_results${after}${rewritten ? theirs : ''}`, params);
      // (A month's end: no rows after those kept should be there; any that are go, as in a re-close.)
      const nextMonth = closingKept ? cal.months[closingKept.next] : undefined;
      if (nextMonth) await conn.run(`delete from monthly_results where month >= ?`, [nextMonth]);
      // (Statements are of closed months: none after the last closed one unless the first close.)
      if (!only) await conn.run(`delete from statements${after}`, params);
      if (closedBefore === null) await conn.run(`delete from plan_results`);
      else await conn.run(`delete from plan_results where py in (${pys.map(() => '?').join(', ')})${only ? theirs : ''}`, pys);
      let written = built;
      if (written) {
        progress?.({ phase: 'move in', done: 0, total: 1 });
        await rowWriter.moveIn({ sort: !closing });
        if (indexAfter.length) progress?.({ phase: 'index', done: 0, total: 1 });
        for (const ddl of indexAfter) await conn.run(ddl);
      } else {
        written = await writeRows();
        if (indexAfter.length) progress?.({ phase: 'index', done: 0, total: 1 });
        for (const ddl of indexAfter) await conn.run(ddl);
        // The tables the first close filled get their planner statistics now, not when autovacuum
        // comes round: the next close's queries are planned on what is in them (PostgreSQL's
        // advice after a bulk load). A sample of each: seconds at a million members.
        if (closedBefore === null) {
          progress?.({ phase: 'analyze', done: 0, total: 1 });
          for (const table of ['monthly_results', 'statements', 'plan_results']) await conn.run(`analyze ${table}`);
        }
      }
      // The rows of the months closing that were kept: closed in place (the others were written closed).
      if (closingKept && closedNow.length > 0) {
        progress?.({ phase: 'closed in place', done: 0, total: 1 });
        const span = [closedNow[0]!, closedNow.at(-1)!];
        await conn.run(`update monthly_results set closed = 1 where month >= ? and month <= ? and closed = 0`, span);
      }
      const pins = await conn.run(
        `update distributors set pin_code = p.pin_code, pin_month = p.pin_month from close_pins p where distributors.ada = p.ada`,
      );
      await writeCheckpoint(
        k,
        written.openSaved,
        saveCheckpoint ? { state: written.state, parts: written.stateParts } : null,
        kept && { write: kept, parts: written.keptParts ?? [] },
      );
      progress?.({ phase: 'commit', done: 0, total: 1 });
      // Every process drops the answers it kept (db/data-version.ts), of the members written again
      // alone when not all were; the state records the new version.
      await markWritten(k, written.touched, members.n);
      const now = new Date().toISOString();
      const closedOn: Record<string, string> = {};
      if (closedBefore !== null && state) {
        for (const [month, at] of Object.entries(state.closedOn)) if (month <= closedBefore) closedOn[month] = at;
      }
      for (const month of closedNow) closedOn[month] = now;
      const next: CloseState = {
        version: await dataVersionOf(conn),
        // What the next close compares with: the month asked for, even if no fact reaches it yet.
        through: target,
        open: todayMonth,
        updatedAt: now,
        closedOn,
        today,
      };
      await writeCloseState(k, next);
      return { rows: { ...written.rows, distributors: pins }, planMode: written.planMode, figures: written.figures };
    });
  } finally {
    await writer.rollback();
    await (planWriter as FigureWriter | null)?.close();
    await rowWriter.close();
  }
  if (!done) return null;
  return {
    changed: true,
    distributors: members.n,
    closed: closedNow,
    closedThrough: cal.closed > 0 ? cal.months[cal.closed - 1]! : closedBefore,
    open,
    resumedAfter,
    ...(fromFirst ? { fromFirst } : {}),
    ...(only && state?.today === today ? { moved: new Set(members.ada.filter((_, i) => only[i])) } : {}),
    // The month rows it holds as they are stored, whoever is told (at a month's end and at the
    // first load, everyone): those it wrote — from the first load, the last run's (segments.ts),
    // which holds the last closed and the open month — and the months before when it read them
    // all back (not some members only).
    held: heldMonthRows(members, done.figures, only ? writeFrom - keep : 0),
    joined: members.ada.filter((_, i) => members.joinDate[i]!.startsWith(`${todayMonth}-`)),
    rows: done.rows,
    planMode: done.planMode,
    seconds: (performance.now() - t0) / 1000,
  };
}
