// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { detectLanguage } from './index.ts';

beforeEach(() => localStorage.removeItem('lang'));

describe('the language the app starts in', () => {
  it('keeps a ?lang= (the one chosen on the sign-in page) after the address has moved on', () => {
    expect(detectLanguage('?channel=wec&lang=en', ['zh-CN'])).toBe('en-US');
    expect(detectLanguage('?channel=wec', ['zh-CN'])).toBe('en-US');
    expect(detectLanguage('?lang=zh', ['en-US'])).toBe('zh-CN');
    expect(detectLanguage('', ['en-US'])).toBe('zh-CN');
  });

  it('follows the browser when nothing was chosen', () => {
    expect(detectLanguage('', ['en-GB', 'zh-CN'])).toBe('en-US');
    expect(detectLanguage('', ['zh-TW'])).toBe('zh-CN');
  });
});
