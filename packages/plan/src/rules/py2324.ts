// PY 23/24 (2023-09 … 2024-08): base rules; Emerald annual bonus raised to 0.30 %.
import { BASE_RULES } from './base.ts';
import type { RuleTable } from './types.ts';

export const PY2324: RuleTable = {
  ...BASE_RULES,
  py: '23/24',
  annual: { ...BASE_RULES.annual, emeraldRateBp: 30 },
};
