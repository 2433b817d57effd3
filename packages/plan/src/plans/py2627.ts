// Plans of PY 26/27 (2026-09 … 2027-08), the open year in the demo. Recurring plans are the
// 25/26 editions with this year's code, name and changed thresholds spelled out below.
import { PIN } from '../pins.ts';
import { text, type Text } from '../text.ts';
import { TRIP_POINTS } from './common.ts';
import * as P from './py2526.ts';
import type { Criterion, PlanDef } from './types.ts';

function rename(t: Text): Text {
  return text(t.zh.replace('25/26', '26/27'), t.en.replace('25/26', '26/27'));
}

/** The 26/27 edition of a 25/26 plan: same shape, new code/PY/name, optional new criteria. */
function edition(base: PlanDef, criteria?: readonly Criterion[]): PlanDef {
  return {
    ...base,
    code: base.code.replace(/_2526$/, '_2627'),
    py: '26/27',
    name: rename(base.name),
    ...(criteria ? { criteria } : {}),
  };
}

export const SEMINAR_2627: PlanDef = edition(P.SEMINAR_2526, [
  { kind: 'pinAtLeast', pin: PIN.PLATINUM },
  { kind: 'pqMonths', min: 3 },
  { kind: 'flqMonths', min: 8 },
  { kind: 'apv', mode: 'cumulative', min: 70_000 },
  {
    kind: 'attendance',
    events: [
      {
        code: 'SEM2627-BRIEF',
        name: text('研讨会行前说明会', 'Seminar briefing'),
        month: '2027-06',
        registrationCloses: '2027-05-28',
      },
      {
        code: 'SEM2627-ONLINE',
        name: text('线上资格课程', 'Online qualification course'),
        registrationCloses: '2027-03-31',
      },
    ],
  },
]);

export const TRAVEL_2627: PlanDef = edition(P.TRAVEL_2526, [
  { kind: 'pqMonths', min: 6 },
  { kind: 'flqMonths', min: 15 },
  { kind: 'apv', mode: 'cumulative', min: 130_000 },
]);

export const SEMINAR_SINGAPORE_2627: PlanDef = {
  code: 'SEMINAR_SINGAPORE_2627',
  py: '26/27',
  type: 'seminar',
  name: text('新加坡研讨会', 'Singapore seminar'),
  route: '/incentiveplan/singaporeseminar',
  reward: text('新加坡研讨会席位', 'A seat at the Singapore seminar'),
  criteria: [
    { kind: 'pinAtLeast', pin: PIN.PLATINUM },
    { kind: 'pqMonths', min: 4 },
    { kind: 'flqMonths', min: 4 },
    { kind: 'apv', mode: 'cumulative', min: 50_000 },
    {
      kind: 'attendance',
      events: [
        {
          code: 'SIN2627-BRIEF',
          name: text('新加坡行前说明会', 'Singapore briefing'),
          month: '2027-05',
          registrationCloses: '2027-04-30',
        },
      ],
    },
  ],
  levels: {
    mode: 'tiers',
    required: false,
    list: [
      {
        code: 'STANDARD',
        name: text('标准席位', 'Standard seat'),
        criteria: [
          {
            kind: 'score',
            min: 60,
            components: TRIP_POINTS,
            name: text('研讨会积分', 'Seminar points'),
          },
        ],
      },
    ],
  },
};

export const SEMINAR_MELBOURNE_2627: PlanDef = {
  code: 'SEMINAR_MELBOURNE_2627',
  py: '26/27',
  type: 'seminar',
  name: text('墨尔本研讨会', 'Melbourne seminar'),
  route: '/incentiveplan/melbourneseminar',
  reward: text('墨尔本研讨会席位', 'A seat at the Melbourne seminar'),
  criteria: [
    { kind: 'pinAtLeast', pin: PIN.SAPPHIRE },
    { kind: 'pqMonths', min: 6 },
    { kind: 'flqMonths', min: 12 },
    { kind: 'apv', mode: 'cumulative', min: 80_000 },
    {
      kind: 'attendance',
      events: [
        {
          code: 'MEL2627-BRIEF',
          name: text('墨尔本行前说明会', 'Melbourne briefing'),
          month: '2027-07',
          registrationCloses: '2027-06-30',
        },
      ],
    },
  ],
};

