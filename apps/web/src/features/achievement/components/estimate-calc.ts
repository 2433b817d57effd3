import type { AchEstimateData } from '@abo/contract';
import { estimateMonth, estimatePresets, pyOf, rulesFor, type Estimate, type EstimatePreset, type EstimateSide } from '@abo/plan';

/** Where the what-if starts: the month at its pace (the projection) or the month so far. */
export type EstimateFrom = 'pace' | 'soFar';

/** What the what-if starts from and where the extra PV takes it. */
export interface WhatIf {
  /** The starting point: the month at its pace, or so far. */
  start: EstimateSide;
  est: Estimate;
  /** Legs the extra PV (not the pace) lifts to 21 %. */
  legsBecomingQ: string[];
}

/** The extra volumes of the starting point: the pace's (the server's projection) or none. */
export function baseExtras(base: AchEstimateData, from: EstimateFrom): { extraPpv: number; extraLegPv: Record<string, number> } {
  return from === 'pace' && base.pace
    ? { extraPpv: base.pace.extraPpv, extraLegPv: base.pace.extraLegPv }
    : { extraPpv: 0, extraLegPv: {} };
}

/** The what-if, in the browser, with the same engine and rule table as the server. */
export function runEstimate(base: AchEstimateData, extraPpv: number, extraLegPv: Record<string, number>): Estimate {
  return estimateMonth({ ...engineInput(base), extraPpv, extraLegPv });
}

/**
 * The what-if from a starting point: the pace is extra volume on each leg and own (projections.ts),
 * so the extra PV entered adds on top of it through the same estimate, and it stays a re-close.
 */
export function runWhatIf(base: AchEstimateData, from: EstimateFrom, extraPpv: number, extraLegPv: Record<string, number>): WhatIf {
  const b = baseExtras(base, from);
  const start = runEstimate(base, b.extraPpv, b.extraLegPv);
  const legs: Record<string, number> = { ...b.extraLegPv };
  for (const [id, v] of Object.entries(extraLegPv)) legs[id] = (legs[id] ?? 0) + v;
  const est = runEstimate(base, b.extraPpv + extraPpv, legs);
  return { start: start.after, est, legsBecomingQ: est.legsBecomingQ.filter((id) => !start.legsBecomingQ.includes(id)) };
}

/** The engine's one-tap what-ifs for this month (next bracket, 21 %, SP month, the leg closest to Q), from the starting point. */
export function presetsFor(base: AchEstimateData, from: EstimateFrom = 'soFar'): EstimatePreset[] {
  return estimatePresets({ ...engineInput(base), ...baseExtras(base, from) });
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
