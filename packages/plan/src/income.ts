// Monthly service-fee statement for one distributor. Every item carries its base volume
// (BV, fen) and rate so the page can show "how is this calculated". Rules (per rule table; the
// README's rule table gives each one's source):
//   PROMOTION  market promotion service fee = bracket differential on personal-group volume:
//              own% × own BV + Σ over frontline legs below 21 % (own% − leg%) × leg's PGBV
//              ( = own% × own PGBV − Σ leg% × leg PGBV ). A 21 % leg gives nothing here
//              (leadership instead). With returns the differential and the fee can be
//              negative: a claw-back (close-period.ts carries it to the next statement).
//   LEADERSHIP what the node keeps of the 4 % its leadership legs pass up (leadershipShare).
//   RUBY       2 % of own personal-group BV, in a month with PGPV ≥ 20 000.
//   PEARL      明珠: 1 % of the PGBV of the 21 % groups from the second generation down to the
//              next Pearl recipient's first, in a month with ≥ 3 Q legs at 21 %.
//   EMERALD_ANNUAL / DIAMOND_ANNUAL  August statement only: the share of each PY fund the close
//              worked out for those qualified Emerald (370) / Diamond (380) in the PY
//              (annual-bonus.ts: rate × the 21 % groups' BV, shared by units).
//   ADJUSTMENT as given (may be negative).
//   DEBIT_BROUGHT_FORWARD / DEBIT_CARRIED_FORWARD  claw-backs (claw-back.ts): a debit from an
//              earlier month taken from this one, and what is left of a total below zero,
//              carried to the next statement (so the statement's total is never negative).
// BV is the orders' own BV (ppvBvFen, a leg's gbvFen/pgbvFen); PV × bvFenPerPv only where none
// is given (what-ifs). Brackets and qualifications stay on PV. Each part is rounded half up to
// the fen; the item amount is the sum of its rounded parts.
import type { AnnualBonus, AnnualFundShare } from './annual-bonus.ts';
import { bracketFor } from './bracket.ts';
import { isLastMonthOfPy, pyOf, type MonthKey, type PyName } from './calendar.ts';
import { DEBIT_CARRIED_NOTE, debitBroughtNote, settleMonth } from './claw-back.ts';
import { leadershipShare, type LeadershipKeep } from './close-income.ts';
import { isPearlRecipient, isQGroup, isSpMonth } from './close.ts';
import { ITEM_NAMES, type ItemCode } from './item-names.ts';
import { applyBp } from './money.ts';
import { rulesForMonth } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';
import { remunerationWithholdingDetail, type WithholdingDetail } from './tax.ts';
import { num, text, type Text } from './text.ts';

/** The claw-back items of a month: the debit brought forward and the debit carried on (claw-back.ts). */
export function debitItems(computedFen: number, broughtFen: number, broughtFrom: MonthKey | null): StatementItem[] {
  const s = settleMonth(computedFen, broughtFen);
  const items: StatementItem[] = [];
  if (s.broughtFen > 0) {
    items.push({
      code: 'DEBIT_BROUGHT_FORWARD',
      name: ITEM_NAMES.DEBIT_BROUGHT_FORWARD,
      baseBvFen: 0,
      rateBp: 0,
      amountFen: -s.broughtFen,
      note: debitBroughtNote(broughtFrom),
    });
  }
  if (s.carriedFen > 0) {
    items.push({
      code: 'DEBIT_CARRIED_FORWARD',
      name: ITEM_NAMES.DEBIT_CARRIED_FORWARD,
      baseBvFen: 0,
      rateBp: 0,
      amountFen: s.carriedFen,
      note: DEBIT_CARRIED_NOTE,
    });
  }
  return items;
}

