// The open month so far as the plan engine's estimate reads it: own PV and BV, and each frontline
// leg with its own node (estimate.ts legHeadOf), so extra PV on a leg re-closes as the close
// would. The estimate, the projection and home read it here, so the same volumes give the same
// figure on every page (issue #31: two paths gave two fees for one month).
import type { RuleTable } from '@abo/plan';
import type { DB } from '../../db/index.ts';
import { frontlinesOfMonth, monthlyResultOf } from '../../db/monthly-results.ts';
import type { NameViewer } from '../../lib/name-policy.ts';
import { estimateLegs } from './estimate-presenter.ts';
import { frontlineOfMonth } from './achievement-queries.ts';

export interface MonthSoFar {
  readonly ppv: number;
  /** Absent: the distributor has no result for the month yet (PV × the PY's ratio). */
  readonly ppvBvFen: number | undefined;
  readonly legs: ReturnType<typeof estimateLegs>;
}

/** What the month's reads return: the own result, the frontline and each leg's frontline. */
export type MonthReads = readonly [
  Awaited<ReturnType<typeof monthlyResultOf>>,
  Awaited<ReturnType<typeof frontlineOfMonth>>,
  Awaited<ReturnType<typeof frontlinesOfMonth>>,
];

export async function readMonth(db: DB, ada: string, month: string): Promise<MonthReads> {
  const [own, frontline] = await Promise.all([monthlyResultOf(db, ada, month), frontlineOfMonth(db, ada, month)]);
  return withLegFrontlines(db, own, frontline, month);
}

/** The month's reads from the own result and frontline a caller has already read (home reads both for more). */
export async function withLegFrontlines(db: DB, own: MonthReads[0], frontline: MonthReads[1], month: string): Promise<MonthReads> {
  const frontlines = await frontlinesOfMonth(
    db,
    frontline.map((l) => l.person.ada),
    month,
  );
  return [own, frontline, frontlines] as const;
}

export function monthSoFar([own, frontline, frontlines]: MonthReads, names: NameViewer, rules: RuleTable): MonthSoFar {
  return { ppv: own?.ppv ?? 0, ppvBvFen: own?.bvFen, legs: estimateLegs(frontline, names, { frontlines, rules }) };
}
