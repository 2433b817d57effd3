// Monthly income between two months as a spreadsheet: the rows of /bff/v1/income/query (one per
// statement: month, payment date, pre-tax, tax withheld, net) and their total, headed in the
// document's language. Amounts are numbers in yuan with two decimals, so a spreadsheet sums them.
// XLSX through write-excel-file; CSV through papaparse, UTF-8 with a byte-order mark (so Excel
// reads Chinese as UTF-8) and formula-like text escaped.
import type { DocumentLang } from '@abo/contract';
import { monthIndex } from '@abo/plan';
import Papa from 'papaparse';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { DB } from '../db/index.ts';
import { badRequest } from '../lib/app-error.ts';
import { sumTotals, type Totals } from '../income/income-data.ts';
import { checkMonthRange, statementTotalsBetween, type StatementTotals } from '../income/income-queries.ts';
import { textsFor } from './texts.ts';

/** The longest range one spreadsheet covers, in months (three performance years). */
export const SHEET_MAX_MONTHS = 36;

export interface IncomeSheet {
  lang: DocumentLang;
  from: string;
  to: string;
  rows: StatementTotals[];
  totals: Totals;
}

/**
 * The rows of the range, checked as /bff/v1/income/query checks it (both ends queryable statement
 * months, the start not after the end) and at most SHEET_MAX_MONTHS long.
 */
export async function loadIncomeSheet(db: DB, ada: string, from: string, to: string, lang: DocumentLang): Promise<IncomeSheet> {
  await checkMonthRange(db, ada, from, to);
  const span = monthIndex(to) - monthIndex(from) + 1;
  if (span > SHEET_MAX_MONTHS) {
    throw badRequest(`The range ${from} to ${to} covers ${span} months; a spreadsheet covers at most ${SHEET_MAX_MONTHS}`);
  }
  const rows = await statementTotalsBetween(db, ada, from, to);
  return { lang, from, to, rows, totals: sumTotals(rows) };
}

const yuan = (fen: number) => Math.round(fen) / 100;

/** Header, one line per statement, the total: plain values (numbers in yuan). */
export function sheetTable(s: IncomeSheet): { headers: string[]; rows: (string | number)[][] } {
  const t = textsFor(s.lang);
  const line = (a: string, b: string, x: Totals) => [a, b, yuan(x.pretaxFen), yuan(x.taxFen), yuan(x.netFen)];
  return {
    headers: [t.month, t.paidOn, t.pretax, t.tax, t.net],
    rows: [...s.rows.map((r) => line(r.month, r.paidOn, r)), line(t.total, '', s.totals)],
  };
}

const AMOUNT_FORMAT = '#,##0.00';

export async function incomeSheetXlsx(s: IncomeSheet): Promise<Buffer> {
  const { headers, rows } = sheetTable(s);
  const last = rows.length - 1;
  const data: SheetData = [
    headers.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((r, i) =>
      r.map((value) =>
        typeof value === 'number'
          ? { value, type: Number, format: AMOUNT_FORMAT, ...(i === last ? { fontWeight: 'bold' as const } : {}) }
          : { value, ...(i === last ? { fontWeight: 'bold' as const } : {}) },
      ),
    ),
  ];
  const widths = [12, 14, 16, 16, 16].map((width) => ({ width }));
  return writeXlsxFile(data, { columns: widths, sheet: textsFor(s.lang).sheetTitle }).toBuffer();
}

/**
 * papaparse's formula escape (a cell starting with = + - @ tab or return is written as text), except
 * for a plain negative number, which is a figure and no formula.
 */
const FORMULA_LIKE = /^(?!-\d+(?:\.\d+)?$)[=+\-@\t\r]/;

export function incomeSheetCsv(s: IncomeSheet): Buffer {
  const { headers, rows } = sheetTable(s);
  // Two decimals always (papaparse would write 1234.5).
  const data = rows.map((r) => r.map((v) => (typeof v === 'number' ? v.toFixed(2) : v)));
  const csv = Papa.unparse({ fields: headers, data }, { escapeFormulae: FORMULA_LIKE, newline: '\r\n' });
  return Buffer.from(`\ufeff${csv}\r\n`, 'utf8');
}
