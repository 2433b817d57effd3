// Pins from one distributor's month history: the evidence (explainPins) and what each PY
// qualifies for (pyQualification).
import { monthIndex, monthKeyOf, pyMonths, pyOf, type MonthKey, type PyName } from './calendar.ts';
import { rulesFor } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';
import type { Text } from './text.ts';
import { PIN, type PinCode, pinName, type PinCounters, pinFromCounters } from './pins.ts';
import { pinRule } from './pin-words.ts';

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
 * plans and annual bonuses ask for is the pin qualified in their PY (README, Pins).
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
