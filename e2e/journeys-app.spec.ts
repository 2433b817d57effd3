import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, settled, signInAt, WEC_UA, WECHAT_UA } from './helpers.ts';

// Issue #32, end to end (the app's own behaviour): Back after a deep link, the language chosen on
// the sign-in page, quick filter changes, and the what-if in the address. Each test is what a
// user on that channel does, and checks what they see; each fails on the code before the feature
// (ccd551c, 22137d8/a29a6ea). SHOTS_DIR: where screenshots go.

const PLATINUM = '10000001';
const DIAMOND = '10000002';

/** The title bar's Back button (the Page component's), in either language. */
const backButton = (page: Page) => page.locator('main.page-frame:visible .page-frame__back');

test.describe('Back after a deep link goes to the app’s home (ccd551c)', () => {
  test('ebiz: a bookmark opened after the sign-in form; Back is home, not the form', async ({ page, problems, shoot }) => {
    // The browser holds the sign-in form before the deep page (a sign-in, then a bookmark).
    await page.goto('/front/login?channel=ebiz&lang=en');
    await expect(page.frameLocator('iframe.login-frame').getByLabel(/ABO number/)).toBeVisible();
    await signInAt(page, PLATINUM, '/income/servicefee?channel=ebiz&lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Service fee statements' })).toBeVisible();
    await shoot('journeys-deeplink-servicefee-en-US-1280.png');
    await backButton(page).click();
    await expect(page).toHaveURL(/\/front\/?(\?.*)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ABO Inquiry' })).toBeVisible();
    await expect(page.locator('iframe.login-frame')).toHaveCount(0);
  });

  test.describe('in WeChat', () => {
    test.use({ viewport: { width: 390, height: 844 }, userAgent: WECHAT_UA, hasTouch: true });

    test('a pushed message’s link is the first page of the visit; Back is home, not out of the app', async ({ page, problems, shoot }) => {
      await signInAt(page, PLATINUM, '/incentiveplan/marketdetails?channel=wec&lang=zh-CN');
      await expect(page.getByRole('heading', { level: 1, name: '市场详情' })).toBeVisible();
      await settled(page, { toasts: false });
      await shoot('journeys-deeplink-marketdetails-zh-CN-390.png');
      await backButton(page).click();
      await expect(page).toHaveURL(/\/front\/?(\?.*)?$/);
      await expect(page.getByRole('heading', { level: 1, name: 'ABO 业绩查询' })).toBeVisible();
      // Still in the app: Back did not leave the document the link opened.
      expect(page.url()).not.toBe('about:blank');
    });
  });
});

test.describe('the language chosen on the sign-in page is kept (22137d8, a29a6ea)', () => {
  // A Chinese phone: without a choice the app would be in Chinese.
  test.use({ locale: 'zh-CN' });

  test.describe('mobile browser (wec): the IdP portal’s switch', () => {
    test.use({ viewport: { width: 390, height: 844 }, userAgent: WEC_UA });

    test('English chosen on the portal’s sign-in page: the app opens in English', async ({ page, problems, shoot }) => {
      // The IdP's server-rendered page names no icon: the browser's /favicon.ico is not the app's.
      await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
      await page.goto('/front/achievement?channel=wec');
      await expect(page).toHaveURL(/\/idp\/login\?/);
      await page.getByRole('link', { name: 'English' }).click();
      await expect(page.getByLabel('ABO number')).toBeVisible();
      await shoot('journeys-idp-portal-en-390.png');
      await page.getByLabel('ABO number').fill(PLATINUM);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/front\/achievement(\?|$)/);
      await expect(page.getByRole('heading', { level: 1, name: 'Achievement' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
      // The choice is kept: a next page opened without it in the address is in English too.
      await page.goto('/front/income/type?channel=wec');
      await expect(page.getByRole('heading', { level: 1, name: 'Income' })).toBeVisible();
    });
  });

  // The ebiz sign-in page is the app's own (its switch was remembered before the fix too): a guard
  // for the desktop path. The portal's test above is the one that failed before 22137d8.
  test('ebiz: English chosen on the sign-in page, then signed in: the app is in English', async ({ page, problems, shoot }) => {
    await page.goto('/front/income/type?channel=ebiz');
    await expect(page).toHaveURL(/\/front\/login\?/);
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch to English' }).click();
    const form = page.frameLocator('iframe.login-frame');
    await expect(form.getByLabel('ABO number')).toBeVisible();
    await shoot('journeys-signin-en-US-1280.png');
    await form.getByLabel('ABO number').fill(PLATINUM);
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/front\/income\/type(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Income' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Income' })).toBeVisible();
  });
});

