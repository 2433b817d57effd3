import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteAdapter, SqliteDialect, type DialectAdapter, type Migration } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import * as m0001 from './migrations/0001-initial.ts';

export type DB = Kysely<Database>;

/** Migrations are bundled as code so the built server needs no migration folder. */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};

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

/**
 * Destroys a Kysely instance and closes its SQLite handle. Kysely alone leaves the handle open
 * when no query ever ran (its driver initializes lazily), which would keep the file locked.
 */
export async function closeDatabase(db: DB): Promise<void> {
  await db.destroy();
  rawHandles.get(db)?.close();
}

export function openDatabase(config: Pick<Config, 'dataDir' | 'DATABASE_URL'>): DB {
  if (config.DATABASE_URL) {
    throw new Error('PostgreSQL support is not built yet; unset DATABASE_URL to use SQLite');
  }
  return openSqlite(sqlitePath(config));
}

/** Names of the migrations this build knows, in order (a restored database must not be newer). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/**
 * Applies pending migrations in one transaction (see TransactionalSqliteAdapter). `set` is
 * for tests that need a failing migration; the app always runs its own.
 */
export async function migrateToLatest(db: DB, set: Record<string, Migration> = migrations): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => set } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
