// The answers of the /bff/v1/income/* calls (and the figures of the documents rendered from them,
// documents/), shaped from what the queries loaded and the plan engine worked out. Pure: no
// database, no request.
import {
  maskPrivacy,
  type AnnualIncomeData,
  type ItemDerivation,
  type AnnualReviewData,
  type AnnualTaxableData,
  type IncomeTypesData,
  type PretaxData,
  type PromotionData,
  type PromotionLine,
  type StatementData,
  type StatementItemView,
} from '@abo/contract';
import {
  ITEM_NAMES,
  applyBp,
  pinName,
  paysOut,
  planByCode,
  pyMonths,
  pyOf,
  remunerationWithholdingDetail,
  type PyName,
  type ServiceFeeAnnualTax,
} from '@abo/plan';
import type { MonthlyResult } from '../db/monthly-results.ts';
import { nameFor, shownNameText, type NameViewer } from '../lib/name-policy.ts';
import { groupBy4, sumTotals, type ParsedItem, type ParsedLeg, type Totals } from './income-data.ts';
import type { LegPerson, StatementTotals, StoredStatement } from './income-queries.ts';

/** PYs that have statements plus the current one, newest first. */
export function pysOf(currentPy: PyName, months: readonly string[]): string[] {
  return [...new Set([currentPy, ...months.map((m) => pyOf(m))])].sort().reverse();
}

/** True when base × rate, rounded to the fen as the engine rounds it, is `fen` (a zero base or rate makes nothing). */
const baseTimesRateIs = (it: ParsedItem, fen: number): boolean =>
  it.baseBvFen !== 0 && it.rateBp !== 0 && applyBp(it.baseBvFen, it.rateBp) === fen;

/**
 * How an item's amount is worked out (contract: itemDerivationSchema), so that every line the
 * pages and the PDF show multiplies out: base × rate only where it holds; the promotion fee as
 * the differential it is; leadership and the annual shares by their own arithmetic; an item with
 * a rate that pays nothing as its condition not met, never as a product.
 */
function derivationOf(it: ParsedItem): ItemDerivation {
  if (it.passedUp) return { kind: 'leadership', baseTimesRate: baseTimesRateIs(it, it.passedUp.inFen) };
  if (it.share) return { kind: 'share', baseTimesRate: baseTimesRateIs(it, it.share.fundFen) };
  if (baseTimesRateIs(it, it.amountFen)) return { kind: 'product', baseTimesRate: true };
  if (it.code === 'PROMOTION') return { kind: 'differential', baseTimesRate: false };
  if (it.amountFen === 0 && it.rateBp !== 0) return { kind: 'unmet', baseTimesRate: false };
  return { kind: 'stated', baseTimesRate: false };
}

function itemView(it: ParsedItem): StatementItemView {
  return {
    code: it.code,
    subCode: it.subCode,
    name: it.name,
    baseBvFen: it.baseBvFen,
    rateBp: it.rateBp,
    amountFen: it.amountFen,
    note: it.note,
    legCount: it.legs.length,
    leadership: it.passedUp ? { ...it.passedUp, ownFen: it.amountFen + it.passedUp.upFen - it.passedUp.inFen } : null,
    share: it.share,
    derivation: derivationOf(it),
  };
}

/** The answer without any statement (empty state). */
export function noStatement(py: PyName, months: string[]): StatementData {
  return {
    month: null,
    py,
    months,
    paidOn: null,
    volume: null,
    items: [],
    pretaxFen: 0,
    taxFen: 0,
    netFen: 0,
    withholding: remunerationWithholdingDetail(0),
  };
}

