import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeDatabase, migrateToLatest, type DB } from './index.ts';
import { openSqlite, rawSqlite, sqliteChangeToken } from './sqlite.ts';

const dirs: string[] = [];
const dbs: DB[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await closeDatabase(db);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<{ db: DB; file: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-sqlite-'));
  dirs.push(dir);
  const file = path.join(dir, 'test.sqlite');
  const db = openSqlite(file);
  dbs.push(db);
  await migrateToLatest(db);
  return { db, file };
}

describe('the SQLite driver', () => {
  it('prepares each SQL text once and still follows a schema change', async () => {
    const { db } = await open();
    const prepare = vi.spyOn(rawSqlite(db)!, 'prepare');
    await sql`create table t (a integer)`.execute(db);
    await sql`insert into t values (1)`.execute(db);
    const read = () =>
      db
        .selectFrom('t' as never)
        .selectAll()
        .execute();
    expect(await read()).toEqual([{ a: 1 }]);
    expect(await read()).toEqual([{ a: 1 }]);
    const selects = prepare.mock.calls.filter(([text]) => String(text).startsWith('select'));
    expect(selects).toHaveLength(1);
    // SQLite re-prepares a statement whose tables changed; the cached one sees the new column.
    await sql`alter table t add column b integer default 7`.execute(db);
    expect(await read()).toEqual([{ a: 1, b: 7 }]);
  });

  it('has a change token that moves with every write, its own or another connection’s', async () => {
    const { db, file } = await open();
    const token = sqliteChangeToken(db)!;
    const at = (k: string) => db.insertInto('meta').values({ key: k, value: 'x' }).execute();
    const first = token();
    await db.selectFrom('meta').selectAll().execute();
    expect(token()).toBe(first);
    await at('a');
    const afterOwn = token();
    expect(afterOwn).not.toBe(first);
    rawSqlite(db)!.prepare("insert into meta (key, value) values ('b', 'y')").run();
    const afterRaw = token();
    expect(afterRaw).not.toBe(afterOwn);
    // Another process: a second connection to the same file commits. Requests answered in the
    // same turn of the event loop share one reading of the token; the next turn sees the commit.
    const other = new SQLite(file);
    try {
      other.prepare("insert into meta (key, value) values ('c', 'z')").run();
    } finally {
      other.close();
    }
    expect(token()).toBe(afterRaw);
    await new Promise((resolve) => setImmediate(resolve));
    const afterOther = token();
    expect(afterOther).not.toBe(afterRaw);
    // Its own writes show at once, in the same turn too.
    await at('d');
    expect(token()).not.toBe(afterOther);
  });
});