/** One frontline leg's month, as the statement reads it. */
export interface LegVolume {
  readonly id: string;
  readonly name?: string;
  /** The leg's group PV this month: its bracket and whether it is a 21 % (Q) leg follow from it. */
  readonly gpv: number;
  /** The leg's personal-group PV (its leadership base); default: its group PV. */
  readonly pgpv?: number;
  /** PGPV of the 21 % groups this leg passes to a Pearl above it (close: pearlPassPv); default 0. */
  readonly pearlPassPv?: number;
  /**
   * Leadership this leg passes up (close income: leadershipUpFen); default: its own share, 4 %
   * of its personal-group BV when it is a 21 % group.
   */
  readonly leadershipUpFen?: number;
  /** The leg's group BV, fen; default gpv × the table's BV per PV. */
  readonly gbvFen?: number;
  /** The leg's personal-group BV, fen; default pgpv × the table's BV per PV. */
  readonly pgbvFen?: number;
  /** pearlPassPv in BV, fen; default pearlPassPv × the table's BV per PV. */
  readonly pearlPassBvFen?: number;
  /**
   * A leg below 21 % holding 21 % groups (returns only): how many it passes up to the first 21 %
   * upline (close: leadershipLegs), and their positive PGBV (close: qLegPgbvFen). Default 0.
   */
  readonly leadershipLegs?: number;
  readonly leadershipBaseBvFen?: number;
  /**
   * The leg's own node (its own orders and the sums over its frontline), for a what-if that adds
   * PV to the leg's own orders: the estimate then recomputes the leg as the close would
   * (estimate.ts, legFromHead). The statement does not read it.
   */
  readonly head?: LegHead;
}

/** A leg's own node: its own orders and what its frontline adds up to (estimate.ts, legHeadOf). */
export interface LegHead {
  readonly ppv: number;
  readonly ppvBvFen: number;
  /** Over the leg's frontline alone: group and personal-group PV and BV. */
  readonly gpv: number;
  readonly pgpv: number;
  readonly gbvFen: number;
  readonly pgbvFen: number;
  /** The leg's frontline 21 % legs, its leadership legs and their positive PGBV. */
  readonly qLegs: number;
  readonly leadershipLegs: number;
  readonly qLegsPgbvFen: number;
  /** What its frontline passes to a Pearl (its Pearl base) and the leadership they pass up to it. */
  readonly depthPgbvFen: number;
  readonly leadershipInFen: number;
}

export interface StatementAdjustment {
  readonly code: string;
  readonly name: Text;
  readonly amountFen: number;
}

export interface StatementInput {
  readonly month: MonthKey;
  /** Own personal PV this month. */
  readonly ppv: number;
  /** BV of the own orders, fen; default ppv × the table's BV per PV. */
  readonly ppvBvFen?: number;
  /** Every frontline leg (legs without volume may be left out). */
  readonly legs: readonly LegVolume[];
  /** Defaults to the table of the month's PY. */
  readonly rules?: RuleTable;
  readonly adjustments?: readonly StatementAdjustment[];
  /** The August annual bonuses, as the close of the whole tree shared them (annualBonuses). */
  readonly annual?: AnnualBonus;
  /** A claw-back debit brought forward from earlier months, fen (close: CarryState.broughtFen). */
  readonly debitBroughtFen?: number;
  /** The month that debit arose in, for its note. */
  readonly debitFrom?: MonthKey;
}

/** One line of the promotion-fee breakdown: own PV (legId null) or one frontline leg. */
export interface LegLine {
  readonly legId: string | null;
  readonly name?: string;
  /** Own PV, or what the differential is on: a leg's personal-group PV (a 21 % leg: its group PV). */
  readonly pv: number;
  readonly bvFen: number;
  /** The leg's own bracket (0 for the own-PV line). */
  readonly legPercent: number;
  readonly isQ: boolean;
  /** own% − leg% (0 for a 21 % leg; negative only with returns), the rate applied to this line. */
  readonly differentialPercent: number;
  readonly amountFen: number;
}

/** How the leadership fee was shared (see leadershipShare). */
export interface LeadershipDetail {
  readonly keep: LeadershipKeep;
  /** What the Q legs passed up. */
  readonly inFen: number;
  /** What this ABO's own group generates for the sponsor (0 unless a 21 % group). */
  readonly ownFen: number;
  /** Passed up to the sponsor. */
  readonly upFen: number;
}

export interface StatementItem {
  readonly code: ItemCode;
  /** For adjustments, the adjustment's own code. */
  readonly subCode?: string;
  readonly name: Text;
  readonly baseBvFen: number;
  readonly rateBp: number;
  readonly amountFen: number;
  /** Why an item is 0 or how it qualified. */
  readonly note?: Text;
  readonly legs?: readonly LegLine[];
  readonly leadership?: LeadershipDetail;
  /** Annual bonuses: the fund, this ABO's units and all qualifiers' (amount = fund × units ÷ total). */
  readonly share?: UnitShare;
}