/** One month's statement: its items with base and rate, the month's volume, the withholding worked out. */
export function statementData(s: StoredStatement, months: string[], vol: MonthlyResult | undefined): StatementData {
  return {
    month: s.month,
    py: pyOf(s.month),
    months,
    paidOn: paysOut(s.netFen) ? s.paidOn : null,
    volume: vol ? { ppv: vol.ppv, gpv: vol.gpv, pgpv: vol.pgpv, bracketPercent: vol.bracket, qLegs: vol.qLegs } : null,
    items: s.items.map(itemView),
    pretaxFen: s.pretaxFen,
    taxFen: s.taxFen,
    netFen: s.netFen,
    withholding: remunerationWithholdingDetail(s.pretaxFen),
  };
}

/**
 * A promotion leg's names as this viewer may see them (name-policy.ts), from the tree when the
 * leg is still in it, else from the name the statement kept (then nobody's frontline: masked).
 */
export function legName(
  viewer: NameViewer,
  legId: string,
  stored: string | null,
  person: LegPerson | undefined,
): { nameZh: string; nameEn: string } | null {
  if (person) return nameFor(viewer, { ada: legId, sponsorAda: person.sponsor_ada, nameZh: person.name_zh, nameEn: person.name_en });
  if (stored === null) return null;
  return nameFor(viewer, { ada: legId, sponsorAda: null, nameZh: stored, nameEn: stored });
}

/**
 * The promotion fee of a month line by line: own PV first, then the legs by what they gave.
 * Each leg is named as it is in the tree today: in full only while it is this viewer's
 * frontline (a leg that moved, or whose statement kept only a name, is masked).
 */
export function promotionData(
  month: string,
  months: string[],
  promo: ParsedItem | undefined,
  legs: readonly ParsedLeg[],
  vol: MonthlyResult | undefined,
  people: ReadonlyMap<string, LegPerson>,
  viewer: NameViewer,
): PromotionData {
  const ownLine = legs.find((l) => l.legId === null);
  const lines: PromotionLine[] = legs
    .map((l) => {
      const name = l.legId ? legName(viewer, l.legId, l.name, people.get(l.legId)) : null;
      return {
        legAdaMasked: l.legId ? maskPrivacy(l.legId) : null,
        legName: name && shownNameText(name),
        pv: l.pv,
        bvFen: l.bvFen,
        legPercent: l.legPercent,
        isQ: l.isQ,
        differentialPercent: l.differentialPercent,
        amountFen: l.amountFen,
      };
    })
    .sort((a, b) => (a.legAdaMasked === null ? -1 : b.legAdaMasked === null ? 1 : b.amountFen - a.amountFen || b.pv - a.pv));
  return {
    month,
    months,
    ownPercent: vol?.bracket ?? ownLine?.differentialPercent ?? Math.round((promo?.rateBp ?? 0) / 100),
    gpv: vol?.gpv ?? 0,
    pgpv: vol?.pgpv ?? 0,
    baseBvFen: promo?.baseBvFen ?? 0,
    amountFen: promo?.amountFen ?? 0,
    lines,
  };
}

export interface Payee {
  ada: string;
  sponsor_ada: string | null;
  name_zh: string;
  name_en: string;
  bank_card: string;
  bank_name: string;
  national_id: string;
}

/** Pre-tax, tax withheld (how it was computed), net and the masked card it was paid to. */
export function pretaxData(
  month: string | null,
  months: string[],
  s: StoredStatement | null,
  payee: Payee,
  viewer: NameViewer,
): PretaxData {
  const pretaxFen = s?.pretaxFen ?? 0;
  return {
    month,
    months,
    paidOn: s && paysOut(s.netFen) ? s.paidOn : null,
    pretaxFen,
    taxFen: s?.taxFen ?? 0,
    netFen: s?.netFen ?? 0,
    withholding: remunerationWithholdingDetail(pretaxFen),
    // The payee is the distributor: a name (name-policy.ts), not an identifier for maskPrivacy.
    payeeName: nameFor(viewer, { ada: payee.ada, sponsorAda: payee.sponsor_ada, nameZh: payee.name_zh, nameEn: payee.name_en }).nameZh,
    bankCardMasked: groupBy4(maskPrivacy(payee.bank_card)),
    bankName: payee.bank_name,
    nationalIdMasked: maskPrivacy(payee.national_id),
  };
}

