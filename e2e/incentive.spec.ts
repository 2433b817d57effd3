import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { MARKET_PAGES, pagesUnder, signInAt, watchProblems } from './helpers.ts';

// Every plan-driven /incentiveplan route (the market/partner pages have their own spec).
const ROUTES: readonly string[] = [
  ...pagesUnder('/incentiveplan').filter((p) => !MARKET_PAGES.includes(p)),
  '/incentiveplan/type/detail?code=SEMINAR_2627',
];

/** Opens a route and checks it rendered real content: not the not-found page, no error, figures. */
async function visit(page: Page, path: string): Promise<string> {
  await page.goto(`/front${path}`);
  const main = page.locator('main');
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('#not-found-title')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.card[role="alert"]')).toHaveCount(0);
  await expect(
    main.locator('.inc-criterion, .data-table, .inc-plan-card, .figure, .figure--inline, .adm-error-block').first(),
  ).toBeVisible();
  const text = await main.innerText();
  expect(text, `${path} shows figures`).toMatch(/\d/);
  return text;
}

/**
 * Signs `ada` in on the plan list (`query`: e.g. '?lang=en') and visits every route, each as a
 * step that also checks no console error or failed request so far and then runs `check`.
 */
async function visitEveryRoute(page: Page, ada: string, query: string, check?: (path: string) => Promise<void>): Promise<void> {
  const problems = watchProblems(page);
  await signInAt(page, ada, `/incentiveplan${query}`);
  await expect(page.locator('.inc-plan-card').first()).toBeVisible();
  for (const path of ROUTES) {
    await test.step(path, async () => {
      await visit(page, path);
      expect(problems, `problems on ${path}`).toEqual([]);
      await check?.(path);
    });
  }
}

test.describe('incentive plans as 10000001 (Platinum)', () => {
  test('every plan route renders real figures, cleanly', async ({ page }) => {
    test.setTimeout(240_000);
    await visitEveryRoute(page, '10000001', '');
  });

  test('seminars 25/26: FLQ unmet by exactly one month, with the months and legs behind it', async ({ page, problems }) => {
    await signInAt(page, '10000001', '/incentiveplan/seminars?year=25/26&lang=en');
    await expect(page.getByRole('heading', { name: 'Seminars 25/26', level: 2 })).toBeVisible();
    const base = page.locator('section[aria-labelledby="inc-criteria"] .inc-criterion');
    const flq = base.filter({ hasText: 'FLQ months ≥ 6' });
    await expect(flq).toHaveCount(1);
    await expect(flq).toContainText('Missed');
    await expect(flq).toContainText('missed by 1 FLQ month');
    await expect(flq).toContainText('Achieved 5');
    // Every other criterion is met.
    await expect(base).toHaveCount(5);
    for (const other of await base.filter({ hasNotText: 'FLQ months ≥ 6' }).all()) await expect(other).toContainText('Met');
    await flq.getByRole('button', { name: 'Month by month' }).click();
    const drawer = page.getByRole('dialog', { name: /FLQ months ≥ 6: month by month/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('tbody tr, tfoot tr')).toHaveCount(12 + 2); // 12 months + one leg row + the total row
    await expect(drawer).toContainText('Sep 2025');
    await expect(drawer).toContainText('Aug 2026');
    await expect(drawer.locator('.inc-matrix')).toContainText('******');
    // The plan list tells the same story as the plan page.
    await page.goto('/front/incentiveplan?lang=en');
    // Last PY's plans are folded under one line.
    await page.locator('details.inc-past summary').click();
    const card = page.locator('.inc-plan-card').filter({ hasText: 'Seminars 25/26' });
    await expect(card).toContainText('Missed');
    await expect(card).toContainText('4 of 5 criteria met');
    await expect(card).toContainText('FLQ months ≥ 6 — Achieved 5 / 6 FLQ months');
  });

  test('biennial track choice is saved', async ({ page }) => {
    await signInAt(page, '10000001', '/incentiveplan/biennialaward/settag?lang=en');
    // The choice is kept on the server: pick a track that is not the current one (an earlier run
    // against the same database may have saved Leadership already).
    const leadership = page.getByRole('radio', { name: /Leadership/ });
    await expect(leadership).toBeAttached();
    const track = (await leadership.isChecked()) ? 'Growth' : 'Leadership';
    // By keyboard: the track radios are real radios a keyboard reaches (not only a mouse's target).
    const radio = page.getByRole('radio', { name: new RegExp(track) });
    await radio.focus();
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved')).toBeVisible();
    await page.goto('/front/incentiveplan/biennialaward?lang=en');
    await expect(page.getByText(new RegExp(`Your track: ${track}`, 'i'))).toBeVisible();
  });
});

test.describe('incentive plans on a phone (390 × 844), in English, as 10000002 (Diamond: the widest figures)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no plan page is wider than the screen (charts and tables stay inside their card)', async ({ page }) => {
    test.setTimeout(240_000);
    await visitEveryRoute(page, '10000002', '?lang=en', async (path) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    });
  });
});

test.describe('incentive plans as 10000003 (new member)', () => {
  test('every plan route works and shows sensible not-yet-eligible states', async ({ page }) => {
    test.setTimeout(240_000);
    await visitEveryRoute(page, '10000003', '?lang=en');
    await page.goto('/front/incentiveplan/seminarstravelplan/flqdetails?year=26/27&lang=en');
    await expect(page.getByText('No frontline leg has been Q (21%) in this period yet')).toBeVisible();
    await page.goto('/front/incentiveplan/type/seminar?lang=en');
    await expect(page.locator('.inc-header')).toContainText(/At risk|Out of reach|Missed/);
  });
});
