// PY 26/27 (2026-09 … 2027-08): 25/26 with compliance at 150 PV and Sapphire side volume
// at 5 000 PV.
import { BASE_RULES } from './base.ts';
import type { RuleTable } from './types.ts';

export const PY2627: RuleTable = {
  ...BASE_RULES,
  py: '26/27',
  compliance: { minPpv: 150 },
  pins: { ...BASE_RULES.pins, sapphireSideVolumePv: 5_000 },
  annual: { emeraldRateBp: 30, diamondRateBp: 30 },
};
