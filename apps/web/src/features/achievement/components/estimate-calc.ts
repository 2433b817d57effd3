import type { AchEstimateData } from '@abo/contract';
import { estimateMonth, estimatePresets, pyOf, rulesFor, type Estimate, type EstimatePreset } from '@abo/plan';

/** The what-if, in the browser, with the same engine and rule table as the server. */
export function runEstimate(base: AchEstimateData, extraPpv: number, extraLegPv: Record<string, number>): Estimate {
  return estimateMonth({ ...engineInput(base), extraPpv, extraLegPv });
}

/** The engine's one-tap what-ifs for this month (next bracket, 21 %, SP month, the leg closest to Q). */
export function presetsFor(base: AchEstimateData): EstimatePreset[] {
  return estimatePresets(engineInput(base));
}

function engineInput(base: AchEstimateData) {
  return {
    month: base.month,
    ppv: base.ppv,
    legs: base.legs.map((l) => ({ id: l.id, gpv: l.gpv, pgpv: l.pgpv, pearlPassPv: l.pearlPassPv, leadershipUpFen: l.leadershipUpFen })),
    rules: rulesFor(pyOf(base.month), { fallback: 'nearest' }),
  };
}
