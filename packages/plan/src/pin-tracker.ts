// The pin tracker the close advances month by month over the whole tree (typed arrays).
import { isLastMonthOfPy, monthIndex, pyOf, type MonthKey, type PyName } from './calendar.ts';
import type { MonthClose } from './close.ts';
import { rulesFor } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';
import { PIN, compiled, highestPin } from './pins.ts';

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
