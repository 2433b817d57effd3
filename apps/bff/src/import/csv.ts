// Streams one CSV file of an import (UTF-8, a header row, columns in any order) row by row:
// nothing but the row being checked is held, whatever the file's size.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { shown, type FileName, type IssueSink } from './issues.ts';

export interface ColumnSpec {
  readonly name: string;
  /** The header must name it (its cells may still be empty where the format allows). */
  readonly required: boolean;
}

export interface CsvHeader {
  /** Per spec column: its 1-based position in the file, or 0 when the file has no such column. */
  readonly position: readonly number[];
  /** Fields in the header: every row must have as many. */
  readonly width: number;
  /** The header's names by file position (0-based). */
  readonly names: readonly string[];
}

/**
 * Called for every row whose shape is right: `values[k]` is the trimmed cell of spec column k
 * (undefined when the file has no such column). The array is reused for the next row.
 */
type RowHandler = (line: number, values: readonly (string | undefined)[]) => void | Promise<void>;

export interface ReadResult {
  /** Rows handed to the handler. */
  readonly rows: number;
  /** Null when a required column is missing (then no row was read). */
  readonly header: CsvHeader | null;
}

/** A longer record is not a row of these files (and would otherwise grow without bound). */
const MAX_RECORD_BYTES = 64 * 1024;

export interface ReadOptions {
  readonly path: string;
  /** The name issues show. */
  readonly file: FileName;
  readonly spec: readonly ColumnSpec[];
  readonly sink: IssueSink;
  /** Called once the header is accepted, before the first row. */
  readonly onHeader?: (header: CsvHeader) => void;
  readonly onRow: RowHandler;
  readonly onProgress?: (bytes: number, total: number) => void;
}

/**
 * Reads a file of an import. Header problems are reported (see readHeader). A row with the wrong number of fields, a
 * line break inside a field or bytes that are not UTF-8 is reported and skipped; every other check
 * is the handler's. A CSV syntax error (an unclosed quote…) is reported and ends the file.
 */
export async function readCsv({ path, file, spec, sink, onHeader, onRow, onProgress }: ReadOptions): Promise<ReadResult> {
  // Never through a link, and without waiting on a pipe: only a regular file is read (the folder's
  // listing checked that too; this holds if the file is swapped for a link in between).
  const fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
  const stat = fs.fstatSync(fd);
  if (!stat.isFile()) {
    fs.closeSync(fd);
    sink.add({ file, line: 0, column: 0, field: '', message: 'not a regular file (a link, a pipe, a folder…)' });
    return { rows: 0, header: null };
  }
  const total = stat.size;
  const input = fs.createReadStream(path, { fd });
  const parser = input.pipe(
    parse({
      bom: true,
      // Excel and Windows tools write CRLF, others LF; accept either on every line.
      record_delimiter: ['\r\n', '\n'],
      relax_column_count: true,
      // Empty lines come through as one empty field, so the line count below stays exact.
      skip_empty_lines: false,
      max_record_size: MAX_RECORD_BYTES,
    }),
  );
  const reader = recordReader(file, spec, sink, onHeader, onRow);
  try {
    for await (const batch of batches(parser)) {
      if (!(await reader.batch(batch as string[][]))) return reader.result();
      // Read ahead is not parsed yet: the file is done only after its last record.
      onProgress?.(Math.min(input.bytesRead, total - 1), total);
    }
  } catch (err) {
    const e = err as { code?: unknown; lines?: unknown; message?: unknown };
    if (typeof e.code === 'string' && e.code.startsWith('CSV_')) {
      // The parser stops at a syntax error; what follows cannot be read reliably.
      const line = typeof e.lines === 'number' ? e.lines : 0;
      sink.add({ file, line, column: 0, field: '', message: `not valid CSV: ${String(e.message).replace(/^[^:]*:\s*/, '')}` });
      return reader.result();
    }
    throw err;
  } finally {
    input.destroy();
  }
  onProgress?.(total, total);
  return reader.end();
}

/**
 * The rows of a file handed over in memory rather than written out (the demo's generator): a
 * header and records of text cells, exactly what the file would hold.
 */
export interface RowTable {
  readonly header: readonly string[];
  readonly rows: Iterable<string[]>;
  /** How many rows there are, for progress. */
  readonly count: number;
}

export interface TableReadOptions extends Omit<ReadOptions, 'path' | 'onProgress'> {
  readonly table: RowTable;
  readonly onProgress?: (rows: number, total: number) => void;
}

/** Reads rows handed over in memory through the very checks of readCsv (line numbers as in the file). */
export async function readTable({ table, file, spec, sink, onHeader, onRow, onProgress }: TableReadOptions): Promise<ReadResult> {
  const reader = recordReader(file, spec, sink, onHeader, onRow);
  if (!(await reader.batch([[...table.header]]))) return reader.result();
  let batch: string[][] = [];
  let done = 0;
  for (const row of table.rows) {
    batch.push(row);
    if (batch.length < 4096) continue;
    done += batch.length;
    if (!(await reader.batch(batch))) return reader.result();
    onProgress?.(done, table.count);
    batch = [];
  }
  await reader.batch(batch);
  onProgress?.(table.count, table.count);
  return reader.end();
}

