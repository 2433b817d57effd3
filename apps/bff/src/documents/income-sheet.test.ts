// The income spreadsheet read back: the XLSX's cells and the CSV's lines are the rows of
// /bff/v1/income/query for the same range (amounts as numbers in yuan) and their total, headed in
// the request's language; a range the page refuses is refused the same way, and one over 36 months.
import Papa from 'papaparse';
import { Code, type DocumentLang, type IncomeRangeData } from '@abo/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../testing/suite-app.ts';
import type { Session } from '../lib/session.ts';
import { xlsxRows } from './document.test-support.ts';
import { incomeSheetCsv, SHEET_MAX_MONTHS } from './income-sheet.ts';
import { renderDocument } from './render.ts';

const DIAMOND = '10000002';
const own = (ada: string): Session => ({ actor: ada, ada, channel: 'wec', staff: false });

/** The page's rows as the sheet writes them: month, payment date, yuan figures; then the total. */
function expectedRows(d: IncomeRangeData, total: string): (string | number | null)[][] {
  return [
    ...d.rows.map((r) => [r.month, r.paidOn, r.pretaxFen / 100, r.taxFen / 100, r.netFen / 100]),
    [total, null, d.totals.pretaxFen / 100, d.totals.taxFen / 100, d.totals.netFen / 100],
  ];
}

describe('income spreadsheet on the demo seed (today 2026-11-21)', () => {
  const demo = useDemoApp([DIAMOND]);
  /** The Diamond's income spreadsheet of `from` to `to`, as the document call renders it. */
  const sheet = (from: string, to: string, format: 'xlsx' | 'csv', lang: DocumentLang) =>
    renderDocument(demo.t.db, demo.t.config, own(DIAMOND), { kind: 'incomeSheet', from, to, format, lang });
  const query = async (from: string, to: string) =>
    (
      await demo.t.app.inject({
        method: 'POST',
        url: '/bff/v1/income/query',
        headers: demo.headers(DIAMOND),
        payload: { channel: 'wec', from, to },
      })
    ).json();

  it('XLSX: the rows of the query page and their total, numbers as numbers, Chinese headers', async () => {
    const doc = await sheet('2025-09', '2026-08', 'xlsx', 'zh-CN');
    expect(doc.fileName).toBe('income-2025-09-to-2026-08.xlsx');
    expect(doc.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const page = (await query('2025-09', '2026-08')).data as IncomeRangeData;
    expect(page.rows).toHaveLength(12);
    const [head, ...rows] = xlsxRows(doc.body);
    expect(head).toEqual(['月份', '发放日期', '税前收入', '代扣个税', '实发金额']);
    expect(rows).toEqual(expectedRows(page, '合计'));
  });

  it('CSV: UTF-8 with a byte-order mark, English headers, the same rows with two decimals', async () => {
    const doc = await sheet('2023-10', '2026-09', 'csv', 'en-US');
    expect(doc).toMatchObject({ fileName: 'income-2023-10-to-2026-09.csv', contentType: 'text/csv; charset=utf-8' });
    const text = doc.body.toString('utf8');
    expect(text.startsWith('\ufeffMonth,Paid on,Pre-tax income,Tax withheld,Net paid\r\n')).toBe(true);
    const page = (await query('2023-10', '2026-09')).data as IncomeRangeData;
    expect(page.rows).toHaveLength(SHEET_MAX_MONTHS);
    const parsed = Papa.parse<string[]>(text.slice(1).trim(), { skipEmptyLines: true }).data.slice(1);
    for (const line of parsed) for (const v of line.slice(2)) expect(v).toMatch(/^\d+\.\d{2}$/);
    expect(parsed.map((r) => r.map((v, i) => (i >= 2 ? Number(v) : v === '' ? null : v)))).toEqual(expectedRows(page, 'Total'));
  });

  it('writes formula-like text as text, and a negative figure as a figure', () => {
    const csv = incomeSheetCsv({
      lang: 'en-US',
      from: '2026-01',
      to: '2026-01',
      rows: [{ month: '=HYPERLINK("x")', paidOn: '@SUM(A1)', pretaxFen: -1234, taxFen: 0, netFen: -1234 }],
      totals: { pretaxFen: -1234, taxFen: 0, netFen: -1234 },
    }).toString('utf8');
    expect(csv).toContain(`"'=HYPERLINK(""x"")","'@SUM(A1)",-12.34,0.00,-12.34`);
  });

  it('refuses a range the query page refuses, with its error, and one over 36 months', async () => {
    for (const [from, to] of [
      ['2019-01', '2026-08'],
      ['2025-09', '2026-11'],
      ['2026-08', '2025-09'],
    ] as const) {
      const page = await query(from, to);
      expect(page).toMatchObject({ success: false, code: Code.BAD_REQUEST });
      await expect(sheet(from, to, 'xlsx', 'zh-CN')).rejects.toMatchObject({
        code: page.code,
        message: page.message,
      });
    }
    // 2023-09 to 2026-09: 37 statement months, every one queryable.
    expect((await query('2023-09', '2026-09')).success).toBe(true);
    await expect(sheet('2023-09', '2026-09', 'csv', 'zh-CN')).rejects.toMatchObject({
      code: Code.BAD_REQUEST,
      httpStatus: 400,
      message: expect.stringContaining('37 months'),
    });
  });
});
