import { expect, test } from './fixtures.ts';
import { signInAt } from './helpers.ts';

test('requests carry the docs/contract.md §7 headers and body fields', async ({ page, context }) => {
  await context.addCookies([{ name: 'canary', value: 'blue', url: test.info().project.use.baseURL! }]);
  await signInAt(page, '10000001', '/?channel=ebiz');
  // Home came with its data, asked for by the BFF as it rendered the page (first-page.spec.ts); a
  // reload asks for it from the page.
  const captured = page.waitForRequest((r) => r.url().endsWith('/bff/v1/home/summary'));
  const guideRequest = page.waitForRequest((r) => r.url().includes('/bff/v1/common/guideNovices'));
  await page.reload();
  const request = await captured;
  const h = request.headers();
  expect(h['idaas-accesstoken']).toMatch(/^ey/);
  expect(h['idaas-idtoken']).toMatch(/^ey/);
  expect(h['idaas-deviceid']).toBe(await page.evaluate(() => navigator.userAgent));
  expect(h['x-am-canary']).toBe('blue');
  expect(request.method()).toBe('POST');
  expect(request.postDataJSON()).toMatchObject({ channel: 'ebiz', loginada: '10000001' });

  const guide = await guideRequest;
  expect(new URL(guide.url()).searchParams.get('channel')).toBe('ebiz');
});

test.describe('view cache', () => {
  test.use({ viewport: { width: 390, height: 500 } });

  test('a kept-alive page keeps its state and scroll position when you come back', async ({ page }) => {
    await signInAt(page, '10000001', '/?channel=wec');
    await expect(page.getByText(/激励计划|Incentive plans/).first()).toBeVisible();
    await page.evaluate(() => document.querySelector('.home-profile')?.setAttribute('data-marker', 'kept'));
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(100);
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await page.evaluate(() => window.history.pushState(null, '', '/front/descpage'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await expect(page.getByRole('heading', { name: /名词与规则说明|Terms and rules explained/ })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.locator('.home-profile')).toBeVisible();
    expect(await page.locator('.home-profile').getAttribute('data-marker')).toBe('kept');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('channel ca keeps only one view', async ({ page }) => {
    await signInAt(page, '10000001', '/?channel=ca');
    await expect(page.locator('.home-profile')).toBeVisible();
    await page.evaluate(() => document.querySelector('.home-profile')?.setAttribute('data-marker', 'kept'));
    await page.evaluate(() => window.history.pushState(null, '', '/front/descpage'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await expect(page.getByRole('heading', { name: /名词与规则说明|Terms and rules explained/ })).toBeVisible();
    expect(await page.locator('.home-profile').count()).toBe(0);
    await page.goBack();
    await expect(page.locator('.home-profile')).toBeVisible();
    expect(await page.locator('.home-profile').getAttribute('data-marker')).toBeNull();
  });
});

test('without a native bridge the ca channel still works', async ({ page, problems }) => {
  await signInAt(page, '10000001', '/?channel=ca');
  await expect(page.locator('.home-profile')).toBeVisible();
  await page.waitForTimeout(3500); // the bridge calls time out quietly
  // (The diagnostics that name the bridge are for staff only: e2e/everywhere.spec.ts.)
  expect(await page.evaluate(() => sessionStorage.getItem('appVersion'))).toBeNull();
  await expect(page.locator('.home-profile')).toBeVisible();
});

test('the native bridge gives the app version and SID when present', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { WebViewJavascriptBridge: unknown }).WebViewJavascriptBridge = {
      callHandler(name: string, _data: unknown, cb: (r: unknown) => void) {
        if (name === 'getEnv') cb({ data: { version: '9.8.7' } });
        if (name === 'initUniqueSID') cb({ data: { S_ID: 'sid-123' } });
      },
      registerHandler() {},
    };
  });
  await signInAt(page, '10000001', '/?channel=ca');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('appVersion'))).toBe('9.8.7');
  expect(await page.evaluate(() => sessionStorage.getItem('SID'))).toBe('sid-123');
});

test('the ebiz portal receives the resize and scroll-to-top messages', async ({ page }) => {
  // Sign in first (same origin), then open the demo portal that frames the app.
  await signInAt(page, '10000001', '/?channel=ebiz');
  await expect(page.locator('.home-profile')).toBeVisible();
  await page.goto('/ebiz-demo/');
  const frame = page.frameLocator('#inquiry');
  await expect(frame.locator('.home-profile')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __ebizMessages: { type: string }[] }).__ebizMessages.map((m) => m.type)))
    .toEqual(expect.arrayContaining(['abo-inquiry:resize', 'abo-inquiry:scrollTop']));
  const height = await page.evaluate(() => (document.getElementById('inquiry') as HTMLIFrameElement).style.height);
  expect(parseInt(height, 10)).toBeGreaterThanOrEqual(688);
});

test('a page whose data arrives late ends with the ebiz frame at its full height', async ({ page }) => {
  await signInAt(page, '10000001', '/?channel=ebiz');
  await expect(page.locator('.home-profile')).toBeVisible();
  // The achievement page's figures arrive well after the 500 ms first notification.
  await page.route('**/bff/v1/achievement/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/ebiz-demo/');
  await page.locator('[data-path="/achievement"]').click();
  await expect(
    page
      .frameLocator('#inquiry')
      .getByText(/个人 PV|Personal PV/)
      .first(),
  ).toBeVisible({ timeout: 15_000 });
  const frameHeight = () => page.evaluate(() => parseInt((document.getElementById('inquiry') as HTMLIFrameElement).style.height, 10));
  const inner = () => page.frame({ url: /\/front\/achievement/ })!;
  // Once the figures are in, the frame holds the whole page: nothing is cut or scrolls inside it.
  await expect
    .poll(() => inner().evaluate(() => document.documentElement.scrollHeight - window.innerHeight), { timeout: 10_000 })
    .toBeLessThanOrEqual(0);
  // The page grew past the height it had when the first message went (the base 688 px).
  expect(await frameHeight()).toBeGreaterThan(688);
});
