import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, dismissHomeOverlays, session, sessionTokenFor, signInAt, staffTokens, WEC_UA, WECHAT_UA } from './helpers.ts';

test.describe('PC (ebiz) sign-in', () => {
  test('a deep link without tokens goes to /login and, after signing in, back to the deep link', async ({ page, problems }) => {
    await page.goto('/front/Income/Type?channel=ebiz&utm_source=mail');
    await expect(page).toHaveURL(/\/front\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('from')).toBe('/Income/Type?channel=ebiz&utm_source=mail');
    expect(url.searchParams.get('utm_source')).toBe('mail');

    const form = page.frameLocator('iframe.login-frame');
    await form.getByLabel(/会员号|ABO number/).fill('10000001');
    await form.getByLabel(/密码|Password/).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: /登录|Sign in/ }).click();

    await expect(page).toHaveURL(/\/front\/Income\/Type\?channel=ebiz&utm_source=mail$/);
    expect(await session(page, 'accessToken')).toBeTruthy();
    expect(await session(page, 'idToken')).toBeTruthy();
    expect(await session(page, 'loginAda')).toBe('10000001');
    expect(JSON.parse((await session(page, '_sessionToken'))!)).toHaveLength(1);
    // docs/contract.md §3 "User info": the dstInfo answer is cached as UserInfo (its pinCode is the visitor grade).
    await expect.poll(async () => JSON.parse((await session(page, 'UserInfo')) ?? '{}').pinCode).toBe(330);
  });
});

// The ebiz sign-in page: one intro line over the framed form, in one column, and the frame as tall
// as the form (it reports its height), so neither blank space nor a scroll bar under it.
// SHOTS_DIR: where screenshots go.
for (const layout of [
  { viewport: { width: 1280, height: 800 }, lang: 'en', tag: 'en-US-1280', intro: 'Sign in with your ABO number and password.' },
  { viewport: { width: 390, height: 844 }, lang: 'zh', tag: 'zh-CN-390', intro: '请使用会员号和密码登录。' },
]) {
  test(`the ebiz sign-in at ${layout.tag}: the frame fits the form, under one intro line`, async ({ page, shoot }) => {
    await page.setViewportSize(layout.viewport);
    await page.goto(`/front/login?channel=ebiz&lang=${layout.lang}`);
    const frame = page.frameLocator('iframe.login-frame');
    const account = frame.getByLabel(/会员号|ABO number/);
    await expect(account).toBeVisible();
    const card = page.locator('.login-card');
    await expect(card.locator('p')).toHaveText([layout.intro]);
    // The frame ends where the form does: no more than a few pixels of blank space, no scroll bar.
    const iframe = page.locator('iframe.login-frame');
    await expect
      .poll(
        async () => (await iframe.boundingBox())!.height - (await frame.locator('main').evaluate((m) => m.getBoundingClientRect().bottom)),
      )
      .toBeLessThanOrEqual(2);
    const inner = await frame.locator('html').evaluate((h) => ({ scroll: h.scrollHeight, client: h.clientHeight }));
    expect(inner.scroll).toBeLessThanOrEqual(inner.client);
    // One column: the intro line starts where the form's fields do.
    const introBox = (await card.locator('p').boundingBox())!;
    const fieldBox = (await account.boundingBox())!;
    expect(Math.abs(introBox.x - fieldBox.x)).toBeLessThanOrEqual(1);
    await shoot(`signin-${layout.tag}.png`);
  });
}

test.describe('mobile (wec) sign-in', () => {
  test.use({ userAgent: WEC_UA, viewport: { width: 390, height: 844 } });

  test('redirects to the IdP portal and back to the page, without the token in the URL', async ({ page }) => {
    await page.goto('/front/achievement?channel=wec');
    await expect(page).toHaveURL(/\/idp\/login\?redirect_uri=/);
    await page.getByLabel(/会员号|ABO number/).fill('10000001');
    await page.getByLabel(/密码|Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登录|Sign in/ }).click();
    await expect(page).toHaveURL(/\/front\/achievement\?channel=wec$/);
    // The token leaves the address at once; the exchange may still be under way.
    await expect.poll(() => session(page, 'accessToken')).toBeTruthy();
    expect(await session(page, 'channel')).toBe('wec');
  });

  test('a replayed session token is not exchanged twice', async ({ page }) => {
    const token = await sessionTokenFor(page.request, '10000001');
    let exchanges = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/bff/v1/common/idaasToken')) exchanges += 1;
    });
    await page.goto(`/front/?channel=wec&sessionToken=${token}`);
    await expect(page).toHaveURL(/\/front\/?\?channel=wec$/);
    await expect.poll(() => session(page, 'accessToken')).toBeTruthy();
    // Home comes rendered for the sign-in: the BFF exchanged the token (first-page.spec.ts), or the page did.
    const first = exchanges;
    expect(first).toBeLessThanOrEqual(1);
    await page.goto(`/front/?channel=wec&sessionToken=${token}`);
    await expect(page).toHaveURL(/\/front\/?\?channel=wec$/);
    expect(exchanges).toBe(first);
    expect(JSON.parse((await session(page, '_sessionToken'))!)).toEqual([token]);
  });
});

