// The pin ladder in words: what a pin asks for, and each pin's conditions measured against
// a PY's counters (the requirements view).
import type { RuleTable } from './rules/types.ts';
import { num, text, type Text } from './text.ts';
import { type PinCode, pinName, type PinCounters, type PinCounterKey, pinLadder } from './pins.ts';

// ---------------------------------------------------------------------------------------
// The ladder in words

interface CounterWords {
  /** The counter as a requirement row names it. */
  label(p: RuleTable['pins']): Text;
  /** The condition opening a rule ("3 SP months in the PY"). */
  lead(min: number, p: RuleTable['pins']): Text;
  /** The condition following another (", 3 consecutive"). */
  then(min: number, p: RuleTable['pins']): Text;
}

// Volumes are written with thousands separators, as the app writes every number ("20,000").
const WORDS: Readonly<Record<PinCounterKey, CounterWords>> = {
  spMonths: {
    label: () => text('本年度 SP 月', 'SP months this PY'),
    lead: (min) => (min === 1 ? text(`${min}个SP月`, `${min} SP month`) : text(`本年度${min}个SP月`, `${min} SP months in the PY`)),
    then: (min) => text(`且本人本年度SP月${min}个`, ` and ${min} SP months in the PY`),
  },
  maxSpRun: {
    label: () => text('连续 SP 月', 'Consecutive SP months'),
    lead: (min) => text(`连续${min}个SP月`, `${min} consecutive SP months`),
    then: (min) => text(`，其中连续${min}个`, `, ${min} consecutive`),
  },
  sideVolumeMonths: {
    label: (p) => text(`APV ≥ ${num(p.sapphireSideVolumePv)} 的月份`, `Months with APV ≥ ${num(p.sapphireSideVolumePv)}`),
    lead: (min, p) => text(`${min}个月APV≥${num(p.sapphireSideVolumePv)}`, `${min} months with APV ≥ ${num(p.sapphireSideVolumePv)}`),
    then: (min, p) =>
      text(`，另有${min}个月APV≥${num(p.sapphireSideVolumePv)}`, `, plus ${min} months with APV ≥ ${num(p.sapphireSideVolumePv)}`),
  },
  qualifiedLegs: {
    label: (p) => text(`一线 Q 线（各 Q ≥ ${p.legQMonths} 个月）`, `Frontline legs Q ≥ ${p.legQMonths} months`),
    lead: (min, p) =>
      text(`${min}条一线Q线，每条本年度Q月≥${p.legQMonths}个`, `${min} frontline legs each Q ≥ ${p.legQMonths} months of the PY`),
    then: (min, p) =>
      text(`，且${min}条一线Q线，每条本年度Q月≥${p.legQMonths}个`, `, and ${min} frontline legs each Q ≥ ${p.legQMonths} months of the PY`),
  },
  foundersLegs: {
    label: (p) => text(`一线 Q 线（各 Q 满 ${p.foundersLegQMonths} 个月）`, `Frontline legs Q all ${p.foundersLegQMonths} months`),
    lead: (min, p) =>
      text(
        `${min}条一线Q线，每条本年度Q月满${p.foundersLegQMonths}个`,
        `${min} frontline legs each Q in all ${p.foundersLegQMonths} months of the PY`,
      ),
    then: (min, p) =>
      text(
        `，且${min}条一线Q线，每条本年度Q月满${p.foundersLegQMonths}个`,
        `, and ${min} frontline legs each Q in all ${p.foundersLegQMonths} months of the PY`,
      ),
  },
  qualificationCredits: {
    label: () => text('资格积分（QC，业绩年度结束时计算）', 'Qualification credits (QC, counted when the PY closes)'),
    lead: (min) => text(`资格积分≥${min}`, `${min} qualification credits`),
    then: (min) => text(`，且资格积分≥${min}`, `, and ${min} qualification credits`),
  },
  bestPgpv: {
    label: () => text('单月最高个人小组 PV', 'Best month personal-group PV'),
    lead: (min) => text(`单月个人小组PV≥${num(min)}`, `a month of personal-group PV ≥ ${num(min)}`),
    then: (min) => text(`，且单月个人小组PV≥${num(min)}`, `, and a month of personal-group PV ≥ ${num(min)}`),
  },
};

/** What a pin asks for, in words, from its conditions on the ladder. */
export function pinRule(pin: number, rules: RuleTable): Text {
  const step = pinLadder(rules).find((s) => s.pin === pin);
  if (!step) return text('会员', 'member');
  const p = rules.pins;
  let zh = '';
  let en = '';
  step.conditions.forEach((c, i) => {
    const w = i === 0 ? WORDS[c.counter].lead(c.min, p) : WORDS[c.counter].then(c.min, p);
    zh += w.zh;
    en += w.en;
  });
  return text(zh, en);
}

/** One condition of a pin measured against a PY's counters. */
export interface PinRequirementCondition {
  readonly key: PinCounterKey;
  readonly label: Text;
  readonly required: number;
  readonly achieved: number;
  readonly met: boolean;
}

export interface PinRequirement {
  readonly pinCode: PinCode;
  readonly name: Text;
  readonly rule: Text;
  /** Above the given current pin (a valid target). */
  readonly above: boolean;
  readonly conditions: PinRequirementCondition[];
  /** Every condition is met by the counters. */
  readonly met: boolean;
}

/** Every pin of the ladder with its conditions measured against the counters, lowest first. */
export function pinRequirements(c: PinCounters, rules: RuleTable, currentPin: number): PinRequirement[] {
  const p = rules.pins;
  return pinLadder(rules).map((step) => {
    const conditions = step.conditions.map((x) => ({
      key: x.counter,
      label: WORDS[x.counter].label(p),
      required: x.min,
      achieved: c[x.counter],
      met: c[x.counter] >= x.min,
    }));
    return {
      pinCode: step.pin,
      name: pinName(step.pin),
      rule: pinRule(step.pin, rules),
      above: step.pin > currentPin,
      conditions,
      met: conditions.every((x) => x.met),
    };
  });
}
