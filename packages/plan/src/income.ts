// Monthly service-fee statement for one distributor. Every item carries its base volume
// (BV, fen) and rate so the page can show "how is this calculated". Rules (per rule table):
//   PROMOTION  market promotion service fee = bracket differential:
//              own% × own PV's BV + Σ over non-Q frontline legs (own% − leg%) × leg PGBV
//              ( = own% × own PGBV − Σ leg% × leg PGBV ). Q legs give nothing here. A negative
//              differential (only possible with returns) counts as 0.
//   LEADERSHIP 4 % of each frontline Q leg's personal-group BV, when own bracket ≥ 15 %.
//   RUBY       2 % of own personal-group BV, in a month with PGPV ≥ 20 000.
//   PEARL      1 % of the PGBV of the Q legs of one's Q legs, when Q oneself with ≥ 3 Q legs.
//   EMERALD_ANNUAL / DIAMOND_ANNUAL  August statement only: rate × the PY's group BV, for pin ≥
//              Emerald (370) / in addition for pin ≥ Diamond (380).
//   ADJUSTMENT as given (may be negative).
// BV = PV × bvFenPerPv (100 fen = 1.00 CNY per PV in every current table). Each part is
// rounded half up to the fen; the item amount is the sum of its rounded parts.
import { bracketFor, qThreshold } from './bracket.ts';
import { isLastMonthOfPy, pyOf, type MonthKey, type PyName } from './calendar.ts';
import { isSpMonth } from './close.ts';
import { applyBp } from './money.ts';
import { PIN } from './pins.ts';
import { rulesForMonth } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';
import { remunerationWithholdingDetail, type WithholdingDetail } from './tax.ts';
import { text, type Text } from './text.ts';

export type ItemCode = 'PROMOTION' | 'LEADERSHIP' | 'RUBY' | 'PEARL' | 'EMERALD_ANNUAL' | 'DIAMOND_ANNUAL' | 'ADJUSTMENT';

export const ITEM_NAMES: Readonly<Record<ItemCode, Text>> = {
  PROMOTION: text('市场推广服务费', 'Market promotion service fee'),
  LEADERSHIP: text('领导服务费', 'Leadership service fee'),
  RUBY: text('红宝石服务费', 'Ruby service fee'),
  PEARL: text('珍珠（深度）服务费', 'Pearl (depth) service fee'),
  EMERALD_ANNUAL: text('翡翠年度奖金', 'Emerald annual bonus'),
  DIAMOND_ANNUAL: text('钻石年度奖金', 'Diamond annual bonus'),
  ADJUSTMENT: text('调整', 'Adjustment'),
};

/** The annual bonuses of one distributor, paid with the statement of the PY's last month. */
export interface AnnualBonus {
  readonly pinCode: number;
  /** Σ monthly group PV of the PY. */
  readonly pyGroupPv: number;
  readonly baseBvFen: number;
  readonly emeraldRateBp: number;
  readonly emeraldFen: number;
  readonly diamondRateBp: number;
  readonly diamondFen: number;
}

/** Pin from which the Emerald annual bonus is paid (the Diamond bonus from PIN.DIAMOND). */
export const ANNUAL_BONUS_MIN_PIN = PIN.EMERALD;

/** The Emerald and Diamond annual bonuses of a pin on the PY's group PV. */
export function annualBonus(pinCode: number, pyGroupPv: number, rules: RuleTable): AnnualBonus {
  const base = pyGroupPv * rules.bvFenPerPv;
  return {
    pinCode,
    pyGroupPv,
    baseBvFen: base,
    emeraldRateBp: rules.annual.emeraldRateBp,
    emeraldFen: pinCode >= ANNUAL_BONUS_MIN_PIN ? applyBp(base, rules.annual.emeraldRateBp) : 0,
    diamondRateBp: rules.annual.diamondRateBp,
    diamondFen: pinCode >= PIN.DIAMOND ? applyBp(base, rules.annual.diamondRateBp) : 0,
  };
}

