// PostgreSQL specifics (the PostgreSQL suite; TEST_DATABASE_URL from its global setup): the COPY
// bulk writer, the seed landing exactly as it does in SQLite, and several processes starting on
// one database at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ensureSeeded, seedDatabase } from '../seed/index.ts';
import { uniqueSchemaName } from '../testing/throwaway-db.ts';
import { openPostgresBulkWriter } from './bulk.ts';
import { closeDatabase, dialectOf, migrateToLatest, openPostgres, openSqlite, type DB } from './index.ts';
import { OwnSchemaIntrospector } from './postgres.ts';

const url = process.env.TEST_DATABASE_URL!;
const opened: DB[] = [];
const schemas: string[] = [];
const dirs: string[] = [];

function schemaName(): string {
  const s = uniqueSchemaName('p');
  schemas.push(s);
  return s;
}
function pgDb(schema: string): DB {
  const db = openPostgres(url, { schema, poolSize: 3 });
  opened.push(db);
  return db;
}

afterAll(async () => {
  const admin = openPostgres(url, { poolSize: 1 });
  for (const s of schemas) await sql`drop schema if exists ${sql.id(s)} cascade`.execute(admin);
  await closeDatabase(admin);
  for (const db of opened) await closeDatabase(db).catch(() => undefined);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('migrating beside other schemas', () => {
  it.each([
    ['42P01', 'relation "other_schema.certificate_issues" does not exist'],
    ['3F000', 'schema "other_schema" does not exist'],
  ])('lists the tables again when another schema went while Kysely listed them (%s)', async (code, message) => {
    // What the suite's workers do to each other: one drops its schema while another migrates.
    const dropped = Object.assign(new Error(message), { code });
    const listing = vi.spyOn(OwnSchemaIntrospector.prototype, 'getTables').mockRejectedValueOnce(dropped);
    try {
      const db = pgDb(schemaName());
      expect(await migrateToLatest(db)).toContain('0019-plan-news');
    } finally {
      listing.mockRestore();
    }
  });
});

describe('a database with a schema of its own', () => {
  it('lists only its own tables, so schemas dropped meanwhile elsewhere cannot fail its migrations', async () => {
    const own = schemaName();
    const mine = pgDb(own);
    await migrateToLatest(mine);
    const elsewhere = Array.from({ length: 6 }, () => schemaName());
    for (const name of elsewhere) await sql`create table elsewhere (id serial primary key, note text)`.execute(pgDb(name));
    const admin = pgDb(schemaName());
    // Other schemas go while this one lists its tables, as the suite's workers do.
    const dropping = Promise.all(elsewhere.map((name) => sql`drop schema ${sql.id(name)} cascade`.execute(admin)));
    const tables = await mine.introspection.getTables({ withInternalKyselyTables: true });
    await dropping;
    const names = tables.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'monthly_results']));
    expect(names).not.toContain('elsewhere');
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([own]));
    const results = tables.find((t) => t.name === 'monthly_results')!;
    expect(results.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['ada', 'month', 'gpv']));
    expect((await mine.introspection.getTables()).map((t) => t.name)).not.toContain('kysely_migration');
  });
});

