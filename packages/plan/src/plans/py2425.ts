// Plans closing in PY 24/25.
import { PIN } from '../pins.ts';
import { text } from '../text.ts';
import type { PlanDef } from './types.ts';

/** Platinum-path tracking 24/25: as 23/24 with 8 compliance months. */
export const PPTRACK_2425: PlanDef = {
  code: 'PPTRACK_2425',
  py: '24/25',
  type: 'tracking',
  name: text('白金之路追踪 24/25', 'Platinum path tracking 24/25'),
  route: '/incentiveplan/rewardtracking/pptrack2425',
  reward: text('白金之路奖励', 'Platinum path reward'),
  criteria: [
    { kind: 'spMonths', min: 6 },
    { kind: 'pqMonths', min: 3 },
    { kind: 'complianceMonths', min: 8 },
  ],
};

/** Biennial award 23/24–24/25: pick a track; each is judged over the 24 months. */
export const BIENNIAL_2425: PlanDef = {
  code: 'BIENNIAL_2425',
  py: '24/25',
  years: 2,
  type: 'award',
  name: text('双年度奖 23/24–24/25', 'Biennial award 23/24–24/25'),
  route: '/incentiveplan/biennialaward',
  reward: text('双年度荣誉及奖励', 'Biennial recognition and reward'),
  criteria: [{ kind: 'complianceMonths', min: 18 }],
  levels: {
    mode: 'tracks',
    required: true,
    list: [
      {
        code: 'GROWTH',
        name: text('业绩成长', 'Growth'),
        criteria: [
          { kind: 'pqMonths', min: 12 },
          { kind: 'apv', mode: 'cumulative', min: 200_000 },
        ],
      },
      {
        code: 'LEADERSHIP',
        name: text('领导培育', 'Leadership'),
        criteria: [
          { kind: 'flqMonths', min: 24 },
          { kind: 'pinAtLeast', pin: PIN.PLATINUM },
        ],
      },
      {
        code: 'CUSTOMER',
        name: text('顾客拓展', 'Customers'),
        criteria: [
          { kind: 'customers', min: 60 },
          { kind: 'spMonths', min: 12 },
        ],
      },
    ],
  },
};

export const PLANS_2425: readonly PlanDef[] = [PPTRACK_2425, BIENNIAL_2425];
