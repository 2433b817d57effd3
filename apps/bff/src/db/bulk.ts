// Bulk loading for the seed: millions of rows in one transaction, bypassing the query builder
// on the hot path. One dialect-neutral interface: SQLite writes multi-row INSERTs on the
// database's own connection, PostgreSQL streams COPY … FROM STDIN on a pooled connection.
// Everything else keeps Kysely.
import { once } from 'node:events';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { rawPostgres, rawSqlite, type DB } from './index.ts';

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

export function quoteIdent(name: string): string {
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
  // IMMEDIATE takes the write lock now: a second process seeding the same file waits here and
  // then sees the first one's rows, instead of both loading and one failing at commit.
  sqlite.exec('BEGIN IMMEDIATE');
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

export interface PostgresBulkOptions {
  /** Nothing to lose yet (a new database): commit without waiting for the WAL flush. */
  fresh?: boolean;
}

/**
 * COPY text format: backslash, newline, carriage return and tab escaped; \N is NULL.
 * https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.2
 */
export function copyField(v: SqlValue): string {
  if (v === null) return '\\N';
  if (typeof v !== 'string') return String(v);
  return /[\\\n\r\t]/.test(v) ? v.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!) : v;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

class PostgresInserter implements BulkInserter {
  rows = 0;
  private lines: string[] = [];
  readonly copySql: string;

  constructor(
    table: string,
    private readonly width: number,
    columns: readonly string[],
  ) {
    this.copySql = `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM STDIN`;
  }

  add(row: readonly SqlValue[]): void {
    if (row.length !== this.width) throw new RangeError(`expected ${this.width} values, got ${row.length}`);
    let line = copyField(row[0]!);
    for (let k = 1; k < row.length; k++) line += '\t' + copyField(row[k]!);
    this.lines.push(line);
    this.rows++;
  }

  /** The buffered rows as one COPY payload, emptying the buffer. */
  take(): string | null {
    if (this.lines.length === 0) return null;
    const text = this.lines.join('\n') + '\n';
    this.lines = [];
    return text;
  }
}

/** Streams one buffered chunk through COPY … FROM STDIN on the writer's connection. */
export async function copyChunk(client: pg.PoolClient, copySql: string, text: string): Promise<void> {
  const stream = client.query(copyFrom(copySql));
  const done = once(stream, 'finish');
  stream.end(text);
  await done;
}

/**
 * A bulk writer on a connection of the database's PostgreSQL pool. Opens the transaction at
 * once, under a transaction-scoped advisory lock so two processes seeding one database load
 * it once (the second waits, then finds the distributors there).
 */
export async function openPostgresBulkWriter(db: DB, opts: PostgresBulkOptions = {}): Promise<BulkWriter> {
  const pool = rawPostgres(db);
  if (!pool) throw new Error('not a PostgreSQL database opened by openPostgres');
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('abo-inquiry-seed'))`);
    if (opts.fresh) await client.query('SET LOCAL synchronous_commit = off');
  } catch (err) {
    client.release(err instanceof Error ? err : true);
    throw err;
  }
  const inserters: PostgresInserter[] = [];
  let open = true;
  const flush = async () => {
    for (const i of inserters) {
      const text = i.take();
      if (text !== null) await copyChunk(client, i.copySql, text);
    }
  };
  const close = (err?: unknown) => {
    open = false;
    client.release(err instanceof Error ? err : undefined);
  };
  return {
    dialect: 'postgres',
    inserter(table, columns) {
      if (!open) throw new Error('bulk writer is closed');
      const ins = new PostgresInserter(table, columns.length, columns);
      inserters.push(ins);
      return ins;
    },
    flush,
    async commit() {
      if (!open) throw new Error('bulk writer is closed');
      try {
        await flush();
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        close(err);
        throw err;
      }
      close();
    },
    async rollback() {
      if (!open) return;
      let failure: unknown;
      await client.query('ROLLBACK').catch((err: unknown) => (failure = err));
      close(failure);
    },
  };
}

/** The bulk writer for the database's dialect. */
export async function openBulkWriter(db: DB, opts: { fresh?: boolean } = {}): Promise<BulkWriter> {
  return rawPostgres(db) ? openPostgresBulkWriter(db, opts) : openSqliteBulkWriter(db, opts);
}