/**
 * The 12 months of a PY, with zeros where there is no statement; the months before `historyStart`
 * (db/history-start.ts: the first month with figures, today's when none) are marked noData.
 */
export function twelveMonths(py: PyName, rows: readonly StatementTotals[], historyStart?: string): AnnualIncomeData['months'] {
  const byMonth = new Map(rows.map((x) => [x.month, x]));
  return pyMonths(py).map((month) => {
    const x = byMonth.get(month);
    return {
      ...(historyStart !== undefined && !x && month < historyStart ? { noData: true } : {}),
      month,
      pretaxFen: x?.pretaxFen ?? 0,
      taxFen: x?.taxFen ?? 0,
      netFen: x?.netFen ?? 0,
      hasStatement: !!x,
      paidOn: x && paysOut(x.netFen) ? x.paidOn : null,
    };
  });
}

/**
 * A calendar year of statements as comprehensive income, by payment date: `paid` are the
 * statements paid in the year (whatever month they pay for), summed per payment month; the
 * year's tax against what was withheld from them.
 */
export function annualTaxableData(
  year: string,
  years: string[],
  paid: readonly StatementTotals[],
  tax: ServiceFeeAnnualTax,
  todayMonth: string,
): AnnualTaxableData {
  const months = Array.from({ length: 12 }, (_, i) => ({
    month: `${year}-${String(i + 1).padStart(2, '0')}`,
    grossFen: 0,
    withheldFen: 0,
    hasStatement: false,
  }));
  for (const x of paid) {
    const m = months[Number(x.paidOn.slice(5, 7)) - 1];
    if (!m || !x.paidOn.startsWith(`${year}-`)) continue;
    m.grossFen += x.pretaxFen;
    m.withheldFen += x.taxFen;
    m.hasStatement = true;
  }
  return {
    year,
    years,
    months,
    statements: paid.map((x) => ({ month: x.month, paidOn: x.paidOn, pretaxFen: x.pretaxFen, taxFen: x.taxFen, netFen: x.netFen })),
    complete: `${year}-12` < todayMonth,
    grossFen: tax.grossFen,
    incomeRatioPercent: tax.incomeRatioBp / 100,
    incomeFen: tax.incomeFen,
    basicDeductionFen: tax.basicDeductionFen,
    taxableFen: tax.taxableFen,
    ratePercent: tax.band.ratePercent,
    quickDeductionFen: tax.band.quickDeductionFen,
    annualTaxFen: tax.annualTaxFen,
    withheldFen: tax.withheldFen,
    balanceFen: tax.balanceFen,
  };
}

export interface ReviewInput {
  py: PyName;
  prevPy: PyName;
  pys: string[];
  person: { ada: string; sponsor_ada: string | null; name_zh: string; name_en: string; pin_code: number; pin_month: string | null };
  twelve: AnnualIncomeData['months'];
  prevRows: readonly StatementTotals[];
  /** The pin at the end of each stored month from the month before the PY to its last. */
  pinRows: readonly { month: string; pinCode: number }[];
  planStatuses: ReadonlyMap<string, string>;
}

/** Pins reached in the PY: each month the pin rose above everything held before (the month before the PY counts as "before"). */
function pinsReached(py: PyName, pinRows: ReviewInput['pinRows'], person: ReviewInput['person']): AnnualReviewData['pinsReached'] {
  const pm = pyMonths(py);
  const out: AnnualReviewData['pinsReached'] = [];
  let held = 0;
  for (const row of pinRows) {
    if (row.month >= pm[0]! && row.pinCode > held && held > 0) {
      const n = pinName(row.pinCode);
      out.push({ code: String(row.pinCode), name: { zh: n.zh, en: n.en }, month: row.month });
    }
    held = Math.max(held, row.pinCode);
  }
  if (pinRows.length === 0 && person.pin_month && person.pin_month >= pm[0]! && person.pin_month <= pm[11]!) {
    const n = pinName(person.pin_code);
    out.push({ code: String(person.pin_code), name: { zh: n.zh, en: n.en }, month: person.pin_month });
  }
  return out;
}

