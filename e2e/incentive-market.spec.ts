import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { MARKET_PAGES, signInAt } from './helpers.ts';

/** A masked ADA as docs/contract.md §5 shows it: 3 digits, six asterisks, 2 digits. */
const MASKED_ADA = /\d{3}\*{6}\d{2}/;

async function expectPage(page: Page, path: string) {
  await page.goto(`/front${path}`);
  await expect(page.locator('h1:visible').first()).toBeVisible();
  await expect(page.locator('#not-found-title')).toHaveCount(0);
  // Loaded: no skeleton, no error block.
  await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0);
  await expect(page.locator('[role="alert"]:visible')).toHaveCount(0);
}

test.describe('market pages as a Diamond (10000002)', () => {
  test('every market route shows real, masked figures without problems', async ({ page, problems }) => {
    await signInAt(page, '10000002', '/incentiveplan/trackingpartnersmonthly');
    for (const path of MARKET_PAGES) {
      await expectPage(page, path);
      if (path.endsWith('/useguide')) {
        await expect(page.getByRole('heading', { level: 2 }).filter({ visible: true }).first()).toBeVisible();
        continue;
      }
      // Real data from the BFF: masked members, PV figures.
      await expect(page.locator('main:visible')).toContainText(MASKED_ADA);
      await expect(page.locator('main:visible')).toContainText(path.endsWith('/trackingcopies') ? /Q/ : /PV/);
      // Full ADAs of the downline never reach the page.
      expect(await page.locator('main:visible').innerText()).not.toMatch(/\b\d{8}\b/);
    }
  });

  test('monthly partners: the frontline with Q progress; a row opens market details', async ({ page, problems }) => {
    await signInAt(page, '10000002', '/incentiveplan/trackingpartnersmonthly?lang=en');
    const table = page.locator('table.market-table:visible');
    await expect(table).toBeVisible();
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(6);
    // Sortable headers report their order.
    const header = table.getByRole('button', { name: /Personal-group PV|个人小组 PV/ });
    await header.click();
    await expect(table.locator('th[aria-sort="descending"]')).toHaveCount(1);
    await header.click();
    await expect(table.locator('th[aria-sort="ascending"]')).toHaveCount(1);

    await table.locator('tbody a.market-person').first().click();
    await expect(page).toHaveURL(/\/incentiveplan\/marketdetails\?ref=m\d+/);
    await expect(page.locator('.market-member__name:visible')).toContainText(MASKED_ADA);
    await expect(page.locator('table.market-table:visible').first()).toBeVisible();
  });

  test('market member tracking filters, sorts and pages on the server', async ({ page, problems }) => {
    await signInAt(page, '10000002', '/incentiveplan/marketmembertracking');
    const summary = page.locator('.market-summary:visible').first();
    await expect(summary).toBeVisible();
    const totalOf = async () => Number(((await summary.innerText()).match(/\d[\d,]*/)?.[0] ?? '0').replace(/,/g, ''));
    const all = await totalOf();
    expect(all).toBeGreaterThan(6);

    const members = page.waitForResponse((r) => r.url().endsWith('/bff/v1/incentive/market/members'));
    // Each filter is an address of its own, shown in a view of its own (the one left stays, hidden):
    // act on the one in sight, once it shows the filter just set (an action holds on to the element
    // it found, even when that one is then hidden).
    const main = page.locator('main:visible');
    const fromLevel = main.getByLabel(/起始层级|From level/);
    await fromLevel.selectOption('1');
    await expect(fromLevel).toHaveValue('1');
    await main.getByLabel(/结束层级|To level/).selectOption('1');
    await expect(main.getByLabel(/结束层级|To level/)).toHaveValue('1');
    const body = await (await members).json();
    expect(body.code).toBe(0);
    await expect.poll(totalOf).toBeLessThan(all);
    const rows = page.locator('table.market-table:visible tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const level of await rows.locator('td:nth-child(2)').allInnerTexts()) expect(level.trim()).toBe('1');

    await main.getByRole('button', { name: /重置|Reset/ }).click();
    await expect(fromLevel).toHaveValue('');
    await expect.poll(totalOf).toBe(all);
    await main.getByLabel(/本月 Q|Q this month/).selectOption('q');
    await expect.poll(totalOf).toBeLessThan(all);
  });

  test('the year-switchable layout changes performance year', async ({ page, problems }) => {
    await signInAt(page, '10000002', '/incentiveplan/type/marketmembertracking');
    const year = page.getByLabel(/业绩年度|Performance year/);
    await expect(year).toBeVisible();
    await year.selectOption('25/26');
    await expect(page).toHaveURL(/year=25%2F26|year=25\/26/);
    await expect(page.locator('.market-summary:visible').first()).toContainText('25/26');
  });
});

test('10000001 (Platinum) sees the market pages with data', async ({ page, problems }) => {
  await signInAt(page, '10000001', '/incentiveplan/trackingpartnersmonthly');
  for (const path of MARKET_PAGES) await expectPage(page, path);
});

test('a member with no downline (10000003) sees helpful empty states', async ({ page, problems }) => {
  await signInAt(page, '10000003', '/incentiveplan/trackingpartnersmonthly');
  for (const path of MARKET_PAGES) {
    await page.goto(`/front${path}`);
    await expect(page.locator('h1:visible').first()).toBeVisible();
    await expect(page.locator('#not-found-title')).toHaveCount(0);
    if (path.endsWith('/useguide') || path.endsWith('/marketdetails')) continue;
    await expect(
      page
        .getByText(/您还没有下线伙伴|You have no downline yet|暂无重复达成资格的成员|No member has repeated/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
  }
});

test('someone outside your market is refused (403 code in the envelope)', async ({ page }) => {
  await signInAt(page, '10000003', '/incentiveplan/trackingpartnersmonthly');
  const refused = page.waitForResponse((r) => r.url().endsWith('/bff/v1/incentive/market/details'));
  await page.goto('/front/incentiveplan/marketdetails?queryAda=10000002');
  const body = await (await refused).json();
  expect(body).toMatchObject({ code: 9900403, success: false, data: null });
  await expect(page.locator('[role="alert"]:visible')).toBeVisible();
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('member tracking is a list that loads more as you scroll; partner tables stack their rows', async ({ page, problems }) => {
    await signInAt(page, '10000002', '/incentiveplan/marketmembertracking');
    const items = page.locator('.market-list__item:visible');
    await expect(items.first()).toBeVisible();
    await expect(items.first()).toContainText(MASKED_ADA);
    expect(await items.count()).toBeGreaterThanOrEqual(20);
    await items.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => items.count()).toBeGreaterThan(20);

    await page.goto('/front/incentiveplan/trackingpartnersmonthly');
    const wrap = page.locator('.table-wrap:visible').first();
    await expect(wrap).toBeVisible();
    // Each partner is a block of label–value pairs (e2e/tables.spec.ts): nothing to scroll sideways.
    expect(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(wrap.locator('tbody tr').first()).toHaveCSS('display', 'block');
  });
});
