// The legs that could close a plan's FLQ or LDD gap (packages/contract/src/plan-gap-legs.ts): the
// viewer's frontline from this month's market snapshot (the figures member tracking shows), each
// leg's Q months in the plan's period from the stored results, and the engine's ranking
// (packages/plan/src/plans/gap-legs.ts). The BFF loads and presents; which legs count is the
// engine's.
import { GAP_LEGS_MAX, type GapLegRow, type GapLegsData } from '@abo/contract';
import {
  legsThatCloseGap,
  planMonths,
  pyMonths,
  pyOf,
  qThresholdOf,
  rulesFor,
  type GapLegFacts,
  type GapLegKind,
  type MonthKey,
  type PlanDef,
} from '@abo/plan';
import type { DB } from '../../db/index.ts';
import { frontlineQMonths } from '../../db/monthly-results.ts';
import type { NameViewer } from '../../lib/name-policy.ts';
import { memberGap, memberRow } from './market-presenter.ts';
import { marketSnapshot } from './market-snapshot.ts';
import { childrenOf } from './market-tree.ts';

/** Whether the plan counts this kind anywhere (its criteria or a level's). */
export function planCounts(plan: PlanDef, kind: GapLegKind): boolean {
  const has = (list: readonly { kind: string }[]) => list.some((c) => c.kind === kind);
  return has(plan.criteria) || (plan.levels?.list ?? []).some((l) => has(l.criteria));
}

export async function gapLegsOf(
  db: DB,
  q: { ada: string; plan: PlanDef; kind: GapLegKind; month: MonthKey; names: NameViewer },
): Promise<GapLegsData> {
  const { ada, plan, kind, month, names } = q;
  const months = planMonths(plan);
  const first = months[0]!;
  const last = months[months.length - 1]!;
  const periodState = month < first ? 'future' : month > last ? 'closed' : 'open';
  const py = pyOf(month);
  const threshold = qThresholdOf(py);
  const legQMonths = rulesFor(plan.py, { fallback: 'nearest' }).pins.legQMonths;
  const base = { code: plan.code, py: plan.py, kind, month, periodState, qThreshold: threshold, legQMonths } as const;
  const [s, qRows] = await Promise.all([
    marketSnapshot(db, py, month),
    // Closed months of the period; this month's Q is the snapshot's, as member tracking shows it.
    periodState === 'future' ? Promise.resolve([]) : frontlineQMonths(db, ada, first, periodState === 'open' ? month : last),
  ]);
  const i = s.indexOfAda.get(ada);
  if (i === undefined) return { ...base, counting: 0, total: 0, rows: [] };
  const closedQ = new Map<string, number>();
  for (const r of qRows) if (r.month < month) closedQ.set(r.ada, (closedQ.get(r.ada) ?? 0) + 1);
  const kids = childrenOf(s, i);
  const byId = new Map<string, number>();
  const facts: GapLegFacts[] = kids.map((k) => {
    const legAda = s.ada[k]!;
    byId.set(legAda, k);
    const qNow = periodState === 'open' && s.isQ[k] === 1;
    return { id: legAda, qMonths: (closedQ.get(legAda) ?? 0) + (qNow ? 1 : 0), qNow, gpv: s.gpv[k]! };
  });
  const monthsLeft = periodState === 'open' ? months.filter((m) => m >= month).length : 0;
  const { counting, candidates } = legsThatCloseGap(kind, facts, { threshold, legQMonths, monthsLeft });
  const pm = pyMonths(py);
  const c = { baseDepth: s.depth[i]!, threshold, pyStartDate: `${pm[0]!}-01`, pyEndDate: `${pm[11]!}-31` };
  // Each leg as member tracking shows it (its ref, name and gap to Q), with its Q months in the plan.
  const rows = candidates.slice(0, GAP_LEGS_MAX).map((l): GapLegRow => ({
    ...memberGap(memberRow(s, byId.get(l.id)!, names, c), threshold),
    qMonths: l.qMonths,
    monthsNeeded: l.monthsNeeded,
  }));
  return { ...base, counting, total: candidates.length, rows };
}
