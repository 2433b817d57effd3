// PY 24/25 (2024-09 … 2025-08): compliance month needs 120 PV (was 100).
import { BASE_RULES } from './base.ts';
import type { RuleTable } from './types.ts';

export const PY2425: RuleTable = {
  ...BASE_RULES,
  py: '24/25',
  compliance: { minPpv: 120 },
  annual: { ...BASE_RULES.annual, emeraldRateBp: 30 },
};
