// The items a service-fee statement can hold (income.ts monthlyStatement), by code, with the names
// the statement, the PDF and the change explainer print.
import { text, type Text } from './text.ts';

export type ItemCode =
  | 'PROMOTION'
  | 'LEADERSHIP'
  | 'RUBY'
  | 'PEARL'
  | 'EMERALD_ANNUAL'
  | 'DIAMOND_ANNUAL'
  | 'ADJUSTMENT'
  | 'DEBIT_BROUGHT_FORWARD'
  | 'DEBIT_CARRIED_FORWARD';

export const ITEM_NAMES: Readonly<Record<ItemCode, Text>> = {
  PROMOTION: text('市场推广服务费', 'Market promotion service fee'),
  LEADERSHIP: text('领导服务费', 'Leadership service fee'),
  RUBY: text('红宝石服务费', 'Ruby service fee'),
  PEARL: text('明珠服务费', 'Pearl service fee'),
  EMERALD_ANNUAL: text('翡翠年度奖金', 'Emerald annual bonus'),
  DIAMOND_ANNUAL: text('钻石年度奖金', 'Diamond annual bonus'),
  ADJUSTMENT: text('调整', 'Adjustment'),
  DEBIT_BROUGHT_FORWARD: text('上期负额扣回', 'Debit brought forward'),
  DEBIT_CARRIED_FORWARD: text('负额结转下期', 'Debit carried forward'),
};
