// PRC individual income tax as applied to service fees (remuneration for services, 劳务报酬).
// Statutory tables, not per-PY rules: they follow the tax law, so they live here, not in rules/.
// All arithmetic is exact integer rational maths; the result is rounded once, half up, to the fen.
import { divRoundHalfUp, FEN_PER_CNY } from './money.ts';
import { num, text, type Text } from './text.ts';

/** One band of a progressive table: applies while taxable ≤ upToFen. */
export interface TaxBand {
  /** Upper bound of the band (inclusive), fen; Infinity for the last band. */
  readonly upToFen: number;
  readonly ratePercent: number;
  /** Quick deduction (速算扣除数), fen. */
  readonly quickDeductionFen: number;
}

/** Pre-withholding table for remuneration for services (individual income tax, table 2). */
export const REMUNERATION_BANDS: readonly TaxBand[] = [
  { upToFen: 2_000_000, ratePercent: 20, quickDeductionFen: 0 },
  { upToFen: 5_000_000, ratePercent: 30, quickDeductionFen: 200_000 },
  { upToFen: Infinity, ratePercent: 40, quickDeductionFen: 700_000 },
];

/** Income up to this (inclusive) is reduced by a flat 800 CNY; above it by 20 %. */
export const REMUNERATION_FLAT_LIMIT_FEN = 400_000;
export const REMUNERATION_FLAT_DEDUCTION_FEN = 80_000;
/** The deduction above the flat limit, percent of income (taxable = income × 4/5 below). */
export const REMUNERATION_DEDUCTION_PERCENT = 20;

/** Annual comprehensive-income brackets (综合所得), on taxable income after deductions. */
export const ANNUAL_BANDS: readonly TaxBand[] = [
  { upToFen: 3_600_000, ratePercent: 3, quickDeductionFen: 0 },
  { upToFen: 14_400_000, ratePercent: 10, quickDeductionFen: 252_000 },
  { upToFen: 30_000_000, ratePercent: 20, quickDeductionFen: 1_692_000 },
  { upToFen: 42_000_000, ratePercent: 25, quickDeductionFen: 3_192_000 },
  { upToFen: 66_000_000, ratePercent: 30, quickDeductionFen: 5_292_000 },
  { upToFen: 96_000_000, ratePercent: 35, quickDeductionFen: 8_592_000 },
  { upToFen: Infinity, ratePercent: 45, quickDeductionFen: 18_192_000 },
];

/** Yearly basic deduction of the comprehensive-income tax: 60 000 CNY. */
export const ANNUAL_BASIC_DEDUCTION_FEN = 6_000_000;

function bandFor(bands: readonly TaxBand[], taxableFen: number): TaxBand {
  for (const b of bands) if (taxableFen <= b.upToFen) return b;
  return bands[bands.length - 1]!;
}

/** How a withholding was computed (for the pre-tax details page). */
export interface WithholdingDetail {
  pretaxFen: number;
  /** 800 CNY flat, or 20 % of income (rounded half up for display). */
  deductionFen: number;
  /** Taxable income (rounded half up for display; the tax uses the exact value). */
  taxableFen: number;
  ratePercent: number;
  quickDeductionFen: number;
  taxFen: number;
}

/**
 * Pre-withholding for one payment of remuneration for services.
 * income ≤ 4 000 CNY: taxable = income − 800; above: taxable = income × 80 %.
 * tax = taxable × 20 % (≤ 20 000), × 30 % − 2 000 (≤ 50 000), × 40 % − 7 000 (above); ≥ 0.
 */
export function remunerationWithholdingDetail(pretaxFen: number): WithholdingDetail {
  if (!Number.isFinite(pretaxFen)) throw new RangeError('pretaxFen must be finite');
  const income = Math.max(0, Math.trunc(pretaxFen));
  if (income <= REMUNERATION_FLAT_LIMIT_FEN) {
    const taxable = Math.max(0, income - REMUNERATION_FLAT_DEDUCTION_FEN);
    // taxable ≤ 3 200 CNY here, always the 20 % band.
    const band = bandFor(REMUNERATION_BANDS, taxable);
    const tax = divRoundHalfUp(taxable * band.ratePercent - band.quickDeductionFen * 100, 100);
    return {
      pretaxFen: income,
      deductionFen: Math.min(income, REMUNERATION_FLAT_DEDUCTION_FEN),
      taxableFen: taxable,
      ratePercent: band.ratePercent,
      quickDeductionFen: band.quickDeductionFen,
      taxFen: Math.max(0, tax),
    };
  }
  // taxable = income × 4/5 may be a fraction of a fen: work in fifths of a fen.
  const taxable5 = income * 4;
  const band = bandFor(REMUNERATION_BANDS, taxable5 / 5);
  const tax = divRoundHalfUp(taxable5 * band.ratePercent - band.quickDeductionFen * 500, 500);
  const taxableFen = divRoundHalfUp(taxable5, 5);
  return {
    pretaxFen: income,
    deductionFen: income - taxableFen,
    taxableFen,
    ratePercent: band.ratePercent,
    quickDeductionFen: band.quickDeductionFen,
    taxFen: Math.max(0, tax),
  };
}

