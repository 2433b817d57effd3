// The embedded SQLite database (the default): WAL, foreign keys on, transactional migrations.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteDialect, type DialectAdapter } from 'kysely';
import type { Config } from '../config.ts';
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

export function sqlitePath(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'inquiry.sqlite');
}

/** Opens the embedded SQLite database (WAL, foreign keys on) in DATA_DIR. */
export function openSqlite(file: string): DB {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new AppSqliteDialect({ database: sqlite }) });
  rawHandles.set(db, sqlite);
  return db;
}

/** The better-sqlite3 handle of a database opened by openSqlite (undefined for other dialects). */
export function rawSqlite(db: DB): SQLite.Database | undefined {
  return rawHandles.get(db);
}

