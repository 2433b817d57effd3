// The Emerald and Diamond annual bonuses: two funds a PY, each shared by units among those
// qualified in that PY (README, "Rules and their sources", annual bonuses).
//   fund   = rate × the BV of every 21 % group in the line of sponsorship of the fund's
//            qualifiers over the PY. A 21 % group is counted by its personal-group BV (the
//            orders' BV; a month's negative PGBV counts 0), once, however many qualifiers sit
//            above it: a downline Emerald's volume is not counted twice.
//   units  = each month a qualifier's frontline leg is a 21 % group, one unit (its FLQ months).
//   share  = fund × own units ÷ all qualifiers' units, to the fen; the shares add up to the fund
//            exactly (largest remainder).
// Every 21 % group leaves every upline's personal group (close.ts), so the personal groups of
// the 21 % groups never overlap, returns or not.
import { applyBp } from './money.ts';
import type { MonthClose } from './close.ts';
import { PIN } from './pins.ts';
import type { RuleTable } from './rules/types.ts';

/** One qualifier's share of one fund. */
export interface AnnualFundShare {
  readonly rateBp: number;
  /** BV of the 21 % groups in the line of sponsorship of the fund's qualifiers, over the PY. */
  readonly fundBaseBvFen: number;
  /** rate × fundBaseBvFen: what the fund shares out. */
  readonly fundFen: number;
  /** Units of every qualifier of this fund. */
  readonly totalUnits: number;
  /** This qualifier's share. */
  readonly amountFen: number;
}

/** The annual bonuses of one distributor, paid with the statement of the PY's last month. */
export interface AnnualBonus {
  /** The pin qualified in the PY (the bonuses go to Emeralds and Diamonds qualified in it). */
  readonly pinCode: number;
  /** Its frontline 21 % legs' months in the PY: its units in each fund. */
  readonly units: number;
  readonly emerald: AnnualFundShare;
  /** Null unless qualified Diamond or above in the PY. */
  readonly diamond: AnnualFundShare | null;
  readonly emeraldFen: number;
  readonly diamondFen: number;
}

/** Pin from which the Emerald annual bonus is paid (the Diamond bonus from PIN.DIAMOND). */
export const ANNUAL_BONUS_MIN_PIN = PIN.EMERALD;

/** What a PY's closed months add up for the annual bonuses, node by node. */
export interface AnnualTally {
  /** Frontline 21 % leg-months so far this PY. */
  readonly units: Float64Array;
  /** Positive personal-group BV (fen) of the node in the months its group was a 21 % group. */
  readonly qGroupPgbvFen: Float64Array;
}

export function createAnnualTally(n: number): AnnualTally {
  return { units: new Float64Array(n), qGroupPgbvFen: new Float64Array(n) };
}

/** Starts a new PY. */
export function resetAnnualTally(t: AnnualTally): void {
  t.units.fill(0);
  t.qGroupPgbvFen.fill(0);
}

/** Adds one closed month of the PY. */
export function tallyAnnualMonth(t: AnnualTally, close: MonthClose): void {
  const { units, qGroupPgbvFen } = t;
  const { qLegCount, isQ, personalGroupBvFen } = close;
  for (let i = 0; i < units.length; i++) {
    units[i] = units[i]! + qLegCount[i]!;
    const bv = personalGroupBvFen[i]!;
    if (isQ[i] && bv > 0) qGroupPgbvFen[i] = qGroupPgbvFen[i]! + bv;
  }
}

/**
 * Shares `fundFen` by units: each part is fund × units ÷ Σ units rounded down, and the fen left
 * over go to the largest remainders (the earlier one first on a tie), so the parts add up to the
 * fund. Nothing is paid when no one has a unit.
 */
export function shareByUnits(fundFen: number, units: readonly number[]): number[] {
  const total = units.reduce((a, u) => a + u, 0);
  if (total <= 0 || fundFen <= 0) return units.map(() => 0);
  const parts = units.map((u) => Math.floor((fundFen * u) / total));
  let left = fundFen - parts.reduce((a, p) => a + p, 0);
  const order = units.map((u, i) => ({ i, rest: (fundFen * u) % total })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0 && k < order.length; k++, left--) parts[order[k]!.i]! += 1;
  return parts;
}

interface Fund {
  readonly rateBp: number;
  readonly baseBvFen: number;
  readonly fundFen: number;
  readonly totalUnits: number;
  readonly share: Map<number, number>;
}

function fund(t: AnnualTally, sponsor: Int32Array, qualifies: (i: number) => boolean, rateBp: number): Fund {
  const n = sponsor.length;
  // In the line of sponsorship of a qualifier: the qualifier or anyone below one (sponsors come first).
  const under = new Uint8Array(n);
  let baseBvFen = 0;
  const who: number[] = [];
  const units: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = sponsor[i]!;
    if (qualifies(i)) {
      under[i] = 1;
      who.push(i);
      units.push(t.units[i]!);
    } else if (s >= 0 && under[s]) under[i] = 1;
    if (under[i]) baseBvFen += t.qGroupPgbvFen[i]!;
  }
  const fundFen = applyBp(baseBvFen, rateBp);
  const parts = shareByUnits(fundFen, units);
  const share = new Map<number, number>();
  who.forEach((i, k) => share.set(i, parts[k]!));
  return { rateBp, baseBvFen, fundFen, totalUnits: units.reduce((a, u) => a + u, 0), share };
}

function shareOf(f: Fund, i: number): AnnualFundShare {
  return { rateBp: f.rateBp, fundBaseBvFen: f.baseBvFen, fundFen: f.fundFen, totalUnits: f.totalUnits, amountFen: f.share.get(i) ?? 0 };
}

/**
 * The annual bonuses of a PY whose months are in `t`, for every node qualified Emerald or above
 * in that PY (`qualified`: the pin qualified in the PY, not the pin held).
 */
export function annualBonuses(
  t: AnnualTally,
  sponsor: Int32Array,
  qualified: ArrayLike<number>,
  rules: RuleTable,
): Map<number, AnnualBonus> {
  const emerald = fund(t, sponsor, (i) => qualified[i]! >= ANNUAL_BONUS_MIN_PIN, rules.annual.emeraldRateBp);
  const diamond = fund(t, sponsor, (i) => qualified[i]! >= PIN.DIAMOND, rules.annual.diamondRateBp);
  const out = new Map<number, AnnualBonus>();
  for (const i of emerald.share.keys()) {
    const e = shareOf(emerald, i);
    const d = diamond.share.has(i) ? shareOf(diamond, i) : null;
    out.set(i, {
      pinCode: qualified[i]!,
      units: t.units[i]!,
      emerald: e,
      diamond: d,
      emeraldFen: e.amountFen,
      diamondFen: d?.amountFen ?? 0,
    });
  }
  return out;
}
