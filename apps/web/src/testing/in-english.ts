// The tests of a file in English: i18next set up in English before them, back to Chinese (the
// app's default) after them.
import { act } from '@testing-library/react';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { afterAll, beforeAll } from 'vitest';
import { i18n, initI18n } from '../i18n/index.ts';

export function inEnglish(): void {
  beforeAll(() => {
    initI18n('en-US');
  });
  afterAll(async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
  });
}

/**
 * `inEnglish`, and the page of the module `load` imports, loaded once i18next is set up (a page
 * adds its texts as it loads): what it answers renders that page.
 */
export function pageInEnglish(load: () => Promise<{ default: ComponentType }>): () => ReactNode {
  let page: ComponentType | undefined;
  inEnglish();
  beforeAll(async () => {
    page = (await load()).default;
  });
  return () => {
    if (!page) throw new Error('the page loads in the file’s beforeAll');
    return createElement(page);
  };
}
