// The income answers the page tests show: October 2026's statement (¥10,000.00 before tax,
// ¥1,600.00 withheld, paid on 15 November) and calendar year 2026 for tax, in which last
// December's statement counts (paid in January); and statement items that are not base × rate.
import type { AnnualTaxableData, StatementData } from '@abo/contract';

type Item = StatementData['items'][number];

export const OCT_2026_STATEMENT: StatementData = {
  month: '2026-10',
  py: '26/27',
  months: ['2026-10', '2026-09'],
  paidOn: '2026-11-15',
  volume: null,
  items: [],
  pretaxFen: 1_000_000,
  taxFen: 160_000,
  netFen: 840_000,
  withholding: { pretaxFen: 1_000_000, deductionFen: 200_000, taxableFen: 800_000, ratePercent: 20, quickDeductionFen: 0, taxFen: 160_000 },
};

/** 2026 for tax so far: December 2025's statement, ¥3,000.00 of which ¥400.00 withheld; `months` its month rows. */
export function taxable2026(months: AnnualTaxableData['months'] = []): AnnualTaxableData {
  return {
    year: '2026',
    years: ['2026', '2025'],
    months,
    statements: [{ month: '2025-12', paidOn: '2026-01-15', pretaxFen: 300_000, taxFen: 40_000, netFen: 260_000 }],
    complete: false,
    grossFen: 300_000,
    incomeRatioPercent: 80,
    incomeFen: 240_000,
    basicDeductionFen: 6_000_000,
    taxableFen: 0,
    ratePercent: 3,
    quickDeductionFen: 0,
    annualTaxFen: 0,
    withheldFen: 40_000,
    balanceFen: -40_000,
  };
}

/** What a statement item has when nothing more is said: no sub-code, note, legs, leadership or share. */
export const ITEM_BASE = { subCode: null, note: null, legCount: 0, leadership: null, share: null };

/** The market promotion fee of issue #31: a differential over 4 legs at 21 %, no base × rate product. */
export const PROMOTION_DIFFERENTIAL: Item = {
  ...ITEM_BASE,
  code: 'PROMOTION',
  name: { zh: '市场推广服务费', en: 'Market promotion service fee' },
  baseBvFen: 14_996_000,
  rateBp: 2100,
  amountFen: 1_649_790,
  legCount: 4,
  derivation: { kind: 'differential', baseTimesRate: false },
};

/** A Ruby fee whose condition the month did not meet (issue #31): nothing paid, the note says why. */
export const RUBY_UNMET: Item = {
  ...ITEM_BASE,
  code: 'RUBY',
  name: { zh: '红宝石服务费', en: 'Ruby service fee' },
  baseBvFen: 10_000_000,
  rateBp: 200,
  amountFen: 0,
  note: { zh: '个人小组PV未达20,000', en: 'personal-group PV below 20,000' },
  derivation: { kind: 'unmet', baseTimesRate: false },
};
