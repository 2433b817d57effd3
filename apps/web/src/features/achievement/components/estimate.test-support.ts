// The estimate's answer as the tests build it: the month's own PV and frontline legs, nothing
// estimated yet (both sides zero), no pace and no pay day.
import type { AchEstimateData } from '@abo/contract';

type Leg = AchEstimateData['legs'][number];

const NOTHING: AchEstimateData['before'] = {
  ppv: 0,
  gpv: 0,
  pgpv: 0,
  bracketPercent: 0,
  isQ: false,
  qLegs: 0,
  apv: 0,
  isSpMonth: false,
  promotionFen: 0,
  pretaxFen: 0,
  taxFen: 0,
  netFen: 0,
  pvForNextBracket: 0,
};

/** A leg of `gpv`, all of it its personal group's, passing nothing up. */
export function estimateLeg(id: string, maskedAda: string, maskedName: Leg['maskedName'], gpv: number): Leg {
  return { id, maskedAda, maskedName, gpv, pgpv: gpv, pearlPassPv: 0, leadershipUpFen: 0 };
}

export function estimateAnswer(month: string, ppv: number, legs: Leg[]): AchEstimateData {
  return { month, ppv, legs, before: NOTHING, after: NOTHING, legsBecomingQ: [], ppvNeededForSp: 0, pace: null, paidOn: null };
}
