import { expect, test } from './fixtures.ts';
import { signInAt } from './helpers.ts';

test('the web app renders in Chromium and deep links resolve case-insensitively', async ({ page, problems }) => {
  // /test is for staff now: a distributor's page in capitals.
  await signInAt(page, '10000001', '/INCOME/TYPE');
  await expect(page.getByRole('heading', { level: 1, name: /收入查询|Income/ }).first()).toBeVisible();
  await expect(page.locator('#not-found-title')).toHaveCount(0);
  await page.goto('/front/INCENTIVEPLAN/NO-SUCH-PAGE');
  await expect(page.getByRole('heading', { name: /页面不存在|Page not found/ })).toBeVisible();
});

test('a missing hashed asset is a 404, not the SPA shell', async ({ request }) => {
  const res = await request.get('/front/assets/missing-0000.js');
  expect(res.status()).toBe(404);
});

test('getConfig without a token answers 9900401 in the envelope', async ({ request }) => {
  const res = await request.post('/bff/v1/common/getConfig', { data: { channel: 'ebiz' } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ code: 9900401, success: false, data: null });
});
