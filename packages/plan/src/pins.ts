// Pins (pinCode). A pin is the highest ever reached; it never goes down. Counters for the
// SP-month and leg rules run within one PY and restart each September.
//   310 Silver        1 SP month                 340 Ruby         a month of PGPV ≥ 20 000
//   320 Gold          3 SP months in the PY      342 Founders Pt  12 SP months in the PY
//   330 Platinum      6 SP months in the PY, 3 of them consecutive
//   365 Sapphire      2 frontline legs each Q ≥ 6 months of the PY, plus side volume:
//                     ≥ 6 months of the PY with APV ≥ 4 000 (5 000 from 26/27)
//   370 Emerald 3 legs · 380 Diamond 6 legs · 390 Executive Diamond 9 legs · 400 Double Diamond 12
//   367/375/385/395   the Founders variant: that pin's legs and 12 SP months in the PY
// Two APIs that agree: a tracker advanced month by month over the whole tree (typed arrays)
// during the close, and explainPins() for one distributor's history with the evidence.
import { monthIndex, monthKeyOf, pyOf, type MonthKey, type PyName } from './calendar.ts';
import type { MonthClose } from './close.ts';
import { rulesFor } from './rules/registry.ts';
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
  /** This month's PGPV reached the Ruby threshold. */
  rubyMonth: boolean;
}

/** The highest pin the counters satisfy (pure rule; shared by the tracker and explainPins). */
export function pinFromCounters(c: PinCounters, rules: RuleTable): PinCode {
  const p = rules.pins;
  const founders = c.spMonths >= p.foundersSpMonths;
  const legs = c.qualifiedLegs;
  if (legs >= p.doubleDiamondLegs) return PIN.DOUBLE_DIAMOND;
  if (legs >= p.executiveDiamondLegs) return founders ? PIN.FOUNDERS_EXECUTIVE_DIAMOND : PIN.EXECUTIVE_DIAMOND;
  if (legs >= p.diamondLegs) return founders ? PIN.FOUNDERS_DIAMOND : PIN.DIAMOND;
  if (legs >= p.emeraldLegs) return founders ? PIN.FOUNDERS_EMERALD : PIN.EMERALD;
  if (legs >= p.sapphireLegs && c.sideVolumeMonths >= p.sapphireSideVolumeMonths) return founders ? PIN.FOUNDERS_SAPPHIRE : PIN.SAPPHIRE;
  if (founders) return PIN.FOUNDERS_PLATINUM;
  if (c.rubyMonth) return PIN.RUBY;
  if (c.spMonths >= p.platinumSpMonths && c.maxSpRun >= p.platinumConsecutive) return PIN.PLATINUM;
  if (c.spMonths >= p.goldSpMonths) return PIN.GOLD;
  if (c.spMonths >= 1) return PIN.SILVER;
  return PIN.MEMBER;
}

// ---------------------------------------------------------------------------------------
// Incremental tracker (whole tree, typed arrays)

export interface PinState {
  readonly n: number;
  /** Highest pin reached so far. Preset before the first month to carry older history. */
  readonly pin: Uint16Array;
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
}

export function createPinState(n: number): PinState {
  const pin = new Uint16Array(n).fill(PIN.MEMBER);
  return {
    n,
    pin,
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
    state.py = py;
  } else if (state.lastMonth !== mi - 1) {
    state.spRun.fill(0);
  }
  state.lastMonth = mi;

  const { pin, pinMonth, changed, spMonths, spRun, maxSpRun, sideVolumeMonths, qMonths } = state;
  const qualifiedLegs = state.qualifiedLegs;
  const { isSpMonth, isQ, apv, personalGroupPv } = close;
  const side = rules.pins.sapphireSideVolumePv;
  const legQ = rules.pins.legQMonths;
  const ruby = rules.pins.rubyPgpv;
  const c: PinCounters = {
    spMonths: 0,
    maxSpRun: 0,
    sideVolumeMonths: 0,
    qualifiedLegs: 0,
    rubyMonth: false,
  };
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
      if (qm === legQ && s >= 0) qualifiedLegs[s] = qualifiedLegs[s]! + 1;
    }
    c.spMonths = spMonths[i]!;
    c.maxSpRun = maxSpRun[i]!;
    c.sideVolumeMonths = sideVolumeMonths[i]!;
    c.qualifiedLegs = qualifiedLegs[i]!;
    c.rubyMonth = personalGroupPv[i]! >= ruby;
    const p = pinFromCounters(c, rules);
    if (p > pin[i]!) {
      pin[i] = p;
      pinMonth[i] = mi;
      changed[count++] = i;
    }
  }
  state.changedCount = count;
  return count;
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

