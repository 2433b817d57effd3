// The per-row checks as data: every file's table checks each of its columns once, and the one
// loop that runs a table reports every issue of a row at its column, keeping the row only when clean.
import { describe, expect, it } from 'vitest';
import {
  attendanceChecks,
  checkRow,
  distributorChecks,
  FileIssues,
  orderChecks,
  type CellCheck,
  type FileChecks,
  type KnownMembers,
} from './checks.ts';
import { O } from './fields.ts';
import { formatIssue, IssueList } from './issues.ts';

const known: KnownMembers = {
  joinOf: new Map([['10000010', '2021-01-01']]),
  treeUnknown: false,
  where: 'not in distributors.csv',
  today: '2026-11-21',
};

/** Runs the orders table on one row (header in spec order): the issues as text, or the values when clean. */
function orderRow(cells: string[]) {
  return runRow(orderChecks(known), cells);
}

function runRow(spec: FileChecks, cells: string[]) {
  const issues = new IssueList();
  const fi = new FileIssues(spec.file, spec.columns, issues);
  fi.setHeader({ position: spec.columns.map((_, k) => k + 1), width: spec.columns.length, names: spec.columns.map((c) => c.name) });
  const values: unknown[] = [];
  const ok = checkRow(fi, spec.cells, { line: 2, cells }, values);
  return ok ? { values } : { issues: issues.listed().map(formatIssue) };
}

describe('the checks of a row', () => {
  it('check every column of each file once', () => {
    for (const spec of [distributorChecks(known.today, new Map()), orderChecks(known), attendanceChecks(known)]) {
      expect(
        spec.cells.map((c: CellCheck) => c.k).sort((a, b) => a - b),
        spec.file,
      ).toEqual(spec.columns.map((_, k) => k));
    }
  });

  it('keep a clean row with its values; an empty optional cell has none', () => {
    expect(orderRow(['A1', '10000010', '2026-10-05', '100', '', ''])).toEqual({
      values: ['A1', '10000010', { at: '2026-10-05T00:00:00+08:00', day: '2026-10-05' }, 100, undefined, undefined],
    });
    expect(orderRow(['A1', '10000010', '2026-10-05', '-3', '12.50', 'C9']).values?.slice(O.pv)).toEqual([-3, 1250, 'C9']);
  });

  it('report every issue of a row at its line and column: empty, not parsed, or refused against the rest', () => {
    expect(orderRow(['', '10000099', '2020-06-01', 'x', '1.234', 'y'.repeat(65)])).toEqual({
      issues: [
        'orders.csv:2:1 order_id: an order id is needed',
        'orders.csv:2:2 ada: unknown ADA 10000099: not in distributors.csv',
        'orders.csv:2:4 pv: "x" is not a whole number of PV',
        'orders.csv:2:5 bv: "1.234" is not an amount in CNY (e.g. 128.50)',
        `orders.csv:2:6 customer_id: "${'y'.repeat(40)}…" is not a customer id (at most 64 characters)`,
      ],
    });
    expect(orderRow(['A1', '10000010', '2020-06-01', '1', '', '']).issues).toEqual([
      'orders.csv:2:3 ordered_at: 2020-06-01 is before 10000010 joined (2021-01-01)',
    ]);
    expect(orderRow(['A1', '10000010', '2026-11-22T01:00:00', '1', '', '']).issues).toEqual([
      'orders.csv:2:3 ordered_at: 2026-11-22 is after today (2026-11-21)',
    ]);
  });

  it('refuse bidi and other invisible format characters in names and ids, naming the character', async () => {
    const member = (name: string, nameEn: string, bank: string) =>
      runRow(distributorChecks(known.today, new Map()), ['10000011', '', name, nameEn, '2021-01-01', '', '', '', bank, '', '', '']);
    // "陈‮31000001" would show the digits reversed beside the real ADA.
    expect(member('陈\u202E31000001', 'Chen\u2066x\u2069', '工商\u200B银行').issues).toEqual([
      'distributors.csv:2:3 name: holds an invisible format character (U+202E) that changes how text beside it is shown: remove it',
      'distributors.csv:2:4 name_en: holds an invisible format character (U+2066) that changes how text beside it is shown: remove it',
      'distributors.csv:2:9 bank_name: holds an invisible format character (U+200B) that changes how text beside it is shown: remove it',
    ]);
    expect(member('陈志强', 'Chen Zhiqiang', '').values).toBeDefined();
    expect(orderRow(['A\u202D1', '10000010', '2026-10-05', '1', '', 'C\u2067']).issues).toEqual([
      'orders.csv:2:1 order_id: holds an invisible format character (U+202D) that changes how text beside it is shown: remove it',
      'orders.csv:2:6 customer_id: holds an invisible format character (U+2067) that changes how text beside it is shown: remove it',
    ]);
    // A value quoted in another issue shows the character escaped, not applied.
    expect(member('\u202E' + '名'.repeat(60), '', '').issues).toEqual([
      `distributors.csv:2:3 name: "\\u202e${'名'.repeat(39)}…" is not a name (at most 50 characters)`,
    ]);
  });
});