test.describe('WeChat', () => {
  test.use({ userAgent: WECHAT_UA, viewport: { width: 390, height: 844 } });

  test('inside WeChat sign-in goes through OAuth and lands back signed in', async ({ page }) => {
    await page.goto('/front/?channel=wec');
    await expect(page).toHaveURL(/\/idp\/wechat\/authorize\?appid=/);
    await page.getByLabel(/会员号|ABO number/).fill('10000002');
    await page.getByLabel(/密码|Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登录|Sign in/ }).click();
    await expect(page).toHaveURL(/\/front\/?\?channel=wec$/);
    await expect.poll(() => session(page, 'loginAda')).toBe('10000002');
  });

  test('the JSONP signature service answers a signature that verifies', async ({ page }) => {
    // A call, not a page: no navigation (one still redirecting to WeChat sign-in when the test
    // ends made closing the context time out on a busy machine).
    const url = 'http://localhost/front/?channel=wec';
    const res = await page.request.get(`/wechat/signature?url=${encodeURIComponent(url)}&callback=cb1`);
    const body = await res.text();
    const data = JSON.parse(body.replace(/^\/\*\*\/cb1\(/, '').replace(/\);$/, ''));
    const crypto = await import('node:crypto');
    const raw = `jsapi_ticket=dev-jsapi-ticket&noncestr=${data.nonceStr}&timestamp=${data.timestamp}&url=${url}`;
    expect(data.signature).toBe(crypto.createHash('sha1').update(raw).digest('hex'));
    expect(data.appid).toBeTruthy();
  });
});

test('iinquiry stores the staff parameters and reads the queried distributor', async ({ page }) => {
  const { adaToken, oktaIdTokenKey, oktaIdToken } = await staffTokens(page.request);
  const q = new URLSearchParams({ channel: 'iinquiry', adaToken, oktaIdTokenKey, oktaIdToken, queryAda: '10000004' });
  const summary = page.waitForResponse((r) => r.url().endsWith('/bff/v1/home/summary'));
  await page.goto(`/front/?${q.toString()}`);
  const body = await (await summary).json();
  expect(body).toMatchObject({ code: 0, data: { ada: '10000004' } });
  expect(await session(page, 'adaToken')).toBe(adaToken);
  expect(await session(page, 'oktaIdTokenKey')).toBe(oktaIdTokenKey);
  expect(await session(page, 'oktaIdToken')).toBe(oktaIdToken);
  expect(await session(page, 'channel')).toBe('iinquiry');
});

test('an expired session goes to /Authentication once, then back after signing in again', async ({ page }) => {
  await signInAt(page, '10000001', '/?channel=ebiz');
  await expect(page.getByText(/激励计划|Incentive plans/).first()).toBeVisible();
  await page.evaluate(() => {
    sessionStorage.setItem('accessToken', 'expired.token.value');
  });
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  // Home makes several calls at once; each answers 9900401, the redirect happens once.
  await page.goto('/front/?channel=ebiz');
  await expect(page).toHaveURL(/\/front\/Authentication\?from=%2F%3Fchannel%3Debiz$/);
  await expect(page.getByRole('button', { name: /重新登录|Sign in again/ })).toBeVisible();
  await page.waitForTimeout(600);
  expect(navigations.filter((u) => /\/Authentication/i.test(u))).toHaveLength(1);

  await page.getByRole('button', { name: /重新登录|Sign in again/ }).click();
  await expect(page).toHaveURL(/\/front\/login\?/);
  expect(new URL(page.url()).searchParams.get('from')).toBe('/?channel=ebiz');
});

test('logout clears storage but keeps the used session tokens and the channel', async ({ page }) => {
  await signInAt(page, '10000001', '/?channel=ebiz');
  await expect(page.getByRole('button', { name: /退出登录|Sign out/ })).toBeVisible();
  await dismissHomeOverlays(page);
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  await page.getByRole('button', { name: /退出登录|Sign out/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /退出登录|Sign out/ })
    .click();
  await expect(page).toHaveURL(/\/front\/login\?/);
  expect(await session(page, 'accessToken')).toBeNull();
  expect(await session(page, 'idToken')).toBeNull();
  expect(await session(page, 'channel')).toBe('ebiz');
  expect(JSON.parse((await session(page, '_sessionToken'))!)).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});
