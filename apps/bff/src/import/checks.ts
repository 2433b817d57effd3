// The checks of an import's files, as data (docs/data-import.md lists them): per file one table of
// its cells' checks, in the order they run, and one loop that runs a table on a row; for the files
// whose rows are staged, what the checks over all rows (SQL in staged-checks.ts) need to know. Every issue
// names the file, the line and the column; a row goes on only when it has none.
import type { ColumnSpec, CsvHeader } from './csv.ts';
import {
  A,
  ATTENDANCE_COLUMNS,
  D,
  DISTRIBUTOR_COLUMNS,
  formatCharOf,
  isAda,
  isBankCard,
  isCode,
  isNationalId,
  isPhone,
  isText,
  O,
  ORDER_COLUMNS,
  parseBvFen,
  parseDay,
  parseOrderTime,
  parsePinHeld,
  parsePv,
  PIN_CODE_LIST,
  type OrderTime,
} from './fields.ts';
import { shown, type FileName, type ImportIssue, type IssueList, type IssueSink } from './issues.ts';

/** Issues of one file, placed at the columns its header gave (known before the first row). */
export class FileIssues {
  private header: CsvHeader | null = null;
  readonly sink: IssueSink;

  constructor(
    readonly file: FileName,
    readonly spec: readonly ColumnSpec[],
    issues: IssueList,
  ) {
    this.sink = issues.sink();
  }

  readonly setHeader = (h: CsvHeader) => {
    this.header = h;
  };

  column(k: number): number {
    return this.header?.position[k] ?? 0;
  }

  /** The issue at spec column `k` of a line. */
  at(line: number, k: number, message: string): ImportIssue {
    return { file: this.file, line, column: this.column(k), field: this.spec[k]!.name, message };
  }

  add(line: number, k: number, message: string): void {
    this.sink.add(this.at(line, k, message));
  }
}

/** A row as its checks see it: `cells[k]` is the trimmed cell of spec column k (undefined: no such column). */
export interface Row {
  readonly line: number;
  readonly cells: readonly (string | undefined)[];
}

/** The check of one cell. */
export interface CellCheck<T = unknown> {
  /** The column: an index into the file's spec. */
  readonly k: number;
  /**
   * An empty cell (or a column the file does not have): fine (null: no value, no issue) or the
   * issue it is. Absent: it is read like any other cell.
   */
  readonly empty?: string | null;
  /** The cell's value, or undefined when the cell is not one. */
  readonly parse: (cell: string) => T | undefined;
  /** What a cell that does not parse is: the issue reads `"<cell>" is <what>`. */
  readonly what: string;
  /**
   * A further check once the cell itself is fine (an empty one that is fine too: then `value` is
   * undefined), against the rest of the row or the file so far: the issue, or undefined.
   */
  then?(value: T | undefined, row: Row): string | undefined;
}

/** One file of an import: its columns and the checks of a row, in the order they run. */
export interface FileChecks {
  readonly file: FileName;
  readonly columns: readonly ColumnSpec[];
  readonly cells: readonly CellCheck[];
}

/**
 * A file whose rows are staged (orders, attendance): its staging table and the table it is imported
 * into, the columns that make two rows the same row, and where the checks over all rows report.
 */
export interface StagedFile {
  readonly staging: string;
  readonly stored: string;
  /** The stored columns, in the staging table (after `line`) and in the stored table alike. */
  readonly columns: readonly string[];
  /** A row is the same row as another with these equal: twice in the file, or imported before. */
  readonly key: readonly string[];
  /** The month a staged row `s` falls in (SQL). */
  readonly month: string;
  /** The file's column a row twice in the file is reported at, and the issue (`first`: its first line). */
  readonly duplicateAt: number;
  readonly duplicate: (row: Record<string, unknown> & { first: number }) => string;
  /** The file's column a row in a closed month is reported at. */
  readonly closedAt: number;
}

