// Bulk loading for the seed: millions of rows in one transaction, bypassing the query builder
// on the hot path. The interface is dialect-neutral so a PostgreSQL writer (multi-row INSERT or
// COPY, flushed asynchronously) can sit next to the SQLite one; everything else keeps Kysely.
import type SQLite from 'better-sqlite3';
import { rawSqlite, type DB } from './index.ts';

export type SqlValue = string | number | bigint | null;

/** Appends rows to one table. */
export interface BulkInserter {
  /**
   * Queues one row, values in the column order given to `BulkWriter.inserter`. The values are
   * copied, so the caller may reuse the same array for the next row.
   */
  add(row: readonly SqlValue[]): void;
  /** Rows added so far. */
  readonly rows: number;
}

export interface BulkWriter {
  readonly dialect: 'sqlite' | 'postgres';
  inserter(table: string, columns: readonly string[]): BulkInserter;
  /**
   * Sends what is buffered. Callers call it regularly (e.g. every few thousand parent rows):
   * an implementation may hold rows until then (SQLite writes as batches fill and only sends
   * the partial batches here; a network database sends its buffers).
   */
  flush(): Promise<void>;
  /** Flushes, commits and restores the normal connection settings. */
  commit(): Promise<void>;
  /** Abandons everything written through this writer. */
  rollback(): Promise<void>;
}

export interface SqliteBulkOptions {
  /**
   * Only for a freshly created database file: no rollback journal and no fsync during the load
   * (a crash leaves a file to delete, not a half-seeded one to trust). WAL and the normal
   * durability are restored on commit/rollback.
   */
  fresh?: boolean;
  /** Rows per INSERT statement (multi-row VALUES cuts the per-call overhead). Default 128. */
  batchRows?: number;
  /** Page cache during the load, in MiB. Default 256. */
  cacheMiB?: number;
}

const SQLITE_MAX_VARIABLES = 32_766;

class SqliteInserter implements BulkInserter {
  rows = 0;
  private readonly batch: SQLite.Statement;
  private readonly single: SQLite.Statement;
  private readonly buf: SqlValue[];
  private queued = 0;

  constructor(
    sqlite: SQLite.Database,
    table: string,
    private readonly columns: readonly string[],
    private readonly batchRows: number,
  ) {
    const cols = columns.map(quoteIdent).join(', ');
    const one = `(${columns.map(() => '?').join(', ')})`;
    const head = `INSERT INTO ${quoteIdent(table)} (${cols}) VALUES `;
    this.batch = sqlite.prepare(head + new Array<string>(batchRows).fill(one).join(', '));
    this.single = sqlite.prepare(head + one);
    this.buf = new Array<SqlValue>(batchRows * columns.length);
  }

  add(row: readonly SqlValue[]): void {
    const width = this.columns.length;
    if (row.length !== width) throw new RangeError(`expected ${width} values, got ${row.length}`);
    const off = this.queued * width;
    const buf = this.buf;
    for (let k = 0; k < width; k++) buf[off + k] = row[k]!;
    this.rows++;
    if (++this.queued === this.batchRows) {
      this.batch.run(buf);
      this.queued = 0;
    }
  }

  flush(): void {
    const width = this.columns.length;
    for (let r = 0; r < this.queued; r++) this.single.run(this.buf.slice(r * width, (r + 1) * width));
    this.queued = 0;
  }
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new RangeError(`bad identifier: ${name}`);
  return `"${name}"`;
}

/** A bulk writer on the database's own SQLite connection; opens the transaction at once. */
export function openSqliteBulkWriter(db: DB, opts: SqliteBulkOptions = {}): BulkWriter {
  const sqlite = rawSqlite(db);
  if (!sqlite) throw new Error('not a SQLite database opened by openSqlite');
  const fresh = opts.fresh ?? false;
  const batchRows = opts.batchRows ?? 128;
  const saved = {
    cache: sqlite.pragma('cache_size', { simple: true }) as number,
    journal: String(sqlite.pragma('journal_mode', { simple: true })),
    sync: sqlite.pragma('synchronous', { simple: true }) as number,
  };
  sqlite.pragma(`cache_size = -${(opts.cacheMiB ?? 256) * 1024}`);
  if (fresh) {
    // better-sqlite3 runs SQLite in defensive mode, which refuses journal_mode=OFF, and SQLite
    // leaves WAL only for a rollback mode: unsafe mode on, WAL → DELETE → OFF.
    sqlite.unsafeMode(true);
    if (saved.journal.toLowerCase() === 'wal') sqlite.pragma('journal_mode = DELETE');
    sqlite.pragma('journal_mode = OFF');
    sqlite.pragma('synchronous = OFF');
  }
  sqlite.exec('BEGIN');
  const inserters: SqliteInserter[] = [];
  let open = true;

  const restore = () => {
    open = false;
    sqlite.pragma(`cache_size = ${saved.cache}`);
    if (fresh) {
      sqlite.pragma(`journal_mode = ${saved.journal}`);
      sqlite.pragma(`synchronous = ${saved.sync}`);
      sqlite.unsafeMode(false);
    }
  };

  return {
    dialect: 'sqlite',
    inserter(table, columns) {
      if (!open) throw new Error('bulk writer is closed');
      const rows = Math.max(1, Math.min(batchRows, Math.floor(SQLITE_MAX_VARIABLES / columns.length)));
      const ins = new SqliteInserter(sqlite, table, columns, rows);
      inserters.push(ins);
      return ins;
    },
    async flush() {
      for (const i of inserters) i.flush();
    },
    async commit() {
      if (!open) throw new Error('bulk writer is closed');
      for (const i of inserters) i.flush();
      sqlite.exec('COMMIT');
      restore();
    },
    async rollback() {
      if (!open) return;
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      restore();
    },
  };
}
