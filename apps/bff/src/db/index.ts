import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import * as m0001 from './migrations/0001-initial.ts';
import { openSqlite, rawSqlite, sqlitePath } from './sqlite.ts';

export { openSqlite, rawSqlite, sqlitePath };

export type DB = Kysely<Database>;

/** Migrations are bundled as code so the built server needs no migration folder. */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};

/**
 * Destroys a Kysely instance and closes its SQLite handle. Kysely alone leaves the handle open
 * when no query ever ran (its driver initializes lazily), which would keep the file locked.
 */
export async function closeDatabase(db: DB): Promise<void> {
  await db.destroy();
  rawSqlite(db)?.close();
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
