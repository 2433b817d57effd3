// The answer of the estimate (estimate-routes.ts) and the legs it names, shaped from the open
// month so far (month-so-far.ts) and the plan engine's what-if. Pure: no database, no request.
import { maskPrivacy, type AchEstimateData, type AchEstimateSide } from '@abo/contract';
import { legHeadOf, type Estimate, type EstimateSide, type MonthProjection, type RuleTable } from '@abo/plan';
import { legVolumeOf, type MonthlyResult } from '../../db/monthly-results.ts';
import type { NameViewer } from '../../lib/name-policy.ts';
import type { LegOfMonth } from './achievement-queries.ts';
import { nameOf } from './achievement-presenter.ts';

/**
 * The frontline legs with volume this month, as the estimate names them (L1, L2, … by volume). A
 * leg that returns took below zero is one too: its differential is part of the month's fee.
 */
export function estimateLegs(
  legs: readonly LegOfMonth[],
  viewer: NameViewer,
  heads?: { frontlines: ReadonlyMap<string, readonly MonthlyResult[]>; rules: RuleTable },
) {
  return legs
    .filter((l) => l.result.gpv !== 0)
    .map(({ person, result }, i) => ({
      // The engine's leg (volumes, BV, what it passes up) under an opaque key, never the ADA.
      ...legVolumeOf(result),
      id: `L${i + 1}`,
      maskedAda: maskPrivacy(person.ada),
      maskedName: nameOf(viewer, person),
      // Its own node, so extra PV on it is recomputed as the close would (estimate.ts legFromHead).
      ...(heads
        ? {
            head: legHeadOf(result.ppv, result.bvFen, (heads.frontlines.get(person.ada) ?? []).map(legVolumeOf), heads.rules),
          }
        : {}),
    }));
}

function sideOf(s: EstimateSide): AchEstimateSide {
  return {
    ppv: s.ppv,
    gpv: s.gpv,
    pgpv: s.pgpv,
    bracketPercent: s.bracketPercent,
    isQ: s.isQ,
    qLegs: s.qLegs,
    apv: s.apv,
    isSpMonth: s.isSpMonth,
    promotionFen: s.promotionFen,
    pretaxFen: s.pretaxFen,
    taxFen: s.taxFen,
    netFen: s.netFen,
    pvForNextBracket: s.next.pvNeeded,
  };
}

export function estimateData(
  month: string,
  ppv: number,
  ppvBvFen: number | undefined,
  legs: AchEstimateData['legs'],
  est: Estimate,
  projection: MonthProjection,
): AchEstimateData {
  const pace = projection.pace;
  return {
    month,
    ppv,
    ...(ppvBvFen === undefined ? {} : { ppvBvFen }),
    legs,
    before: sideOf(est.before),
    after: sideOf(est.after),
    legsBecomingQ: est.legsBecomingQ,
    ppvNeededForSp: est.ppvNeededForSp,
    pace: pace && {
      daysElapsed: projection.daysElapsed,
      daysInMonth: projection.daysInMonth,
      factor: pace.factor,
      extraPpv: pace.extraPpv,
      extraLegPv: { ...pace.extraLegPv },
    },
    paidOn: projection.soFar.paidOn,
  };
}
