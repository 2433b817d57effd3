import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteBulkWriter } from './bulk.ts';
import { migrateToLatest, openSqlite, rawSqlite, type DB } from './index.ts';

const opened: { db: DB; dir: string }[] = [];
async function fresh(): Promise<DB> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-bulk-test-'));
  const db = openSqlite(path.join(dir, 'x.sqlite'));
  await migrateToLatest(db);
  opened.push({ db, dir });
  return db;
}
afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('SQLite bulk writer', () => {
  it('writes full batches and the partial last one, reusing the caller row array', async () => {
    const db = await fresh();
    const w = openSqliteBulkWriter(db, { batchRows: 16 });
    const ins = w.inserter('meta', ['key', 'value']);
    const row: (string | null)[] = ['', ''];
    for (let i = 0; i < 100; i++) {
      row[0] = `k${String(i).padStart(3, '0')}`;
      row[1] = `v${i}`;
      ins.add(row);
    }
    await w.commit();
    const rows = await db.selectFrom('meta').selectAll().orderBy('key').execute();
    expect(ins.rows).toBe(100);
    expect(rows).toHaveLength(100);
    expect(rows[99]).toEqual({ key: 'k099', value: 'v99' });
  });

  it('rolls back and restores the connection settings', async () => {
    const db = await fresh();
    const raw = rawSqlite(db)!;
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    const w = openSqliteBulkWriter(db, { fresh: false });
    w.inserter('meta', ['key', 'value']).add(['a', 'b']);
    await w.rollback();
    expect(await db.selectFrom('meta').selectAll().execute()).toEqual([]);
    expect(raw.inTransaction).toBe(false);

    const f = openSqliteBulkWriter(db, { fresh: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('off');
    f.inserter('meta', ['key', 'value']).add(['a', 'b']);
    await f.commit();
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(raw.pragma('synchronous', { simple: true })).toBe(1);
    expect(await db.selectFrom('meta').selectAll().execute()).toEqual([{ key: 'a', value: 'b' }]);
  });

  it('rejects rows of the wrong width and unsafe identifiers', async () => {
    const db = await fresh();
    const w = openSqliteBulkWriter(db);
    expect(() => w.inserter('meta', ['key', 'value']).add(['only one'])).toThrow(/expected 2 values/);
    expect(() => w.inserter('meta; drop table meta', ['key'])).toThrow(/bad identifier/);
    await w.rollback();
  });
});
