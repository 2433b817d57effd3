// What-if for the current month, run in the browser: add personal PV and/or volume on some
// legs and see the bracket, the promotion fee and the SP-month status move. Extra volume on a
// leg can lift it to 21 %, which takes it OUT of the ABO's personal group (shown, not hidden).
// Each leg carries what the close worked out for its whole downline (the leadership it passes up,
// the Pearl volume), so with no extra volume the what-if is the month's close for this ABO.
import { nextBracket, type NextBracket } from './bracket.ts';
import type { MonthKey } from './calendar.ts';
import { leadershipShare } from './close-income.ts';
import { isQGroup, isSpMonth } from './close.ts';
import { monthlyStatement, ownVolume, type LegVolume } from './income.ts';
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
  const own = ownVolume(ppv, legs, rules, ppvBvFen);
  const promo = st.items.find((i) => i.code === 'PROMOTION');
  return {
    ppv,
    gpv: own.gpv,
    pgpv: own.pgpv,
    bracketPercent: own.bracketPercent,
    isQ: own.isQ,
    qLegs: own.qLegs,
    apv: own.pgpv,
    isSpMonth: own.isSp,
    promotionFen: promo ? promo.amountFen : 0,
    pretaxFen: st.pretaxFen,
    taxFen: st.taxFen,
    netFen: st.netFen,
    next: nextBracket(rules.brackets, own.gpv),
  };
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

export function estimateMonth(input: EstimateInput): Estimate {
  const rules = input.rules ?? rulesForMonth(input.month);
  const extra = input.extraLegPv ?? {};
  const before = side(input.month, input.ppv, input.ppvBvFen, input.legs, rules);
  // Extra volume is a what-if order without a BV of its own: PV × the table's BV per PV.
  const bvOf = (pv: number) => pv * rules.bvFenPerPv;
  const legsAfter = input.legs.map((l): LegVolume => {
    const add = extra[l.id] ?? 0;
    if (!add) return l;
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
