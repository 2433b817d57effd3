import { expect, test } from '@playwright/test';
import { WEC_UA, WECHAT_UA, session, sessionTokenFor, watchProblems } from './helpers.ts';

// Issue #36: index.html sends the token exchange of a sign-in from the portal itself
// (apps/web/src/features/auth/early-exchange.ts), allowed by its hash under the page's CSP; the
// app takes its answer. Once per token, before the shell's script has even downloaded, and the
// sign-in still lands on the page on every channel.
const CASES = [
  { name: 'ebiz on a PC', ua: undefined, path: '/income/type?channel=ebiz' },
  { name: 'wec on a phone', ua: WEC_UA, path: '/achievement?channel=wec' },
  { name: 'ca on a phone', ua: WEC_UA, path: '/?channel=ca' },
  { name: 'wec inside WeChat', ua: WECHAT_UA, path: '/income/servicefee?channel=wec' },
];

for (const c of CASES) {
  test.describe(c.name, () => {
    if (c.ua) test.use({ userAgent: c.ua, viewport: { width: 390, height: 844 } });

    test('index.html exchanges the session token once, before the shell has loaded, and the page opens', async ({ page }) => {
      const problems = watchProblems(page);
      const exchanges: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/bff/v1/common/idaasToken') exchanges.push(r.postData() ?? '');
      });
      const token = await sessionTokenFor(page.request, '10000001');
      await page.goto(`/front${c.path}&sessionToken=${encodeURIComponent(token)}`);
      await expect(page).toHaveURL(new RegExp(`/front${c.path.replace(/[?]/g, '\\?')}$`, 'i'));
      await expect.poll(() => session(page, 'accessToken')).toBeTruthy();
      await expect(page.locator('.boot')).toHaveCount(0);
      expect(await session(page, 'loginAda')).toBe('10000001');
      expect(JSON.parse((await session(page, '_sessionToken'))!)).toEqual([token]);

      expect(exchanges).toHaveLength(1);
      expect(JSON.parse(exchanges[0]!)).toMatchObject({ sessionToken: token, channel: c.path.split('channel=')[1] });
      const timing = await page.evaluate(() => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const shellSrc = document.querySelector<HTMLScriptElement>('script[type="module"][src]')!.src;
        return {
          exchangeStart: entries.find((e) => new URL(e.name).pathname === '/bff/v1/common/idaasToken')!.startTime,
          shellEnd: entries.find((e) => e.name === shellSrc)!.responseEnd,
        };
      });
      expect(timing.exchangeStart).toBeLessThan(timing.shellEnd);
      // A CSP refusal of the inline script would be a console error.
      expect(problems).toEqual([]);
    });
  });
}
