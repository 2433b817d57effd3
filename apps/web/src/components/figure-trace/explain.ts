import {
  ANNUAL_BANDS,
  BP_PER_UNIT,
  PIN,
  REMUNERATION_BANDS,
  REMUNERATION_FLAT_DEDUCTION_FEN,
  REMUNERATION_FLAT_LIMIT_FEN,
  annualTaxBand,
  bracketFor,
  isQGroup,
  isSpMonth,
  nextBracket,
  pinName,
  qThreshold,
  remunerationWithholdingDetail,
  rulesForMonth,
  topBracket,
  type RuleTable,
  type TaxBand,
} from '@abo/plan';
import { formatFen, formatFenLess, formatMonth, formatPercent, formatPv } from '../../lib/format.ts';
import type { TraceInput } from './types.ts';

/** One input of a trace: what it is and its value as the page shows it. */
export interface TraceRow {
  readonly label: string;
  readonly value: string;
}

/** A figure's trace as the popup shows it. */
export interface TraceModel {
  readonly title: string;
  readonly inputs: readonly TraceRow[];
  /** The rule in words, its numbers from the engine's rule table of the figure's month. */
  readonly rule: string;
  /** The rule's tests one by one, where it has several (the SP month). */
  readonly checks?: readonly { readonly text: string; readonly met: boolean }[];
  /** The result, worked: "Group PV 8,009 = personal PV 300 + legs 7,709 → 18 % (7,000 – 9,999 PV)". */
  readonly result: string;
  readonly note?: string;
  /** The general explanation (/descpage?code=). */
  readonly descCode: string;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The rule table of a month; a month outside the known PYs uses the nearest one. */
const rulesOf = (month: string): RuleTable => rulesForMonth(month, { fallback: 'nearest' });

/**
 * Works out one figure's trace: the inputs are the page's, the rule and its thresholds the plan
 * engine's (packages/plan: the rule table of the figure's month, the statutory tax tables).
 */
export function explainTrace(trace: TraceInput, t: T, lang: string): TraceModel {
  const pv = (n: number) => formatPv(n, lang);
  const fen = (n: number) => formatFen(n, lang);
  const pct = (n: number) => formatPercent(n, lang);
  // A term subtracted at the end of a worked formula: " − ¥2,520.00", left out when zero.
  const less = (n: number) => (Math.round(n) > 0 ? ` ${formatFenLess(n, lang)}` : '');
  const bp = (n: number) => pct((n / BP_PER_UNIT) * 100);

  switch (trace.kind) {
    case 'bracket': {
      const table = rulesOf(trace.month).brackets;
      const percent = bracketFor(table, trace.gpv);
      const next = nextBracket(table, trace.gpv);
      const at = table.findIndex((s) => s.percent === percent && trace.gpv >= s.minPv);
      const from = at >= 0 ? table[at]!.minPv : 0;
      const upTo = next.nextMinPv === null ? null : next.nextMinPv - 1;
      const band = upTo === null ? t('bracket.bandTop', { from: pv(from) }) : t('bracket.band', { from: pv(from), to: pv(upTo) });
      const steps = table.map((s, i) => (i === 0 ? `${pv(s.minPv)} PV → ${pct(s.percent)}` : `${pv(s.minPv)} → ${pct(s.percent)}`));
      return {
        title: t('bracket.title', { month: formatMonth(trace.month, lang) }),
        inputs: [
          { label: t('bracket.ppv'), value: `${pv(trace.ppv)} PV` },
          { label: t('bracket.legs'), value: `${pv(trace.gpv - trace.ppv)} PV` },
          { label: t('bracket.gpv'), value: `${pv(trace.gpv)} PV` },
        ],
        rule: t('bracket.rule', { table: steps.join(lang.startsWith('zh') ? '，' : ', ') }),
        result: t('bracket.result', {
          gpv: pv(trace.gpv),
          ppv: pv(trace.ppv),
          legs: pv(trace.gpv - trace.ppv),
          percent: pct(percent),
          band,
        }),
        note: next.nextPercent === null ? t('bracket.top') : t('bracket.next', { pv: pv(next.pvNeeded), percent: pct(next.nextPercent) }),
        descCode: 'BRACKET',
      };
    }

    case 'projection': {
      const perDay = trace.daysElapsed > 0 ? trace.gpv / trace.daysElapsed : 0;
      return {
        title: t('projection.title', { month: formatMonth(trace.month, lang) }),
        inputs: [
          { label: t('projection.gpv'), value: `${pv(trace.gpv)} PV` },
          { label: t('projection.days'), value: `${trace.daysElapsed} / ${trace.daysInMonth}` },
          { label: t('projection.pace'), value: `${pv(Math.round(perDay))} PV` },
        ],
        rule: t('projection.rule'),
        result: t('projection.result', {
          projected: pv(trace.projectedGpv),
          gpv: pv(trace.gpv),
          elapsed: trace.daysElapsed,
          days: trace.daysInMonth,
          percent: pct(trace.bracketPercent),
          fee: fen(trace.promotionFen),
        }),
        descCode: 'BRACKET',
      };
    }

    case 'q': {
      const rules = rulesOf(trace.month);
      const q = qThreshold(rules.brackets);
      const top = pct(topBracket(rules.brackets));
      const met = isQGroup(trace.gpv, rules);
      const month = formatMonth(trace.month, lang);
      const values = { gpv: pv(trace.gpv), q: pv(q), top };
      return {
        title: trace.who ? t('q.titleWho', { who: trace.who, month }) : t('q.title', { month }),
        inputs: [
          ...(trace.ppv === undefined
            ? []
            : [
                { label: t('bracket.ppv'), value: `${pv(trace.ppv)} PV` },
                { label: t('bracket.legs'), value: `${pv(trace.gpv - trace.ppv)} PV` },
              ]),
          { label: t('bracket.gpv'), value: `${pv(trace.gpv)} PV` },
          { label: t('q.threshold', { top }), value: `${pv(q)} PV` },
        ],
        rule: t('q.rule', values),
        result: t(met ? 'q.resultYes' : 'q.resultNo', values),
        note: met ? undefined : t('q.more', { pv: pv(q - trace.gpv) }),
        descCode: 'Q_MONTH',
      };
    }

    case 'sp': {
      const rules = rulesOf(trace.month);
      const { sp } = rules;
      const met = isSpMonth(trace.apv, trace.qLegs, rules);
      const values = { apv: pv(trace.apv), q: trace.qLegs, alone: pv(sp.apvAlone), one: pv(sp.apvWithOneQLeg), legs: sp.qLegsAlone };
      const checks = [
        { text: t('sp.checkAlone', values), met: trace.apv >= sp.apvAlone },
        { text: t('sp.checkOne', values), met: trace.apv >= sp.apvWithOneQLeg && trace.qLegs >= 1 },
        { text: t('sp.checkLegs', values), met: trace.qLegs >= sp.qLegsAlone },
      ];
      // The smallest APV that would make it one with the legs the month has.
      const apvNeeded = trace.qLegs >= 1 ? sp.apvWithOneQLeg : sp.apvAlone;
      return {
        title: t('sp.title', { month: formatMonth(trace.month, lang) }),
        inputs: [
          { label: t('sp.apv'), value: `${pv(trace.apv)} PV` },
          { label: t('sp.qLegs', { q: pv(qThreshold(rules.brackets)) }), value: String(trace.qLegs) },
        ],
        rule: t('sp.rule', values),
        checks,
        result: t(met ? 'sp.resultYes' : 'sp.resultNo', values),
        note: met ? undefined : t('sp.more', { pv: pv(Math.max(0, apvNeeded - trace.apv)) }),
        descCode: 'Q_MONTH',
      };
    }

    case 'apv': {
      const rules = rulesOf(trace.month);
      const qPv = trace.gpv - trace.apv;
      return {
        title: t('apv.title', { month: formatMonth(trace.month, lang) }),
        inputs: [
          ...(trace.ppv === undefined ? [] : [{ label: t('bracket.ppv'), value: `${pv(trace.ppv)} PV` }]),
          { label: t('bracket.gpv'), value: `${pv(trace.gpv)} PV` },
          ...(trace.qLegs === undefined
            ? []
            : [{ label: t('sp.qLegs', { q: pv(qThreshold(rules.brackets)) }), value: String(trace.qLegs) }]),
          { label: t('apv.qPv'), value: `${pv(qPv)} PV` },
        ],
        rule: t('apv.rule', { q: pv(qThreshold(rules.brackets)), top: pct(topBracket(rules.brackets)) }),
        result: t('apv.result', { apv: pv(trace.apv), gpv: pv(trace.gpv), qPv: pv(qPv) }),
        descCode: 'Q_MONTH',
      };
    }

    case 'withholding': {
      const w = trace.withholding;
      // The 20 % is the engine's (taxable = income × 80 % above the flat limit), read off at twice the limit.
      const probe = REMUNERATION_FLAT_LIMIT_FEN * 2;
      const percentOff = ((probe - remunerationWithholdingDetail(probe).taxableFen) / probe) * 100;
      const flat = w.pretaxFen <= REMUNERATION_FLAT_LIMIT_FEN;
      return {
        title: t('tax.title', { month: formatMonth(trace.month, lang) }),
        inputs: [
          { label: t('tax.pretax'), value: fen(w.pretaxFen) },
          {
            label: flat
              ? t('tax.deductionFlat', { flat: fen(REMUNERATION_FLAT_DEDUCTION_FEN) })
              : t('tax.deductionPercent', { percent: pct(percentOff) }),
            value: formatFenLess(w.deductionFen, lang),
          },
          { label: t('tax.taxable'), value: fen(w.taxableFen) },
          { label: t('tax.rate'), value: pct(w.ratePercent) },
          { label: t('tax.quick'), value: fen(w.quickDeductionFen) },
        ],
        rule: t('tax.rule', {
          limit: fen(REMUNERATION_FLAT_LIMIT_FEN),
          flat: fen(REMUNERATION_FLAT_DEDUCTION_FEN),
          percent: pct(percentOff),
          bands: bandsText(REMUNERATION_BANDS, t, fen, pct, lang),
        }),
        result: t('tax.result', {
          tax: fen(w.taxFen),
          taxable: fen(w.taxableFen),
          pretax: fen(w.pretaxFen),
          deduction: fen(w.deductionFen),
          rate: pct(w.ratePercent),
          quick: less(w.quickDeductionFen),
        }),
        descCode: 'TAX',
      };
    }

    case 'annualTax': {
      const band = annualTaxBand(trace.taxableFen);
      const i = ANNUAL_BANDS.indexOf(band);
      const lower = i > 0 ? ANNUAL_BANDS[i - 1]!.upToFen : 0;
      const bandWords =
        band.upToFen === Infinity
          ? t('annual.bandTop', { from: fen(lower), rate: pct(band.ratePercent), quick: fen(band.quickDeductionFen) })
          : t('annual.band', { from: fen(lower), to: fen(band.upToFen), rate: pct(band.ratePercent), quick: fen(band.quickDeductionFen) });
      const balanceKey = trace.balanceFen > 0 ? 'annual.toPay' : trace.balanceFen < 0 ? 'annual.toRefund' : 'annual.settled';
      return {
        title: t('annual.title', { year: trace.year }),
        inputs: [
          { label: t('annual.gross'), value: fen(trace.grossFen) },
          { label: t('annual.income', { percent: pct(trace.incomeRatioPercent) }), value: fen(trace.incomeFen) },
          { label: t('annual.basic'), value: formatFenLess(trace.basicDeductionFen, lang) },
          { label: t('tax.taxable'), value: fen(trace.taxableFen) },
          { label: t('tax.rate'), value: pct(trace.ratePercent) },
          { label: t('tax.quick'), value: fen(trace.quickDeductionFen) },
          { label: t('annual.withheld'), value: fen(trace.withheldFen) },
        ],
        rule: t('annual.rule', { percent: pct(trace.incomeRatioPercent), basic: fen(trace.basicDeductionFen), band: bandWords }),
        result: t('annual.result', {
          tax: fen(trace.annualTaxFen),
          taxable: fen(trace.taxableFen),
          rate: pct(trace.ratePercent),
          quick: less(trace.quickDeductionFen),
          withheld: fen(trace.withheldFen),
          balanceLabel: t(balanceKey),
          balance: fen(Math.abs(trace.balanceFen)),
        }),
        descCode: 'TAX',
      };
    }

    case 'item': {
      const it = trace.item;
      const rules = rulesOf(trace.month);
      const name = lang.startsWith('zh') ? it.name.zh : it.name.en;
      const inputs: TraceRow[] = [];
      let result: string;
      // How the amount is worked out is the BFF's (item.derivation): base × rate only where it holds.
      const kind = it.derivation?.kind ?? 'stated';
      const baseRate = [
        { label: t('item.base'), value: fen(it.baseBvFen) },
        { label: t('item.rate'), value: bp(it.rateBp) },
      ];
      if (it.leadership) {
        inputs.push(
          { label: t('item.in'), value: fen(it.leadership.inFen) },
          { label: t('item.own'), value: fen(it.leadership.ownFen) },
          { label: t('item.up'), value: formatFenLess(it.leadership.upFen, lang) },
        );
        result = t('item.resultLeadership', {
          amount: fen(it.amountFen),
          in: fen(it.leadership.inFen),
          own: fen(it.leadership.ownFen),
          up: fen(it.leadership.upFen),
        });
      } else if (it.share) {
        const fundIsProduct = kind === 'share' && it.derivation?.baseTimesRate === true;
        inputs.push(
          ...(fundIsProduct ? baseRate : []),
          { label: t('item.fund'), value: fen(it.share.fundFen) },
          { label: t('item.units'), value: `${it.share.units} / ${it.share.totalUnits}` },
        );
        result = t(fundIsProduct ? 'item.resultShare' : 'item.resultShareOnly', {
          amount: fen(it.amountFen),
          fund: fen(it.share.fundFen),
          base: fen(it.baseBvFen),
          rate: bp(it.rateBp),
          units: it.share.units,
          total: it.share.totalUnits,
        });
      } else if (kind === 'product') {
        inputs.push(...baseRate);
        result = t('item.resultRate', { amount: fen(it.amountFen), base: fen(it.baseBvFen), rate: bp(it.rateBp) });
      } else if (kind === 'differential') {
        // The group's BV at the own bracket is where the fee starts, not what it is: no "×", no "=".
        inputs.push({ label: t('item.groupBv'), value: fen(it.baseBvFen) }, { label: t('item.ownBracket'), value: bp(it.rateBp) });
        result = t('item.resultDifferential', { amount: fen(it.amountFen), base: fen(it.baseBvFen), rate: bp(it.rateBp) });
      } else if (kind === 'unmet') {
        inputs.push(...baseRate);
        result = t('item.resultUnmet', { amount: fen(it.amountFen) });
      } else if (it.code === 'ADJUSTMENT' || (!it.rateBp && !it.baseBvFen)) {
        result = t('item.resultAsIs', { amount: fen(it.amountFen) });
      } else {
        inputs.push(...baseRate);
        result = t('item.resultStated', { amount: fen(it.amountFen) });
      }
      const top = pct(topBracket(rules.brackets));
      const ruleValues: Record<string, Record<string, unknown>> = {
        PROMOTION: { top },
        LEADERSHIP: {
          rate: bp(rules.leadership.rateBp),
          top,
          minOwn: pct(rules.leadership.minOwnPercent),
          minLegs: rules.leadership.minQLegsForPart,
        },
        RUBY: { rate: bp(rules.ruby.rateBp), min: pv(rules.ruby.minPgpv) },
        PEARL: { rate: bp(rules.pearl.rateBp), min: rules.pearl.minQLegs },
        EMERALD_ANNUAL: { rate: bp(rules.annual.emeraldRateBp), pin: localName(pinName(PIN.EMERALD), lang) },
        DIAMOND_ANNUAL: { rate: bp(rules.annual.diamondRateBp), pin: localName(pinName(PIN.DIAMOND), lang) },
      };
      const values = ruleValues[it.code];
      return {
        title: t('item.title', { name, month: formatMonth(trace.month, lang) }),
        inputs,
        rule: values ? t(`item.rule.${it.code}`, values) : t('item.rule.ADJUSTMENT'),
        result,
        note: it.note ? localName(it.note, lang) : undefined,
        descCode: it.code === 'PROMOTION' ? 'BRACKET' : 'PV_BV',
      };
    }
  }
}

function localName(text: { zh: string; en: string }, lang: string): string {
  return lang.startsWith('zh') ? text.zh : text.en;
}

/** A progressive table in words: "up to 20,000: 20 %; up to 50,000: 30 % less 2,000; above: 40 % less 7,000". */
function bandsText(bands: readonly TaxBand[], t: T, fen: (n: number) => string, pct: (n: number) => string, lang: string): string {
  return bands
    .map((b, i) => {
      const rate = b.quickDeductionFen
        ? t('tax.bandQuick', { rate: pct(b.ratePercent), quick: fen(b.quickDeductionFen) })
        : pct(b.ratePercent);
      return b.upToFen === Infinity
        ? t('tax.bandAbove', { from: fen(bands[i - 1]?.upToFen ?? 0), rate })
        : t('tax.bandUpTo', { to: fen(b.upToFen), rate });
    })
    .join(lang.startsWith('zh') ? '；' : '; ');
}