function ruleText(pin: PinCode, r: RuleTable): Text {
  const p = r.pins;
  const legsOf = (l: number): Text =>
    text(`${l}条一线Q线，每条本年度Q月≥${p.legQMonths}个`, `${l} frontline legs each Q ≥ ${p.legQMonths} months of the PY`);
  const founders = text(`且本人本年度SP月${p.foundersSpMonths}个`, ` and ${p.foundersSpMonths} SP months in the PY`);
  const join = (a: Text, b: Text): Text => text(a.zh + b.zh, a.en + b.en);
  switch (pin) {
    case PIN.SILVER:
      return text('1个SP月', '1 SP month');
    case PIN.GOLD:
      return text(`本年度${p.goldSpMonths}个SP月`, `${p.goldSpMonths} SP months in the PY`);
    case PIN.PLATINUM:
      return text(
        `本年度${p.platinumSpMonths}个SP月，其中连续${p.platinumConsecutive}个`,
        `${p.platinumSpMonths} SP months in the PY, ${p.platinumConsecutive} consecutive`,
      );
    case PIN.RUBY:
      return text(`单月个人小组PV≥${p.rubyPgpv}`, `a month of personal-group PV ≥ ${p.rubyPgpv}`);
    case PIN.FOUNDERS_PLATINUM:
      return text(`本年度${p.foundersSpMonths}个SP月`, `${p.foundersSpMonths} SP months in the PY`);
    case PIN.SAPPHIRE:
    case PIN.FOUNDERS_SAPPHIRE: {
      const base = join(
        legsOf(p.sapphireLegs),
        text(
          `，另有${p.sapphireSideVolumeMonths}个月APV≥${p.sapphireSideVolumePv}`,
          `, plus ${p.sapphireSideVolumeMonths} months with APV ≥ ${p.sapphireSideVolumePv}`,
        ),
      );
      return pin === PIN.SAPPHIRE ? base : join(base, founders);
    }
    case PIN.EMERALD:
      return legsOf(p.emeraldLegs);
    case PIN.FOUNDERS_EMERALD:
      return join(legsOf(p.emeraldLegs), founders);
    case PIN.DIAMOND:
      return legsOf(p.diamondLegs);
    case PIN.FOUNDERS_DIAMOND:
      return join(legsOf(p.diamondLegs), founders);
    case PIN.EXECUTIVE_DIAMOND:
      return legsOf(p.executiveDiamondLegs);
    case PIN.FOUNDERS_EXECUTIVE_DIAMOND:
      return join(legsOf(p.executiveDiamondLegs), founders);
    case PIN.DOUBLE_DIAMOND:
      return legsOf(p.doubleDiamondLegs);
    default:
      return text('会员', 'member');
  }
}

/**
 * Replays one distributor's months (ascending; missing months count as non-SP and break a
 * consecutive run) with the same rules as advancePins, keeping the evidence of each rise.
 */
export function explainPins(months: readonly PinMonthInput[], opts: ExplainPinsOptions = {}): PinExplanation {
  const rulesOf = opts.rules ?? ((py: PyName) => rulesFor(py));
  let pin: PinCode = opts.initialPin ?? PIN.MEMBER;
  const history: PinAchievement[] = [];
  let py: PyName | null = null;
  let last = -Infinity;
  let sp: MonthKey[] = [];
  let run: MonthKey[] = [];
  let best: MonthKey[] = [];
  let side: MonthKey[] = [];
  let legs = new Map<string, MonthKey[]>();

  for (const m of months) {
    const mi = monthIndex(m.month);
    if (mi <= last) throw new RangeError(`months must increase: ${m.month}`);
    const month = monthKeyOf(mi);
    const mpy = pyOf(month);
    const rules = rulesOf(mpy);
    if (mpy !== py) {
      py = mpy;
      sp = [];
      run = [];
      best = [];
      side = [];
      legs = new Map();
    } else if (last !== mi - 1) {
      run = [];
    }
    last = mi;
    if (m.isSp) {
      sp.push(month);
      run.push(month);
      if (run.length > best.length) best = run.slice();
    } else {
      run = [];
    }
    if (m.apv >= rules.pins.sapphireSideVolumePv) side.push(month);
    for (const leg of m.legs ?? []) {
      if (!leg.isQ) continue;
      const list = legs.get(leg.id);
      if (list) list.push(month);
      else legs.set(leg.id, [month]);
    }
    const qualified: { id: string; qMonths: MonthKey[] }[] = [];
    for (const [id, qMonths] of legs) {
      if (qMonths.length >= rules.pins.legQMonths) qualified.push({ id, qMonths: qMonths.slice() });
    }
    const ruby = m.pgpv >= rules.pins.rubyPgpv;
    const cand = pinFromCounters(
      {
        spMonths: sp.length,
        maxSpRun: best.length,
        sideVolumeMonths: side.length,
        qualifiedLegs: qualified.length,
        rubyMonth: ruby,
      },
      rules,
    );
    if (cand > pin) {
      pin = cand;
      history.push({
        pinCode: cand,
        name: pinName(cand),
        month,
        evidence: {
          py: mpy,
          spMonths: sp.slice(),
          consecutiveSpMonths: best.slice(),
          sideVolumeMonths: side.slice(),
          qualifiedLegs: qualified,
          rubyMonth: ruby ? { month, pgpv: m.pgpv } : null,
          rule: ruleText(cand, rules),
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
