// Where one distributor's history starts: the one place the BFF decides it. The close writes a
// monthly_results row for every month from the first imported month (the first order or
// attendance), or from the member's join month when later, through today's month
// (close/write.ts writeMonthlyResults; the generated demo goes through the same close). So the
// first row is where their figures begin, and a lived month before it is "no data"
// (monthStateOf's noData), never a closed month with 0 PV.
import { readCloseState } from '../close/state.ts';
import type { DB } from './index.ts';
import { preparedQuery } from './prepared-query.ts';

const firstRow = preparedQuery((db, p: { ada: string }) =>
  db
    .selectFrom('monthly_results')
    .select((eb) => eb.fn.min('month').as('month'))
    .where('ada', '=', p.ada),
);

/**
 * The company's first month with figures: the first month the close closed (its record, meta
 * `close`), or the open month when none is closed yet; null before any close. A member's history
 * starts there, or at joining when later.
 */
export async function companyHistoryStart(db: DB): Promise<string | null> {
  const state = await readCloseState(db);
  if (!state) return null;
  const closed = Object.keys(state.closedOn).sort();
  return closed[0] ?? state.open;
}

/** The first month with figures for `ada` ('YYYY-MM'), null when none is stored (one indexed min()). */
export async function historyStartOf(db: DB, ada: string): Promise<string | null> {
  const [row] = await firstRow(db, { ada });
  return row?.month ?? null;
}
