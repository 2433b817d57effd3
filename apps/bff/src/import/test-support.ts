// Test support for the import: a migrated throwaway database (SQLite, or PostgreSQL in the
// PostgreSQL suite, where TEST_DATABASE_URL is set) and folders of CSV files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { closeDatabase, migrateToLatest, openPostgres, openSqlite, type DB } from '../db/index.ts';
import { TABLE_NAMES } from '../db/schema.ts';
import { uniqueSchemaName } from '../testing/test-app.ts';

/** docs/examples: the example folder the import guide walks through. */
export const EXAMPLES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/examples');

/** The business day the tests run on (the examples' orders reach up to the day before). */
export const TODAY = '2026-11-21';

export interface TestDb {
  readonly db: DB;
  /** A new folder holding these files (name → content; a Buffer is written as is). */
  folder(files: Record<string, string | Buffer>): string;
  close(): Promise<void>;
}

export async function openTestDb(kind: 'sqlite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-import-test-'));
  const schema = uniqueSchemaName('imp');
  const db =
    kind === 'postgres' ? openPostgres(process.env.TEST_DATABASE_URL!, { schema, poolSize: 3 }) : openSqlite(path.join(dir, 'test.sqlite'));
  await migrateToLatest(db);
  let folders = 0;
  return {
    db,
    folder(files) {
      const f = path.join(dir, `in-${++folders}`);
      fs.mkdirSync(f);
      for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(f, name), content);
      return f;
    },
    async close() {
      if (kind === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
      await closeDatabase(db);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every row of every table, in a stable order: equal dumps = nothing changed. */
export async function dumpAll(db: DB): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLE_NAMES) {
    out[table] = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2`.execute(db)).rows;
  }
  return out;
}

/** CSV text from lines (each an array of cells or a raw line). */
export function csv(...lines: (string | readonly string[])[]): string {
  return lines.map((l) => (typeof l === 'string' ? l : l.join(','))).join('\n') + '\n';
}