/** One frontline leg's month, as the statement reads it. */
export interface LegVolume {
  readonly id: string;
  readonly name?: string;
  /** The leg's personal-group PV this month (its bracket and Q follow from it). */
  readonly pgpv: number;
  /** Σ PGPV of this leg's own frontline Q legs (the Pearl base); default 0. */
  readonly qLegsPgpv?: number;
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
  /** Every frontline leg (legs without volume may be left out). */
  readonly legs: readonly LegVolume[];
  /** Defaults to the table of the month's PY. */
  readonly rules?: RuleTable;
  readonly adjustments?: readonly StatementAdjustment[];
  /** Needed for the August annual bonuses: highest pin held and Σ monthly group PV of the PY. */
  readonly annual?: { readonly pinCode: number; readonly pyGroupPv: number };
}

/** One line of the promotion-fee breakdown: own PV (legId null) or one frontline leg. */
export interface LegLine {
  readonly legId: string | null;
  readonly name?: string;
  readonly pv: number;
  readonly bvFen: number;
  /** The leg's own bracket (0 for the own-PV line). */
  readonly legPercent: number;
  readonly isQ: boolean;
  /** own% − leg% (0 for Q legs), the rate applied to this line. */
  readonly differentialPercent: number;
  readonly amountFen: number;
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
}

export interface Statement {
  readonly month: MonthKey;
  readonly py: PyName;
  readonly ppv: number;
  /** ppv + Σ non-Q legs' PGPV. */
  readonly pgpv: number;
  readonly bracketPercent: number;
  readonly isQ: boolean;
  readonly qLegs: number;
  readonly apv: number;
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
  pgpv: number;
  bracketPercent: number;
  isQ: boolean;
  qLegs: number;
  qLegsPgpv: number;
  depthPgpv: number;
}

export function ownVolume(ppv: number, legs: readonly LegVolume[], rules: RuleTable): OwnVolume {
  const qMin = qThreshold(rules.brackets);
  let pgpv = ppv;
  let qLegs = 0;
  let qLegsPgpv = 0;
  let depthPgpv = 0;
  for (const l of legs) {
    if (l.pgpv >= qMin) {
      qLegs++;
      qLegsPgpv += l.pgpv;
      depthPgpv += l.qLegsPgpv ?? 0;
    } else {
      pgpv += l.pgpv;
    }
  }
  const bracketPercent = bracketFor(rules.brackets, pgpv);
  return {
    pgpv,
    bracketPercent,
    isQ: pgpv >= qMin,
    qLegs,
    qLegsPgpv,
    depthPgpv,
  };
}

/** The promotion fee (bracket differential) with its per-leg lines. */
export function promotionFee(
  ppv: number,
  legs: readonly LegVolume[],
  rules: RuleTable,
): { amountFen: number; ownPercent: number; pgpv: number; lines: LegLine[] } {
  const own = ownVolume(ppv, legs, rules);
  const bv = rules.bvFenPerPv;
  const qMin = qThreshold(rules.brackets);
  const lines: LegLine[] = [];
  const ownAmount = applyBp(ppv * bv, own.bracketPercent * 100);
  lines.push({
    legId: null,
    pv: ppv,
    bvFen: ppv * bv,
    legPercent: 0,
    isQ: false,
    differentialPercent: own.bracketPercent,
    amountFen: ownAmount,
  });
  let total = ownAmount;
  for (const l of legs) {
    const isQ = l.pgpv >= qMin;
    const legPercent = bracketFor(rules.brackets, l.pgpv);
    const diff = isQ ? 0 : Math.max(0, own.bracketPercent - legPercent);
    const amountFen = applyBp(l.pgpv * bv, diff * 100);
    total += amountFen;
    lines.push({
      legId: l.id,
      ...(l.name !== undefined ? { name: l.name } : {}),
      pv: l.pgpv,
      bvFen: l.pgpv * bv,
      legPercent,
      isQ,
      differentialPercent: diff,
      amountFen,
    });
  }
  return {
    amountFen: total,
    ownPercent: own.bracketPercent,
    pgpv: own.pgpv,
    lines,
  };
}