/**
 * The deduction of a payment's withholding in words, as the pre-tax details page and the
 * statement PDF write it: "Income up to ¥4,000: ¥800 deducted" or "Income above ¥4,000: 20% deducted".
 */
export function remunerationDeductionText(pretaxFen: number): Text {
  const limit = num(REMUNERATION_FLAT_LIMIT_FEN / FEN_PER_CNY);
  if (pretaxFen <= REMUNERATION_FLAT_LIMIT_FEN) {
    const flat = num(REMUNERATION_FLAT_DEDUCTION_FEN / FEN_PER_CNY);
    return text(`收入不超过 ${limit} 元，减除 ${flat} 元`, `Income up to ¥${limit}: ¥${flat} deducted`);
  }
  const percent = REMUNERATION_DEDUCTION_PERCENT;
  return text(`收入超过 ${limit} 元，减除 ${percent}%`, `Income above ¥${limit}: ${percent}% deducted`);
}

/** Tax withheld on a service-fee payment, fen (see remunerationWithholdingDetail). */
export function remunerationWithholding(pretaxFen: number): number {
  return remunerationWithholdingDetail(pretaxFen).taxFen;
}

/** The annual band a taxable income falls in. */
export function annualTaxBand(taxableFen: number): TaxBand {
  return bandFor(ANNUAL_BANDS, Math.max(0, taxableFen));
}

/** Annual comprehensive-income tax on taxable income (after deductions), fen, half up. */
export function annualComprehensiveTax(taxableFen: number): number {
  if (!Number.isFinite(taxableFen)) throw new RangeError('taxableFen must be finite');
  const t = Math.max(0, Math.trunc(taxableFen));
  const band = bandFor(ANNUAL_BANDS, t);
  return Math.max(0, divRoundHalfUp(t * band.ratePercent - band.quickDeductionFen * 100, 100));
}

/**
 * Remuneration for services enters annual comprehensive income at 80 % (PRC IIT law, art. 6):
 * statutory like the tax tables here, not a per-PY plan rule.
 */
export const SERVICE_FEE_INCOME_RATIO_BP = 8_000;

export interface AnnualTaxableOptions {
  /** Defaults to the 60 000 CNY basic deduction. */
  basicDeductionFen?: number;
  /** Share of gross income that enters comprehensive income, bp; default SERVICE_FEE_INCOME_RATIO_BP. */
  incomeRatioBp?: number;
}

/** Taxable income = gross × ratio (80 % unless told) − 60 000 basic deduction − other deductions, ≥ 0. */
export function annualTaxableIncome(grossFen: number, deductionsFen = 0, opts: AnnualTaxableOptions = {}): number {
  const ratio = opts.incomeRatioBp ?? SERVICE_FEE_INCOME_RATIO_BP;
  const income = divRoundHalfUp(Math.max(0, grossFen) * ratio, 10_000);
  const basic = opts.basicDeductionFen ?? ANNUAL_BASIC_DEDUCTION_FEN;
  return Math.max(0, income - basic - Math.max(0, deductionsFen));
}

/** The annual-taxable page: annual tax vs what was withheld month by month. */
export interface AnnualTaxSummary {
  grossFen: number;
  taxableFen: number;
  band: TaxBand;
  annualTaxFen: number;
  withheldFen: number;
  /** annualTax − withheld: > 0 still to pay at settlement, < 0 refundable. */
  balanceFen: number;
}

export function annualTaxSummary(
  grossFen: number,
  withheldFen: number,
  deductionsFen = 0,
  opts: AnnualTaxableOptions = {},
): AnnualTaxSummary {
  const taxableFen = annualTaxableIncome(grossFen, deductionsFen, opts);
  const annualTaxFen = annualComprehensiveTax(taxableFen);
  return {
    grossFen,
    taxableFen,
    band: annualTaxBand(taxableFen),
    annualTaxFen,
    withheldFen,
    balanceFen: annualTaxFen - withheldFen,
  };
}