export interface StagedFileChecks extends FileChecks {
  readonly staged: StagedFile;
}

/**
 * Runs a file's checks on a row, reporting every issue: true when there was none. `values[k]` is
 * then the value of column k (undefined for an empty cell that is fine).
 */
export function checkRow(fi: FileIssues, checks: readonly CellCheck[], row: Row, values: unknown[]): boolean {
  let ok = true;
  for (const c of checks) {
    const cell = row.cells[c.k] ?? '';
    let value: unknown;
    let message: string | undefined;
    if (cell === '' && c.empty !== undefined) message = c.empty ?? undefined;
    else if ((value = c.parse(cell)) === undefined) message = `${shown(cell)} is ${c.what}`;
    if (message === undefined && c.then) message = c.then(value, row);
    if (message !== undefined) {
      fi.add(row.line, c.k, message);
      ok = false;
    }
    values[c.k] = value;
  }
  return ok;
}

/** A check whose value is its own type (the table holds checks of every type). */
const cell = <T>(c: CellCheck<T>): CellCheck => c;
/** The cell itself when `test` accepts it. */
const when =
  (test: (s: string) => boolean) =>
  (s: string): string | undefined =>
    test(s) ? s : undefined;
/** A column a file may leave out or leave empty. */
const optional = (k: number, test: (s: string) => boolean, what: string): CellCheck => ({ k, empty: null, parse: when(test), what });

/** Free text of at most `max` characters, refused with an invisible format character in it (formatCharOf). */
const text = (k: number, max: number, what: string, empty: string | null): CellCheck =>
  cell<string>({
    k,
    empty,
    parse: when((s) => isText(s, max)),
    what: `${what} (at most ${max} characters)`,
    then(v) {
      const c = v === undefined ? undefined : formatCharOf(v);
      return c && `holds an invisible format character (${c}) that changes how text beside it is shown: remove it`;
    },
  });

const NOT_AN_ADA = 'not an ADA (8 to 12 digits)';
const NOT_A_DAY = 'not a date (YYYY-MM-DD)';

/** distributors.csv: each cell on its own, and an ADA on an earlier line (`fileAdas`: ADA → its first line, filled here). */
export function distributorChecks(today: string, fileAdas: Map<string, number>): FileChecks {
  return {
    file: 'distributors.csv',
    columns: DISTRIBUTOR_COLUMNS,
    cells: [
      cell({
        k: D.ada,
        parse: when(isAda),
        what: NOT_AN_ADA,
        then(ada, { line }) {
          const first = fileAdas.get(ada!);
          if (first !== undefined) return `duplicate ADA ${ada} (first on line ${first})`;
          fileAdas.set(ada!, line);
          return undefined;
        },
      }),
      cell({
        k: D.sponsor,
        empty: null,
        parse: when(isAda),
        what: 'not an ADA (8 to 12 digits; empty for the top of a tree)',
        then: (_, { cells }) => (cells[D.sponsor] === cells[D.ada] ? `${cells[D.ada]} cannot sponsor itself` : undefined),
      }),
      text(D.name, 50, 'not a name', 'a name is needed'),
      cell({
        k: D.joinedOn,
        parse: parseDay,
        what: NOT_A_DAY,
        then: (day) => (day! > today ? `${day} is after today (${today})` : undefined),
      }),
      text(D.nameEn, 100, 'not a name', null),
      optional(D.phone, isPhone, 'not a phone number'),
      optional(D.nationalId, isNationalId, 'not an identity number'),
      optional(D.bankCard, isBankCard, 'not a bank card number'),
      text(D.bankName, 50, 'not a bank name', null),
      optional(D.shopCode, (s) => isCode(s, 20), 'not a shop code (letters, digits, - _ .)'),
      optional(D.userType, (s) => isCode(s, 20), 'not a user type (letters, digits, - _ .)'),
      { k: D.pinHeld, empty: null, parse: parsePinHeld, what: `not a pin code (${PIN_CODE_LIST}; empty: none before the history)` },
    ],
  };
}

