// One database connection for a whole import, the same on SQLite and PostgreSQL: its staging
// tables are temporary tables of that connection, its checks plain SQL over them, and its write one
// transaction on it. SQL is written with `?` placeholders (PostgreSQL's `$n` are made from them).
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type SQLite from 'better-sqlite3';
import { copyChunk, copyField, quoteIdent } from '../db/bulk.ts';
import { dialectOf, rawPostgres, rawSqlite, type DB, type Dialect } from '../db/index.ts';
import type { Database } from '../db/schema.ts';

export type SqlValue = string | number | null;

/** Appends rows to a table in multi-row INSERTs. */
interface RowInserter {
  /** Queues a row (values copied); a promise when a batch went out, to await before the next. */
  add(row: readonly SqlValue[]): Promise<void> | undefined;
  /** Sends the rows still queued. */
  flush(): Promise<void>;
  readonly rows: number;
}

export interface ImportConn {
  readonly dialect: Dialect;
  /** Runs a statement; answers the rows it changed. */
  run(text: string, params?: readonly SqlValue[]): Promise<number>;
  all<T>(text: string, params?: readonly SqlValue[]): Promise<T[]>;
  /**
   * Like all(), each row as an array of its columns in the select's order: no object per row, for
   * the close's reads of every member (about twice as fast on SQLite).
   */
  rows<T extends readonly unknown[]>(text: string, params?: readonly SqlValue[]): Promise<T[]>;
  /**
   * Like rows(), each row handed to `fn` as it is read (SQLite: stepped, never all held at once,
   * so a million rows die young instead of crowding the heap); answers how many.
   */
  each<T extends readonly unknown[]>(text: string, params: readonly SqlValue[], fn: (row: T) => void): Promise<number>;
  inserter(table: string, columns: readonly string[]): RowInserter;
  /**
   * Runs `body` in one transaction holding the database's write lock (SQLite: BEGIN IMMEDIATE;
   * PostgreSQL: the seed's advisory lock too, so an import and a seed never interleave). `body`
   * gets a Kysely instance on this same connection, for helpers written with Kysely.
   */
  transaction<T>(body: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  release(): void;
}

/** Parameters per statement: SQLite allows 32 766, PostgreSQL 65 535; a few hundred rows is plenty. */
const PARAMS_PER_STATEMENT = 4000;
const MAX_ROWS_PER_STATEMENT = 500;

function insertSql(table: string, columns: readonly string[], rows: number): string {
  const one = `(${columns.map(() => '?').join(', ')})`;
  return `insert into ${table} (${columns.join(', ')}) values ${new Array<string>(rows).fill(one).join(', ')}`;
}

class Inserter implements RowInserter {
  rows = 0;
  private buf: SqlValue[] = [];
  private readonly batchRows: number;

  constructor(
    private readonly conn: Pick<ImportConn, 'run'>,
    private readonly table: string,
    private readonly columns: readonly string[],
  ) {
    this.batchRows = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(PARAMS_PER_STATEMENT / columns.length)));
  }

  add(row: readonly SqlValue[]): Promise<void> | undefined {
    if (row.length !== this.columns.length) throw new RangeError(`expected ${this.columns.length} values, got ${row.length}`);
    for (const v of row) this.buf.push(v);
    this.rows++;
    return this.buf.length >= this.batchRows * this.columns.length ? this.flush() : undefined;
  }

  async flush(): Promise<void> {
    if (this.buf.length === 0) return;
    const values = this.buf;
    this.buf = [];
    await this.conn.run(insertSql(this.table, this.columns, values.length / this.columns.length), values);
  }
}

export interface ImportConnOptions {
  /**
   * The database was just created (the demo seed): nothing to lose if the process dies, so
   * SQLite writes without a rollback journal or fsync while the connection is held.
   */
  readonly fresh?: boolean;
}

/** Rows per COPY on PostgreSQL: one round trip carries thousands of rows. */
const COPY_ROWS = 5000;

/** PostgreSQL's inserter: COPY … FROM STDIN on the import's connection (its temporary tables too). */
class CopyInserter implements RowInserter {
  rows = 0;
  private lines: string[] = [];
  private readonly copySql: string;

  constructor(
    private readonly client: pg.PoolClient,
    table: string,
    private readonly width: number,
    columns: readonly string[],
  ) {
    this.copySql = `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM STDIN`;
  }

  add(row: readonly SqlValue[]): Promise<void> | undefined {
    if (row.length !== this.width) throw new RangeError(`expected ${this.width} values, got ${row.length}`);
    let line = copyField(row[0]!);
    for (let k = 1; k < row.length; k++) line += '\t' + copyField(row[k]!);
    this.lines.push(line);
    this.rows++;
    return this.lines.length >= COPY_ROWS ? this.flush() : undefined;
  }

  async flush(): Promise<void> {
    if (this.lines.length === 0) return;
    const text = this.lines.join('\n') + '\n';
    this.lines = [];
    await copyChunk(this.client, this.copySql, text);
  }
}

/** Opens the import's connection on `db` (a pooled PostgreSQL connection is taken for it). */
export async function openImportConn(db: DB, opts: ImportConnOptions = {}): Promise<ImportConn> {
  return dialectOf(db) === 'postgres' ? openPostgresConn(db) : openSqliteConn(db, opts.fresh ?? false);
}

/**
 * Page cache of the import's connection, in MiB (SQLite's default is 16): more of the orders'
 * indexes stay in memory while a million rows go in (bench/import.ts: the write takes about a
 * fifth less). Bounded, and given back when the import ends.
 */
const SQLITE_CACHE_MIB = { main: 64, temp: 32 };

