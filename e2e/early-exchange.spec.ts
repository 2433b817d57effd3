import { expect, test } from './fixtures.ts';
import { WEC_UA, WECHAT_UA, session, sessionTokenFor } from './helpers.ts';
import { usePlainServer } from './plain-server.ts';

// Issue #36: index.html sends the token exchange of a sign-in from the portal itself
// (apps/web/src/features/auth/early-exchange.ts), allowed by its hash under the page's CSP; the
// app takes its answer. Once per token, before the shell's scripts have arrived, and the
// sign-in still lands on the page on every channel. Against a server that does not render pages for
// the sign-in (plain-server.ts): where it does, the BFF exchanges the token (first-page.spec.ts).
const CASES = [
  { name: 'ebiz on a PC', ua: undefined, path: '/income/type?channel=ebiz' },
  { name: 'wec on a phone', ua: WEC_UA, path: '/achievement?channel=wec' },
  { name: 'ca on a phone', ua: WEC_UA, path: '/?channel=ca' },
  { name: 'wec inside WeChat', ua: WECHAT_UA, path: '/income/servicefee?channel=wec' },
];

test.use({ baseURL: usePlainServer() });

for (const c of CASES) {
  test.describe(c.name, () => {
    if (c.ua) test.use({ userAgent: c.ua, viewport: { width: 390, height: 844 } });

    test('index.html exchanges the session token once, before the shell has loaded, and the page opens', async ({ page, problems }) => {
      const exchanges: string[] = [];
      let exchangeSent!: () => void;
      const sent = new Promise<void>((resolve) => (exchangeSent = resolve));
      page.on('request', (r) => {
        if (new URL(r.url()).pathname !== '/bff/v1/common/idaasToken') return;
        exchanges.push(r.postData() ?? '');
        exchangeSent();
      });
      // Every script of the shell is held until the exchange has gone out (or 5 s have passed): only
      // index.html's inline starter can send it in that time. Comparing load timings instead raced
      // on a local server, where the shell can arrive within 80 ms.
      let sentWhileShellHeld: boolean | undefined;
      await page.route('**/front/assets/*.js', async (route) => {
        const sentInTime = await Promise.race([
          sent.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
        ]);
        sentWhileShellHeld ??= sentInTime;
        await route.continue();
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
      expect(sentWhileShellHeld).toBe(true);
      // A CSP refusal of the inline script would be a console error.
    });
  });
}
