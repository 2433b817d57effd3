import { expect, test, type Page, type Request } from '@playwright/test';
import { gunzipSync } from 'node:zlib';
import { DEMO_PASSWORD, WEC_UA, dismissHomeOverlays, session, sessionTokenFor, signInAt } from './helpers.ts';

/** Set to a directory to keep screenshots of the account-switch dialog (for review). */
const SHOTS_DIR = process.env.SECURITY_SHOTS_DIR;

const STAFF_PARAMS = /adaToken|oktaIdTokenKey|oktaIdToken/i;

/** The events of one analytics request, as JSON text: `data` or `data_list`, base64, gzip when `gzip=1`. */
function analyticsPayload(request: Request): string {
  const url = new URL(request.url());
  const fields = new URLSearchParams(request.postData() ?? url.search);
  const encoded = fields.get('data_list') ?? fields.get('data');
  if (!encoded) return '';
  const bytes = Buffer.from(decodeURIComponent(encoded), 'base64');
  return (fields.get('gzip') === '1' ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** Every analytics request the page sends, decoded. */
function watchAnalytics(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/bff/v1/analytics/events') sent.push(analyticsPayload(request));
  });
  return sent;
}

test.describe('staff (iinquiry) tokens leave the address', () => {
  test('after the staff sign-in no address, page view or analytics event carries a token', async ({ page }) => {
    const analytics = watchAnalytics(page);
    const tokens: string[] = [];
    page.on('response', (response) => {
      // The IdP's redirect is the only place the tokens are meant to travel.
      const location = response.headers()['location'];
      if (!location) return;
      const params = new URL(location, page.url()).searchParams;
      for (const name of ['adaToken', 'oktaIdTokenKey', 'oktaIdToken']) {
        const value = params.get(name);
        if (value) tokens.push(value);
      }
    });

    await page.goto('/idp/okta/login?redirect_uri=/front/');
    await page.getByLabel(/员工账号|Staff account/).fill('staff01');
    await page.getByLabel(/密码|Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登录|Sign in/ }).click();
    await page.waitForURL(/\/front\/\?channel=iinquiry$/);
    expect(tokens).toHaveLength(3);
    expect(await session(page, 'adaToken')).toBe(tokens[0]);
    expect(await session(page, 'oktaIdToken')).toBeTruthy();

    // README "Staff (iinquiry)": &queryAda=ADA in the address opens a distributor directly.
    const summary = page.waitForResponse((r) => r.url().endsWith('/bff/v1/home/summary'));
    await page.goto(`${page.url()}&queryAda=10000004`);
    expect(await (await summary).json()).toMatchObject({ code: 0, data: { ada: '10000004' } });
    await expect(page.getByRole('link', { name: /激励计划|Incentive plans/ })).toBeVisible();
    expect(page.url()).not.toMatch(STAFF_PARAMS);
    expect(new URL(page.url()).searchParams.get('queryAda')).toBe('10000004');

    // The analytics SDK loads a few seconds after the page's data; a second page view follows.
    await expect.poll(() => analytics.join('\n'), { timeout: 30_000 }).toContain('$pageview');
    await dismissHomeOverlays(page);
    await page.getByRole('link', { name: /激励计划|Incentive plans/ }).click();
    await expect(page).toHaveURL(/\/front\/incentiveplan/i);
    await expect.poll(() => analytics.join('\n').split('"$pageview"').length - 1, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(page.url()).not.toMatch(STAFF_PARAMS);

    const everything = analytics.join('\n');
    expect(everything).toContain('"$url"');
    expect(everything).not.toMatch(STAFF_PARAMS);
    for (const token of tokens) expect(everything).not.toContain(token);
    // Nor does the address come back with the browser's back button.
    await page.goBack();
    await expect(page).toHaveURL(/\/front\/\?channel=iinquiry&queryAda=10000004$/);
  });
});

test.describe("a description page's ?code= survives the PC sign-in", () => {
  test('opening /descpage?code= signed out, signing in, lands on the same description', async ({ page }) => {
    await page.goto('/front/descpage?code=PV_BV&channel=ebiz');
    await expect(page).toHaveURL(/\/front\/login\?/);
    expect(new URL(page.url()).searchParams.get('from')).toBe('/descpage?code=PV_BV&channel=ebiz');

    const form = page.frameLocator('iframe.login-frame');
    await form.getByLabel(/会员号|ABO number/).fill('10000001');
    await form.getByLabel(/密码|Password/).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: /登录|Sign in/ }).click();

    await expect(page).toHaveURL(/\/front\/descpage\?code=PV_BV&channel=ebiz$/);
    await expect(page.getByRole('heading', { level: 1, name: /什么是 PV 和 BV？|What are PV and BV\?/ })).toBeVisible();
  });
});

