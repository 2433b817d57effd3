// @abo/plan — the pure TypeScript plan engine (no I/O; runs in Node and the browser).
export * from './calendar.ts';
export * from './money.ts';
export * from './text.ts';
export * from './tax.ts';
export * from './payment.ts';
export * from './bracket.ts';
export type { BracketStep, RuleTable } from './rules/types.ts';
export { BASE_RULES } from './rules/base.ts';
export { RULE_TABLES, knownPys, rulesFor, rulesForMonth, type RulesForOptions } from './rules/registry.ts';
export * from './tree.ts';
export * from './close.ts';
export * from './close-income.ts';
export * from './close-legs.ts';
export * from './close-period.ts';
export * from './claw-back.ts';
export {
  PIN,
  PIN_CODES,
  PIN_NAMES,
  pinFromCounters,
  pinLadder,
  pinName,
  type PinCode,
  type PinCondition,
  type PinCounterKey,
  type PinCounters,
  type PinStep,
} from './pins.ts';
export * from './pin-words.ts';
export * from './pin-tracker.ts';
export * from './pin-history.ts';
export * from './income.ts';
export * from './item-names.ts';
export * from './annual-bonus.ts';
export * from './estimate.ts';
export * from './estimate-presets.ts';
export * from './first-goal.ts';
export * from './history.ts';
export * from './market-rules.ts';
export * from './notifications.ts';
export * from './plan-notifications.ts';
export * from './projections.ts';
export type * from './plans/types.ts';
export { combineStatus, evaluateCriterion } from './plans/criterion-status.ts';
export { MET_SO_FAR } from './plans/gap-catalogue.ts';
export { evaluatePlan, evaluatePlans, pinOutlook, type PinConditionOutlook } from './plans/evaluate.ts';
export { monthMeets, periodTotal, type MonthConditionInput } from './plans/measure-basics.ts';
export { periodPosition, planMonths, summarizeHistory, type HistorySummary, type PeriodPosition } from './plans/history-summary.ts';
export * from './plans/kinds.ts';
export * from './plans/card.ts';
export * from './plans/summary-codec.ts';
export * from './plans/marketing-star.ts';
export { PLANS, planByCode, plansByRoute, plansFirstMonth, plansFor } from './plans/registry.ts';
export * from './plans/row-status.ts';
export * from './plans/gap-legs.ts';
export * from './statement-change.ts';
