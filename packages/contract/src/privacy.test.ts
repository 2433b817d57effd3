import { describe, expect, it } from 'vitest';
import { maskPrivacy } from './privacy.ts';

describe('maskPrivacy (spec §5)', () => {
  it('keeps first 3 and last 2 with six asterisks for values longer than 6', () => {
    expect(maskPrivacy('10000001')).toBe('100******01');
    expect(maskPrivacy('1234567')).toBe('123******67');
    expect(maskPrivacy('110101199003077777')).toBe('110******77');
  });
  it('keeps first 2 and last 1 with three asterisks for 3–6 characters', () => {
    expect(maskPrivacy('123456')).toBe('12***6');
    expect(maskPrivacy('张三丰')).toBe('张三***丰');
  });
  it('never reveals a 1–2 character value whole', () => {
    expect(maskPrivacy('张三')).toBe('张***');
    expect(maskPrivacy('')).toBe('');
  });
});
