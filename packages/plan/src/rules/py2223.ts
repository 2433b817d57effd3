// PY 22/23 (2022-09 … 2023-08): the base rules.
import { BASE_RULES } from './base.ts';
import type { RuleTable } from './types.ts';

export const PY2223: RuleTable = { ...BASE_RULES, py: '22/23' };
