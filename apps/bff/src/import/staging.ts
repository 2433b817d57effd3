// The import's temporary staging tables, and what it reads of the database's state.
import { DATA_VERSION_SQL } from '../db/data-version.ts';
import type { ImportConn } from './conn.ts';

// Staging tables: temporary, so they belong to the import's connection alone and vanish with it.
// `line` is the row's line in its file; as the key it keeps them in file order.
const STAGING: Record<string, string> = {
  import_orders: `line integer primary key, order_id text not null, ada text not null, ordered_at text not null,
    month text not null, pv integer not null, bv_fen bigint not null, customer_id text`,
  import_attendance: `line integer primary key, ada text not null, event_code text not null, attended_on text not null`,
  import_distributors: `ada text primary key, name_zh text not null, name_en text not null, phone text not null,
    national_id text not null, bank_card text not null, bank_name text not null, sponsor_ada text, join_date text not null,
    user_type text not null, market text not null, shop_code text, tree_pos integer not null, tree_size integer not null,
    depth integer not null, pin_code integer not null, pin_month text, head_image text, pin_held integer, is_new integer not null`,
  import_tree: `ada text primary key, tree_pos integer not null, tree_size integer not null, depth integer not null`,
  // Members of the database the file gives to another person (import_reheld, the write).
  import_reheld: `ada text primary key`,
  // Whom the hourly files touch, before their rows are written (import.ts stageTouched).
  import_touched: `ada text primary key`,
  // The (month, member) pairs of order_months the new orders change (order-months.ts).
  import_order_months: `month text not null, ada text not null, primary key (month, ada)`,
};

export async function createStaging(conn: ImportConn): Promise<void> {
  await dropStaging(conn);
  for (const [table, columns] of Object.entries(STAGING)) await conn.run(`create temporary table ${table} (${columns})`);
}

export async function dropStaging(conn: ImportConn): Promise<void> {
  for (const table of Object.keys(STAGING)) await conn.run(`drop table if exists ${table}`);
}

/** The data version, which every writer of the dataset moves (db/data-version.ts). */
export async function dataVersionOf(conn: ImportConn): Promise<string> {
  const rows = await conn.all<{ v: string }>(DATA_VERSION_SQL);
  return rows[0]?.v ?? '';
}

/**
 * The last closed month: months up to it are closed (the close goes month by month, in order),
 * so no order or attendance may land in them. Null when nothing was closed yet.
 */
export async function closedThrough(conn: ImportConn): Promise<string | null> {
  // A month's rows are all closed or all open (each close writes every row after the last closed
  // month with one flag per month), so the months are walked down from the last one by the index
  // monthly_results_month, a row each, instead of scanning every open row (issue #30).
  for (let below: string | null = null; ;) {
    const rows: { m: string | null }[] = await conn.all<{ m: string | null }>(
      below === null ? `select max(month) as m from monthly_results` : `select max(month) as m from monthly_results where month < ?`,
      below === null ? [] : [below],
    );
    const m = rows[0]?.m ?? null;
    if (m === null) return null;
    const [row] = await conn.all<{ closed: number | string }>(`select closed from monthly_results where month = ? limit 1`, [m]);
    if (Number(row?.closed) === 1) return m;
    below = m;
  }
}
