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
    ...(base.ppvBvFen === undefined ? {} : { ppvBvFen: base.ppvBvFen }),
    // The engine's leg as the server sent it (volumes, the orders' BV, what it passes up).
    legs: base.legs.map(({ maskedAda: _a, maskedName: _n, ...leg }) => leg),
    rules: rulesFor(pyOf(base.month), { fallback: 'nearest' }),
  };
}
