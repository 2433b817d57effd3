// A plan page's answer in the component tests is built as the BFF builds it (plan-presenter.ts),
// from the real engine: these are the fields it copies from the plan and the engine's result.
import type { evaluatePlan, PlanDef } from '@abo/plan';

export function fromEngine(plan: PlanDef, r: ReturnType<typeof evaluatePlan>) {
  return {
    code: plan.code,
    py: plan.py,
    name: plan.name,
    route: plan.route,
    reward: plan.reward,
    status: r.status,
    met: r.met,
    periodState: r.periodState,
    months: [...r.months],
    remainingMonths: r.remainingMonths,
    criteria: r.criteria.map((c) => ({ ...c, gap: c.gap, trace: [...(c.trace ?? [])], events: c.events?.map((e) => ({ ...e })) })),
    editions: [{ code: plan.code, py: plan.py }],
  };
}