function openSqliteConn(db: DB, fresh: boolean): ImportConn {
  const sqlite = rawSqlite(db)!;
  const saved = {
    main: sqlite.pragma('cache_size', { simple: true }) as number,
    temp: sqlite.pragma('temp.cache_size', { simple: true }) as number,
    journal: String(sqlite.pragma('journal_mode', { simple: true })),
    sync: sqlite.pragma('synchronous', { simple: true }) as number,
  };
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_MIB.main * 1024}`);
  sqlite.pragma(`temp.cache_size = -${SQLITE_CACHE_MIB.temp * 1024}`);
  if (fresh) {
    // As db/bulk.ts's fresh writer: defensive mode refuses journal_mode=OFF, and SQLite leaves
    // WAL only for a rollback mode.
    sqlite.unsafeMode(true);
    if (saved.journal.toLowerCase() === 'wal') sqlite.pragma('journal_mode = DELETE');
    sqlite.pragma('journal_mode = OFF');
    sqlite.pragma('synchronous = OFF');
  }
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (text: string) => {
    let s = statements.get(text);
    if (!s) {
      s = sqlite.prepare(text);
      // Batches of one size share one text; partial batches and checks are few.
      if (statements.size < 100) statements.set(text, s);
    }
    return s;
  };
  const rawStatements = new Map<string, SQLite.Statement>();
  const prepareRaw = (text: string) => {
    let s = rawStatements.get(text);
    if (!s) {
      s = sqlite.prepare(text).raw(true);
      if (rawStatements.size < 100) rawStatements.set(text, s);
    }
    return s;
  };
  const conn: ImportConn = {
    dialect: 'sqlite',
    run: async (text, params = []) => prepare(text).run(params).changes,
    all: async <T>(text: string, params: readonly SqlValue[] = []) => prepare(text).all(params) as T[],
    rows: async <T extends readonly unknown[]>(text: string, params: readonly SqlValue[] = []) => prepareRaw(text).all(params) as T[],
    each: async <T extends readonly unknown[]>(text: string, params: readonly SqlValue[], fn: (row: T) => void) => {
      let k = 0;
      for (const row of prepareRaw(text).iterate(params)) {
        fn(row as T);
        k++;
      }
      return k;
    },
    inserter: (table, columns) => new Inserter(conn, table, columns),
    // Kysely's own connection is taken for the transaction: in a server process no other query
    // runs on the (single) SQLite connection inside it.
    transaction: (body) =>
      db.connection().execute(async (pinned) => {
        sqlite.exec('BEGIN IMMEDIATE');
        try {
          const result = await body(pinned);
          sqlite.exec('COMMIT');
          return result;
        } catch (err) {
          if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
          throw err;
        }
      }),
    release: () => {
      statements.clear();
      rawStatements.clear();
      sqlite.pragma(`cache_size = ${saved.main}`);
      sqlite.pragma(`temp.cache_size = ${saved.temp}`);
      if (fresh) {
        sqlite.pragma(`journal_mode = ${saved.journal}`);
        sqlite.pragma(`synchronous = ${saved.sync}`);
        sqlite.unsafeMode(false);
      }
    },
  };
  return conn;
}

/**
 * The pool's query timeout (15 s) is for requests; an import's statements over a million rows
 * may take longer, so each one here carries its own.
 */
const IMPORT_QUERY_TIMEOUT_MS = 6 * 3600_000;

async function openPostgresConn(db: DB): Promise<ImportConn> {
  const pool = rawPostgres(db)!;
  const client = await pool.connect();
  const texts = new Map<string, string>();
  const numbered = (text: string) => {
    let t = texts.get(text);
    if (t === undefined) {
      let n = 0;
      t = text.replace(/\?/g, () => `$${++n}`);
      if (texts.size < 100) texts.set(text, t);
    }
    return t;
  };
  const query = (text: string, params: readonly SqlValue[] = []) =>
    client.query({ text: numbered(text), values: params as SqlValue[], query_timeout: IMPORT_QUERY_TIMEOUT_MS } as pg.QueryConfig);
  let broken: Error | undefined;
  const conn: ImportConn = {
    dialect: 'postgres',
    run: async (text, params) => (await query(text, params)).rowCount ?? 0,
    all: async <T>(text: string, params?: readonly SqlValue[]) => (await query(text, params)).rows as T[],
    rows: async <T extends readonly unknown[]>(text: string, params: readonly SqlValue[] = []) =>
      (
        await client.query({
          text: numbered(text),
          values: params as SqlValue[],
          rowMode: 'array',
          query_timeout: IMPORT_QUERY_TIMEOUT_MS,
        } as pg.QueryArrayConfig)
      ).rows as unknown as T[],
    async each<T extends readonly unknown[]>(text: string, params: readonly SqlValue[], fn: (row: T) => void) {
      const rows = await conn.rows<T>(text, params);
      for (const row of rows) fn(row);
      return rows.length;
    },
    inserter: (table, columns) => new CopyInserter(client, table, columns.length, columns),
    async transaction(body) {
      await query('begin');
      try {
        await query(`select pg_advisory_xact_lock(hashtext('abo-inquiry-seed'))`);
        const result = await body(onClient(client));
        await query('commit');
        return result;
      } catch (err) {
        await query('rollback').catch((e: unknown) => (broken = e instanceof Error ? e : new Error(String(e))));
        throw err;
      }
    },
    release: () => client.release(broken),
  };
  return conn;
}

/** A Kysely instance whose every query runs on `client` (inside whatever it has begun). */
function onClient(client: pg.PoolClient): Kysely<Database> {
  const borrowed = {
    query: client.query.bind(client),
    // The import releases the client itself, once.
    release: () => undefined,
  };
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: { connect: async () => borrowed as unknown as pg.PoolClient, end: async () => undefined },
    }),
  });
}
