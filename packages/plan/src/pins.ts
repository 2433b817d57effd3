// Pins (pinCode). The pin held is the highest ever reached, for recognition; it never goes down.
// What a PY qualifies for is read from the same ladder over that PY's months alone (the
// counters restart each September): plans and annual bonuses ask for that (pyQualification).
//   310 Silver        1 SP month                 342 Founders Pt  12 SP months in the PY (Q12)
//   320 Gold          3 SP months in the PY
//   330 Platinum      6 SP months in the PY, 3 of them consecutive
//   340 Ruby          Platinum's conditions in the PY and a month of PGPV ≥ 20 000 in it
//   365 Sapphire      2 frontline legs each Q ≥ 6 months of the PY, plus side volume:
//                     ≥ 6 months of the PY with APV ≥ 4 000 (5 000 from 26/27)
//   370 Emerald 3 legs · 380 Diamond 6 legs · 390 Executive Diamond 9 legs · 400 Double Diamond 12
//   367/375/385/395   the Founders variant: that pin's legs each Q in all 12 months of the PY
//                     (Founders Sapphire: and side volume in all 12)
//   Every pin from Sapphire up (Founders forms and Global Award too) also needs Platinum's
//   conditions in the same PY: a qualified Platinum first.
//   Global Award Recognition (rules.pins.globalAward, from 21/22): Executive Diamond = Founders
//   Diamond's legs and 10 qualification credits (QC) from the downline qualified in the PY,
//   counted when the PY closes; Founders Executive Diamond and Double Diamond add their legs.
// The ladder (pinLadder: pin → conditions over the PY counters) is the one statement of these
// rules; qualification, the rule in words and the requirements view are read from it. Two
// APIs apply it and agree: a tracker advanced month by month over the whole tree (typed
// arrays) during the close, and explainPins() for one distributor's history with the evidence.
import type { RuleTable } from './rules/types.ts';
import { text, type Text } from './text.ts';

export const PIN = {
  MEMBER: 230,
  SILVER: 310,
  GOLD: 320,
  PLATINUM: 330,
  RUBY: 340,
  FOUNDERS_PLATINUM: 342,
  SAPPHIRE: 365,
  FOUNDERS_SAPPHIRE: 367,
  EMERALD: 370,
  FOUNDERS_EMERALD: 375,
  DIAMOND: 380,
  FOUNDERS_DIAMOND: 385,
  EXECUTIVE_DIAMOND: 390,
  FOUNDERS_EXECUTIVE_DIAMOND: 395,
  DOUBLE_DIAMOND: 400,
} as const;

export type PinCode = (typeof PIN)[keyof typeof PIN];

export const PIN_NAMES: Readonly<Record<PinCode, Text>> = {
  230: text('会员', 'Member'),
  310: text('银章', 'Silver Producer'),
  320: text('金章', 'Gold Producer'),
  330: text('白金', 'Platinum'),
  340: text('红宝石', 'Ruby'),
  342: text('创办人白金', 'Founders Platinum'),
  365: text('蓝宝石', 'Sapphire'),
  367: text('创办人蓝宝石', 'Founders Sapphire'),
  370: text('翡翠', 'Emerald'),
  375: text('创办人翡翠', 'Founders Emerald'),
  380: text('钻石', 'Diamond'),
  385: text('创办人钻石', 'Founders Diamond'),
  390: text('执行专才钻石', 'Executive Diamond'),
  395: text('创办人执行专才钻石', 'Founders Executive Diamond'),
  400: text('双钻石', 'Double Diamond'),
};

/** Every pin code, ascending. */
export const PIN_CODES: readonly PinCode[] = Object.values(PIN).sort((a, b) => a - b);

export function pinName(code: number): Text {
  return PIN_NAMES[code as PinCode] ?? text(String(code), String(code));
}

/** Counters that decide the pin, all within the current PY. */
export interface PinCounters {
  spMonths: number;
  /** Longest run of consecutive SP months in the PY so far. */
  maxSpRun: number;
  /** Months with APV ≥ the Sapphire side-volume threshold. */
  sideVolumeMonths: number;
  /** Frontline legs with ≥ legQMonths Q months in the PY. */
  qualifiedLegs: number;
  /** Frontline legs with ≥ foundersLegQMonths Q months in the PY (every month: the Founders pins). */
  foundersLegs: number;
  /** Highest personal-group PV of a month of the PY. */
  bestPgpv: number;
  /** Qualification credits of the downline qualified in the PY (Global Award), when the PY closes; else 0. */
  qualificationCredits: number;
}

export type PinCounterKey = keyof PinCounters;

