// Orders into an empty table are written in key order without the secondary indexes, which are
// built again afterwards: the same indexes, the same rows, and the indexes back after a refusal.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openImportConn } from './conn.ts';
import { insertIntoTable, secondaryIndexes } from './empty-table-insert.ts';
import { importDirectory } from './import.ts';
import { dialectOf } from '../db/index.ts';
import { csv, openTestDb, TODAY, type TestDb } from './import.test-support.ts';

const TREE = csv('ada,sponsor_ada,name,joined_on', '10000010,,甲一,2020-01-01', '10000011,10000010,乙二,2021-01-01');
// Order ids out of key order (B10 sorts before B2), as a company's files may give them.
const ORDERS = csv(
  'order_id,ada,ordered_at,pv,bv,customer_id',
  ...Array.from(
    { length: 40 },
    (_, k) =>
      `B${40 - k},${k % 2 ? '10000011' : '10000010'},2026-0${1 + (k % 9)}-0${1 + (k % 8)} 10:00:00,${10 + k},${k}.50,${k % 3 ? `C${k % 5}` : ''}`,
  ),
);

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

async function indexes(): Promise<{ name: string; sql: string }[]> {
  const conn = await openImportConn(t.db);
  try {
    return await secondaryIndexes(conn, 'orders');
  } finally {
    conn.release();
  }
}

const ordersOf = async () => (await sql`select * from orders order by order_id`.execute(t.db)).rows;

describe('a first load of orders', () => {
  it('ends with the same indexes the migrations made, and every row', async () => {
    const before = await indexes();
    expect(before.map((i) => i.name)).toEqual(['orders_ada_month', 'orders_customer_first', 'orders_month_ada']);
    await importDirectory(t.db, { dir: t.folder({ 'distributors.csv': TREE, 'orders.csv': ORDERS }), today: TODAY });
    expect(await indexes()).toEqual(before);
    const rows = await ordersOf();
    expect(rows).toHaveLength(40);
    // The rebuilt index answers (SQLite is told to use it; PostgreSQL has no such hint).
    const hint = dialectOf(t.db) === 'sqlite' ? sql`indexed by orders_ada_month` : sql``;
    const viaIndex = await sql<{ n: number }>`select count(*) as n from orders ${hint} where ada = '10000011'`.execute(t.db);
    expect(Number(viaIndex.rows[0]!.n)).toBe(20);
  });

  it('puts the indexes back when the import is refused after the rows went in', async () => {
    const before = await indexes();
    const conn = await openImportConn(t.db);
    try {
      await expect(
        conn.transaction(async () => {
          await conn.run(`delete from orders`);
          await insertIntoTable(conn, 'orders', async (empty) => {
            expect(empty).toBe(true);
            expect(await secondaryIndexes(conn, 'orders')).toEqual([]);
            throw new Error('refused');
          });
        }),
      ).rejects.toThrow('refused');
    } finally {
      conn.release();
    }
    expect(await indexes()).toEqual(before);
    expect(await ordersOf()).toHaveLength(40);
  });

  it('leaves a table with rows and its indexes as they are', async () => {
    const conn = await openImportConn(t.db);
    try {
      await conn.transaction(async () =>
        insertIntoTable(conn, 'orders', async (empty) => {
          expect(empty).toBe(false);
          expect(await secondaryIndexes(conn, 'orders')).toHaveLength(3);
          return 0;
        }),
      );
    } finally {
      conn.release();
    }
  });
});
