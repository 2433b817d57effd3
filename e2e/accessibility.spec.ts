import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAt } from './helpers.ts';

// A page of each kind: plan overview and its tables, the selector page, market tracking's sortable
// table, rank tracking, the estimate form, statements and the annual review, in both languages.
const PAGES = [
  '/incentiveplan',
  '/incentiveplan/seminars',
  '/incentiveplan/seminars/pqdetails',
  '/incentiveplan/seminars/apvdetails',
  '/incentiveplan/qualificationquery',
  '/incentiveplan/trackingpartnersmonthly',
  '/achievement',
  '/achievement/localranktracking/requirements',
  '/achievement/estimate',
  '/income/servicefee',
  '/income/annualreview',
  '/income/query',
];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The serious and critical ones among axe's violations, as "rule: help (target failure; …)". */
function serious(violations: Violation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join('; ')})`);
}

/** Serious and critical axe violations on a page once it has its data, each prefixed with its path. */
async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(`/front${path}`);
  await expect(page.locator('h1').first(), path).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), path).toHaveCount(0);
  // The shared loading toast of a late background request fades out over a few frames; axe
  // would judge its half-transparent white text against the page behind.
  await expect(page.locator('.adm-toast-mask'), path).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page })
    // A disabled choice (a plan year with no data) is an inactive control, which WCAG 1.4.3 leaves
    // out of the contrast rule; antd-mobile marks it with a class only, so axe cannot tell.
    .exclude('.adm-selector-item-disabled')
    .analyze();
  return serious(violations).map((v) => `${path} ${v}`);
}

for (const [lang, ada] of [
  ['zh-CN', '10000002'],
  ['en', '10000001'],
] as const) {
  test.describe(`accessibility on a phone (390 × 844), ${lang}, as ${ada}`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('no serious or critical axe violation on a page of each kind', async ({ page }) => {
      test.setTimeout(180_000);
      await signInAt(page, ada, `/incentiveplan?lang=${lang}`);
      const found: string[] = [];
      for (const path of PAGES) found.push(...(await seriousViolations(page, path)));
      expect(found).toEqual([]);
    });
  });
}

test('the sign-in page has no serious or critical axe violation', async ({ page }) => {
  await page.goto('/front/login?channel=ebiz');
  await expect(page.frameLocator('iframe.login-frame').getByLabel(/会员号|ABO number/)).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(serious(violations)).toEqual([]);
});

test.describe('the first-visit guide, by keyboard', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('takes the focus, keeps Tab inside it, and Enter walks through its steps', async ({ page }) => {
    // 10000002's guide is not finished by any other test.
    await signInAt(page, '10000002', '/?lang=en');
    const guide = page.getByRole('dialog', { name: 'Welcome to ABO Inquiry' });
    await expect(guide).toBeVisible();
    await expect(guide.getByRole('button', { name: 'Next' })).toBeFocused();
    // The page behind is inert: Tab cannot reach its links and buttons.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.getElementById('root')!.contains(document.activeElement))).toBe(false);
    }
    await guide.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expect(guide.getByText('Step 2 of 3')).toBeVisible();
    await expect(guide.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(guide.getByRole('button', { name: 'Get started' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(guide).toBeHidden();
    // The page is usable again.
    expect(await page.evaluate(() => document.getElementById('root')!.inert)).toBe(false);
  });
});