/** One condition of a pin: a counter at least `min`. */
export interface PinCondition {
  readonly counter: PinCounterKey;
  readonly min: number;
}

/** A pin and every condition it needs (all must hold). */
export interface PinStep {
  readonly pin: PinCode;
  readonly conditions: readonly PinCondition[];
}

function buildLadder(rules: RuleTable): PinStep[] {
  const p = rules.pins;
  const sp = (min: number): PinCondition => ({ counter: 'spMonths', min });
  const legs = (min: number): PinCondition => ({ counter: 'qualifiedLegs', min });
  const foundersLegs = (min: number): PinCondition => ({ counter: 'foundersLegs', min });
  const side = (min: number): PinCondition => ({ counter: 'sideVolumeMonths', min });
  const platinum: PinCondition[] = [sp(p.platinumSpMonths), { counter: 'maxSpRun', min: p.platinumConsecutive }];
  const gar = p.globalAward;
  const credits: PinCondition[] = gar
    ? [foundersLegs(p.diamondLegs), { counter: 'qualificationCredits', min: gar.executiveDiamondCredits }]
    : [];
  const top: PinStep[] = gar
    ? [
        { pin: PIN.EXECUTIVE_DIAMOND, conditions: credits },
        { pin: PIN.FOUNDERS_EXECUTIVE_DIAMOND, conditions: [foundersLegs(p.executiveDiamondLegs), credits[1]!] },
        { pin: PIN.DOUBLE_DIAMOND, conditions: [...credits, legs(p.doubleDiamondLegs)] },
      ]
    : [
        { pin: PIN.EXECUTIVE_DIAMOND, conditions: [legs(p.executiveDiamondLegs)] },
        { pin: PIN.FOUNDERS_EXECUTIVE_DIAMOND, conditions: [foundersLegs(p.executiveDiamondLegs)] },
        { pin: PIN.DOUBLE_DIAMOND, conditions: [legs(p.doubleDiamondLegs)] },
      ];
  // Every pin above Platinum is a qualified Platinum of the same PY first (README, "Rules and
  // their sources"): legs alone, with SP months never three in a row, make no Sapphire or Emerald.
  const abovePlatinum = (conditions: PinCondition[]): PinCondition[] => [...platinum, ...conditions];
  return [
    { pin: PIN.SILVER, conditions: [sp(p.silverSpMonths)] },
    { pin: PIN.GOLD, conditions: [sp(p.goldSpMonths)] },
    { pin: PIN.PLATINUM, conditions: platinum },
    // A qualified Platinum (of the same PY) with the Ruby month.
    { pin: PIN.RUBY, conditions: abovePlatinum([{ counter: 'bestPgpv', min: p.rubyPgpv }]) },
    { pin: PIN.FOUNDERS_PLATINUM, conditions: [sp(p.foundersSpMonths)] },
    { pin: PIN.SAPPHIRE, conditions: abovePlatinum([legs(p.sapphireLegs), side(p.sapphireSideVolumeMonths)]) },
    // Sapphire kept every month of the PY: both legs Q and the side volume in all of them.
    { pin: PIN.FOUNDERS_SAPPHIRE, conditions: abovePlatinum([foundersLegs(p.sapphireLegs), side(p.foundersSideVolumeMonths)]) },
    { pin: PIN.EMERALD, conditions: abovePlatinum([legs(p.emeraldLegs)]) },
    { pin: PIN.FOUNDERS_EMERALD, conditions: abovePlatinum([foundersLegs(p.emeraldLegs)]) },
    { pin: PIN.DIAMOND, conditions: abovePlatinum([legs(p.diamondLegs)]) },
    { pin: PIN.FOUNDERS_DIAMOND, conditions: abovePlatinum([foundersLegs(p.diamondLegs)]) },
    ...top.map((s) => ({ pin: s.pin, conditions: abovePlatinum([...s.conditions]) })),
  ];
}

/**
 * The ladder as bit masks for the close's inner loop (every node, every month): bit s stands for
 * step s. Per counter, `table[v]` holds the steps whose condition on that counter a value v
 * meets (steps without one always do), for v up to the counter's highest threshold; larger
 * values read the last entry. The steps a node meets are the AND of one entry per counter and
 * the highest set bit is its pin. Counters are whole numbers; only bestPgpv's table is sparse.
 */
interface CompiledLadder {
  readonly steps: readonly PinStep[];
  /** Pin of each step (ascending, as bits). */
  readonly pin: Int32Array;
  readonly sp: Int32Array;
  readonly run: Int32Array;
  readonly side: Int32Array;
  readonly legs: Int32Array;
  readonly founders: Int32Array;
  readonly pgpv: SparseTable;
  readonly credits: SparseTable;
}

