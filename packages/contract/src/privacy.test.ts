import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskName, maskPrivacy } from './privacy.ts';

describe('maskPrivacy (docs/contract.md §5)', () => {
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

/** Code points of a string that are neither asterisks nor white space: what a mask lets through. */
const visible = (s: string) => Array.from(s).filter((c) => c !== '*' && !/\s/u.test(c));
const isSubsequence = (part: string[], of: string[]) => {
  let i = 0;
  for (const c of of) if (i < part.length && c === part[i]) i++;
  return i === part.length;
};

const HAN = Array.from('陈志强李明欧阳月王小红张伟刘芳司马相如诸葛亮上官婉儿𠮷');
const hanName = fc.array(fc.constantFrom(...HAN), { minLength: 1, maxLength: 8 }).map((a) => a.join(''));
const latinWord = fc
  .array(fc.constantFrom(...Array.from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéüÅ'-")), { minLength: 1, maxLength: 10 })
  .map((a) => a.join(''));
const latinName = fc.array(latinWord, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
/** Any text with something besides white space and no asterisk (an asterisk is the mask's own sign). */
const anyName = fc.oneof(
  hanName,
  latinName,
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && !s.includes('*')),
);

describe('maskName', () => {
  it('hides the given name of a Chinese name whatever its length, keeping a compound surname', () => {
    expect(maskName('陈志强')).toBe('陈*强');
    expect(maskName('李明')).toBe('李*');
    expect(maskName('欧阳明月')).toBe('欧阳**');
    expect(maskName('司马相如明')).toBe('司马***');
    expect(maskName('王')).toBe('*');
    expect(maskName('𠮷小明')).toBe('𠮷*明');
  });
  it('shows a Latin name as the family name and an initial, a single word as its first letter', () => {
    expect(maskName('Chen Zhiqiang')).toBe('Chen Z***');
    expect(maskName('  Ouyang   Ming Yue ')).toBe('Ouyang M***');
    expect(maskName('Chen Z')).toBe('Chen ***');
    expect(maskName('Madonna')).toBe('M***');
    expect(maskName('X')).toBe('***');
  });
  it('gives nothing for no name', () => {
    expect(maskName('')).toBe('');
    expect(maskName('   ')).toBe('');
    expect(maskName(null)).toBe('');
    expect(maskName(undefined)).toBe('');
  });
  it('never gives a name back, always hides at least one character and shows only characters of the name, in order', () => {
    fc.assert(
      fc.property(anyName, (name) => {
        const masked = maskName(name);
        const shown = visible(masked);
        const all = visible(name);
        expect(masked).not.toBe(name);
        expect(masked).not.toBe(name.trim());
        expect(shown.length).toBeLessThan(all.length);
        expect(isSubsequence(shown, all)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
  it('shows at most two characters of a one-word name, and at most the first word and one letter of a longer one', () => {
    fc.assert(
      fc.property(anyName, (name) => {
        const words = name.trim().split(/\s+/u);
        const limit = words.length === 1 ? 2 : visible(words[0]!).length + 1;
        expect(visible(maskName(name)).length).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 2000 },
    );
  });
});