/** A share of an annual fund by units. */
export interface UnitShare {
  readonly fundFen: number;
  readonly units: number;
  readonly totalUnits: number;
}

function annualItem(code: 'EMERALD_ANNUAL' | 'DIAMOND_ANNUAL', f: AnnualFundShare, units: number, note: Text): StatementItem {
  return {
    code,
    name: ITEM_NAMES[code],
    baseBvFen: f.fundBaseBvFen,
    rateBp: f.rateBp,
    amountFen: f.amountFen,
    note,
    share: { fundFen: f.fundFen, units, totalUnits: f.totalUnits },
  };
}

export interface Statement {
  readonly month: MonthKey;
  readonly py: PyName;
  readonly ppv: number;
  /** ppv + Σ legs' group PV. */
  readonly gpv: number;
  /** gpv − Σ 21 % legs' group PV. */
  readonly pgpv: number;
  /** From the group PV. */
  readonly bracketPercent: number;
  /** A 21 % group this month (the group at the top bracket). */
  readonly isQ: boolean;
  readonly qLegs: number;
  readonly apv: number;
  /** Also the PQ month (isPqMonth). */
  readonly isSpMonth: boolean;
  readonly bvFenPerPv: number;
  readonly items: readonly StatementItem[];
  readonly pretaxFen: number;
  readonly taxFen: number;
  readonly netFen: number;
  readonly withholding: WithholdingDetail;
}

/** Own-volume figures derived from own PV and the legs (shared by statement and estimate). */
export interface OwnVolume {
  gpv: number;
  pgpv: number;
  /** BV, fen: own, group, personal group. */
  ownBvFen: number;
  gbvFen: number;
  pgbvFen: number;
  bracketPercent: number;
  /** A 21 % group (see Statement.isQ). */
  isQ: boolean;
  /** Frontline 21 % legs (qualification). */
  qLegs: number;
  /** Leadership legs (close: leadershipLegs): the frontline Q legs and what legs below 21 % pass up. */
  leadershipLegs: number;
  /** Σ positive personal-group BV of the leadership legs, fen (the leadership base). */
  qLegsPgbvFen: number;
  /** The Pearl base in BV, fen (close: depthPgbvFen). */
  depthPgbvFen: number;
  /** Leadership the legs pass up. */
  leadershipInFen: number;
  isSp: boolean;
}

function legPgpv(l: LegVolume): number {
  return l.pgpv ?? l.gpv;
}

function legGbv(l: LegVolume, rules: RuleTable): number {
  return l.gbvFen ?? l.gpv * rules.bvFenPerPv;
}

function legPgbv(l: LegVolume, rules: RuleTable): number {
  return l.pgbvFen ?? (l.pgpv === undefined ? legGbv(l, rules) : l.pgpv * rules.bvFenPerPv);
}

function legLeadershipUp(l: LegVolume, rules: RuleTable): number {
  return l.leadershipUpFen ?? leadershipShare(true, legPgpv(l), legPgbv(l, rules), 0, 0, rules).ownFen;
}

export function ownVolume(ppv: number, legs: readonly LegVolume[], rules: RuleTable, ppvBvFen?: number): OwnVolume {
  const ownBvFen = ppvBvFen ?? ppv * rules.bvFenPerPv;
  let gpv = ppv;
  let pgpv = ppv;
  let gbvFen = ownBvFen;
  let pgbvFen = ownBvFen;
  let qLegs = 0;
  let leadershipLegs = 0;
  let qLegsPgbvFen = 0;
  let depthPgbvFen = 0;
  let leadershipInFen = 0;
  for (const l of legs) {
    gpv += l.gpv;
    gbvFen += legGbv(l, rules);
    if (isQGroup(l.gpv, rules)) {
      qLegs++;
      leadershipLegs++;
      qLegsPgbvFen += Math.max(0, legPgbv(l, rules));
      depthPgbvFen += l.pearlPassBvFen ?? (l.pearlPassPv ?? 0) * rules.bvFenPerPv;
      leadershipInFen += legLeadershipUp(l, rules);
    } else {
      pgpv += legPgpv(l);
      pgbvFen += legPgbv(l, rules);
      // A leg below 21 % passes on the 21 % groups it holds (returns only), with their leadership.
      leadershipLegs += l.leadershipLegs ?? 0;
      qLegsPgbvFen += l.leadershipBaseBvFen ?? 0;
      depthPgbvFen += l.pearlPassBvFen ?? (l.pearlPassPv ?? 0) * rules.bvFenPerPv;
      leadershipInFen += l.leadershipUpFen ?? 0;
    }
  }
  return {
    gpv,
    pgpv,
    ownBvFen,
    gbvFen,
    pgbvFen,
    bracketPercent: bracketFor(rules.brackets, gpv),
    isQ: isQGroup(gpv, rules),
    qLegs,
    leadershipLegs,
    qLegsPgbvFen,
    depthPgbvFen,
    leadershipInFen,
    isSp: isSpMonth(pgpv, qLegs, rules),
  };
}

