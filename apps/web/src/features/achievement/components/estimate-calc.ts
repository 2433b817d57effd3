import type { AchEstimateData } from '@abo/contract';
import { estimateMonth, pyOf, rulesFor, type Estimate } from '@abo/plan';

/** The what-if, in the browser, with the same engine and rule table as the server. */
export function runEstimate(base: AchEstimateData, extraPpv: number, extraLegPv: Record<string, number>): Estimate {
  return estimateMonth({
    month: base.month,
    ppv: base.ppv,
    legs: base.legs.map((l) => ({ id: l.id, gpv: l.gpv, pgpv: l.pgpv, pearlPassPv: l.pearlPassPv, leadershipUpFen: l.leadershipUpFen })),
    extraPpv,
    extraLegPv,
    rules: rulesFor(pyOf(base.month), { fallback: 'nearest' }),
  });
}