describe('PostgreSQL bulk writer (COPY)', () => {
  it('round-trips every awkward value and commits all rows at once', async () => {
    const db = pgDb(schemaName());
    await sql`create table awkward (id integer primary key, t text, n bigint)`.execute(db);
    const awkward = ['tab\there', 'line\nbreak', 'cr\rlf', 'back\\slash', '\\N', '', '王小明 «ü» 😀', 'quote \' " ,;', 'x'.repeat(5000)];
    const w = await openPostgresBulkWriter(db);
    const ins = w.inserter('awkward', ['id', 't', 'n']);
    awkward.forEach((t, i) => ins.add([i, t, 2 ** 40 + i]));
    ins.add([awkward.length, null, null]);
    // Nothing is visible to others before the commit.
    expect((await sql<{ n: number }>`select count(*) as n from awkward`.execute(db)).rows[0]!.n).toBe(0);
    await w.commit();
    const rows = (await sql<{ id: number; t: string | null; n: number | null }>`select id, t, n from awkward order by id`.execute(db)).rows;
    expect(rows.map((r) => r.t)).toEqual([...awkward, null]);
    // int8 arrives as a number, as SQLite hands it out.
    expect(rows[1]!.n).toBe(2 ** 40 + 1);
    expect(rows.at(-1)!.n).toBeNull();
  });

  it('rolls back everything written through it', async () => {
    const db = pgDb(schemaName());
    await sql`create table kept (id integer primary key)`.execute(db);
    const w = await openPostgresBulkWriter(db);
    const ins = w.inserter('kept', ['id']);
    for (let i = 0; i < 1000; i++) ins.add([i]);
    await w.flush();
    await w.rollback();
    expect((await sql<{ n: number }>`select count(*) as n from kept`.execute(db)).rows[0]!.n).toBe(0);
  });

  it('fails the commit, and keeps nothing, when a row breaks a constraint', async () => {
    const db = pgDb(schemaName());
    await sql`create table uniq (id integer primary key)`.execute(db);
    const w = await openPostgresBulkWriter(db);
    const ins = w.inserter('uniq', ['id']);
    ins.add([1]);
    ins.add([1]);
    await expect(w.commit()).rejects.toThrow(/duplicate key/);
    expect((await sql<{ n: number }>`select count(*) as n from uniq`.execute(db)).rows[0]!.n).toBe(0);
  });
});

/** Every row of a table, in primary-key order, as comparable plain values. */
async function dump(db: DB, table: string, orderBy: string, drop: string[] = []): Promise<unknown[]> {
  const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.raw(orderBy)}`.execute(db)).rows;
  return rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(r).sort()) if (!drop.includes(k)) out[k] = r[k];
    return out;
  });
}

describe('the demo seed on PostgreSQL', () => {
  it('writes exactly the rows it writes to SQLite', async () => {
    const options = { distributors: 400, seed: 11, today: '2026-11-21' };
    const pg = pgDb(schemaName());
    await migrateToLatest(pg);
    expect(dialectOf(pg)).toBe('postgres');
    const pgReport = await seedDatabase(pg, options, { planWorker: false });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-pg-parity-'));
    dirs.push(dir);
    const lite = openSqlite(path.join(dir, 'inquiry.sqlite'));
    opened.push(lite);
    await migrateToLatest(lite);
    const liteReport = await seedDatabase(lite, options, { fresh: true, planWorker: false });
    expect(pgReport.rows).toEqual(liteReport.rows);

    const tables: [string, string, string[]?][] = [
      ['distributors', 'ada'],
      ['monthly_results', 'ada, month'],
      ['statements', 'ada, month'],
      ['plan_results', 'ada, py'],
      ['shops', 'code'],
      ['prompts', 'id'],
      ['description_pages', 'code'],
      // scrypt salts are random: the hashes differ, both verify (seed tests).
      ['credentials', 'username', ['password_hash']],
      ['meta', 'key', ['value']],
    ];
    for (const [table, orderBy, drop] of tables) {
      const [a, b] = [await dump(pg, table, orderBy, drop), await dump(lite, table, orderBy, drop)];
      expect(a.length, table).toBeGreaterThan(0);
      expect(a, table).toEqual(b);
    }
  });

  it('is loaded once when several processes start on an empty database at the same time', async () => {
    const schema = schemaName();
    const handles = [pgDb(schema), pgDb(schema), pgDb(schema)];
    // Each process migrates (the migrator's lock serializes them), then seeds if empty.
    await Promise.all(handles.map((db) => migrateToLatest(db)));
    const config = { SEED_DISTRIBUTORS: 200, SEED: 5, today: () => new Date('2026-11-21T12:00:00+08:00') };
    const reports = await Promise.all(handles.map((db) => ensureSeeded(db, config, () => undefined)));
    expect(reports.filter((r) => r !== null)).toHaveLength(1);
    const n = (await sql<{ n: number }>`select count(*) as n from distributors`.execute(handles[0]!)).rows[0]!.n;
    expect(n).toBe(200);
  });
});
