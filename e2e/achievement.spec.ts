import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { pagesUnder, signInAt } from './helpers.ts';

const ROUTES = pagesUnder('/achievement');

/** Waits until the page's queries settled: a heading, no skeleton, no error block, no not-found. */
async function expectLoaded(page: Page, path: string) {
  await expect(page.locator('h1.page-frame__title'), path).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), path).toHaveCount(0);
  await expect(page.locator('[role="alert"]'), path).toHaveCount(0);
  await expect(page.getByText(/页面不存在|Page not found/), path).toHaveCount(0);
  // Real data: a figure, a table cell, a condition, a choice, or a form.
  await expect(
    page.locator('.figure, .data-table td, .ach-condition, .ach-choice, .ach-form, .ach-steps, .ach-pin, .ach-compare dd').first(),
    path,
  ).toBeVisible();
}

async function bff<T>(page: Page, path: string, body: object): Promise<T> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idaas-accesstoken': sessionStorage.getItem('accessToken') ?? '',
          'idaas-idtoken': sessionStorage.getItem('idToken') ?? '',
        },
        body: JSON.stringify(b),
      });
      return (await res.json()).data;
    },
    [path, body] as const,
  ) as Promise<T>;
}

test('every /achievement route renders real data for 10000001 without errors', async ({ page, problems }) => {
  test.setTimeout(120_000);
  await signInAt(page, '10000001', '/achievement?channel=wec');
  await expectLoaded(page, '/achievement');
  for (const path of ROUTES.slice(1)) {
    await page.goto(`/front${path}`);
    await expectLoaded(page, path);
  }
  // The 12-month APV chart draws (Chart.js loads lazily); it comes first, the year-on-year chart
  // below it may have drawn too.
  await page.goto('/front/achievement');
  await expect(page.locator('figure.chart canvas').first()).toBeVisible();
});

test('a target pin set then adjusted persists across reloads', async ({ page, problems }) => {
  await signInAt(page, '10000001', '/achievement/localranktracking/settarget?channel=wec');
  const radios = page.locator('input[name="target-pin"]');
  await expect(radios.first()).toBeVisible();
  const first = await radios.nth(0).getAttribute('value');
  const second = await radios.nth(2).getAttribute('value');
  await radios.nth(0).check();
  await page.getByRole('button', { name: /保存|Save/ }).click();
  await expect(page).toHaveURL(/\/achievement\/localranktracking$/);
  await page.reload();
  await expect(page.locator('#ach-target')).toBeVisible();
  const afterSet = await bff<{ targetPin: number }>(page, '/bff/v1/achievement/rank', {});
  expect(String(afterSet.targetPin)).toBe(first);
  const setName = await page.locator('#ach-target').textContent();

  await page.goto('/front/achievement/localranktracking/adjusttarget');
  await page.locator(`input[name="target-pin"][value="${second}"]`).check();
  await page.getByRole('button', { name: /保存|Save/ }).click();
  await expect(page).toHaveURL(/\/achievement\/localranktracking$/);
  await page.reload();
  await expect(page.locator('#ach-target')).not.toHaveText(setName ?? '');
  const afterAdjust = await bff<{ targetPin: number }>(page, '/bff/v1/achievement/rank', {});
  expect(String(afterAdjust.targetPin)).toBe(second);
  await page.goto('/front/achievement/localranktracking/adjusttarget');
  await expect(page.locator(`input[name="target-pin"][value="${second}"]`)).toBeChecked();
});

test('an invitation shows a QR code and a link that opens the sign-in page', async ({ page, context, problems }) => {
  await signInAt(page, '10000001', '/achievement/dealerinvitation?channel=wec');
  await page.locator('input[name="inviteeName"]').fill('张先生');
  await page.locator('textarea[name="note"]').fill('周六产品分享会');
  await page.getByRole('button', { name: /生成邀请链接|Create invitation link/ }).click();
  const created = page.getByTestId('created-invitation');
  await expect(created.getByTestId('invitation-qr')).toBeVisible();
  const href = await created.getByTestId('invitation-link').getAttribute('href');
  expect(href).toMatch(/^http:\/\/localhost:\d+\/idp\/login\?/);
  await expect(page.locator('.ach-invites li')).toHaveCount(1);

  const visitor = await context.browser()!.newPage();
  const res = await visitor.goto(href!);
  expect(res?.status()).toBe(200);
  await expect(visitor.locator('input[name="username"]')).toBeVisible();
  await visitor.close();
});

test('the estimate moves the bracket across a boundary and agrees with the server', async ({ page, problems }) => {
  await signInAt(page, '10000001', '/achievement/estimate?channel=wec');
  const bracket = page.getByTestId('est-bracket');
  await expect(bracket).toBeVisible();
  type Answer = {
    after: { pvForNextBracket: number; bracketPercent: number; pretaxFen: number };
    pace: { extraPpv: number; extraLegPv: Record<string, number> } | null;
  };
  const base = await bff<Answer>(page, '/bff/v1/achievement/estimate', {});
  // It starts at this pace: the server's estimate with the pace's volumes.
  if (base.pace) {
    const atPace = await bff<Answer>(page, '/bff/v1/achievement/estimate', {
      extraPpv: base.pace.extraPpv,
      extraLegPv: base.pace.extraLegPv,
    });
    await expect(page.locator('[data-from="pace"]')).toHaveAttribute('aria-pressed', 'true');
    await expect(bracket).toHaveText(`${atPace.after.bracketPercent}%`);
    expect((await page.getByTestId('est-pretax').textContent())?.replace(/[^\d]/g, '')).toBe(String(atPace.after.pretaxFen));
  }
  // From the month to date, extra PV moves it as the server says.
  await page.locator('[data-from="soFar"]').click();
  await expect(bracket).toHaveText(`${base.after.bracketPercent}%`);
  const before = await bracket.textContent();
  const extra = base.after.pvForNextBracket > 0 ? base.after.pvForNextBracket : 0;
  await page.getByTestId('extra-ppv').fill(String(extra));
  if (extra > 0) await expect(bracket).not.toHaveText(before ?? '');
  const server = await bff<{ after: { bracketPercent: number; pretaxFen: number; pgpv: number } }>(page, '/bff/v1/achievement/estimate', {
    extraPpv: extra,
  });
  await expect(bracket).toHaveText(`${server.after.bracketPercent}%`);
  const pretax = await page.getByTestId('est-pretax').textContent();
  expect(pretax?.replace(/[^\d]/g, '')).toBe(String(server.after.pretaxFen));
});

test.describe('on a 390-px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every /achievement route fits the screen width (tables scroll inside their card)', async ({ page, problems }) => {
    test.setTimeout(120_000);
    await signInAt(page, '10000001', '/achievement?channel=wec&lang=zh');
    for (const path of ROUTES) {
      if (path !== '/achievement') await page.goto(`/front${path}`);
      await expectLoaded(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
