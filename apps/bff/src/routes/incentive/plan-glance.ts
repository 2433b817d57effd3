// What a plan still needs, at a glance: the criterion that decides its status, the plan of this PY
// nearest to being met, and what a level waits for. Words around the engine's figures and gap
// sentences (packages/plan decides statuses, gaps and reasons); pure: no database, no request.
import type { ClosestPlan, PlanSummary } from '@abo/contract';
import { combineStatus, CRITERION_KINDS, MET_SO_FAR, num, text, type CriterionResult, type PeriodState, type Text } from '@abo/plan';

type Progress = Pick<CriterionResult, 'kind' | 'label' | 'achieved' | 'required'>;

/** "7 FLQ months" / "7个FLQ月", in the kind's unit. */
function amount(kind: CriterionResult['kind'], n: number): Text {
  const u = CRITERION_KINDS[kind].unitForms;
  return text(`${num(n)}${u.zh}`, `${num(n)} ${n === 1 ? u.one : u.many}`);
}

/** How far a kind's figure can be read as a share of its target (pins and events cannot). */
function measurable(kind: CriterionResult['kind']): boolean {
  const m = CRITERION_KINDS[kind].measure;
  return m !== 'pin' && m !== 'events';
}

/** "FLQ months 1 of 8"; a pin criterion reads as its label ("Pin Platinum or above"). */
export function progressText(c: Progress): Text {
  if (CRITERION_KINDS[c.kind].measure === 'pin') return c.label;
  const label = CRITERION_KINDS[c.kind].label;
  return text(`${label.zh} ${num(c.achieved)}/${num(c.required)}`, `${label.en} ${num(c.achieved)} of ${num(c.required)}`);
}

/**
 * The criterion that decides the plan's status: of the unmet ones, those with the worst status,
 * and among them the one furthest from its target (smallest achieved / required, as the plan
 * card's headline ranks them); null when every criterion is met.
 */
export function bindingCriterion(criteria: readonly CriterionResult[]): CriterionResult | null {
  const unmet = criteria.filter((c) => !c.met);
  if (!unmet.length) return null;
  const worst = combineStatus(unmet.map((c) => c.status));
  const tied = unmet.filter((c) => c.status === worst);
  let pick: CriterionResult | undefined;
  let share = Infinity;
  for (const c of tied) {
    if (!CRITERION_KINDS[c.kind].paceable || !measurable(c.kind)) continue;
    const s = c.required > 0 ? c.achieved / c.required : 1;
    if (s < share) [share, pick] = [s, c];
  }
  return pick ?? tied[0]!;
}

/** The binding criterion in words: where it stands and the engine's gap sentence. */
export function bindingGap(criteria: readonly CriterionResult[]) {
  const c = bindingCriterion(criteria);
  if (!c) return null;
  const gap = c.gap && (c.gap.text.zh || c.gap.text.en) ? c.gap.text : null;
  return { kind: c.kind, status: c.status, progress: progressText(c), gap };
}

/**
 * This PY's plan nearest to being met among those in reach (on track or at risk): the one whose
 * headline criterion (the card's: its furthest unmet criterion) has the largest share of its
 * target; the first in catalogue order on a tie. Headlines without a share (pins, events) do not
 * compete.
 */
export function closestPlan(cards: readonly PlanSummary[], py: string): ClosestPlan | null {
  let pick: PlanSummary | undefined;
  let share = -1;
  for (const p of cards) {
    const h = p.headline;
    if (p.py !== py || (p.status !== 'onTrack' && p.status !== 'atRisk') || !h || h.met || h.required <= 0) continue;
    const kind = h.kind as CriterionResult['kind'];
    if (!(kind in CRITERION_KINDS) || !CRITERION_KINDS[kind].paceable || !measurable(kind)) continue;
    const s = h.achieved / h.required;
    if (s > share) [share, pick] = [s, p];
  }
  if (!pick?.headline) return null;
  const h = pick.headline;
  const still = Math.max(0, h.required - h.achieved);
  const left = amount(h.kind as CriterionResult['kind'], still);
  return {
    code: pick.code,
    py: pick.py,
    name: pick.name,
    route: pick.route,
    status: pick.status,
    toGo: still > 0 ? text(`还差${left.zh}`, `${left.en} to go`) : MET_SO_FAR,
  };
}

const lastWord = (s: string) => s.slice(s.lastIndexOf(' ') + 1).toLowerCase();

/**
 * One unmet criterion as a shortfall: "1 FLQ month short", "APV 13,906 PV short" (the kind named
 * when its unit does not name it); a pin (or a figure met so far) by its label.
 */
function shortfall(c: CriterionResult): Text {
  const still = c.gap?.stillNeeded ?? Math.max(0, c.required - c.achieved);
  const kind = CRITERION_KINDS[c.kind];
  if (kind.measure === 'pin' || still <= 0) return c.label;
  const n = amount(c.kind, still);
  if (lastWord(kind.unitForms.many) === lastWord(kind.label.en)) return text(`差${n.zh}`, `${n.en} short`);
  return text(`${kind.label.zh}差${n.zh.trim()}`, `${kind.label.en} ${n.en} short`);
}

/**
 * What every level of a plan waits for while a qualification criterion of the plan is not met
 * (the engine holds each level to them): which ones and how far short; past tense once the
 * period has closed. Undefined when they are all met.
 */
export function levelsWaitFor(criteria: readonly CriterionResult[], periodState: PeriodState): Text | undefined {
  const unmet = criteria.filter((c) => !c.met);
  if (!unmet.length) return undefined;
  const parts = unmet.map(shortfall);
  // A pin's label holds a comma in English: the parts are set apart by semicolons.
  const zh = parts.map((p) => p.zh).join('、');
  const en = parts.map((p) => p.en).join('; ');
  return periodState === 'closed'
    ? text(`未获得：资格条件未全部满足（${zh}）`, `Not reached: not every qualification criterion was met (${en})`)
    : text(`须先满足全部资格条件：${zh}`, `Needs every qualification criterion first: ${en}`);
}
