// Plans closing in PY 23/24.
import { text } from '../text.ts';
import type { PlanDef } from './types.ts';

/** Platinum-path tracking 23/24: 6 SP months, 3 PQ months, 6 compliance months. */
export const PPTRACK_2324: PlanDef = {
  code: 'PPTRACK_2324',
  py: '23/24',
  type: 'tracking',
  name: text('白金之路追踪 23/24', 'Platinum path tracking 23/24'),
  route: '/incentiveplan/rewardtracking/pptrack2324',
  reward: text('白金之路奖励', 'Platinum path reward'),
  criteria: [
    { kind: 'spMonths', min: 6 },
    { kind: 'pqMonths', min: 3 },
    { kind: 'complianceMonths', min: 6 },
  ],
};

export const PLANS_2324: readonly PlanDef[] = [PPTRACK_2324];