/** A counter with few, large or fractional thresholds: ascending thresholds and, per band, the mask (mask[k]: k thresholds reached). */
interface SparseTable {
  readonly thresholds: Float64Array;
  readonly mask: Int32Array;
}

function sparseTable(steps: readonly PinStep[], counter: PinCounterKey): SparseTable {
  const need = needs(steps, counter);
  const thresholds = Float64Array.from([...new Set(need.filter((m) => m > -Infinity))].sort((x, y) => x - y));
  const mask = Int32Array.from({ length: thresholds.length + 1 }, (_, k) => maskAt(need, k === 0 ? -Infinity : thresholds[k - 1]!));
  return { thresholds, mask };
}

function sparseEntry(t: SparseTable, v: number): number {
  let k = 0;
  while (k < t.thresholds.length && v >= t.thresholds[k]!) k++;
  return t.mask[k]!;
}

const ladders = new WeakMap<RuleTable, CompiledLadder>();

/** Per step, the least value of `counter` it needs (-Infinity: no condition on it). */
function needs(steps: readonly PinStep[], counter: PinCounterKey): number[] {
  return steps.map((s) => Math.max(-Infinity, ...s.conditions.filter((x) => x.counter === counter).map((x) => x.min)));
}

function maskAt(need: readonly number[], value: number): number {
  let m = 0;
  need.forEach((min, s) => {
    if (min <= value) m |= 1 << s;
  });
  return m;
}

/** Masks for every whole value 0 … the highest threshold (beyond: the last one). */
function denseTable(steps: readonly PinStep[], counter: PinCounterKey): Int32Array {
  const need = needs(steps, counter);
  const top = Math.max(0, ...need);
  if (!Number.isInteger(top) || top > 4096) throw new RangeError(`${counter}: thresholds must be small whole numbers`);
  return Int32Array.from({ length: top + 1 }, (_, v) => maskAt(need, v));
}

export function compiled(rules: RuleTable): CompiledLadder {
  let c = ladders.get(rules);
  if (c) return c;
  const steps = buildLadder(rules);
  if (steps.length > 31) throw new RangeError('the pin ladder has more steps than a mask holds');
  c = {
    steps,
    pin: Int32Array.from(steps, (s) => s.pin),
    sp: denseTable(steps, 'spMonths'),
    run: denseTable(steps, 'maxSpRun'),
    side: denseTable(steps, 'sideVolumeMonths'),
    legs: denseTable(steps, 'qualifiedLegs'),
    founders: denseTable(steps, 'foundersLegs'),
    pgpv: sparseTable(steps, 'bestPgpv'),
    credits: sparseTable(steps, 'qualificationCredits'),
  };
  ladders.set(rules, c);
  return c;
}

const entry = (table: Int32Array, v: number): number => table[v < table.length ? v : table.length - 1]!;

/** The highest pin above `floor` whose conditions the counters meet, else `floor`. */
export function highestPin(
  l: CompiledLadder,
  sp: number,
  run: number,
  side: number,
  legs: number,
  founders: number,
  pgpv: number,
  credits: number,
  floor: number,
): number {
  let met = entry(l.sp, sp) & entry(l.run, run) & entry(l.side, side) & entry(l.legs, legs) & entry(l.founders, founders);
  if (met === 0) return floor;
  met &= sparseEntry(l.pgpv, pgpv) & sparseEntry(l.credits, credits);
  if (met === 0) return floor;
  const code = l.pin[31 - Math.clz32(met)]!;
  return code > floor ? code : floor;
}

/**
 * The pin ladder of a rule table, lowest pin first: every pin above Member and the conditions
 * it needs. Qualification (pinFromCounters), the rule in words (pinRule) and the requirements
 * view (pinRequirements) are all read from it.
 */
export function pinLadder(rules: RuleTable): readonly PinStep[] {
  return compiled(rules).steps;
}

/** The highest pin the counters satisfy (Member when none). */
export function pinFromCounters(c: PinCounters, rules: RuleTable): PinCode {
  // The tables index whole, non-negative counts.
  const count = (v: number) => Math.max(0, Math.floor(v));
  const l = compiled(rules);
  return highestPin(
    l,
    count(c.spMonths),
    count(c.maxSpRun),
    count(c.sideVolumeMonths),
    count(c.qualifiedLegs),
    count(c.foundersLegs),
    c.bestPgpv,
    c.qualificationCredits,
    PIN.MEMBER,
  ) as PinCode;
}
