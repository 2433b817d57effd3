import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ensurePrivateDir, PRIVATE_FILE_MODE, SIDE_FILES } from './file-modes.ts';
import { closeDatabase, MIGRATION_NAMES, migrateToLatest, migrationsNamed, openSqlite, rawSqlite } from './index.ts';

/** A refusal with a message for the operator (bad file, database in use, would overwrite). */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface DatabaseSummary {
  /** Migrations the database has applied. */
  migrations: string[];
  distributors: number;
  bytes: number;
}

/**
 * Checks that an open handle is a sound database of this app: SQLite's own quick_check passes,
 * the app's tables are there, and its migrations are ones this build knows (not newer).
 */
function summarize(db: SQLite.Database, file: string): DatabaseSummary {
  let check: unknown;
  try {
    check = db.pragma('quick_check', { simple: true });
  } catch (err) {
    throw new BackupError(`${file} is not a SQLite database (${(err as Error).message})`);
  }
  if (check !== 'ok') throw new BackupError(`${file} is damaged: ${String(check)}`);
  const tables = new Set(
    (db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>).map((r) => r.name),
  );
  if (!tables.has('meta') || !tables.has('kysely_migration') || !tables.has('distributors')) {
    throw new BackupError(`${file} is not an ABO Inquiry database (no meta, migration or distributors table)`);
  }
  const migrations = (db.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>).map((r) => r.name);
  const unknown = migrations.filter((m) => !MIGRATION_NAMES.includes(m));
  if (unknown.length > 0) {
    throw new BackupError(`${file} was written by a newer version of the app (migrations ${unknown.join(', ')}); upgrade first`);
  }
  if (migrations.length === 0) throw new BackupError(`${file} has no applied migrations`);
  const { n } = db.prepare('select count(*) as n from distributors').get() as { n: number };
  return { migrations, distributors: n, bytes: fs.statSync(file).size };
}

interface SchemaEntry {
  type: string;
  name: string;
  tbl_name: string;
  sql: string;
}

/** Statistics ANALYZE may leave; the only sqlite_master rows the migrations need not make. */
const STAT_TABLES = new Set(['sqlite_stat1', 'sqlite_stat2', 'sqlite_stat3', 'sqlite_stat4']);

/** Every table, index, trigger and view of a database, keyed by type and name, SQL normalised. */
function readSchema(db: SQLite.Database): Map<string, SchemaEntry> {
  const rows = db.prepare('select type, name, tbl_name, sql from main.sqlite_master').all() as Array<{
    type: string;
    name: string;
    tbl_name: string;
    sql: string | null;
  }>;
  const schema = new Map<string, SchemaEntry>();
  for (const row of rows) {
    if (row.type === 'table' && STAT_TABLES.has(row.name)) continue;
    schema.set(`${row.type} ${row.name}`, { ...row, sql: (row.sql ?? '').replace(/\s+/g, ' ').trim() });
  }
  return schema;
}

