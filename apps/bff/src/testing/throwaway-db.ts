// The BFF tests' throwaway database: a migrated SQLite file in a temporary folder or, when
// TEST_DATABASE_URL is set (the PostgreSQL suite), a schema of its own on that server; closing
// drops the schema and removes the folder. One helper for the import, close, delivery and app
// tests, and `throwawayDbs` for the files that open several and close them all at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll } from 'vitest';
import { closeDatabase, migrateToLatest, openPostgres, openSqlite, type DB } from '../db/index.ts';

let schemas = 0;

/** A schema name no other test (worker process) uses, for the PostgreSQL suite. */
export function uniqueSchemaName(prefix = 't'): string {
  return `${prefix}_${process.pid}_${++schemas}_${Math.random().toString(36).slice(2, 8)}`;
}

export interface ThrowawayDb {
  readonly db: DB;
  /** The temporary folder (the SQLite file is test.sqlite in it); removed on close. */
  readonly dir: string;
  /** Another connection (pool) to the same database: another process. */
  another(): DB;
  /**
   * Drops the PostgreSQL schema, closes the database and removes the folder. `closeDb` closes
   * `db` when something else owns it (an app closes the database it was given).
   */
  close(closeDb?: (db: DB) => Promise<unknown>): Promise<void>;
}

export interface ThrowawayDbOptions {
  /** Default: PostgreSQL when TEST_DATABASE_URL is set, else SQLite. */
  kind?: 'sqlite' | 'postgres';
  /** Names the folder (`abo-<name>-…`) and prefixes the schema. */
  name?: string;
  /** PostgreSQL pool size per connection. */
  poolSize?: number;
}

export async function openThrowawayDb({
  kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite',
  name = 'test',
  poolSize = 4,
}: ThrowawayDbOptions = {}): Promise<ThrowawayDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `abo-${name}-`));
  const schema = uniqueSchemaName(name.replace(/\W/g, '_'));
  const open = () =>
    kind === 'postgres' ? openPostgres(process.env.TEST_DATABASE_URL!, { schema, poolSize }) : openSqlite(path.join(dir, 'test.sqlite'));
  const db = open();
  await migrateToLatest(db);
  const others: DB[] = [];
  return {
    db,
    dir,
    another() {
      const o = open();
      others.push(o);
      return o;
    },
    async close(closeDb = closeDatabase) {
      for (const o of others) await closeDatabase(o).catch(() => undefined);
      if (kind === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
      await closeDb(db);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `open` wrapped so that everything it opens in a test file is closed after the file's tests:
 * `const fresh = throwawayDbs(openTestDb)`, then `await fresh()` in each test.
 */
export function throwawayDbs<T extends { close(): Promise<void> }, A extends unknown[]>(
  open: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  const opened: T[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close();
  });
  return async (...args) => {
    const d = await open(...args);
    opened.push(d);
    return d;
  };
}
