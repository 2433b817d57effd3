// The reads behind /bff/v1/achievement/soFarChange: a downline's tree and its orders up to a day of
// a month (the close sums the same orders over the whole month, close/figures.ts).
import type { DB } from '../../db/index.ts';
import type { Downline } from './achievement-queries.ts';

/** A member of the downline, the leader first, every sponsor before its downline (tree order). */
export interface SubtreeNode {
  ada: string;
  sponsor_ada: string | null;
}

/** The leader and its whole downline: tree positions [tree_pos, tree_pos + tree_size). */
export async function subtreeOf(db: DB, d: Downline): Promise<SubtreeNode[]> {
  return db
    .selectFrom('distributors')
    .select(['ada', 'sponsor_ada'])
    .where('tree_pos', '>=', d.tree_pos)
    .where('tree_pos', '<', d.tree_pos + d.tree_size)
    .orderBy('tree_pos')
    .execute();
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * PV and BV of each member of the downline (leader included) from the orders of `month` placed
 * on or before `day`. `ordered_at` is ISO text in China time (schema.ts), so "on or before day D"
 * is "before the text of day D + 1" (day 32 sorts after every day 31).
 */
export async function ordersUpTo(db: DB, d: Downline, month: string, day: number): Promise<Map<string, { pv: number; bvFen: number }>> {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('distributors as x', 'x.ada', 'o.ada')
    .select(['o.ada', (eb) => eb.fn.sum<number>('o.pv').as('pv'), (eb) => eb.fn.sum<number>('o.bv_fen').as('bv_fen')])
    .where('x.tree_pos', '>=', d.tree_pos)
    .where('x.tree_pos', '<', d.tree_pos + d.tree_size)
    .where('o.month', '=', month)
    .where('o.ordered_at', '<', `${month}-${pad(day + 1)}`)
    .groupBy('o.ada')
    .execute();
  return new Map(rows.map((r) => [r.ada, { pv: Number(r.pv), bvFen: Number(r.bv_fen) }]));
}

/** Whether any order of the downline (leader included) is kept for one of `months`. */
export async function downlineHasOrders(db: DB, d: Downline, months: readonly string[]): Promise<boolean> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('distributors as x', 'x.ada', 'o.ada')
    .select('o.ada')
    .where('x.tree_pos', '>=', d.tree_pos)
    .where('x.tree_pos', '<', d.tree_pos + d.tree_size)
    .where('o.month', 'in', [...months])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
