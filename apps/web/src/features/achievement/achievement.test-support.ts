// The rank answer the achievement tests show: the Platinum of the demo on 2026-11-21, Platinum
// held, Silver Producer qualified so far this PY, no months, history or pins listed.
import type { AchQualification, AchRankData } from '@abo/contract';

/** That rank, with `q` over what this PY qualifies for. */
export function platinumRank(q: Partial<AchQualification> = {}): AchRankData {
  return {
    pinCode: 330,
    pinName: { zh: '白金', en: 'Platinum' },
    pinMonth: '2024-03',
    py: '26/27',
    month: '2026-11',
    closedMonths: 2,
    remainingMonths: 10,
    counters: {
      spMonths: 2,
      maxSpRun: 2,
      sideVolumeMonths: 0,
      qualifiedLegs: 0,
      foundersLegs: 0,
      bestPgpv: 9_000,
      qualificationCredits: 0,
    },
    qualified: {
      py: '26/27',
      pinCode: 310,
      name: { zh: '银章', en: 'Silver Producer' },
      month: '2026-09',
      soFarPinCode: 310,
      qMonths: 2,
      q12: false,
      ...q,
    },
    pyMonths: [],
    history: [],
    pins: [],
    targetPin: null,
    targetUpdatedAt: null,
  };
}