test.describe('description HTML stays inside its box', () => {
  test('HTML that tries to cover the screen does not cover the title bar', async ({ page }) => {
    await page.route('**/bff/v1/common/getConfig', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      // The review's overlay, and a link pulled up over the title bar above its own z-index.
      const cover =
        '<div style="position:absolute; inset:0; z-index:99999; background:#c00">Session expired — sign in here</div>' +
        '<a href="https://evil.example" style="display:block; position:relative; z-index:99999; margin-top:-2000px; height:2000px">close</a>' +
        '<p>After</p>';
      body.data.descriptionPageList.push({ code: 'COVER', title: { zh: '覆盖测试', en: 'Cover test' }, content: { zh: cover, en: cover } });
      await route.fulfill({ response, json: body });
    });
    await signInAt(page, '10000001', '/?channel=ebiz');
    await page.goto('/front/descpage?code=COVER&channel=ebiz');
    await expect(page.getByText('After')).toBeVisible();
    const bar = page.locator('.page-frame__bar');
    const box = (await bar.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('.page-frame__bar'),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(true);
    const wrapper = page.locator('article.prose > div').first();
    expect(await wrapper.evaluate((el) => getComputedStyle(el).contain)).toBe('paint');
    // Whatever is inside is drawn inside the article.
    const article = (await page.locator('article.prose').boundingBox())!;
    const link = (await page.getByRole('link', { name: 'close' }).boundingBox())!;
    expect(link.y).toBeGreaterThanOrEqual(article.y);
  });
});

/** Opens `path` with a fresh session token of `ada`, as a link or the IdP redirect would. */
async function openWithSessionToken(page: Page, ada: string, path: string): Promise<void> {
  const token = await sessionTokenFor(page.request, ada);
  await page.goto(`/front${path}${path.includes('?') ? '&' : '?'}sessionToken=${encodeURIComponent(token)}`);
}

for (const shot of [
  { name: 'zh-CN', locale: 'zh-CN', viewport: { width: 390, height: 844 }, userAgent: WEC_UA, channel: 'wec' },
  { name: 'en-US', locale: 'en-US', viewport: { width: 1280, height: 800 }, userAgent: undefined, channel: 'ebiz' },
] as const) {
  test.describe(`a signed-in tab asks before switching account (${shot.name}, ${shot.viewport.width}px)`, () => {
    test.use({ locale: shot.locale, viewport: shot.viewport, ...(shot.userAgent ? { userAgent: shot.userAgent } : {}) });

    test('a link with another account’s token asks first; keeping is the default, switching works', async ({ page }) => {
      await signInAt(page, '10000001', `/?channel=${shot.channel}`);
      await expect(page.getByRole('link', { name: /激励计划|Incentive plans/ })).toBeVisible();

      await openWithSessionToken(page, '10000004', `/income/type?channel=${shot.channel}`);
      const dialog = page.getByRole('dialog', { name: /切换到账号 100\*{6}04？|Switch to account 100\*{6}04\?/ });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(/100\*{6}01/);
      // The token has left the address while the user decides; nothing is stored yet.
      expect(page.url()).not.toContain('sessionToken');
      expect(await session(page, 'loginAda')).toBe('10000001');
      const keep = dialog.getByRole('button', { name: /保留当前账号|Keep current account/ });
      await expect(keep).toBeFocused();
      if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/account-switch-${shot.name}-${shot.viewport.width}.png` });

      // Escape keeps the current account.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/front/income/type\\?channel=${shot.channel}$`));
      expect(await session(page, 'loginAda')).toBe('10000001');

      // Another link, and this time the user switches (with the keyboard).
      await openWithSessionToken(page, '10000004', `/?channel=${shot.channel}`);
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: /切换账号|Switch account/ })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect.poll(() => session(page, 'loginAda')).toBe('10000004');
      // Home's own summary call after the switch must be done, or the wait below could take it and
      // the reload discard its body.
      await page.waitForLoadState('networkidle');
      const summary = page.waitForResponse((r) => r.url().endsWith('/bff/v1/home/summary'));
      await page.reload();
      expect(await (await summary).json()).toMatchObject({ code: 0, data: { ada: '10000004' } });
    });
  });
}