/**
 * The checks shared by files and in-memory rows, a batch of records at a time: the header first,
 * then each row's shape. `batch` answers false when the header was refused (no row can be read).
 */
function recordReader(file: FileName, spec: readonly ColumnSpec[], sink: IssueSink, onHeader: ReadOptions['onHeader'], onRow: RowHandler) {
  let header: CsvHeader | null = null;
  let refused = false;
  let rows = 0;
  /**
   * The line the next record starts on. The parser's own `info` counts lines too, but costs an
   * object per record (half the parsing time): every record is a line, plus the line breaks
   * inside quoted fields, which rowShapeOk refuses anyway.
   */
  let next = 1;
  const values: (string | undefined)[] = new Array<string | undefined>(spec.length);
  return {
    async batch(records: readonly string[][]): Promise<boolean> {
      for (const record of records) {
        const line = next;
        next += 1 + lineBreaks(record);
        if (header === null) {
          header = readHeader(record, file, spec, sink);
          if (!header) {
            refused = true;
            return false;
          }
          onHeader?.(header);
          continue;
        }
        // A row of empty cells (spreadsheets write them at the end) is an empty line.
        if (record.every((v) => v.trim() === '')) continue;
        if (!rowShapeOk(record, line, file, header, sink)) continue;
        for (let k = 0; k < spec.length; k++) {
          const p = header.position[k]!;
          values[k] = p === 0 ? undefined : record[p - 1]!.trim();
        }
        rows++;
        const pending = onRow(line, values);
        if (pending) await pending;
      }
      return true;
    },
    result: (): ReadResult => ({ rows, header }),
    /** The result once every record was read: a file without even a header is reported. */
    end(): ReadResult {
      if (header === null && !refused)
        sink.add({ file, line: 0, column: 0, field: '', message: 'the file is empty: it needs a header row' });
      return { rows, header };
    },
  };
}

function lineBreaks(record: string[]): number {
  let n = 0;
  for (const v of record) for (let i = v.indexOf('\n'); i >= 0; i = v.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * The records a stream has ready, a batch at a time: one await per batch rather than per record
 * (a readable stream's own async iterator awaits once per record, a third of the parsing time).
 */
async function* batches(stream: Readable): AsyncGenerator<unknown[]> {
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | null = null;
  const signal = () => wake?.();
  stream.on('readable', signal);
  stream.once('end', () => {
    ended = true;
    signal();
  });
  stream.once('error', (err) => {
    failure = err;
    signal();
  });
  for (;;) {
    const batch: unknown[] = [];
    for (let r: unknown; batch.length < 4096 && (r = stream.read()) !== null;) batch.push(r);
    if (batch.length > 0) {
      yield batch;
      continue;
    }
    if (failure !== undefined) throw failure;
    if (ended) return;
    // read() found nothing: the stream emits 'readable' (or 'end'/'error') later, never before this.
    await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
  }
}

/** Same number of fields as the header, no line break inside a field, only UTF-8. */
function rowShapeOk(record: string[], line: number, file: FileName, header: CsvHeader, sink: IssueSink): boolean {
  if (record.length !== header.width) {
    sink.add({ file, line, column: 0, field: '', message: `${record.length} fields, the header has ${header.width}` });
    return false;
  }
  for (let i = 0; i < record.length; i++) {
    const v = record[i]!;
    // Quoted fields may hold line breaks in CSV; no column of these files may.
    if (v.includes('\n') || v.includes('\r')) {
      sink.add({ file, line, column: i + 1, field: fieldName(header, i), message: 'a line break inside a field' });
      return false;
    }
    // Node decodes bytes that are not UTF-8 as U+FFFD: the file was saved in another encoding.
    if (v.includes('\uFFFD')) {
      sink.add({
        file,
        line,
        column: i + 1,
        field: fieldName(header, i),
        message: 'not UTF-8 text (save the file as UTF-8, not GBK or another code page)',
      });
      return false;
    }
  }
  return true;
}

function fieldName(header: CsvHeader, index: number): string {
  return header.names[index] ?? '';
}

/**
 * The header: unknown and repeated columns are reported but the rows are still read (their other
 * cells may have issues worth knowing too); without a required column they cannot be, so null.
 */
function readHeader(record: string[], file: FileName, spec: readonly ColumnSpec[], sink: IssueSink): CsvHeader | null {
  const position = new Array<number>(spec.length).fill(0);
  const names = spec.map((c) => c.name);
  record.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    const k = names.indexOf(name);
    const column = i + 1;
    if (k < 0) {
      const message = name === '' ? 'a column without a name' : `unknown column ${shown(raw.trim())} (the columns are ${names.join(', ')})`;
      sink.add({ file, line: 1, column, field: raw.trim(), message });
    } else if (position[k] !== 0) {
      sink.add({ file, line: 1, column, field: name, message: `column ${name} appears twice (also column ${position[k]})` });
    } else {
      position[k] = column;
    }
  });
  let complete = true;
  spec.forEach((c, k) => {
    if (c.required && position[k] === 0) {
      complete = false;
      sink.add({ file, line: 1, column: 0, field: c.name, message: `required column ${c.name} is missing` });
    }
  });
  return complete ? { position, width: record.length, names: record.map((r) => r.trim().toLowerCase()) } : null;
}