/** One leg's line of the promotion fee when the own bracket is `ownPercent` (header: PROMOTION). */
export function promotionLegLine(l: LegVolume, ownPercent: number, rules: RuleTable): LegLine {
  const legPercent = bracketFor(rules.brackets, l.gpv);
  const isQ = isQGroup(l.gpv, rules);
  // A 21 % leg's group left the personal group: shown with its group volume, paid nothing here.
  const diff = isQ ? 0 : ownPercent - legPercent;
  const bvFen = isQ ? legGbv(l, rules) : legPgbv(l, rules);
  return {
    legId: l.id,
    ...(l.name !== undefined ? { name: l.name } : {}),
    pv: isQ ? l.gpv : legPgpv(l),
    bvFen,
    legPercent,
    isQ,
    differentialPercent: diff,
    amountFen: applyBp(bvFen, diff * 100),
  };
}

/** The promotion fee (bracket differential) with its per-leg lines. */
export function promotionFee(
  ppv: number,
  legs: readonly LegVolume[],
  rules: RuleTable,
  ppvBvFen?: number,
): { amountFen: number; ownPercent: number; gpv: number; lines: LegLine[] } {
  const own = ownVolume(ppv, legs, rules, ppvBvFen);
  const lines: LegLine[] = [];
  const ownAmount = applyBp(own.ownBvFen, own.bracketPercent * 100);
  lines.push({
    legId: null,
    pv: ppv,
    bvFen: own.ownBvFen,
    legPercent: 0,
    isQ: false,
    differentialPercent: own.bracketPercent,
    amountFen: ownAmount,
  });
  let total = ownAmount;
  for (const l of legs) {
    const line = promotionLegLine(l, own.bracketPercent, rules);
    total += line.amountFen;
    lines.push(line);
  }
  return { amountFen: total, ownPercent: own.bracketPercent, gpv: own.gpv, lines };
}

const KEEP_TEXT: Readonly<Record<LeadershipKeep, Text>> = {
  all: text('个人小组达21%：全部保留', 'personal group at 21 %: all kept'),
  part: text(
    '个人小组达15%或有两条以上21%线：保留部分，其余上传',
    'personal group at 15 % or two or more 21 % legs: part kept, the rest passed up',
  ),
  none: text('仅一条21%线且个人小组未达15%：全部上传', 'one 21 % leg and a personal group below 15 %: all passed up'),
};

