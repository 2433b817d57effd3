// @vitest-environment jsdom
import { expect, it } from 'vitest';

// In the built app the app frame (which calls initI18n) and the page are two dynamic imports side
// by side (app/router.tsx): a page's chunk may run first, and its texts register as their module
// loads. Nothing here calls initI18n before that.
it('a feature can add its texts when nothing else has set i18next up yet', async () => {
  const { i18n } = await import('./index.ts');
  await import('../features/achievement/i18n.ts');
  expect(i18n.hasResourceBundle('zh-CN', 'achievement')).toBe(true);
});

it('initI18n switches a set-up i18next to the language asked for', async () => {
  const { i18n, initI18n } = await import('./index.ts');
  initI18n('zh-CN');
  expect(i18n.language).toBe('zh-CN');
  initI18n('en-US');
  expect([i18n.language, document.documentElement.lang]).toEqual(['en-US', 'en-US']);
});
