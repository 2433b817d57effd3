import type { CriterionData, PlanData } from '@abo/contract';
import { ErrorBlock } from '../../../../components/error-block.tsx';
import { CriterionRow } from '../criterion-row.tsx';

/** Every criterion of a plan with the level it belongs to (null: the base criteria). */
export function allCriteria(plan: PlanData): { level: string | null; c: CriterionData }[] {
  return [...plan.criteria.map((c) => ({ level: null, c })), ...plan.levels.flatMap((l) => l.criteria.map((c) => ({ level: l.code, c })))];
}

/** The first criterion of the first kind the plan has. */
export function findCriterion(plan: PlanData, ...kinds: string[]): CriterionData | undefined {
  for (const k of kinds) {
    const hit = allCriteria(plan).find((x) => x.c.kind === k);
    if (hit) return hit.c;
  }
  return undefined;
}

/** A level's name by its code. */
export function levelName(plan: PlanData, code: string) {
  return plan.levels.find((l) => l.code === code)!.name;
}

export function EmptyCard({ title, text }: { title: string; text?: string }) {
  return (
    <div className="card">
      <ErrorBlock status="empty" title={title} description={text ?? ''} />
    </div>
  );
}

/** A yes/no flag as a symbol and a word, never a colour alone. */
export const check = (b: boolean, yes: string, no: string) => (b ? `✓ ${yes}` : `– ${no}`);

/** The criterion a subpage explains, as on the overview, without the link to this very page. */
export function CriterionCard({ c, plan }: { c: CriterionData; plan: PlanData }) {
  return (
    <section className="card">
      <ul className="inc-criteria">
        <CriterionRow c={c} planRoute={plan.route} py={plan.py} showLink={false} />
      </ul>
    </section>
  );
}
