// The rule values every PY shares unless its own table overrides them.
import type { RuleTable } from './types.ts';

export const BASE_RULES: Omit<RuleTable, 'py'> = {
  // China's published ratio is about 11.5 CNY of BV per PV.
  bvFenPerPv: 1_150,
  brackets: [
    { minPv: 200, percent: 3 },
    { minPv: 600, percent: 6 },
    { minPv: 1_000, percent: 9 },
    { minPv: 2_000, percent: 12 },
    { minPv: 4_000, percent: 15 },
    { minPv: 7_000, percent: 18 },
    { minPv: 10_000, percent: 21 },
  ],
  sp: { apvAlone: 10_000, apvWithOneQLeg: 4_000, qLegsAlone: 2 },
  compliance: { minPpv: 100 },
  pins: {
    silverSpMonths: 1,
    goldSpMonths: 3,
    platinumSpMonths: 6,
    platinumConsecutive: 3,
    foundersSpMonths: 12,
    rubyPgpv: 20_000,
    legQMonths: 6,
    sapphireLegs: 2,
    sapphireSideVolumePv: 4_000,
    sapphireSideVolumeMonths: 6,
    foundersLegQMonths: 12,
    foundersSideVolumeMonths: 12,
    emeraldLegs: 3,
    diamondLegs: 6,
    executiveDiamondLegs: 9,
    doubleDiamondLegs: 12,
    // Amway HK, Global Award Recognition (corp.amway.com.hk/en/bonus-global-award), from 21/22.
    globalAward: {
      executiveDiamondCredits: 10,
      credits: { foundersPlatinum: 1, emerald: 1.5, diamond: 3, foundersDiamond: 6 },
      foundersPlatinumsPerLeg: 3,
    },
  },
  leadership: { minOwnPercent: 15, minQLegsForPart: 2, rateBp: 400 },
  ruby: { minPgpv: 20_000, rateBp: 200 },
  pearl: { minQLegs: 3, rateBp: 100 },
  annual: { emeraldRateBp: 25, diamondRateBp: 25 },
  // Mainland China's pay day is not published: the 15th, the day Amway's published practice
  // names (packages/plan/README.md, "Rules and their sources").
  payment: { dayOfNextMonth: 15 },
};
