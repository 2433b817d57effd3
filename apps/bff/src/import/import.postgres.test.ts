// PostgreSQL parity (the PostgreSQL suite): the same files land as the same rows as on SQLite,
// growing the tree included, and are refused with the same issues.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/index.ts';
import { importDirectory } from './import.ts';
import { ImportRejected } from './issues.ts';
import { csv, EXAMPLES_DIR, openTestDb, TODAY, type TestDb } from './import.test-support.ts';
import { throwawayDbs } from '../testing/throwaway-db.ts';

const open = throwawayDbs(openTestDb);

async function both(): Promise<[TestDb, TestDb]> {
  const pg = await open('postgres');
  const lite = await open('sqlite');
  return [pg, lite];
}

async function rows(db: DB, table: string, orderBy: string): Promise<unknown[]> {
  return (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.raw(orderBy)}`.execute(db)).rows;
}

const MORE = {
  'distributors.csv': csv(
    'ada,sponsor_ada,name,joined_on,bank_card',
    '86000013,86000002,新一,2026-11-01,6222 0202 0011 2233',
    '86000002,86000001,王芳芳,2019-06-03,',
  ),
  'orders.csv': csv(
    'order_id,ada,ordered_at,pv,bv,customer_id',
    'P-1,86000013,2026-11-02T09:00:00+09:00,300,412.50,C-9',
    'P-2,86000013,2026-11-03,-100,,',
  ),
  'attendance.csv': csv('ada,event_code,attended_on', '86000013,MTC2627-PREP,2026-11-05'),
};

describe('import on PostgreSQL', () => {
  it('writes exactly the rows it writes to SQLite', async () => {
    const [pg, lite] = await both();
    for (const t of [pg, lite]) {
      await importDirectory(t.db, { dir: EXAMPLES_DIR, today: TODAY });
      const res = await importDirectory(t.db, { dir: t.folder(MORE), today: TODAY });
      expect(res).toMatchObject({ distributors: { added: 1, updated: 1 }, orders: { added: 2 }, attendance: { added: 1 } });
    }
    for (const [table, orderBy] of [
      ['distributors', 'ada'],
      ['orders', 'order_id'],
      ['attendance', 'ada, event_code, attended_on'],
    ] as const) {
      const [a, b] = [await rows(pg.db, table, orderBy), await rows(lite.db, table, orderBy)];
      expect(a.length, table).toBeGreaterThan(0);
      expect(a, table).toEqual(b);
    }
  });

  it('refuses the same files with the same issues, writing nothing', async () => {
    const [pg, lite] = await both();
    const bad = {
      'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '86000100,,甲,2020-01-01', '86000100,,乙,2020-01-01'),
      'orders.csv': csv('order_id,ada,ordered_at,pv', 'Q-1,86000100,2026-10-01,1', 'Q-1,86000100,2026-10-02,x'),
    };
    const issues = [];
    for (const t of [pg, lite]) {
      const err = await importDirectory(t.db, { dir: t.folder(bad), today: TODAY }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ImportRejected);
      issues.push((err as ImportRejected).issues);
      expect(await rows(t.db, 'distributors', 'ada')).toEqual([]);
    }
    expect(issues[0]).toEqual(issues[1]);
    expect(issues[0]!.length).toBe(2);
  });
});
