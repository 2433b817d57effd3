import { describe, expect, it } from 'vitest';
import {
  REMUNERATION_DEDUCTION_PERCENT,
  REMUNERATION_FLAT_LIMIT_FEN,
  remunerationDeductionText,
  remunerationWithholdingDetail,
} from './tax.ts';

describe('remunerationDeductionText', () => {
  it('states the flat deduction up to the limit, in both languages', () => {
    expect(remunerationDeductionText(REMUNERATION_FLAT_LIMIT_FEN)).toEqual({
      zh: '收入不超过 4,000 元，减除 800 元',
      en: 'Income up to ¥4,000: ¥800 deducted',
    });
  });

  it('states the percentage above it', () => {
    expect(remunerationDeductionText(REMUNERATION_FLAT_LIMIT_FEN + 1)).toEqual({
      zh: '收入超过 4,000 元，减除 20%',
      en: 'Income above ¥4,000: 20% deducted',
    });
  });

  it('states the percentage the withholding deducts', () => {
    const w = remunerationWithholdingDetail(1_000_000);
    expect(w.deductionFen).toBe((1_000_000 * REMUNERATION_DEDUCTION_PERCENT) / 100);
  });
});
