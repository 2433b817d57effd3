import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, MIGRATION_NAMES, migrateToLatest, openSqlite, rawSqlite, type DB } from './index.ts';

const dirs: string[] = [];
const dbs: DB[] = [];
function fresh(): DB {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-sqlite-safety-'));
  dirs.push(dir);
  const db = openSqlite(path.join(dir, 'inquiry.sqlite'));
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function tables(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  return rows.map((r) => r.name);
}

describe('embedded SQLite', () => {
  it('runs in WAL mode with foreign keys enforced', async () => {
    const db = fresh();
    await migrateToLatest(db);
    const raw = rawSqlite(db)!;
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(raw.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(Number(raw.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0);
    // The pragmas hold for queries that go through Kysely too (same connection).
    const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(rows[0]?.foreign_keys).toBe(1);
  });

  it('refuses a row whose foreign key points nowhere', async () => {
    const db = fresh();
    await sql`create table parent (id integer primary key)`.execute(db);
    await sql`create table child (id integer primary key, parent_id integer not null references parent(id))`.execute(db);
    await expect(sql`insert into child (id, parent_id) values (1, 42)`.execute(db)).rejects.toThrow(/FOREIGN KEY/);
  });

  it('applies the app migrations once and records them', async () => {
    const db = fresh();
    expect(await migrateToLatest(db)).toEqual([...MIGRATION_NAMES]);
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await tables(db)).toEqual(expect.arrayContaining(['meta', 'distributors', 'kysely_migration']));
  });

  it('a migration failing halfway leaves no partial schema and no record of it', async () => {
    const db = fresh();
    await migrateToLatest(db);
    const before = await tables(db);
    const broken: Migration = {
      async up(trx: Kysely<unknown>) {
        await trx.schema
          .createTable('half_built')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .execute();
        await trx.schema.alterTable('distributors').addColumn('half_column', 'text').execute();
        await sql`insert into half_built (id) values (1)`.execute(trx);
        await sql`this is not sql`.execute(trx);
      },
    };
    // The applied migrations only need their names here; the migrator will not run them again.
    const appMigrations: Record<string, Migration> = Object.fromEntries(MIGRATION_NAMES.map((n) => [n, { up: async () => {} }]));
    await expect(migrateToLatest(db, { ...appMigrations, '9999-broken': broken })).rejects.toThrow(/syntax error/);

    expect(await tables(db)).toEqual(before);
    const columns = await sql<{ name: string }>`select name from pragma_table_info('distributors')`.execute(db);
    expect(columns.rows.map((c) => c.name)).not.toContain('half_column');
    const applied = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(applied.map((r) => (r as { name: string }).name)).toEqual([...MIGRATION_NAMES]);
    // The database is still usable and the lock is released: the good migrations run again as no-ops.
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('a first migration run that fails leaves an empty database, not half an app', async () => {
    const db = fresh();
    const failing: Migration = {
      async up(trx: Kysely<unknown>) {
        await trx.schema.createTable('first').addColumn('id', 'integer').execute();
        throw new Error('disk on fire');
      },
    };
    await expect(migrateToLatest(db, { '0001-failing': failing })).rejects.toThrow('disk on fire');
    expect((await tables(db)).filter((t) => !t.startsWith('kysely_'))).toEqual([]);
  });
});

describe('closeDatabase', () => {
  it('releases the file even when no query ever ran, so restore can take it', async () => {
    const db = fresh();
    dbs.pop();
    const raw = rawSqlite(db)!;
    await closeDatabase(db);
    expect(raw.open).toBe(false);
  });
});
