import { describe, expect, it } from 'vitest';
import { bilingual } from './bilingual.ts';

describe('bilingual', () => {
  it('holds both languages', () => {
    expect(bilingual('月', 'month')).toEqual({ zh: '月', en: 'month' });
  });
});
