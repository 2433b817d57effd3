// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { addTexts, i18n, initI18n } from './index.ts';

it('adds both languages, and a second module fills the same group of a namespace', () => {
  initI18n('en-US');
  addTexts('textsTest', {
    zh: { pages: { a: '甲' }, n_other: '{{count}} 个' },
    en: { pages: { a: 'A' }, n_one: '{{count}} one', n_other: '{{count}} many' },
  });
  addTexts('textsTest', { zh: { pages: { b: '乙' } }, en: { pages: { b: 'B' } } });
  expect([i18n.t('textsTest:pages.a'), i18n.t('textsTest:pages.b'), i18n.t('textsTest:n', { count: 1 })]).toEqual(['A', 'B', '1 one']);
  initI18n('zh-CN');
  expect([i18n.t('textsTest:pages.a'), i18n.t('textsTest:pages.b'), i18n.t('textsTest:n', { count: 1 })]).toEqual(['甲', '乙', '1 个']);
});

it('a text added again replaces the one before', () => {
  addTexts('textsAgain', { zh: { a: '旧' }, en: { a: 'old' } });
  addTexts('textsAgain', { zh: { a: '新' }, en: { a: 'new' } });
  initI18n('zh-CN');
  expect(i18n.t('textsAgain:a')).toBe('新');
});

it('does not compile when English misses a key or has one Chinese does not have', () => {
  const add = () => {
    // @ts-expect-error: English misses `b`.
    addTexts('textsTyped', { zh: { a: '甲', b: '乙' }, en: { a: 'A' } });
    // @ts-expect-error: English has `c`, which Chinese does not.
    addTexts('textsTyped', { zh: { a: '甲' }, en: { a: 'A', c: 'C' } });
    // @ts-expect-error: a nested key missing in English.
    addTexts('textsTyped', { zh: { g: { a: '甲', b: '乙' } }, en: { g: { a: 'A' } } });
    // @ts-expect-error: a count's English singular missing.
    addTexts('textsTyped', { zh: { n_other: '{{count}} 个' }, en: { n_other: '{{count}} many' } });
    // @ts-expect-error: a singular in English for a text Chinese does not count.
    addTexts('textsTyped', { zh: { n: '个' }, en: { n: 'many', n_one: 'one' } });
  };
  expect(add).toBeTypeOf('function');
});
