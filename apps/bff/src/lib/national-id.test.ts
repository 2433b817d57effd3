import { describe, expect, it } from 'vitest';
import { chineseIdCheckChar, isValidChineseId } from './national-id.ts';

describe('PRC resident id check (GB 11643)', () => {
  it('accepts a number whose check character matches, in either case of X', () => {
    // 11010519491231002X is the standard's worked example.
    expect(isValidChineseId('11010519491231002X')).toBe(true);
    expect(isValidChineseId('11010519491231002x')).toBe(true);
    expect(chineseIdCheckChar('11010519491231002')).toBe('X');
  });
  it('rejects a wrong check character, an impossible date, or a wrong length', () => {
    expect(isValidChineseId('110105194912310021')).toBe(false);
    expect(isValidChineseId('110105194902300028')).toBe(false);
    expect(isValidChineseId('1101051949123100')).toBe(false);
    expect(isValidChineseId('')).toBe(false);
  });
});
