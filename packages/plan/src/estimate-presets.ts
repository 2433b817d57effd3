// One-tap starting points for the what-if (the estimate page): the personal PV that reaches the
// next bracket, the top (21 %) bracket and an SP month, and the PV that makes the frontline leg
// closest to 21 % a 21 % (Q) leg. Each is an input for estimateMonth, so the page shows what it does.
import { nextBracket, qThreshold, topBracket } from './bracket.ts';
import { isQGroup } from './close.ts';
import { estimateMonth, ppvNeededForSp, type EstimateInput } from './estimate.ts';
import { rulesForMonth } from './rules/registry.ts';

export type EstimatePresetKind = 'nextBracket' | 'topBracket' | 'spMonth' | 'legQ';

export interface EstimatePreset {
  kind: EstimatePresetKind;
  /** Extra personal PV (0 for a leg preset). */
  extraPpv: number;
  /** The leg a legQ preset adds to, and how much. */
  legId?: string;
  extraLegPv?: number;
  /** The bracket a bracket preset reaches. */
  percent?: number;
}

/**
 * The presets for this month's figures, fewest PV first within each kind; none that repeat another.
 * With extra volumes (the month at its pace, projections.ts) they start from there: each preset's
 * PV is what it adds on top of them.
 */
export function estimatePresets(
  input: Pick<EstimateInput, 'month' | 'ppv' | 'ppvBvFen' | 'legs' | 'rules' | 'extraPpv' | 'extraLegPv'>,
): EstimatePreset[] {
  const rules = input.rules ?? rulesForMonth(input.month);
  // The starting point as the estimate works it out; a leg's group PV grows by what it is given.
  const own = estimateMonth({ ...input, rules }).after;
  const extraLeg = input.extraLegPv ?? {};
  const legs = input.legs.map((l) => ({ id: l.id, gpv: l.gpv + (extraLeg[l.id] ?? 0) }));
  const out: EstimatePreset[] = [];
  const next = nextBracket(rules.brackets, own.gpv);
  if (next.nextPercent !== null) out.push({ kind: 'nextBracket', extraPpv: next.pvNeeded, percent: next.nextPercent });
  const top = topBracket(rules.brackets);
  if (next.nextPercent !== null && next.nextPercent !== top) {
    out.push({ kind: 'topBracket', extraPpv: qThreshold(rules.brackets) - own.gpv, percent: top });
  }
  const forSp = ppvNeededForSp(own.apv, own.qLegs, rules);
  if (forSp > 0 && !out.some((p) => p.extraPpv === forSp)) out.push({ kind: 'spMonth', extraPpv: forSp });
  // The leg with the most group PV that is not a 21 % leg yet (the first such in the given order on a tie).
  let closest: (typeof legs)[number] | undefined;
  for (const l of legs) if (!isQGroup(l.gpv, rules) && (!closest || l.gpv > closest.gpv)) closest = l;
  if (closest) {
    out.push({ kind: 'legQ', extraPpv: 0, legId: closest.id, extraLegPv: qThreshold(rules.brackets) - Math.max(0, closest.gpv) });
  }
  return out;
}