/** The monthly service-fee statement: items, pre-tax total, tax withheld, net. */
export function monthlyStatement(input: StatementInput): Statement {
  const rules = input.rules ?? rulesForMonth(input.month);
  const own = ownVolume(input.ppv, input.legs, rules, input.ppvBvFen);
  const items: StatementItem[] = [];

  const promo = promotionFee(input.ppv, input.legs, rules, input.ppvBvFen);
  items.push({
    code: 'PROMOTION',
    name: ITEM_NAMES.PROMOTION,
    baseBvFen: own.gbvFen,
    rateBp: own.bracketPercent * 100,
    amountFen: promo.amountFen,
    note: text(
      `按小组总PV本人档次${own.bracketPercent}%，减去各一线自身档次的部分`,
      `own bracket ${own.bracketPercent} % on the group's total PV, less each leg's own bracket`,
    ),
    legs: promo.lines,
  });

  const lead = leadershipShare(own.isQ, own.pgpv, own.pgbvFen, own.leadershipLegs, own.leadershipInFen, rules);
  items.push({
    code: 'LEADERSHIP',
    name: ITEM_NAMES.LEADERSHIP,
    baseBvFen: own.qLegsPgbvFen,
    rateBp: rules.leadership.rateBp,
    amountFen: lead.keptFen,
    note:
      own.leadershipLegs === 0
        ? text('本月无21%线', 'no 21 % leg this month')
        : own.isQ
          ? KEEP_TEXT[lead.keep]
          : text('本人小组未达21%：全部上传至第一位21%上线', 'own group below 21 %: all passed up to the first 21 % upline'),
    leadership: { keep: lead.keep, inFen: lead.inFen, ownFen: lead.ownFen, upFen: lead.upFen },
  });

  const rubyOk = own.pgpv >= rules.ruby.minPgpv;
  items.push({
    code: 'RUBY',
    name: ITEM_NAMES.RUBY,
    baseBvFen: own.pgbvFen,
    rateBp: rules.ruby.rateBp,
    amountFen: rubyOk ? applyBp(own.pgbvFen, rules.ruby.rateBp) : 0,
    note: rubyOk
      ? text(`个人小组PV≥${num(rules.ruby.minPgpv)}`, `personal-group PV ≥ ${num(rules.ruby.minPgpv)}`)
      : text(`个人小组PV未达${num(rules.ruby.minPgpv)}`, `personal-group PV below ${num(rules.ruby.minPgpv)}`),
  });

  const pearlOk = isPearlRecipient(own.qLegs, rules, own.isQ);
  items.push({
    code: 'PEARL',
    name: ITEM_NAMES.PEARL,
    baseBvFen: own.depthPgbvFen,
    rateBp: rules.pearl.rateBp,
    amountFen: pearlOk ? applyBp(own.depthPgbvFen, rules.pearl.rateBp) : 0,
    note: pearlOk
      ? text('第二代起的21%小组，至下一位明珠为止', 'the 21 % groups from the second generation down to the next Pearl')
      : text(`需${rules.pearl.minQLegs}条以上21%线`, `needs ${rules.pearl.minQLegs} or more 21 % legs`),
  });

  if (input.annual && isLastMonthOfPy(input.month)) {
    const { emerald, diamond, units } = input.annual;
    items.push(
      annualItem(
        'EMERALD_ANNUAL',
        emerald,
        units,
        text('本年度翡翠及以上资格者共享', 'shared by those qualified Emerald and above in the PY'),
      ),
    );
    items.push(
      annualItem(
        'DIAMOND_ANNUAL',
        diamond ?? { rateBp: rules.annual.diamondRateBp, fundBaseBvFen: 0, fundFen: 0, totalUnits: 0, amountFen: 0 },
        diamond ? units : 0,
        diamond
          ? text('本年度钻石及以上资格者共享', 'shared by those qualified Diamond and above in the PY')
          : text('需本年度钻石资格', 'needs Diamond qualified in the PY'),
      ),
    );
  }

  for (const a of input.adjustments ?? []) {
    items.push({
      code: 'ADJUSTMENT',
      subCode: a.code,
      name: a.name,
      baseBvFen: 0,
      rateBp: 0,
      amountFen: Math.trunc(a.amountFen),
    });
  }

  let computedFen = 0;
  for (const it of items) computedFen += it.amountFen;
  items.push(...debitItems(computedFen, input.debitBroughtFen ?? 0, input.debitFrom ?? null));
  let pretaxFen = 0;
  for (const it of items) pretaxFen += it.amountFen;
  const withholding = remunerationWithholdingDetail(pretaxFen);
  const taxFen = withholding.taxFen;
  return {
    month: input.month,
    py: pyOf(input.month),
    ppv: input.ppv,
    gpv: own.gpv,
    pgpv: own.pgpv,
    bracketPercent: own.bracketPercent,
    isQ: own.isQ,
    qLegs: own.qLegs,
    apv: own.pgpv,
    isSpMonth: own.isSp,
    bvFenPerPv: rules.bvFenPerPv,
    items,
    pretaxFen,
    taxFen,
    netFen: pretaxFen - taxFen,
    withholding,
  };
}