/** The monthly service-fee statement: items, pre-tax total, tax withheld, net. */
export function monthlyStatement(input: StatementInput): Statement {
  const rules = input.rules ?? rulesForMonth(input.month);
  const bv = rules.bvFenPerPv;
  const own = ownVolume(input.ppv, input.legs, rules);
  const items: StatementItem[] = [];

  const promo = promotionFee(input.ppv, input.legs, rules);
  items.push({
    code: 'PROMOTION',
    name: ITEM_NAMES.PROMOTION,
    baseBvFen: own.pgpv * bv,
    rateBp: own.bracketPercent * 100,
    amountFen: promo.amountFen,
    note: text(
      `本人档次${own.bracketPercent}%，减去各非Q一线的档次差额`,
      `own bracket ${own.bracketPercent} % less each non-Q leg's bracket`,
    ),
    legs: promo.lines,
  });

  const leadOk = own.bracketPercent >= rules.leadership.minOwnPercent && own.qLegs > 0;
  items.push({
    code: 'LEADERSHIP',
    name: ITEM_NAMES.LEADERSHIP,
    baseBvFen: own.qLegsPgpv * bv,
    rateBp: rules.leadership.rateBp,
    amountFen: leadOk ? applyBp(own.qLegsPgpv * bv, rules.leadership.rateBp) : 0,
    note: leadOk
      ? text(`${own.qLegs}条Q线的个人小组BV`, `personal-group BV of ${own.qLegs} Q leg(s)`)
      : own.qLegs === 0
        ? text('本月无Q线', 'no Q leg this month')
        : text(`本人档次低于${rules.leadership.minOwnPercent}%`, `own bracket below ${rules.leadership.minOwnPercent} %`),
  });

  const rubyOk = own.pgpv >= rules.ruby.minPgpv;
  items.push({
    code: 'RUBY',
    name: ITEM_NAMES.RUBY,
    baseBvFen: own.pgpv * bv,
    rateBp: rules.ruby.rateBp,
    amountFen: rubyOk ? applyBp(own.pgpv * bv, rules.ruby.rateBp) : 0,
    note: rubyOk
      ? text(`个人小组PV≥${rules.ruby.minPgpv}`, `personal-group PV ≥ ${rules.ruby.minPgpv}`)
      : text(`个人小组PV未达${rules.ruby.minPgpv}`, `personal-group PV below ${rules.ruby.minPgpv}`),
  });

  const pearlOk = own.isQ && own.qLegs >= rules.pearl.minQLegs;
  items.push({
    code: 'PEARL',
    name: ITEM_NAMES.PEARL,
    baseBvFen: own.depthPgpv * bv,
    rateBp: rules.pearl.rateBp,
    amountFen: pearlOk ? applyBp(own.depthPgpv * bv, rules.pearl.rateBp) : 0,
    note: pearlOk
      ? text('Q线之下第二代Q线的个人小组BV', "personal-group BV of the Q legs' Q legs")
      : text(`需本人Q且有${rules.pearl.minQLegs}条Q线`, `needs own Q and ${rules.pearl.minQLegs} Q legs`),
  });

  if (input.annual && isLastMonthOfPy(input.month)) {
    const a = annualBonus(input.annual.pinCode, input.annual.pyGroupPv, rules);
    items.push({
      code: 'EMERALD_ANNUAL',
      name: ITEM_NAMES.EMERALD_ANNUAL,
      baseBvFen: a.baseBvFen,
      rateBp: a.emeraldRateBp,
      amountFen: a.emeraldFen,
      note: text('年度小组BV，翡翠及以上', "the PY's group BV, Emerald and above"),
    });
    items.push({
      code: 'DIAMOND_ANNUAL',
      name: ITEM_NAMES.DIAMOND_ANNUAL,
      baseBvFen: a.baseBvFen,
      rateBp: a.diamondRateBp,
      amountFen: a.diamondFen,
      note: text('年度小组BV，钻石及以上', "the PY's group BV, Diamond and above"),
    });
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

  let pretaxFen = 0;
  for (const it of items) pretaxFen += it.amountFen;
  const withholding = remunerationWithholdingDetail(pretaxFen);
  const taxFen = withholding.taxFen;
  return {
    month: input.month,
    py: pyOf(input.month),
    ppv: input.ppv,
    pgpv: own.pgpv,
    bracketPercent: own.bracketPercent,
    isQ: own.isQ,
    qLegs: own.qLegs,
    apv: own.pgpv,
    isSpMonth: isSpMonth(own.pgpv, own.qLegs, rules),
    bvFenPerPv: bv,
    items,
    pretaxFen,
    taxFen,
    netFen: pretaxFen - taxFen,
    withholding,
  };
}
