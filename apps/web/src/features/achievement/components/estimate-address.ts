import type { EstimateFrom } from './estimate-calc.ts';

/** The what-if's inputs: where it starts, the extra PPV, and the extra PV per frontline leg. */
export interface WhatIfInputs {
  from: EstimateFrom;
  extraPpv: number;
  extraLeg: Record<string, number>;
}

const MAX_PV = 1_000_000;

function pvOf(text: string | null | undefined): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_PV) : 0;
}

/**
 * The what-if as the address keeps it (?from=soFar&ppv=500&leg=L1:300), so a reload or a shared
 * link keeps the inputs: anything that is not a PV, or a leg the month does not have, is dropped.
 */
export function whatIfFromParams(params: URLSearchParams, legIds: readonly string[], start: EstimateFrom): WhatIfInputs {
  const asked = params.get('from');
  const from: EstimateFrom = asked === 'pace' || asked === 'soFar' ? asked : start;
  const extraLeg: Record<string, number> = {};
  for (const entry of params.getAll('leg')) {
    const at = entry.lastIndexOf(':');
    const id = entry.slice(0, at);
    const pv = pvOf(entry.slice(at + 1));
    if (at > 0 && pv > 0 && legIds.includes(id)) extraLeg[id] = pv;
  }
  return { from, extraPpv: pvOf(params.get('ppv')), extraLeg };
}

/** Writes the what-if into `params` (the page's other parameters stay); inputs at their start leave nothing. */
export function whatIfToParams(inputs: WhatIfInputs, params: URLSearchParams, start: EstimateFrom): URLSearchParams {
  for (const key of ['from', 'ppv', 'leg']) params.delete(key);
  if (inputs.from !== start) params.set('from', inputs.from);
  if (inputs.extraPpv > 0) params.set('ppv', String(inputs.extraPpv));
  for (const [id, pv] of Object.entries(inputs.extraLeg)) if (pv > 0) params.append('leg', `${id}:${pv}`);
  return params;
}