/** The year in review: totals, best month, growth like for like, pins reached, plans met. */
export function annualReviewData(x: ReviewInput, viewer: NameViewer): AnnualReviewData {
  const totals = sumTotals(x.twelve);
  const paid = x.twelve.filter((m): m is typeof m & { paidOn: string } => m.hasStatement && m.paidOn !== null);
  let best: (typeof paid)[number] | undefined;
  for (const m of paid) if (!best || m.netFen > best.netFen) best = m;
  const previous = x.prevRows.length > 0 ? { py: x.prevPy, ...sumTotals(x.prevRows) } : null;
  // Like for like: this PY's months up to its last statement against the same months a year earlier.
  const comparedMonths = paid.length > 0 ? pyMonths(x.py).indexOf(paid[paid.length - 1]!.month) + 1 : 0;
  const prevMonths = pyMonths(x.prevPy).slice(0, comparedMonths);
  const samePeriod = previous && comparedMonths > 0 ? sumTotals(x.prevRows.filter((r) => prevMonths.includes(r.month))) : null;
  const growthPercent =
    samePeriod && samePeriod.netFen > 0 ? Math.round(((totals.netFen - samePeriod.netFen) / samePeriod.netFen) * 1000) / 10 : null;
  const plansMet = [...x.planStatuses]
    .filter(([, s]) => s === 'met')
    .map(([code]) => {
      const p = planByCode(code);
      return { code, name: p ? { zh: p.name.zh, en: p.name.en } : { zh: code, en: code } };
    });
  const d = x.person;
  const pin = pinName(d.pin_code);
  return {
    py: x.py,
    pys: x.pys,
    displayName: nameFor(viewer, { ada: d.ada, sponsorAda: d.sponsor_ada, nameZh: d.name_zh, nameEn: d.name_en }).nameZh,
    ...totals,
    monthsPaid: paid.length,
    months: x.twelve,
    bestMonth: best
      ? { month: best.month, paidOn: best.paidOn, pretaxFen: best.pretaxFen, taxFen: best.taxFen, netFen: best.netFen }
      : null,
    previous,
    previousSamePeriod: samePeriod,
    comparedMonths,
    growthPercent,
    pin: { code: String(d.pin_code), name: { zh: pin.zh, en: pin.en } },
    pinsReached: pinsReached(x.py, x.pinRows, d),
    plansMet,
    plansEvaluated: x.planStatuses.size,
  };
}

/** The income type index: every kind of service fee, what it brought this PY and in the latest statement. */
export function incomeTypesData(py: PyName, latest: StoredStatement | undefined, pyRows: readonly StoredStatement[]): IncomeTypesData {
  const latestItems = latest?.items ?? [];
  const pyAmount = new Map<string, number>();
  for (const s of pyRows) for (const it of s.items) pyAmount.set(it.code, (pyAmount.get(it.code) ?? 0) + it.amountFen);
  const types = (Object.keys(ITEM_NAMES) as (keyof typeof ITEM_NAMES)[]).map((code) => ({
    code,
    name: { zh: ITEM_NAMES[code].zh, en: ITEM_NAMES[code].en },
    pyAmountFen: pyAmount.get(code) ?? 0,
    latestAmountFen: latestItems.filter((i) => i.code === code).reduce((a, i) => a + i.amountFen, 0),
  }));
  const latestTotals: Totals | null = latest ? { pretaxFen: latest.pretaxFen, taxFen: latest.taxFen, netFen: latest.netFen } : null;
  return { py, latestMonth: latest?.month ?? null, latest: latestTotals, pyTotals: sumTotals(pyRows), types };
}
