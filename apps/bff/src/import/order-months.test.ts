// The orders summed per member and month, as the close reads them: after a first load, after the
// hourly files (a new order before a customer's first purchase so far moves the new customer), and
// after --replace, the same as summing every order again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openImportConn } from './conn.ts';
import { importDirectory } from './import.ts';
import { rebuildOrderMonths } from './order-months.ts';
import { csv, openTestDb, TODAY, type TestDb } from './import.test-support.ts';

const A = '10000010';
const B = '10000011';
const C = '10000012';
const TREE = csv('ada,sponsor_ada,name,joined_on', `${A},,甲一,2020-01-01`, `${B},${A},乙二,2021-01-01`, `${C},${A},丙三,2021-01-01`);
const HEADER = 'order_id,ada,ordered_at,pv,bv,customer_id';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

interface Row {
  month: string;
  ada: string;
  pv: number;
  bv_fen: number;
  new_customers: number;
}

async function orderMonths(): Promise<Row[]> {
  const rows = await sql<Row>`select month, ada, pv, bv_fen, new_customers from order_months order by month, ada`.execute(t.db);
  return rows.rows.map((r) => ({ ...r, pv: Number(r.pv), bv_fen: Number(r.bv_fen), new_customers: Number(r.new_customers) }));
}

/** What summing every order again gives (then left in the table: it is the same). */
async function summedAgain(): Promise<Row[]> {
  const conn = await openImportConn(t.db);
  try {
    await conn.transaction(() => rebuildOrderMonths(conn));
  } finally {
    conn.release();
  }
  return orderMonths();
}

const row = (month: string, ada: string, pv: number, bvFen: number, newCustomers: number): Row => ({
  month,
  ada,
  pv,
  bv_fen: bvFen,
  new_customers: newCustomers,
});

describe('order_months', () => {
  it('after a first load: PV and BV summed with the returns, each customer new once, at their first purchase', async () => {
    const orders = csv(
      HEADER,
      // K1 buys from A in September, then from B in October: new to A in September only.
      `o1,${A},2026-09-03 10:00:00,100,10.00,K1`,
      `o2,${B},2026-10-04 10:00:00,50,5.00,K1`,
      // A return first (pv < 0) is not a purchase: K2's first purchase is the October one.
      `o3,${A},2026-09-05 10:00:00,-20,-2.00,K2`,
      `o4,${A},2026-10-06 10:00:00,30,3.00,K2`,
      // Two orders of one member in one month, one without a customer.
      `o5,${B},2026-10-07 10:00:00,40,4.00,`,
      `o6,${B},2026-10-08 10:00:00,60,6.00,K3`,
    );
    await importDirectory(t.db, { dir: t.folder({ 'distributors.csv': TREE, 'orders.csv': orders }), today: TODAY });
    const rows = await orderMonths();
    expect(rows).toEqual([row('2026-09', A, 80, 800, 1), row('2026-10', A, 30, 300, 1), row('2026-10', B, 150, 1500, 1)]);
    expect(await summedAgain()).toEqual(rows);
  });

  it('after the hourly files: the new orders summed in, and a customer new where their first purchase now is', async () => {
    const orders = csv(
      HEADER,
      // Before K3's first purchase (B's, October 8th): K3 is C's new customer now, not B's.
      `h1,${C},2026-10-01 09:00:00,70,7.00,K3`,
      // A new customer of A in November, and a return of B's.
      `h2,${A},2026-11-02 09:00:00,25,2.50,K9`,
      `h3,${B},2026-11-03 09:00:00,-10,-1.00,K1`,
      // The same instant as K2's first purchase (o4), a lower order id: it is the first now.
      `a0,${C},2026-10-06 10:00:00,5,0.50,K2`,
    );
    await importDirectory(t.db, { dir: t.folder({ 'orders.csv': orders }), today: TODAY });
    const rows = await orderMonths();
    expect(rows).toEqual([
      row('2026-09', A, 80, 800, 1),
      row('2026-10', A, 30, 300, 0),
      row('2026-10', B, 150, 1500, 0),
      row('2026-10', C, 75, 750, 2),
      row('2026-11', A, 25, 250, 1),
      row('2026-11', B, -10, -100, 0),
    ]);
    expect(await summedAgain()).toEqual(rows);
  });

  it('after the same files again: nothing moves', async () => {
    const before = await orderMonths();
    await importDirectory(t.db, {
      dir: t.folder({ 'orders.csv': csv(HEADER, `h1,${C},2026-10-01 09:00:00,70,7.00,K3`) }),
      today: TODAY,
    });
    expect(await orderMonths()).toEqual(before);
  });

  it('after --replace: the new files alone', async () => {
    const orders = csv(HEADER, `r1,${B},2026-08-01 10:00:00,90,9.00,K1`, `r2,${C},2026-08-02 10:00:00,10,1.00,K1`);
    await importDirectory(t.db, { dir: t.folder({ 'distributors.csv': TREE, 'orders.csv': orders }), today: TODAY, replace: true });
    const rows = await orderMonths();
    expect(rows).toEqual([row('2026-08', B, 90, 900, 1), row('2026-08', C, 10, 100, 0)]);
    expect(await summedAgain()).toEqual(rows);
  });
});
