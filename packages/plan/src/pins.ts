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
import { isLastMonthOfPy, monthIndex, monthKeyOf, pyMonths, pyOf, type MonthKey, type PyName } from './calendar.ts';
import type { MonthClose } from './close.ts';
import { rulesFor } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';
import { num, text, type Text } from './text.ts';

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

function compiled(rules: RuleTable): CompiledLadder {
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
function highestPin(
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

// ---------------------------------------------------------------------------------------
// Incremental tracker (whole tree, typed arrays)

export interface PinState {
  readonly n: number;
  /** Highest pin reached so far (held). Preset before the first month to carry older history. */
  readonly pin: Uint16Array;
  /** Pin qualified in the current PY by its months so far (Member when none); restarts each PY. */
  readonly qualified: Uint16Array;
  /** Month index (monthIndex()) the current pin was reached; -1 = never advanced here. */
  readonly pinMonth: Int32Array;
  /** Nodes whose pin rose in the last advancePins call: changed[0 … changedCount-1]. */
  readonly changed: Int32Array;
  changedCount: number;
  py: PyName | null;
  lastMonth: number;
  readonly spMonths: Uint8Array;
  readonly spRun: Uint8Array;
  readonly maxSpRun: Uint8Array;
  readonly sideVolumeMonths: Uint8Array;
  /** The ABO's own Q months in the PY (its upline counts it as a leg at legQMonths). */
  readonly qMonths: Uint8Array;
  readonly qualifiedLegs: Uint16Array;
  readonly foundersLegs: Uint16Array;
  /** Highest personal-group PV of a month of the PY. */
  readonly bestPgpv: Int32Array;
  /** Qualification credits counted in the last month folded (a PY's last month; else 0). */
  readonly qualificationCredits: Float64Array;
  /** Work arrays of the credit count: per subtree, Founders Platinums and leaders' credits. */
  readonly subFounders: Uint32Array;
  readonly subLeaderCredits: Float64Array;
}

export function createPinState(n: number): PinState {
  const pin = new Uint16Array(n).fill(PIN.MEMBER);
  return {
    n,
    pin,
    qualified: new Uint16Array(n).fill(PIN.MEMBER),
    pinMonth: new Int32Array(n).fill(-1),
    changed: new Int32Array(n),
    changedCount: 0,
    py: null,
    lastMonth: -Infinity,
    spMonths: new Uint8Array(n),
    spRun: new Uint8Array(n),
    maxSpRun: new Uint8Array(n),
    sideVolumeMonths: new Uint8Array(n),
    qMonths: new Uint8Array(n),
    qualifiedLegs: new Uint16Array(n),
    foundersLegs: new Uint16Array(n),
    bestPgpv: new Int32Array(n),
    qualificationCredits: new Float64Array(n),
    subFounders: new Uint32Array(n),
    subLeaderCredits: new Float64Array(n),
  };
}

/**
 * Folds one closed month into the pin state. Months must come in increasing order; a gap
 * breaks the consecutive-SP run, a new PY restarts the PY counters. Returns the number of
 * nodes whose pin rose (listed in state.changed). O(n).
 */
export function advancePins(
  state: PinState,
  sponsorIndex: Int32Array,
  close: MonthClose,
  month: MonthKey,
  rules: RuleTable = rulesFor(pyOf(month)),
): number {
  const n = state.n;
  if (sponsorIndex.length !== n || close.n !== n) throw new RangeError('state/tree size mismatch');
  const mi = monthIndex(month);
  if (mi <= state.lastMonth) throw new RangeError(`months must increase: ${month}`);
  const py = pyOf(month);
  if (state.py !== py) {
    state.spMonths.fill(0);
    state.spRun.fill(0);
    state.maxSpRun.fill(0);
    state.sideVolumeMonths.fill(0);
    state.qMonths.fill(0);
    state.qualifiedLegs.fill(0);
    state.foundersLegs.fill(0);
    state.bestPgpv.fill(0);
    state.qualified.fill(PIN.MEMBER);
    state.py = py;
  } else if (state.lastMonth !== mi - 1) {
    state.spRun.fill(0);
  }
  state.lastMonth = mi;

  const { pin, pinMonth, changed, spMonths, spRun, maxSpRun, sideVolumeMonths, qMonths } = state;
  const { qualified, qualifiedLegs, foundersLegs, bestPgpv } = state;
  const { isSpMonth, isQ, apv, personalGroupPv } = close;
  const side = rules.pins.sapphireSideVolumePv;
  const legQ = rules.pins.legQMonths;
  const foundersQ = rules.pins.foundersLegQMonths;
  const ladder = compiled(rules);
  // Global Award: credits from the downline qualified in the PY, when the PY closes. Each node's
  // children come first (reverse order), so a subtree is complete when its root is reached.
  const gar = isLastMonthOfPy(month) ? rules.pins.globalAward : null;
  const { qualificationCredits: credits, subFounders, subLeaderCredits } = state;
  credits.fill(0);
  if (gar) {
    subFounders.fill(0);
    subLeaderCredits.fill(0);
  }
  let count = 0;
  // Reverse order: all of a node's frontline (larger indices) is updated before the node.
  for (let i = n - 1; i >= 0; i--) {
    if (isSpMonth[i]) {
      spMonths[i] = spMonths[i]! + 1;
      const run = spRun[i]! + 1;
      spRun[i] = run;
      if (run > maxSpRun[i]!) maxSpRun[i] = run;
    } else {
      spRun[i] = 0;
    }
    if (apv[i]! >= side) sideVolumeMonths[i] = sideVolumeMonths[i]! + 1;
    if (isQ[i]) {
      const qm = qMonths[i]! + 1;
      qMonths[i] = qm;
      const s = sponsorIndex[i]!;
      if (s >= 0) {
        if (qm === legQ) qualifiedLegs[s] = qualifiedLegs[s]! + 1;
        if (qm === foundersQ) foundersLegs[s] = foundersLegs[s]! + 1;
      }
    }
    if (personalGroupPv[i]! > bestPgpv[i]!) bestPgpv[i] = personalGroupPv[i]!;
    // The counters only grow within a PY, so the pin they qualify for only rises with them.
    const q = highestPin(
      ladder,
      spMonths[i]!,
      maxSpRun[i]!,
      sideVolumeMonths[i]!,
      qualifiedLegs[i]!,
      foundersLegs[i]!,
      bestPgpv[i]!,
      credits[i]!,
      PIN.MEMBER,
    );
    qualified[i] = q;
    if (gar) {
      // A qualifier counts only as a Founders Platinum (Q12) too; a leader by its highest pin.
      if (spMonths[i]! >= rules.pins.foundersSpMonths) {
        const lead = leaderCredits(q, gar);
        if (lead > 0) subLeaderCredits[i] = subLeaderCredits[i]! + lead;
        else subFounders[i] = subFounders[i]! + 1;
      }
      const s = sponsorIndex[i]!;
      if (s >= 0) {
        credits[s] =
          credits[s]! + Math.min(gar.foundersPlatinumsPerLeg, subFounders[i]!) * gar.credits.foundersPlatinum + subLeaderCredits[i]!;
        subFounders[s] = subFounders[s]! + subFounders[i]!;
        subLeaderCredits[s] = subLeaderCredits[s]! + subLeaderCredits[i]!;
      }
    }
    const held = pin[i]!;
    const p = q > held ? q : held;
    if (p > held) {
      pin[i] = p;
      pinMonth[i] = mi;
      changed[count++] = i;
    }
  }
  state.changedCount = count;
  return count;
}

/** A downline leader's qualification credits by the pin qualified in the PY (0: not a leader). */
function leaderCredits(pin: number, gar: NonNullable<RuleTable['pins']['globalAward']>): number {
  if (pin >= PIN.FOUNDERS_DIAMOND) return gar.credits.foundersDiamond;
  if (pin >= PIN.DIAMOND) return gar.credits.diamond;
  if (pin >= PIN.EMERALD) return gar.credits.emerald;
  return 0;
}

// ---------------------------------------------------------------------------------------
// Explain API (one distributor)

/** One month of one distributor, as the pin rules read it. */
export interface PinMonthInput {
  readonly month: MonthKey;
  readonly isSp: boolean;
  readonly apv: number;
  readonly pgpv: number;
  /** Frontline legs and whether each was Q this month (omitted = no Q legs). */
  readonly legs?: readonly { readonly id: string; readonly isQ: boolean }[];
  /** Qualification credits the close counted (a PY's last month; omitted = 0). */
  readonly qualificationCredits?: number;
}

export interface PinEvidence {
  readonly py: PyName;
  /** SP months of the PY up to the month the pin was reached. */
  readonly spMonths: readonly MonthKey[];
  /** The longest consecutive SP run in that PY so far. */
  readonly consecutiveSpMonths: readonly MonthKey[];
  /** Months meeting the Sapphire side-volume threshold. */
  readonly sideVolumeMonths: readonly MonthKey[];
  /** Frontline legs with ≥ 6 Q months in the PY, and those months. */
  readonly qualifiedLegs: readonly {
    readonly id: string;
    readonly qMonths: readonly MonthKey[];
  }[];
  /** For Ruby: the month and its PGPV. */
  readonly rubyMonth: {
    readonly month: MonthKey;
    readonly pgpv: number;
  } | null;
  /** The rule that was met, in words. */
  readonly rule: Text;
}

export interface PinAchievement {
  readonly pinCode: PinCode;
  readonly name: Text;
  readonly month: MonthKey;
  readonly evidence: PinEvidence;
}

export interface PinExplanation {
  readonly pinCode: PinCode;
  readonly name: Text;
  /** Month the current pin was reached; null when never above the initial pin. */
  readonly month: MonthKey | null;
  readonly evidence: PinEvidence | null;
  /** Every rise, oldest first. */
  readonly history: readonly PinAchievement[];
}

export interface ExplainPinsOptions {
  /** Pin held before the first month of the history (default Member 230). */
  initialPin?: PinCode;
  /** Rule table per PY (default rulesFor). */
  rules?: (py: PyName) => RuleTable;
}

/**
 * One distributor's months folded into the PY counters exactly as the tracker folds them:
 * months ascending, a gap breaks the consecutive run, a new PY restarts every counter.
 */
class PyFold {
  py: PyName | null = null;
  private last = -Infinity;
  sp: MonthKey[] = [];
  private run: MonthKey[] = [];
  best: MonthKey[] = [];
  side: MonthKey[] = [];
  bestPgpv = 0;
  /** The first month of the PY with bestPgpv. */
  bestMonth: MonthKey | null = null;
  legs = new Map<string, MonthKey[]>();
  /** The credits of the last month folded (counted only when a PY closes). */
  credits = 0;

  constructor(private readonly rulesOf: (py: PyName) => RuleTable) {}

  /** Folds one month in; returns its month key and the rule table of its PY. */
  add(m: PinMonthInput): { month: MonthKey; py: PyName; rules: RuleTable } {
    const mi = monthIndex(m.month);
    if (mi <= this.last) throw new RangeError(`months must increase: ${m.month}`);
    const month = monthKeyOf(mi);
    const py = pyOf(month);
    const rules = this.rulesOf(py);
    if (py !== this.py) {
      this.py = py;
      this.sp = [];
      this.run = [];
      this.best = [];
      this.side = [];
      this.bestPgpv = 0;
      this.bestMonth = null;
      this.legs = new Map();
    } else if (this.last !== mi - 1) {
      this.run = [];
    }
    this.last = mi;
    if (m.isSp) {
      this.sp.push(month);
      this.run.push(month);
      if (this.run.length > this.best.length) this.best = this.run.slice();
    } else {
      this.run = [];
    }
    if (m.apv >= rules.pins.sapphireSideVolumePv) this.side.push(month);
    this.credits = m.qualificationCredits ?? 0;
    if (m.pgpv > this.bestPgpv) {
      this.bestPgpv = m.pgpv;
      this.bestMonth = month;
    }
    for (const leg of m.legs ?? []) {
      if (!leg.isQ) continue;
      const list = this.legs.get(leg.id);
      if (list) list.push(month);
      else this.legs.set(leg.id, [month]);
    }
    return { month, py, rules };
  }

  /** Frontline legs with at least `need` Q months in the PY so far. */
  legsWith(need: number): number {
    let n = 0;
    for (const q of this.legs.values()) if (q.length >= need) n++;
    return n;
  }

  counters(rules: RuleTable): PinCounters {
    return {
      spMonths: this.sp.length,
      maxSpRun: this.best.length,
      sideVolumeMonths: this.side.length,
      qualifiedLegs: this.legsWith(rules.pins.legQMonths),
      foundersLegs: this.legsWith(rules.pins.foundersLegQMonths),
      bestPgpv: this.bestPgpv,
      qualificationCredits: this.credits,
    };
  }
}

/** Every counter at zero (a PY before its first month). */
export function emptyPinCounters(): PinCounters {
  return { spMonths: 0, maxSpRun: 0, sideVolumeMonths: 0, qualifiedLegs: 0, foundersLegs: 0, bestPgpv: 0, qualificationCredits: 0 };
}

/**
 * The pin counters of the PY of the last month given (earlier PYs restart them), counted as
 * explainPins and the close count them. Pass the closed months: the open month is provisional.
 */
export function pinCountersOf(months: readonly PinMonthInput[], opts: Pick<ExplainPinsOptions, 'rules'> = {}): PinCounters {
  const rulesOf = opts.rules ?? ((py: PyName) => rulesFor(py));
  const fold = new PyFold(rulesOf);
  let rules: RuleTable | null = null;
  for (const m of months) rules = fold.add(m).rules;
  return rules ? fold.counters(rules) : emptyPinCounters();
}

/**
 * Replays one distributor's months (ascending; missing months count as non-SP and break a
 * consecutive run) with the same rules as advancePins, keeping the evidence of each rise.
 */
export function explainPins(months: readonly PinMonthInput[], opts: ExplainPinsOptions = {}): PinExplanation {
  const fold = new PyFold(opts.rules ?? ((py: PyName) => rulesFor(py)));
  let pin: PinCode = opts.initialPin ?? PIN.MEMBER;
  const history: PinAchievement[] = [];
  for (const m of months) {
    const { month, py, rules } = fold.add(m);
    const qualified: { id: string; qMonths: MonthKey[] }[] = [];
    for (const [id, qMonths] of fold.legs) {
      if (qMonths.length >= rules.pins.legQMonths) qualified.push({ id, qMonths: qMonths.slice() });
    }
    const cand = pinFromCounters(fold.counters(rules), rules);
    if (cand > pin) {
      pin = cand;
      const ruby = fold.bestPgpv >= rules.pins.rubyPgpv && fold.bestMonth !== null;
      history.push({
        pinCode: cand,
        name: pinName(cand),
        month,
        evidence: {
          py,
          spMonths: fold.sp.slice(),
          consecutiveSpMonths: fold.best.slice(),
          sideVolumeMonths: fold.side.slice(),
          qualifiedLegs: qualified,
          rubyMonth: ruby ? { month: fold.bestMonth!, pgpv: fold.bestPgpv } : null,
          rule: pinRule(cand, rules),
        },
      });
    }
  }
  const lastRise = history[history.length - 1];
  return {
    pinCode: pin,
    name: pinName(pin),
    month: lastRise ? lastRise.month : null,
    evidence: lastRise ? lastRise.evidence : null,
    history,
  };
}

// ---------------------------------------------------------------------------------------
// Qualification per PY (one distributor)

/** One rise of the pin a PY's months qualify for. */
export interface PyQualificationRise {
  readonly pinCode: PinCode;
  readonly month: MonthKey;
}

/**
 * A PY's qualification beside the pin held. The pin held is for recognition and never drops; what
 * plans and annual bonuses ask for is the pin qualified in their PY (DESIGN §2, "Pins").
 */
export interface PyQualification {
  readonly py: PyName;
  /** Highest pin whose ladder conditions the PY's months meet, counted within the PY only (Member: none). */
  readonly pinCode: PinCode;
  readonly name: Text;
  /** Month the PY's months first met it; null for Member. */
  readonly month: MonthKey | null;
  /** Each rise of the qualified pin in the PY, oldest first. */
  readonly rises: readonly PyQualificationRise[];
  /** The ladder's counters over the PY's months given. */
  readonly counters: PinCounters;
  /** Q months (SP months, the Q-month test) of the PY. */
  readonly qMonths: number;
  /** Q12: a Q month in every month of the PY. */
  readonly q12: boolean;
  /** Highest pin ever held by the end of the months given up to the PY's end (recognition). */
  readonly held: PinCode;
}

/**
 * The rises of the pin `py`'s months qualify for (months outside the PY are skipped; those in it
 * are folded as explainPins folds them) and the ladder's counters at the end. `months` in the
 * answer is the PY's length.
 */
export function qualifiedPinRises(
  months: readonly PinMonthInput[],
  py: PyName,
  rulesOf: (py: PyName) => RuleTable = (p) => rulesFor(p),
): { rises: PyQualificationRise[]; counters: PinCounters; months: number } {
  const all = pyMonths(py);
  const first = monthIndex(all[0]!);
  const last = first + all.length - 1;
  const fold = new PyFold(rulesOf);
  const rules = rulesOf(py);
  const rises: PyQualificationRise[] = [];
  let pin: PinCode = PIN.MEMBER;
  let counters = emptyPinCounters();
  for (const m of months) {
    const mi = monthIndex(m.month);
    if (mi < first || mi > last) continue;
    const { month } = fold.add(m);
    counters = fold.counters(rules);
    const cand = pinFromCounters(counters, rules);
    if (cand > pin) {
      pin = cand;
      rises.push({ pinCode: cand, month });
    }
  }
  return { rises, counters, months: all.length };
}

/**
 * The pin `py` qualifies for from one distributor's months (any months; those of the PY count,
 * folded as explainPins folds them, so a gap breaks a consecutive run), beside the highest pin
 * held by then. Pass the months that count: closed ones, or with the open month "so far".
 */
export function pyQualification(months: readonly PinMonthInput[], py: PyName, opts: ExplainPinsOptions = {}): PyQualification {
  const rulesOf = opts.rules ?? ((p: PyName) => rulesFor(p));
  const { rises, counters, months: count } = qualifiedPinRises(months, py, rulesOf);
  const last = monthIndex(pyMonths(py)[0]!) + count - 1;
  const lastRise = rises[rises.length - 1];
  const pin = lastRise ? lastRise.pinCode : PIN.MEMBER;
  const held = explainPins(
    months.filter((m) => monthIndex(m.month) <= last),
    opts,
  ).pinCode;
  return {
    py,
    pinCode: pin,
    name: pinName(pin),
    month: lastRise ? lastRise.month : null,
    rises,
    counters,
    qMonths: counters.spMonths,
    q12: counters.spMonths >= count,
    held,
  };
}
