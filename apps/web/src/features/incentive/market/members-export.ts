import type { MemberRow } from '@abo/contract';
import { fetchMembers, type MemberQuery } from './api/get-members.ts';
export { saveBlob } from '../../../lib/deliver-file.ts';

/** Rows per request: the members call's largest page (MEMBERS_MAX_PAGE_SIZE in the contract). */
const MEMBERS_EXPORT_PAGE = 100;
/** At most this many rows in one file (200 requests). */
export const MEMBERS_EXPORT_MAX = 20_000;

/**
 * Export of the filtered member list to CSV or XLSX. The libraries (papaparse, write-excel-file)
 * are imported on the click, so no page chunk carries them (docs/product.md, Quality bar).
 */

export type ExportFormat = 'csv' | 'xlsx';

/** What the export writes per column: a header and a plain value (numbers stay numbers). */
export interface ExportColumn {
  header: string;
  value: (r: MemberRow) => string | number;
}

export interface ExportTable {
  headers: string[];
  rows: (string | number)[][];
}

export function exportTable(rows: readonly MemberRow[], columns: readonly ExportColumn[]): ExportTable {
  return { headers: columns.map((c) => c.header), rows: rows.map((r) => columns.map((c) => c.value(r))) };
}

/**
 * Browsers inside WeChat and the company's app drop downloads: there the export is offered on the
 * desktop (ebiz) only, and nothing claims a file was saved.
 */
export function canDownload(channel: string | null): boolean {
  return channel !== 'wec' && channel !== 'ca';
}

/** Every row of the filtered list, a page of 100 at a time (at most MEMBERS_EXPORT_MAX). */
export async function fetchAllMembers(
  query: MemberQuery,
  onProgress?: (done: number, total: number) => void,
): Promise<{ rows: MemberRow[]; total: number; month: string }> {
  const rows: MemberRow[] = [];
  let page = 1;
  let total = 0;
  let month = '';
  for (;;) {
    const d = await fetchMembers(query, page, MEMBERS_EXPORT_PAGE);
    total = d.total;
    month = d.month;
    rows.push(...d.rows);
    onProgress?.(rows.length, Math.min(total, MEMBERS_EXPORT_MAX));
    if (d.rows.length === 0 || rows.length >= Math.min(total, MEMBERS_EXPORT_MAX)) break;
    page++;
  }
  return { rows: rows.slice(0, MEMBERS_EXPORT_MAX), total, month };
}

/** The file's bytes. CSV starts with a byte-order mark so spreadsheet programs read Chinese as UTF-8. */
export async function exportBlob(table: ExportTable, format: ExportFormat, sheetName: string): Promise<Blob> {
  if (format === 'csv') {
    const { default: Papa } = await import('papaparse');
    // escapeFormulae: a name starting with = + - @ is text, not a formula, in a spreadsheet.
    const csv = Papa.unparse({ fields: table.headers, data: table.rows }, { escapeFormulae: true });
    return new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  }
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = table.headers.map((h) => ({ value: h, fontWeight: 'bold' as const }));
  const widths = table.headers.map((h, i) => ({
    width: Math.min(30, Math.max(8, h.length + 2, ...table.rows.slice(0, 200).map((r) => String(r[i] ?? '').length + 2))),
  }));
  return writeXlsxFile([header, ...table.rows], { columns: widths, sheet: sheetName.slice(0, 31) }).toBlob();
}
