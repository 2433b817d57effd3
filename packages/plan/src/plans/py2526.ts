// Plans of PY 25/26 (2025-09 … 2026-08). Thresholds are documented in the package README.
import { cny } from '../money.ts';
import { PIN } from '../pins.ts';
import { text } from '../text.ts';
import { BACKBONE_MONTH, CUSTOMER_MONTH, SALES_MONTH, STAR_MONTH, TRAINING_INDEX, TRIP_POINTS } from './common.ts';
import type { PlanDef } from './types.ts';

export const SEMINAR_2526: PlanDef = {
  code: 'SEMINAR_2526',
  py: '25/26',
  type: 'seminar',
  name: text('研讨会 25/26', 'Seminars 25/26'),
  route: '/incentiveplan/seminars',
  reward: text('海外领袖研讨会席位', 'A seat at the overseas leadership seminar'),
  criteria: [
    { kind: 'pinAtLeast', pin: PIN.PLATINUM },
    { kind: 'pqMonths', min: 3 },
    { kind: 'flqMonths', min: 6 },
    { kind: 'apv', mode: 'cumulative', min: 60_000 },
    {
      kind: 'attendance',
      events: [
        {
          code: 'SEM2526-BRIEF',
          name: text('研讨会行前说明会', 'Seminar briefing'),
          month: '2026-06',
          registrationCloses: '2026-05-29',
        },
        {
          code: 'SEM2526-ONLINE',
          name: text('线上资格课程', 'Online qualification course'),
          registrationCloses: '2026-03-31',
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
      {
        code: 'PREMIUM',
        name: text('尊享席位', 'Premium seat'),
        criteria: [
          {
            kind: 'score',
            min: 120,
            components: TRIP_POINTS,
            name: text('研讨会积分', 'Seminar points'),
          },
        ],
      },
    ],
  },
};

export const TRAVEL_2526: PlanDef = {
  code: 'TRAVEL_2526',
  py: '25/26',
  type: 'travel',
  name: text('旅游计划 25/26', 'Travel plan 25/26'),
  route: '/incentiveplan/seminarstravelplan',
  reward: text('年度奖励旅游', 'Annual incentive trip'),
  criteria: [
    { kind: 'pqMonths', min: 6 },
    { kind: 'flqMonths', min: 12 },
    { kind: 'apv', mode: 'cumulative', min: 120_000 },
  ],
  levels: {
    mode: 'tiers',
    required: false,
    list: [
      {
        code: 'ONE_SEAT',
        name: text('单人名额', 'One traveller'),
        criteria: [
          {
            kind: 'score',
            min: 130,
            components: TRIP_POINTS,
            name: text('旅游积分', 'Travel points'),
          },
        ],
      },
      {
        code: 'TWO_SEATS',
        name: text('双人名额', 'Two travellers'),
        criteria: [
          {
            kind: 'score',
            min: 200,
            components: TRIP_POINTS,
            name: text('旅游积分', 'Travel points'),
          },
        ],
      },
    ],
  },
};

export const SEMINAR_BANGKOK_2526: PlanDef = {
  code: 'SEMINAR_BANGKOK_2526',
  py: '25/26',
  type: 'seminar',
  name: text('曼谷研讨会', 'Bangkok seminar'),
  route: '/incentiveplan/seminarbangkok',
  reward: text('曼谷研讨会席位', 'A seat at the Bangkok seminar'),
  criteria: [
    { kind: 'pinAtLeast', pin: PIN.GOLD },
    { kind: 'pqMonths', min: 2 },
    { kind: 'flqMonths', min: 3 },
    { kind: 'apv', mode: 'cumulative', min: 40_000 },
    {
      kind: 'attendance',
      events: [
        {
          code: 'BKK2526-BRIEF',
          name: text('曼谷行前说明会', 'Bangkok briefing'),
          month: '2026-07',
          registrationCloses: '2026-06-30',
        },
      ],
    },
  ],
};

export const SAMETOUR_DD_2526: PlanDef = {
  code: 'SAMETOUR_DD_2526',
  py: '25/26',
  type: 'travel',
  name: text('钻石同游旅游计划 25/26', 'Same-tour DD travel plan 25/26'),
  route: '/incentiveplan/sametourddtravelplan',
  reward: text('与钻石同团旅游', 'Travel on the Diamonds\u2019 tour'),
  criteria: [
    { kind: 'pqMonths', min: 6 },
    { kind: 'flqMonths', min: 36 },
    { kind: 'apv', mode: 'cumulative', min: 150_000 },
  ],
};

export const FEM_TRAVEL_2526: PlanDef = {
  code: 'FEM_TRAVEL_2526',
  py: '25/26',
  type: 'travel',
  name: text('创办人翡翠旅游计划 25/26', 'FEM travel plan 25/26'),
  route: '/incentiveplan/femtravelplan',
  reward: text('创办人翡翠旅游', 'Founders Emerald trip'),
  criteria: [
    { kind: 'lddMarkets', min: 3 },
    { kind: 'flqMonths', min: 24 },
    { kind: 'apv', mode: 'cumulative', min: 120_000 },
  ],
};

export const EM_TRAVEL_2526: PlanDef = {
  code: 'EM_TRAVEL_2526',
  py: '25/26',
  type: 'travel',
  name: text('翡翠旅游计划 25/26', 'EM travel plan 25/26'),
  route: '/incentiveplan/emtravelplan',
  reward: text('翡翠旅游', 'Emerald trip'),
  criteria: [
    { kind: 'pinAtLeast', pin: PIN.EMERALD },
    { kind: 'flqMonths', min: 18 },
  ],
};

export const TALENT_2526: PlanDef = {
  code: 'TALENT_2526',
  py: '25/26',
  type: 'award',
  name: text('人才培育奖 25/26', 'Talent cultivation award 25/26'),
  route: '/incentiveplan/talentcultivationaward',
  reward: text('人才培育奖', 'Talent cultivation award'),
  criteria: [
    { kind: 'lddMarkets', min: 1 },
    { kind: 'flqMonths', min: 6 },
    { kind: 'complianceMonths', min: 10 },
  ],
};

export const ELITE_2526: PlanDef = {
  code: 'ELITE_2526',
  py: '25/26',
  type: 'award',
  name: text('精英奖 25/26', 'Elite award 25/26'),
  route: '/incentiveplan/eliteaward',
  reward: text('精英奖', 'Elite award'),
  criteria: [
    { kind: 'pinAtLeast', pin: PIN.PLATINUM },
    { kind: 'pqMonths', min: 9 },
    { kind: 'apv', mode: 'cumulative', min: 120_000 },
    { kind: 'complianceMonths', min: 12 },
  ],
};

export const MKTSTAR_MONTHLY_2526: PlanDef = {
  code: 'MKTSTAR_MONTHLY_2526',
  py: '25/26',
  type: 'award',
  name: text('月度优秀营销之星 25/26', 'Monthly marketing star 25/26'),
  route: '/incentiveplan/monthlyawardexcellentmarketingstar',
  reward: text('每个达标月获月度之星', 'A monthly star for each qualifying month'),
  criteria: [
    {
      kind: 'monthsMeeting',
      min: 1,
      condition: { ppv: 1_000, newCustomers: 2 },
      name: STAR_MONTH,
    },
  ],
};

export const MKTSTAR_ANNUAL_2526: PlanDef = {
  code: 'MKTSTAR_ANNUAL_2526',
  py: '25/26',
  type: 'award',
  name: text('年度营销之星 25/26', 'Annual marketing star 25/26'),
  route: '/incentiveplan/annualawardmarketingstar',
  reward: text('年度营销之星', 'Annual marketing star'),
  criteria: [
    {
      kind: 'monthsMeeting',
      min: 8,
      condition: { ppv: 1_000, newCustomers: 2 },
      name: STAR_MONTH,
    },
    { kind: 'customers', min: 30 },
  ],
};

export const SALES_STAR_2526: PlanDef = {
  code: 'SALES_STAR_2526',
  py: '25/26',
  type: 'award',
  name: text('销售之星 25/26', 'Sales star 25/26'),
  route: '/incentiveplan/salestardetail',
  reward: text('销售之星', 'Sales star'),
  criteria: [
    {
      kind: 'monthsMeeting',
      min: 6,
      condition: { ppv: 2_000 },
      name: SALES_MONTH,
    },
    { kind: 'customers', min: 12 },
  ],
};

export const SEMINAR_FUNDING_2526: PlanDef = {
  code: 'SEMINAR_FUNDING_2526',
  py: '25/26',
  type: 'funding',
  name: text('研讨会资助 25/26', 'Seminar funding 25/26'),
  route: '/incentiveplan/seminarfunding',
  reward: text('举办研讨会的费用资助', 'A subsidy towards running seminars'),
  criteria: [{ kind: 'complianceMonths', min: 6 }],
  levels: {
    mode: 'tiers',
    required: true,
    list: [
      {
        code: 'C',
        name: text('C类资助', 'Tier C'),
        rewardFen: cny(2_000),
        criteria: [{ kind: 'spMonths', min: 3 }],
      },
      {
        code: 'B',
        name: text('B类资助', 'Tier B'),
        rewardFen: cny(5_000),
        criteria: [
          { kind: 'pinAtLeast', pin: PIN.GOLD },
          { kind: 'spMonths', min: 6 },
        ],
      },
      {
        code: 'A',
        name: text('A类资助', 'Tier A'),
        rewardFen: cny(8_000),
        criteria: [
          { kind: 'pinAtLeast', pin: PIN.PLATINUM },
          { kind: 'pqMonths', min: 6 },
        ],
      },
    ],
  },
};

export const OVERSEAS_TRAINING_2526: PlanDef = {
  code: 'OVERSEAS_TRAINING_2526',
  py: '25/26',
  type: 'training',
  name: text('海外培训指数 25/26', 'Overseas training index 25/26'),
  route: '/incentiveplan/overseastrainingindexdetail',
  reward: text('海外培训名额', 'A place on the overseas training'),
  criteria: [
    {
      kind: 'score',
      min: 100,
      components: TRAINING_INDEX,
      name: text('海外培训指数', 'Training index'),
    },
  ],
};

export const COMP_POINTS_2526: PlanDef = {
  code: 'COMP_POINTS_2526',
  py: '25/26',
  type: 'award',
  name: text('赠送积分 25/26', 'Complimentary points 25/26'),
  route: '/incentiveplan/complimentarypointsdetail',
  reward: text('积分兑换礼品', 'Points redeemable for gifts'),
  criteria: [{ kind: 'points', min: 3_000 }],
};

export const MKT_TRAINING_CLASS_2526: PlanDef = {
  code: 'MKT_TRAINING_CLASS_2526',
  py: '25/26',
  type: 'training',
  name: text('营销培训班 25/26', 'Marketing training class 25/26'),
  route: '/incentiveplan/marketingtrainingclass',
  reward: text('营销培训班学位', 'A place in the marketing training class'),
  criteria: [
    { kind: 'pinAtLeast', pin: PIN.SILVER },
    { kind: 'complianceMonths', min: 6 },
    {
      kind: 'attendance',
      events: [
        {
          code: 'MTC2526-PREP',
          name: text('培训班预备课', 'Preparatory session'),
          registrationCloses: '2026-01-15',
        },
      ],
    },
  ],
};

export const CUSTOMER_EXPANSION_2526: PlanDef = {
  code: 'CUSTOMER_EXPANSION_2526',
  py: '25/26',
  type: 'tracking',
  name: text('顾客拓展 25/26', 'Customer expansion 25/26'),
  route: '/incentiveplan/customerexpansion',
  reward: text('顾客拓展奖励', 'Customer expansion reward'),
  criteria: [
    { kind: 'customers', min: 24 },
    {
      kind: 'monthsMeeting',
      min: 6,
      condition: { newCustomers: 1 },
      name: CUSTOMER_MONTH,
    },
  ],
};

export const BASIC_BACKBONE_2526: PlanDef = {
  code: 'BASIC_BACKBONE_2526',
  py: '25/26',
  type: 'tracking',
  name: text('基本骨干 25/26', 'Basic backbone 25/26'),
  route: '/incentiveplan/basicbackbone',
  reward: text('骨干奖励', 'Backbone reward'),
  criteria: [
    {
      kind: 'monthsMeeting',
      min: 6,
      condition: { qLegs: 1, apv: 4_000 },
      name: BACKBONE_MONTH,
    },
  ],
};

export const NEW_RANK_2526: PlanDef = {
  code: 'NEW_RANK_2526',
  py: '25/26',
  type: 'rank',
  name: text('新晋奖衔 25/26', 'New rank 25/26'),
  route: '/incentiveplan/type/newrank',
  reward: text('新晋奖衔表彰', 'New-pin recognition'),
  criteria: [{ kind: 'newPin', minPin: PIN.SILVER }],
};

export const PLANS_2526: readonly PlanDef[] = [
  SEMINAR_2526,
  TRAVEL_2526,
  SEMINAR_BANGKOK_2526,
  SAMETOUR_DD_2526,
  FEM_TRAVEL_2526,
  EM_TRAVEL_2526,
  TALENT_2526,
  ELITE_2526,
  MKTSTAR_MONTHLY_2526,
  MKTSTAR_ANNUAL_2526,
  SALES_STAR_2526,
  SEMINAR_FUNDING_2526,
  OVERSEAS_TRAINING_2526,
  COMP_POINTS_2526,
  MKT_TRAINING_CLASS_2526,
  CUSTOMER_EXPANSION_2526,
  BASIC_BACKBONE_2526,
  NEW_RANK_2526,
];