export const SAMETOUR_DD_2627 = edition(P.SAMETOUR_DD_2526);
export const FEM_TRAVEL_2627 = edition(P.FEM_TRAVEL_2526);
export const EM_TRAVEL_2627 = edition(P.EM_TRAVEL_2526, [
  { kind: 'pinAtLeast', pin: PIN.EMERALD },
  { kind: 'flqMonths', min: 20 },
]);
export const TALENT_2627 = edition(P.TALENT_2526);
export const ELITE_2627 = edition(P.ELITE_2526);
export const MKTSTAR_MONTHLY_2627 = edition(P.MKTSTAR_MONTHLY_2526);
export const MKTSTAR_ANNUAL_2627 = edition(P.MKTSTAR_ANNUAL_2526);
export const SALES_STAR_2627 = edition(P.SALES_STAR_2526);
export const SEMINAR_FUNDING_2627 = edition(P.SEMINAR_FUNDING_2526);
export const OVERSEAS_TRAINING_2627 = edition(P.OVERSEAS_TRAINING_2526);
export const COMP_POINTS_2627 = edition(P.COMP_POINTS_2526, [{ kind: 'points', min: 3_500 }]);
export const MKT_TRAINING_CLASS_2627 = edition(P.MKT_TRAINING_CLASS_2526, [
  { kind: 'pinAtLeast', pin: PIN.SILVER },
  { kind: 'complianceMonths', min: 6 },
  {
    kind: 'attendance',
    events: [
      {
        code: 'MTC2627-PREP',
        name: text('培训班预备课', 'Preparatory session'),
        registrationCloses: '2027-01-15',
      },
    ],
  },
]);
export const CUSTOMER_EXPANSION_2627 = edition(P.CUSTOMER_EXPANSION_2526, [
  { kind: 'customers', min: 30 },
  ...P.CUSTOMER_EXPANSION_2526.criteria.slice(1),
]);
export const BASIC_BACKBONE_2627 = edition(P.BASIC_BACKBONE_2526);
export const NEW_RANK_2627 = edition(P.NEW_RANK_2526);

/** Biennial award 25/26–26/27 (closes 31 Aug 2027). */
export const BIENNIAL_2627: PlanDef = {
  code: 'BIENNIAL_2627',
  py: '26/27',
  years: 2,
  type: 'award',
  name: text('双年度奖 25/26–26/27', 'Biennial award 25/26–26/27'),
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
          { kind: 'apv', mode: 'cumulative', min: 220_000 },
        ],
      },
      {
        code: 'LEADERSHIP',
        name: text('领导培育', 'Leadership'),
        criteria: [
          { kind: 'flqMonths', min: 24 },
          { kind: 'lddMarkets', min: 1 },
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

export const PLANS_2627: readonly PlanDef[] = [
  SEMINAR_2627,
  TRAVEL_2627,
  SEMINAR_SINGAPORE_2627,
  SEMINAR_MELBOURNE_2627,
  SAMETOUR_DD_2627,
  FEM_TRAVEL_2627,
  EM_TRAVEL_2627,
  TALENT_2627,
  ELITE_2627,
  MKTSTAR_MONTHLY_2627,
  MKTSTAR_ANNUAL_2627,
  SALES_STAR_2627,
  SEMINAR_FUNDING_2627,
  OVERSEAS_TRAINING_2627,
  COMP_POINTS_2627,
  MKT_TRAINING_CLASS_2627,
  CUSTOMER_EXPANSION_2627,
  BASIC_BACKBONE_2627,
  NEW_RANK_2627,
  BIENNIAL_2627,
];
