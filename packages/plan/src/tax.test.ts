import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cny, divRoundHalfUp } from './money.ts';
import {
  annualComprehensiveTax,
  annualTaxableIncome,
  annualTaxSummary,
  remunerationWithholding,
  remunerationWithholdingDetail,
} from './tax.ts';

describe('divRoundHalfUp', () => {
  it('rounds halves away from zero', () => {
    expect(divRoundHalfUp(5, 10)).toBe(1);
    expect(divRoundHalfUp(4, 10)).toBe(0);
    expect(divRoundHalfUp(15, 10)).toBe(2);
    expect(divRoundHalfUp(-5, 10)).toBe(-1);
    expect(divRoundHalfUp(-4, 10)).toBe(0);
  });
});

describe('remunerationWithholding (fen)', () => {
  it('is 0 up to 800 CNY', () => {
    expect(remunerationWithholding(0)).toBe(0);
    expect(remunerationWithholding(cny(800))).toBe(0);
    expect(remunerationWithholding(-500)).toBe(0);
  });
  it('800.03 CNY: taxable 0.03 → 0.006 → rounds to 0.01', () => {
    expect(remunerationWithholding(80_003)).toBe(1);
    expect(remunerationWithholding(80_002)).toBe(0); // 0.004 → 0
  });
  it('1 000 CNY: (1 000 − 800) × 20 % = 40', () => {
    expect(remunerationWithholding(cny(1_000))).toBe(cny(40));
  });
  it('4 000 CNY: (4 000 − 800) × 20 % = 640', () => {
    expect(remunerationWithholding(cny(4_000))).toBe(cny(640));
  });
  it('4 000.01 CNY: 4 000.01 × 80 % × 20 % = 640.0016 → 640.00', () => {
    expect(remunerationWithholding(400_001)).toBe(64_000);
    const d = remunerationWithholdingDetail(400_001);
    expect(d.taxableFen).toBe(320_001); // 3 200.008 shown as 3 200.01
    expect(d.ratePercent).toBe(20);
  });
  it('4 000.04 CNY: 640.0064 → 640.01 (half up)', () => {
    expect(remunerationWithholding(400_004)).toBe(64_001);
  });
  it('taxable exactly 20 000 (income 25 000): 20 % → 4 000', () => {
    expect(remunerationWithholding(cny(25_000))).toBe(cny(4_000));
    expect(remunerationWithholdingDetail(cny(25_000)).ratePercent).toBe(20);
  });
  it('income 25 000.01: taxable 20 000.008 × 30 % − 2 000 = 4 000.0024 → 4 000.00', () => {
    expect(remunerationWithholding(2_500_001)).toBe(400_000);
    expect(remunerationWithholdingDetail(2_500_001).ratePercent).toBe(30);
  });
  it('taxable exactly 50 000 (income 62 500): 30 % − 2 000 = 13 000', () => {
    expect(remunerationWithholding(cny(62_500))).toBe(cny(13_000));
    expect(remunerationWithholdingDetail(cny(62_500)).quickDeductionFen).toBe(cny(2_000));
  });
  it('income 62 500.01: 40 % − 7 000 = 13 000.0032 → 13 000.00', () => {
    expect(remunerationWithholding(6_250_001)).toBe(1_300_000);
    expect(remunerationWithholdingDetail(6_250_001).ratePercent).toBe(40);
  });
  it('income 100 000: 80 000 × 40 % − 7 000 = 25 000', () => {
    expect(remunerationWithholding(cny(100_000))).toBe(cny(25_000));
  });
  it('is monotone and never above 40 % of income', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 1000 }), (a, d) => {
        const t = remunerationWithholding(a);
        expect(t).toBeGreaterThanOrEqual(0);
        expect(t).toBeLessThanOrEqual(Math.ceil(a * 0.4));
        expect(remunerationWithholding(a + d)).toBeGreaterThanOrEqual(t);
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});

describe('annualComprehensiveTax (fen)', () => {
  it.each([
    [0, 0],
    [36_000, 1_080], // 3 %
    [144_000, 11_880], // 10 % − 2 520
    [300_000, 43_080], // 20 % − 16 920
    [420_000, 73_080], // 25 % − 31 920
    [660_000, 145_080], // 30 % − 52 920
    [960_000, 250_080], // 35 % − 85 920
    [1_000_000, 268_080], // 45 % − 181 920
  ])('taxable %i CNY → %i CNY', (taxable, tax) => {
    expect(annualComprehensiveTax(cny(taxable))).toBe(cny(tax));
  });
  it('just above each edge moves to the next band continuously', () => {
    // 36 000.01 × 10 % − 2 520 = 1 080.001 → 1 080.00
    expect(annualComprehensiveTax(3_600_001)).toBe(108_000);
    // 144 000.01 × 20 % − 16 920 = 11 880.002 → 11 880.00
    expect(annualComprehensiveTax(14_400_001)).toBe(1_188_000);
    // 300 000.10 × 25 % − 31 920 = 43 080.025 → 43 080.03
    expect(annualComprehensiveTax(30_000_010)).toBe(4_308_003);
    expect(annualComprehensiveTax(42_000_001)).toBe(7_308_000);
    expect(annualComprehensiveTax(66_000_001)).toBe(14_508_000);
    expect(annualComprehensiveTax(96_000_001)).toBe(25_008_000);
  });
  it('counts service fees at 80 %, then the 60 000 basic deduction and other deductions', () => {
    // The default is the law's 80 %: 100 000 × 80 % − 60 000 − 12 000 = 8 000.
    expect(annualTaxableIncome(cny(100_000), cny(12_000))).toBe(cny(8_000));
    expect(annualTaxableIncome(cny(100_000))).toBe(cny(20_000));
    expect(annualTaxableIncome(cny(75_000))).toBe(0);
    expect(annualTaxableIncome(cny(100_000), cny(12_000), { incomeRatioBp: 10_000 })).toBe(cny(28_000));
    const s = annualTaxSummary(cny(100_000), cny(1_000), cny(12_000));
    expect(s.annualTaxFen).toBe(cny(240)); // 8 000 × 3 %
    expect(s.balanceFen).toBe(cny(-760));
  });
});
