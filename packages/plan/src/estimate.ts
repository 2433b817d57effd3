// What-if for the current month, run in the browser: add personal PV and/or volume on some
// legs and see the bracket, the promotion fee and the SP-month status move. Extra volume on a
// leg can lift it to 21 %, which takes it OUT of the ABO's personal group (shown, not hidden).
// Each leg carries what the close worked out for its whole downline (the leadership it passes up,
// the Pearl volume), so with no extra volume the what-if is the month's close for this ABO. A leg
// that carries its own node (`head`: its own orders and its frontline's sums) is recomputed as the
// close would with the extra PV on its own orders: whether it reaches 21 %, what it then keeps of
// the leadership it used to pass up, what it passes to a Pearl. Without it the leg's own share is
// moved and the rest kept (an approximation: a leg reaching 21 % may keep part of what it passed).
import { nextBracket, type NextBracket } from './bracket.ts';
import type { MonthKey } from './calendar.ts';
import { leadershipShare } from './close-income.ts';
import { isQGroup, isSpMonth } from './close.ts';
import { monthlyStatement, ownVolume, type LegHead, type LegVolume } from './income.ts';
import { rulesForMonth } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';

export interface EstimateInput {
  readonly month: MonthKey;
  readonly ppv: number;
  readonly legs: readonly LegVolume[];
  readonly rules?: RuleTable;
  /** Extra personal PV to add. */
  readonly extraPpv?: number;
  /** Extra PV per leg id (added to that leg's group and personal-group PV). */
  readonly extraLegPv?: Readonly<Record<string, number>>;
  /** BV of the own orders so far, fen (default PV × the table's BV per PV). */
  readonly ppvBvFen?: number;
}

export interface EstimateSide {
  ppv: number;
  gpv: number;
  pgpv: number;
  bracketPercent: number;
  isQ: boolean;
  qLegs: number;
  apv: number;
  isSpMonth: boolean;
  promotionFen: number;
  pretaxFen: number;
  taxFen: number;
  netFen: number;
  next: NextBracket;
}

export interface Estimate {
  before: EstimateSide;
  after: EstimateSide;
  /** Legs that the extra volume lifts to 21 % (their volume leaves the personal group). */
  legsBecomingQ: string[];
  deltaPretaxFen: number;
  /** PV of extra personal volume that would make the month an SP month (0 if it already is). */
  ppvNeededForSp: number;
}

function side(month: MonthKey, ppv: number, ppvBvFen: number | undefined, legs: readonly LegVolume[], rules: RuleTable): EstimateSide {
  const st = monthlyStatement({ month, ppv, ...(ppvBvFen === undefined ? {} : { ppvBvFen }), legs, rules });
  const promo = st.items.find((i) => i.code === 'PROMOTION');
  // The statement's volume figures are the month's own volume (income.ts ownVolume): the side's.
  const { gpv, pgpv, bracketPercent, isQ, qLegs, apv, pretaxFen, taxFen, netFen } = st;
  const promotionFen = promo ? promo.amountFen : 0;
  const next = nextBracket(rules.brackets, gpv);
  return { ppv, gpv, pgpv, bracketPercent, isQ, qLegs, apv, isSpMonth: st.isSpMonth, promotionFen, pretaxFen, taxFen, netFen, next };
}

/** Personal PV to add so the month becomes an SP month, given the current APV and Q legs. */
export function ppvNeededForSp(apv: number, qLegs: number, rules: RuleTable): number {
  if (isSpMonth(apv, qLegs, rules)) return 0;
  const target = qLegs >= 1 ? rules.sp.apvWithOneQLeg : rules.sp.apvAlone;
  return Math.max(0, target - apv);
}

/** The leadership a leg generates on its own personal group (0 below 21 %). */
function ownLeadership(l: LegVolume, rules: RuleTable): number {
  const pgpv = l.pgpv ?? l.gpv;
  return leadershipShare(isQGroup(l.gpv, rules), pgpv, l.pgbvFen ?? pgpv * rules.bvFenPerPv, 0, 0, rules).ownFen;
}

/** A leg's own node from its own orders and its frontline's legs (what LegVolume.head holds). */
export function legHeadOf(ppv: number, ppvBvFen: number, frontline: readonly LegVolume[], rules: RuleTable): LegHead {
  const v = ownVolume(0, frontline, rules, 0);
  return {
    ppv,
    ppvBvFen,
    gpv: v.gpv,
    pgpv: v.pgpv,
    gbvFen: v.gbvFen,
    pgbvFen: v.pgbvFen,
    qLegs: v.qLegs,
    leadershipLegs: v.leadershipLegs,
    qLegsPgbvFen: v.qLegsPgbvFen,
    depthPgbvFen: v.depthPgbvFen,
    leadershipInFen: v.leadershipInFen,
  };
}

