import { expect, test } from '@playwright/test';
import { dismissHomeOverlays, signInAt, staffAt, WEC_UA } from './helpers.ts';

// "Everywhere" (docs/product.md, Pages): the year in review opens on the last complete PY and its shareable
// image holds no money figure unless the distributor asks for it; /test is for staff only; the
// desktop home uses its width; the ebiz sign-in shows one heading and one language switch. On the
// e2e dataset (today 2026-11-21: PY 26/27 open, 25/26 the last complete one).

const FOUNDERS = '10000004'; // a statement every month

test.describe('the year in review on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: WEC_UA });

  test('opens on the last complete PY, and its image hides the amounts until asked', async ({ page }) => {
    await signInAt(page, FOUNDERS, '/income/annualreview?channel=wec&lang=zh-CN');
    const card = page.locator('.income-review');
    await expect(page.getByRole('combobox').first()).toHaveValue('25/26');
    await expect(card.getByRole('heading', { level: 2 })).toContainText('25/26');

    // The image as it will be saved: achievements, no money figure.
    const toggle = page.getByRole('switch', { name: '图片中隐藏金额' });
    await expect(toggle).toBeChecked();
    await expect(card).toContainText('本年度新达成荣衔');
    await expect(card).not.toContainText('¥');
    await expect(card.locator('[data-net-fen], canvas')).toHaveCount(0);

    // Shown on request, hidden again.
    await toggle.click();
    await expect(card).toContainText('¥');
    await expect(card.locator('[data-net-fen]')).toHaveCount(1);
    await toggle.click();
    await expect(card).not.toContainText('¥');

    // The share flow shows the image (amounts hidden) for a long press: the webview drops downloads.
    await page.getByRole('button', { name: /保存图片|Save image/ }).click();
    await expect(page.getByRole('dialog', { name: '长按图片保存' }).locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  });

  test('the open PY is still one choice away', async ({ page }) => {
    await signInAt(page, FOUNDERS, '/income/annualreview?channel=wec&lang=zh-CN&year=26/27');
    await expect(page.locator('.income-review').getByRole('heading', { level: 2 })).toContainText('26/27');
  });
});

test.describe('/test', () => {
  test('is the not-found page for a distributor', async ({ page }) => {
    await signInAt(page, FOUNDERS, '/?lang=en');
    await page.goto('/front/test?lang=en');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Diagnostics' })).toHaveCount(0);
    // A production build ignores ?debug=1.
    await page.goto('/front/test?lang=en&debug=1');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('shows the diagnostics to staff', async ({ page }) => {
    await staffAt(page, '/', 'lang=en');
    await page.goto('/front/test');
    await expect(page.getByRole('heading', { name: 'Diagnostics' })).toBeVisible();
    await expect(page.getByTestId('diag-Channel')).toHaveText('iinquiry');
  });
});

test('the desktop home shows each area with its trend', async ({ page }) => {
  await signInAt(page, FOUNDERS, '/?lang=en');
  await dismissHomeOverlays(page);
  for (const id of ['home-trend-q', 'home-trend-pv', 'home-trend-income']) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId('home-trend-pv').getByRole('img')).toHaveAttribute('aria-label', /^Personal-group PV, .+ to Nov 2026: /);
  await expect(page.getByTestId('home-trend-pv').locator('rect')).toHaveCount(12);
  // The three areas share the row and each reaches down to the same line.
  const boxes = await page.locator('.home-areas > .area-card').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
  expect(boxes).toHaveLength(3);
  expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
  expect(boxes.reduce((a, b) => a + b.width, 0)).toBeGreaterThan(1000);
});

test.describe('the home on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: WEC_UA });
  test('keeps its layout: no trends, no extra requests', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await signInAt(page, FOUNDERS, '/?channel=wec&lang=zh-CN');
    await dismissHomeOverlays(page);
    await expect(page.locator('.home-profile')).toBeVisible();
    await expect(page.locator('.home-trend')).toHaveCount(0);
    expect(asked).not.toContain('/bff/v1/achievement/overview');
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the ebiz sign-in at ${viewport.width} px: one card, one heading, one language switch`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/front/?channel=ebiz&lang=en');
    await expect(page).toHaveURL(/\/front\/login/);
    const frame = page.frameLocator('iframe.login-frame');
    await expect(frame.getByLabel('ABO number (ADA)')).toBeVisible();
    // The app's page has the heading and the language switch; the framed form has neither.
    await expect(frame.getByRole('heading')).toHaveCount(0);
    await expect(frame.getByRole('link', { name: '中文' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(1);
    // Switching the language in the app switches the form too.
    await page
      .getByRole('button', { name: /中文/ })
      .or(page.getByRole('link', { name: /中文/ }))
      .first()
      .click();
    await expect(frame.getByLabel('会员号（ADA）')).toBeVisible();
  });
}
