// Building blocks shared by the plan catalogue: score components and named conditions.
import { text } from '../text.ts';
import type { ScoreComponent } from './types.ts';

/** Seminar / travel points: PQ month 10, FLQ month 5, each 10 000 cumulative APV 2 (≤ 40). */
export const TRIP_POINTS: readonly ScoreComponent[] = [
  { source: 'pqMonths', name: text('PQ月', 'PQ months'), per: 1, points: 10 },
  { source: 'flqMonths', name: text('FLQ月', 'FLQ months'), per: 1, points: 5 },
  {
    source: 'apvCumulative',
    name: text('累计APV（每10 000）', 'Cumulative APV (per 10 000)'),
    per: 10_000,
    points: 2,
    cap: 40,
  },
];

/** Overseas training index: PQ 8, FLQ 4, SP 4, compliance 2, new customer 1 (≤ 20). */
export const TRAINING_INDEX: readonly ScoreComponent[] = [
  { source: 'pqMonths', name: text('PQ月', 'PQ months'), per: 1, points: 8 },
  { source: 'flqMonths', name: text('FLQ月', 'FLQ months'), per: 1, points: 4 },
  { source: 'spMonths', name: text('SP月', 'SP months'), per: 1, points: 4 },
  {
    source: 'complianceMonths',
    name: text('合规月', 'Compliance months'),
    per: 1,
    points: 2,
  },
  {
    source: 'customers',
    name: text('新顾客', 'New customers'),
    per: 1,
    points: 1,
    cap: 20,
  },
];

export const STAR_MONTH = text('营销之星月（PPV≥1 000且新顾客≥2）', 'Star months (PPV ≥ 1 000 and ≥ 2 new customers)');
export const SALES_MONTH = text('销售月（PPV≥2 000）', 'Sales months (PPV ≥ 2 000)');
export const CUSTOMER_MONTH = text('拓展月（新顾客≥1）', 'Expansion months (≥ 1 new customer)');
export const BACKBONE_MONTH = text('骨干月（≥1条Q线且APV≥4 000）', 'Backbone months (≥ 1 Q leg and APV ≥ 4 000)');
