// Test support for the import: a migrated throwaway database (SQLite, or PostgreSQL in the
// PostgreSQL suite, where TEST_DATABASE_URL is set) and folders of CSV files.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import { TABLE_NAMES } from '../db/schema.ts';
import { openThrowawayDb } from '../testing/throwaway-db.ts';

/** docs/examples: the example folder the import guide walks through. */
export const EXAMPLES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/examples');

/** The business day the tests run on (the examples' orders reach up to the day before). */
export { TEST_TODAY as TODAY } from '../testing/today.ts';

export interface TestDb {
  readonly db: DB;
  /** A new folder holding these files (name → content; a Buffer is written as is). */
  folder(files: Record<string, string | Buffer>): string;
  close(): Promise<void>;
}

export async function openTestDb(kind?: 'sqlite' | 'postgres'): Promise<TestDb> {
  const t = await openThrowawayDb({ name: 'import-test', poolSize: 3, ...(kind ? { kind } : {}) });
  let folders = 0;
  return {
    db: t.db,
    folder(files) {
      const f = path.join(t.dir, `in-${++folders}`);
      fs.mkdirSync(f);
      for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(f, name), content);
      return f;
    },
    close: () => t.close(),
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
