import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-analytics-retention.ts';
import * as m0003 from './migrations/0003-orders-and-attendance.ts';
import * as m0004 from './migrations/0004-statement-payment-date.ts';
import * as m0005 from './migrations/0005-open-month-passed-up.ts';
import * as m0006 from './migrations/0006-document-links.ts';
import * as m0007 from './migrations/0007-notifications.ts';
import * as m0008 from './migrations/0008-watchlist.ts';
import * as m0009 from './migrations/0009-pin-held.ts';
import * as m0010 from './migrations/0010-order-bv.ts';
import * as m0011 from './migrations/0011-close-checkpoint.ts';
import * as m0012 from './migrations/0012-close-checkpoint-parts.ts';
import * as m0013 from './migrations/0013-answer-changes.ts';
import * as m0014 from './migrations/0014-member-no.ts';
import * as m0015 from './migrations/0015-order-months.ts';
import * as m0016 from './migrations/0016-sign-in-windows.ts';
import * as m0017 from './migrations/0017-operator-imports.ts';
import * as m0018 from './migrations/0018-certificate-issues.ts';
import * as m0019 from './migrations/0019-plan-news.ts';
import { openPostgres, postgresSchema, rawPostgres } from './postgres.ts';
import { openSqlite, rawSqlite, sqlitePath } from './sqlite.ts';

export { openPostgres, openSqlite, rawPostgres, rawSqlite, sqlitePath };

export type DB = Kysely<Database>;

/** Migrations are bundled as code so the built server needs no migration folder. */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-analytics-retention': m0002,
  '0003-orders-and-attendance': m0003,
  '0004-statement-payment-date': m0004,
  '0005-open-month-passed-up': m0005,
  '0006-document-links': m0006,
  '0007-notifications': m0007,
  '0008-watchlist': m0008,
  '0009-pin-held': m0009,
  '0010-order-bv': m0010,
  '0011-close-checkpoint': m0011,
  '0012-close-checkpoint-parts': m0012,
  '0013-answer-changes': m0013,
  '0014-member-no': m0014,
  '0015-order-months': m0015,
  '0016-sign-in-windows': m0016,
  '0017-operator-imports': m0017,
  '0018-certificate-issues': m0018,
  '0019-plan-news': m0019,
};

/**
 * Destroys a Kysely instance: ends a PostgreSQL pool, closes a SQLite handle (Kysely alone
 * leaves that open when no query ever ran, its driver initializing lazily, which would keep
 * the file locked).
 */
export async function closeDatabase(db: DB): Promise<void> {
  await db.destroy();
  rawSqlite(db)?.close();
}

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: DB): Dialect {
  return rawPostgres(db) ? 'postgres' : 'sqlite';
}

/** PostgreSQL when DATABASE_URL is set, else the embedded SQLite file in DATA_DIR. */
export function openDatabase(
  config: Pick<Config, 'dataDir' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>,
  onConnectionError?: (err: Error) => void,
): DB {
  if (config.DATABASE_URL) {
    return openPostgres(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE, ...(onConnectionError ? { onConnectionError } : {}) });
  }
  return openSqlite(sqlitePath(config));
}

/** Names of the migrations this build knows, in order (a restored database must not be newer). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/** The named migrations of this build (restore rebuilds the schema a backup should have). */
export function migrationsNamed(names: readonly string[]): Record<string, Migration> {
  return Object.fromEntries(
    names.map((name) => {
      const migration = migrations[name];
      if (!migration) throw new Error(`Unknown migration ${name}`);
      return [name, migration];
    }),
  );
}

/** PostgreSQL's codes for a table or schema that went while it was being listed. */
const VANISHED = new Set(['42P01', '3F000']);

/**
 * Applies pending migrations in one transaction (PostgreSQL runs DDL in transactions; for
 * SQLite see TransactionalSqliteAdapter), under the migrator's lock so several processes
 * starting at once migrate once. `set` is
 * for tests that need a failing migration; the app always runs its own.
 */

export async function migrateToLatest(db: DB, set: Record<string, Migration> = migrations): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migratorOf(db, set).migrateToLatest();
    // Kysely finds its bookkeeping tables by listing tables (of every schema when the database has
    // no schema of its own, postgres.ts); a schema another process drops meanwhile fails that
    // listing with undefined_table (42P01) or invalid_schema_name (3F000) before anything ran.
    // Listing again is safe: the migrations run under their lock, once.
    if (error && attempt < 3 && VANISHED.has(String((error as { code?: unknown }).code)) && !results?.length) continue;
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}

function migratorOf(db: DB, set: Record<string, Migration>): Migrator {
  // Kysely looks for its bookkeeping tables by name in every schema it can see: in a schema of
  // its own (the PostgreSQL test suite), name the schema or another one's tables would count.
  const schema = postgresSchema(db);
  return new Migrator({ db, provider: { getMigrations: async () => set }, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** This build's migrations the database has not run yet (readiness: routes/health/health-routes.ts). */
export async function pendingMigrations(db: DB): Promise<string[]> {
  return (await migratorOf(db, migrations).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}