/** The schema this build's migrations make, up to and including `names`, in a scratch database. */
async function schemaOfMigrations(names: readonly string[]): Promise<Map<string, SchemaEntry>> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-schema-'));
  try {
    const db = openSqlite(path.join(scratch, 'schema.sqlite'));
    try {
      await migrateToLatest(db, migrationsNamed(names));
      return readSchema(rawSqlite(db)!);
    } finally {
      await closeDatabase(db);
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Refuses a database whose tables, indexes, triggers or views are not exactly what the
 * migrations it records make: a tampered backup could carry a trigger that runs on the next
 * write, or a view or table the app never made.
 */
async function checkSchema(actual: Map<string, SchemaEntry>, migrations: readonly string[], file: string): Promise<void> {
  const known = MIGRATION_NAMES.slice(0, migrations.length);
  if (migrations.some((m, i) => m !== known[i])) {
    throw new BackupError(`${file} records migrations ${migrations.join(', ')}, not the first ${migrations.length} of this version's`);
  }
  const expected = await schemaOfMigrations(migrations);
  for (const [key, entry] of actual) {
    const want = expected.get(key);
    if (!want) throw new BackupError(`${file}: ${entry.type} ${entry.name} is not in the schema; refusing to restore it`);
    if (want.tbl_name !== entry.tbl_name || want.sql !== entry.sql) {
      throw new BackupError(`${file}: ${entry.type} ${entry.name} differs from the schema; refusing to restore it`);
    }
  }
  for (const [key, want] of expected) {
    if (!actual.has(key)) throw new BackupError(`${file}: ${want.type} ${want.name} of the schema is missing; refusing to restore it`);
  }
}

/** Opens and checks a database file without changing it. */
export function inspectDatabase(file: string): DatabaseSummary {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new BackupError(`${file} cannot be opened (${(err as Error).message})`);
  }
  try {
    return summarize(db, file);
  } finally {
    db.close();
  }
}

/**
 * Online backup with SQLite's backup API: consistent even while the server reads and writes.
 * The copy is written next to `out` and renamed into place only once complete and checked, and
 * it is a single self-contained file (rollback journal, no -wal beside it).
 */
export async function backupDatabase(source: string, out: string, { force = false } = {}): Promise<DatabaseSummary> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}`);
  if (fs.existsSync(out) && !force) throw new BackupError(`${out} already exists; add --force to replace it`);
  if (path.resolve(out) === path.resolve(source)) throw new BackupError('The backup cannot replace the database itself');
  // A backup carries the signing keys: a folder made for it is 0700, the copy 0600 from its first byte.
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  const partial = `${out}.partial`;
  for (const suffix of ['', ...SIDE_FILES]) fs.rmSync(partial + suffix, { force: true });
  fs.closeSync(fs.openSync(partial, 'wx', PRIVATE_FILE_MODE));
  const src = new SQLite(source, { fileMustExist: true });
  try {
    src.pragma('busy_timeout = 5000');
    summarize(src, source);
    await src.backup(partial);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    src.close();
  }
  try {
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      summarize(copy, partial);
    } finally {
      copy.close();
    }
    fs.renameSync(partial, out);
  } catch (err) {
    for (const suffix of ['', ...SIDE_FILES]) fs.rmSync(partial + suffix, { force: true });
    throw err;
  }
  return inspectDatabase(out);
}

export interface RestoreResult extends DatabaseSummary {
  /** Where the database that was replaced now lives (kept, never deleted). */
  previous?: string;
}

/**
 * Replaces the database at `target` with the backup `from`:
 *  - the backup is copied into the data directory and checked there (SQLite quick_check, app
 *    tables, known migrations, and exactly the tables, indexes, triggers and views those
 *    migrations make — compared with a scratch database migrated as far) before anything is
 *    touched;
 *  - an existing database is replaced only with `force`, and only when no process has it open
 *    (leaving WAL mode needs exclusive access, so a running server makes this fail) — the
 *    replaced one is kept beside it as `<name>.pre-restore-<time>`;
 *  - the checked copy is renamed over the database in one atomic step.
 */
export async function restoreDatabase(from: string, target: string, { force = false, now = new Date() } = {}): Promise<RestoreResult> {
  if (!fs.existsSync(from)) throw new BackupError(`${from} does not exist`);
  if (path.resolve(from) === path.resolve(target)) throw new BackupError('Cannot restore a database onto itself');
  if (fs.existsSync(`${from}-wal`)) {
    throw new BackupError(`${from} has a -wal file beside it (a live database?); make a copy with the backup command and restore that`);
  }
  const exists = fs.existsSync(target);
  if (exists && !force) throw new BackupError(`${target} already exists; add --force to replace it (it is kept as a .pre-restore copy)`);
  ensurePrivateDir(path.dirname(target));

  const staged = `${target}.restore-${process.pid}.tmp`;
  const cleanStaged = () => {
    for (const suffix of ['', ...SIDE_FILES]) fs.rmSync(staged + suffix, { force: true });
  };
  cleanStaged();
  fs.copyFileSync(from, staged);
  // The copy takes the backup's mode; the database is 0600 whatever the backup was.
  fs.chmodSync(staged, PRIVATE_FILE_MODE);
  let summary: DatabaseSummary;
  try {
    const copy = new SQLite(staged, { fileMustExist: true });
    let schema: Map<string, SchemaEntry>;
    try {
      summary = summarize(copy, from);
      schema = readSchema(copy);
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    await checkSchema(schema, summary.migrations, from);
  } catch (err) {
    cleanStaged();
    throw err;
  }

  let lock: SQLite.Database | undefined;
  let previous: string | undefined;
  try {
    if (exists) {
      lock = new SQLite(target, { fileMustExist: true });
      lock.pragma('busy_timeout = 0');
      let mode: unknown;
      try {
        // Checkpoints and leaves WAL mode, which only succeeds when nobody else has it open.
        mode = lock.pragma('journal_mode = DELETE', { simple: true });
        // Hold the file so that nothing opens it between this check and the rename.
        lock.exec('BEGIN EXCLUSIVE');
      } catch {
        mode = 'busy';
      }
      if (mode !== 'delete') {
        throw new BackupError(`${target} is in use (is the server running?); stop it and run restore again`);
      }
      previous = `${target}.pre-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      try {
        fs.linkSync(target, previous);
      } catch {
        fs.copyFileSync(target, previous);
      }
      // The replaced database keeps the keys and data it held: as private as the live one.
      fs.chmodSync(previous, PRIVATE_FILE_MODE);
      for (const suffix of SIDE_FILES) fs.rmSync(target + suffix, { force: true });
    }
    fs.renameSync(staged, target);
  } catch (err) {
    cleanStaged();
    throw err;
  } finally {
    if (lock) {
      try {
        if (lock.inTransaction) lock.exec('ROLLBACK');
      } finally {
        lock.close();
      }
    }
  }
  return { ...summary, bytes: fs.statSync(target).size, ...(previous ? { previous } : {}) };
}