/**
 * The leg as its sponsor's statement reads it, from its own node, as the close computes a node
 * (close.ts closeMonth, close-income.ts leadershipShare): 21 % or not, what it passes up, what it
 * passes to a Pearl above (a Pearl keeps its depth), what it passes on below 21 %.
 */
export function legFromHead(id: string, head: LegHead, rules: RuleTable): LegVolume {
  const gpv = head.ppv + head.gpv;
  const pgpv = head.ppv + head.pgpv;
  const gbvFen = head.ppvBvFen + head.gbvFen;
  const pgbvFen = head.ppvBvFen + head.pgbvFen;
  const q = isQGroup(gpv, rules);
  const share = leadershipShare(q, pgpv, pgbvFen, head.leadershipLegs, head.leadershipInFen, rules);
  const keepsDepth = head.qLegs >= rules.pearl.minQLegs;
  const pearlPassBvFen = q ? head.qLegsPgbvFen + (keepsDepth ? 0 : head.depthPgbvFen) : head.depthPgbvFen;
  return {
    id,
    gpv,
    pgpv,
    gbvFen,
    pgbvFen,
    pearlPassBvFen,
    leadershipUpFen: share.upFen,
    ...(q ? {} : { leadershipLegs: head.leadershipLegs, leadershipBaseBvFen: head.qLegsPgbvFen }),
    head,
  };
}

/** The head still gives the leg as sent (else the leg's figures and its node disagree: not used). */
function headHolds(l: LegVolume, head: LegHead, rules: RuleTable): boolean {
  const again = legFromHead(l.id, head, rules);
  return (
    again.gpv === l.gpv &&
    again.pgpv === (l.pgpv ?? l.gpv) &&
    again.leadershipUpFen === (l.leadershipUpFen ?? again.leadershipUpFen) &&
    (l.pearlPassBvFen === undefined || again.pearlPassBvFen === l.pearlPassBvFen)
  );
}

export function estimateMonth(input: EstimateInput): Estimate {
  const rules = input.rules ?? rulesForMonth(input.month);
  const extra = input.extraLegPv ?? {};
  const before = side(input.month, input.ppv, input.ppvBvFen, input.legs, rules);
  // Extra volume is a what-if order without a BV of its own: PV × the table's BV per PV.
  const bvOf = (pv: number) => pv * rules.bvFenPerPv;
  const legsAfter = input.legs.map((l): LegVolume => {
    const add = extra[l.id] ?? 0;
    if (!add) return l;
    if (l.head && headHolds(l, l.head, rules)) {
      const moved = legFromHead(l.id, { ...l.head, ppv: l.head.ppv + add, ppvBvFen: l.head.ppvBvFen + bvOf(add) }, rules);
      // What the leg passed on below 21 % is the recomputed leg's to say (none once at 21 %).
      const { leadershipLegs: _legs, leadershipBaseBvFen: _base, pearlPassPv: _pearlPv, ...kept } = l;
      return { ...kept, ...moved };
    }
    const pgpv = l.pgpv ?? l.gpv;
    const after: LegVolume = {
      ...l,
      gpv: l.gpv + add,
      pgpv: pgpv + add,
      gbvFen: (l.gbvFen ?? bvOf(l.gpv)) + bvOf(add),
      pgbvFen: (l.pgbvFen ?? bvOf(pgpv)) + bvOf(add),
    };
    // What the leg passes up moves by its own share's change (a leg lifted to 21 % starts
    // passing its own 4 %); what it passes on from below stays.
    if (l.leadershipUpFen === undefined) return after;
    const delta = ownLeadership(after, rules) - ownLeadership(l, rules);
    return { ...after, leadershipUpFen: Math.max(0, l.leadershipUpFen + delta) };
  });
  const legsBecomingQ = input.legs.filter((l, i) => !isQGroup(l.gpv, rules) && isQGroup(legsAfter[i]!.gpv, rules)).map((l) => l.id);
  const extraPpv = input.extraPpv ?? 0;
  const afterBv = input.ppvBvFen === undefined ? undefined : input.ppvBvFen + bvOf(extraPpv);
  const after = side(input.month, input.ppv + extraPpv, afterBv, legsAfter, rules);
  return {
    before,
    after,
    legsBecomingQ,
    deltaPretaxFen: after.pretaxFen - before.pretaxFen,
    ppvNeededForSp: ppvNeededForSp(after.apv, after.qLegs, rules),
  };
}
