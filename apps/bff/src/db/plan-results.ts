// The stored per-PY plan summaries (plan_results, written by the seed / close), read through the
// engine's checked codec (packages/plan plans/summary-codec.ts) that the writer uses too.
import { decodePlanSummary, type StoredPlanSummary } from '@abo/plan';
import type { DB } from './index.ts';

/** A distributor's stored summaries of the given PYs, by PY (PYs without one are absent). */
export async function planSummariesOf(db: DB, ada: string, pys: readonly string[]): Promise<Map<string, StoredPlanSummary>> {
  if (pys.length === 0) return new Map();
  const rows = await db
    .selectFrom('plan_results')
    .select(['py', 'summary'])
    .where('ada', '=', ada)
    .where('py', 'in', [...new Set(pys)])
    .execute();
  return new Map(rows.map((r) => [r.py, decodePlanSummary(r.summary)]));
}

/** A distributor's stored summary of one PY: plan code → entry; empty when none is stored (or it cannot be read). */
export async function planSummaryOf(db: DB, ada: string, py: string): Promise<StoredPlanSummary> {
  return (await planSummariesOf(db, ada, [py])).get(py) ?? new Map();
}