test('two filters picked quickly one after another are both applied, in the address and the list (ccd551c)', async ({
  page,
  problems,
  shoot,
}) => {
  await signInAt(page, DIAMOND, '/incentiveplan/marketmembertracking?lang=en');
  const main = page.locator('main:visible');
  const rows = page.locator('table.market-table:visible tbody tr');
  await expect(rows.first()).toBeVisible();
  await settled(page, { within: 'main:visible', toasts: false });
  const all = await rows.count();
  // Two filters changed 80 ms apart, before the first one's navigation has shown: as a quick hand
  // on two drop-downs. Each fires the select's change event, as a pick does.
  const fromLevel = await main.getByLabel('From level').elementHandle();
  const qThisMonth = await main.getByLabel('Q this month').elementHandle();
  await page.evaluate(
    async ([level, q]) => {
      const pick = (select: HTMLSelectElement, value: string) => {
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      };
      pick(level as HTMLSelectElement, '2');
      await new Promise((r) => setTimeout(r, 80));
      pick(q as HTMLSelectElement, 'notQ');
    },
    [fromLevel, qThisMonth] as const,
  );
  await expect(page).toHaveURL(/[?&]levelMin=2(&|$)/);
  await expect(page).toHaveURL(/[?&]q=notQ(&|$)/);
  // The view in sight shows both filters, and its rows are what both ask for.
  await expect(main.getByLabel('From level')).toHaveValue('2');
  await expect(main.getByLabel('Q this month')).toHaveValue('notQ');
  await settled(page, { within: 'main:visible', toasts: false });
  const shown = page.locator('table.market-table:visible tbody tr');
  await expect(shown.first()).toBeVisible();
  const levels = (await shown.locator('td:nth-child(2)').allInnerTexts()).map((l) => Number(l.trim()));
  expect(levels.length).toBeGreaterThan(0);
  expect(levels.length).toBeLessThan(all);
  for (const level of levels) expect(level).toBeGreaterThanOrEqual(2);
  // Not Q: each row shows the "not Q" flag, none the Q one.
  await expect(shown.locator('.market-notq')).toHaveCount(levels.length);
  await expect(shown.locator('.status--met')).toHaveCount(0);
  await shoot('journeys-members-two-filters-en-US-1280.png');
});

test('the estimate’s what-if is in the address: after a reload the inputs and the estimate are the same (ccd551c)', async ({
  page,
  problems,
  shoot,
}) => {
  await signInAt(page, PLATINUM, '/achievement/estimate?lang=en');
  // The answer shows twice (in the page, and kept in view while the sliders move): read the first.
  const bracket = page.getByTestId('est-bracket').first();
  const pretax = page.getByTestId('est-pretax').first();
  await expect(bracket).toBeVisible();
  await page.locator('[data-from="soFar"]').click();
  await expect(page.locator('[data-from="soFar"]')).toHaveAttribute('aria-pressed', 'true');
  const before = await pretax.innerText();
  await page.getByTestId('extra-ppv').fill('2500');
  await expect(pretax).not.toHaveText(before);
  // The address takes the inputs once they rest.
  await expect(page).toHaveURL(/[?&]ppv=2500(&|$)/);
  await expect(page).toHaveURL(/[?&]from=soFar(&|$)/);
  const estimate = { bracket: await bracket.innerText(), pretax: await pretax.innerText() };
  await shoot('journeys-estimate-whatif-en-US-1280.png');

  await page.reload();
  await expect(page.getByTestId('extra-ppv')).toHaveValue('2500');
  await expect(page.locator('[data-from="soFar"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(bracket).toHaveText(estimate.bracket);
  await expect(pretax).toHaveText(estimate.pretax);
});
