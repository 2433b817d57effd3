// The embedded SQLite database (the default): WAL, foreign keys on, transactional migrations.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteDialect, type DialectAdapter, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Config } from '../config.ts';
import { preparePrivateDatabase } from './file-modes.ts';
import type { Database } from './schema.ts';

type DB = Kysely<Database>;

/**
 * The raw better-sqlite3 handle behind each Kysely instance opened by openSqlite. Kysely stays
 * the way to query; the raw handle is only for bulk loads (see bulk.ts) and pragmas.
 */
const rawHandles = new WeakMap<DB, SQLite.Database>();

/**
 * SQLite runs DDL inside transactions, but Kysely's SqliteAdapter says it does not
 * (supportsTransactionalDdl = false), so its migrator would apply a migration statement by
 * statement and a failure halfway would leave a half-built schema. This adapter tells the
 * truth, and the migrator then runs every pending migration and its bookkeeping row in one
 * transaction: all of them land, or none.
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class AppSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}

/** Distinct SQL texts kept prepared per database; the least recently used one goes first. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * The handle Kysely's SQLite driver queries through: better-sqlite3 with each SQL text prepared
 * once. Kysely prepares every query it runs, and preparing (parsing and planning) costs more
 * than running the small indexed queries the BFF makes (bench/bff.ts). A cached statement is
 * safe to reuse: the driver runs one query at a time on its single connection (iterating
 * statements included), and SQLite re-prepares a statement by itself after a schema change.
 */
function cachingHandle(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = statements.get(sql);
      if (stmt) {
        // Most recently used last, so the oldest key is the one to evict.
        statements.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, stmt);
      // Kysely runs what it prepares: a statement that may write makes the change token read again.
      if (!stmt.reader) forgetChangeToken(sqlite);
      return stmt;
    },
  };
}

export function sqlitePath(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'inquiry.sqlite');
}

/**
 * Opens the embedded SQLite database (WAL, foreign keys on) in DATA_DIR: a folder of 0700 and
 * files of 0600; a database other accounts may read is refused (db/file-modes.ts).
 */
export function openSqlite(file: string): DB {
  preparePrivateDatabase(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new AppSqliteDialect({ database: cachingHandle(sqlite) }) });
  rawHandles.set(db, sqlite);
  return db;
}

const changeTokens = new WeakMap<DB, () => string>();
/** The change token already read in this turn of the event loop, per connection. */
const tokensThisTurn = new WeakMap<SQLite.Database, string>();
// Taken at load, so a test's fake timers cannot keep a token for ever.
const nextTurn = setImmediate;

function forgetChangeToken(sqlite: SQLite.Database): void {
  tokensThisTurn.delete(sqlite);
}

/**
 * For a database opened by openSqlite, a function answering a token that changes whenever rows
 * may have changed: rows written through this connection (total_changes()) or anything committed
 * by another connection or process (PRAGMA data_version), so a caller can skip a dearer check
 * while the token stays the same. Asking SQLite costs about 10 µs (two statements), a tenth of
 * a kept answer's whole cost, so the token is read once per turn of the event loop: the requests
 * that arrived together share it, as if they had been answered a moment earlier. A write
 * through this connection (Kysely's or the raw handle's) makes the next call read it again.
 * Undefined for other dialects.
 */
export function sqliteChangeToken(db: DB): (() => string) | undefined {
  let token = changeTokens.get(db);
  if (!token) {
    const sqlite = rawHandles.get(db);
    if (!sqlite) return undefined;
    const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
    const totalChanges = sqlite.prepare('select total_changes()').pluck();
    token = () => {
      let known = tokensThisTurn.get(sqlite);
      if (known === undefined) {
        known = `${dataVersion.get() as number}|${totalChanges.get() as number}`;
        tokensThisTurn.set(sqlite, known);
        nextTurn(() => forgetChangeToken(sqlite));
      }
      return known;
    };
    changeTokens.set(db, token);
  }
  return token;
}

/**
 * The better-sqlite3 handle of a database opened by openSqlite (undefined for other dialects).
 * Whoever takes it may write, so the change token is read again on its next call.
 */
export function rawSqlite(db: DB): SQLite.Database | undefined {
  const sqlite = rawHandles.get(db);
  if (sqlite) forgetChangeToken(sqlite);
  return sqlite;
}