/** Who an order or attendance row may name. */
export interface KnownMembers {
  /** ADA → join day ('' when unknown) of everyone a row may name. */
  readonly joinOf: ReadonlyMap<string, string>;
  /** distributors.csv's header was refused: the tree is unknown, so no ADA can be checked. */
  readonly treeUnknown: boolean;
  /** Where an ADA was looked for, for the issue of an unknown one. */
  readonly where: string;
  /** The business day: nothing may be dated after it. */
  readonly today: string;
}

/** The ADA of an order or attendance row: well formed, and a member. */
function adaCheck(k: number, m: KnownMembers): CellCheck {
  return cell({
    k,
    parse: when(isAda),
    what: NOT_AN_ADA,
    then: (ada) => (m.joinOf.has(ada!) || m.treeUnknown ? undefined : `unknown ADA ${ada}: ${m.where}`),
  });
}

/**
 * The day of an order or attendance row (`dayOf` its value): not after today, not before the
 * member (column `adaK`) joined. A closed month is checked on the staged rows: a row already
 * imported may come again.
 */
function dayCheck<T>(k: number, adaK: number, m: KnownMembers, parse: (s: string) => T | undefined, what: string, dayOf: (v: T) => string) {
  return cell<T>({
    k,
    parse,
    what,
    then(value, { cells }) {
      const day = dayOf(value!);
      if (day > m.today) return `${day} is after today (${m.today})`;
      const ada = cells[adaK]!;
      const join = isAda(ada) ? m.joinOf.get(ada) : undefined;
      return join && day < join ? `${day} is before ${ada} joined (${join})` : undefined;
    },
  });
}

/** orders.csv. */
export function orderChecks(m: KnownMembers): StagedFileChecks {
  return {
    file: 'orders.csv',
    columns: ORDER_COLUMNS,
    staged: {
      staging: 'import_orders',
      stored: 'orders',
      columns: ['order_id', 'ada', 'ordered_at', 'month', 'pv', 'bv_fen', 'customer_id'],
      key: ['order_id'],
      month: 's.month',
      duplicateAt: O.orderId,
      duplicate: (d) => `duplicate order id ${shown(String(d['order_id']))} (first on line ${d.first})`,
      closedAt: O.orderedAt,
    },
    cells: [
      text(O.orderId, 64, 'not an order id', 'an order id is needed'),
      adaCheck(O.ada, m),
      dayCheck<OrderTime>(
        O.orderedAt,
        O.ada,
        m,
        parseOrderTime,
        'not a date or date-time (2026-10-05 or 2026-10-05T14:30:00)',
        (t) => t.day,
      ),
      { k: O.pv, parse: parsePv, what: 'not a whole number of PV' },
      // Empty: derived from the PY's PV → BV rule.
      { k: O.bv, empty: null, parse: parseBvFen, what: 'not an amount in CNY (e.g. 128.50)' },
      text(O.customerId, 64, 'not a customer id', null),
    ],
  };
}

/** attendance.csv. */
export function attendanceChecks(m: KnownMembers): StagedFileChecks {
  return {
    file: 'attendance.csv',
    columns: ATTENDANCE_COLUMNS,
    staged: {
      staging: 'import_attendance',
      stored: 'attendance',
      columns: ['ada', 'event_code', 'attended_on'],
      key: ['ada', 'event_code', 'attended_on'],
      month: 'substr(s.attended_on, 1, 7)',
      duplicateAt: A.eventCode,
      duplicate: (d) => `the same attendance as line ${d.first}`,
      closedAt: A.attendedOn,
    },
    cells: [
      adaCheck(A.ada, m),
      { k: A.eventCode, parse: when((s) => isCode(s)), what: 'not an event code (letters, digits, - _ .)' },
      dayCheck<string>(A.attendedOn, A.ada, m, parseDay, NOT_A_DAY, (d) => d),
    ],
  };
}
