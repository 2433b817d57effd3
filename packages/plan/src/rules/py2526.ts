// PY 25/26 (2025-09 … 2026-08): 24/25 plus a Diamond annual bonus of 0.30 %.
import { BASE_RULES } from './base.ts';
import type { RuleTable } from './types.ts';

export const PY2526: RuleTable = {
  ...BASE_RULES,
  py: '25/26',
  compliance: { minPpv: 120 },
  annual: { emeraldRateBp: 30, diamondRateBp: 30 },
};
