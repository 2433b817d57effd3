import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousAxe, settled, signInAt } from './helpers.ts';

// The Diamond's moment (docs/product.md, Who uses it): on the desktop portal, "which legs can I help to Q this month?"
// — member tracking sorted closest to Q, its state in the address, an export of the list, and one
// tap from a plan's FLQ gap to those legs. As the demo Diamond (README: 10000002) on the e2e
// dataset (today 2026-11-21, PY 26/27 open). SHOTS_DIR: where screenshots go.

const DIAMOND = '10000002';
const MEMBERS = '/incentiveplan/marketmembertracking';

/** The "PV to Q" of each row as shown ("—" for a member already Q, as null). */
async function gaps(table: Locator): Promise<(number | null)[]> {
  const cells = await table.locator('td[data-label="PV to Q (PV)"]').allInnerTexts();
  return cells.map((c) => (c.trim() === '—' ? null : Number(c.replace(/[^\d.]/g, ''))));
}

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);

test.describe('the Diamond’s moment on the desktop (1280 × 800), en-US', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('member tracking: headers sort, "closest to Q" nearest first, the view lives in the address, 50 or 100 rows, export', async ({
    page,
    problems,
    shoot,
  }) => {
    await signInAt(page, DIAMOND, `${MEMBERS}?lang=en`);
    await settled(page, { within: 'main:visible', toasts: false });
    const main = page.locator('main:visible');
    const table = main.getByRole('table', { name: 'Member' });
    await expect(table).toBeVisible();

    // The column header is the sort control: "PV to Q" starts with the nearest, the Q members last.
    const gapHeader = table.getByRole('columnheader', { name: 'PV to Q (PV)' });
    await gapHeader.getByRole('button').click();
    await expect(page).toHaveURL(/\?lang=en&sort=pvToQ$/);
    await expect(main.getByRole('table', { name: 'Member' }).getByRole('columnheader', { name: 'PV to Q (PV)' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await settled(page, { within: 'main:visible', toasts: false });
    const shown = await gaps(main.getByRole('table', { name: 'Member' }));
    const open = shown.filter((g): g is number => g !== null);
    expect(open.length, 'members still short of Q').toBeGreaterThan(1);
    expect(shown[0], 'the nearest on top').toBe(Math.min(...open));
    expect(ascending(open)).toBe(true);
    expect(
      shown.slice(open.length).every((g) => g === null),
      'members already Q come last',
    ).toBe(true);

    // From the keyboard: Enter on a header sorts, and the focus stays on that header.
    const ppv = main.getByRole('table', { name: 'Member' }).getByRole('button', { name: 'Personal PV (PV)' });
    await ppv.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=ppv$/);
    await expect(main.locator('th[data-column="ppv"] button')).toBeFocused();
    await expect(main.locator('th[data-column="ppv"]')).toHaveAttribute('aria-sort', 'descending');

    // Back returns to the previous view; a filter is in the address and survives a reload.
    await page.goBack();
    await expect(page).toHaveURL(/sort=pvToQ$/);
    await expect(page.locator('main:visible th[data-column="pvToQ"]')).toHaveAttribute('aria-sort', 'ascending');
    await page.locator('main:visible').getByLabel('Q this month').selectOption('notQ');
    await expect(page).toHaveURL(/sort=pvToQ&q=notQ$/);
    await page.reload();
    await settled(page, { within: 'main:visible', toasts: false });
    await expect(page.locator('main:visible').getByLabel('Q this month')).toHaveValue('notQ');
    await expect(page.locator('main:visible th[data-column="pvToQ"]')).toHaveAttribute('aria-sort', 'ascending');
    const notQ = await gaps(page.locator('main:visible').getByRole('table', { name: 'Member' }));
    expect(notQ.every((g) => g !== null)).toBe(true);
    expect(ascending(notQ as number[])).toBe(true);

    // 50 or 100 rows a page.
    const size = page.locator('main:visible').getByLabel('Rows per page');
    await expect(size).toHaveValue('50');
    await size.selectOption('100');
    await expect(page).toHaveURL(/q=notQ&size=100$/);
    await expect(page.locator('main:visible').getByLabel('Rows per page')).toHaveValue('100');
    await settled(page, { within: 'main:visible', toasts: false });
    await shoot('diamond-members-en-US-1280.png');
    expect(await seriousAxe(page)).toEqual([]);

    // The export: the whole filtered list, as a file; "downloaded" only once it was.
    const status = page.locator('main:visible .market-export [role="status"]');
    await expect(status).toHaveText('');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('main:visible').getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('market-members-2026-11.csv');
    const text = fs.readFileSync((await csv.path())!, 'utf8').replace(/^\ufeff/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Member,ADA,Level,Pin,/);
    expect(lines).toHaveLength(1 + notQ.length);
    await expect(status).toHaveText(`Downloaded market-members-2026-11.csv (${notQ.length} members)`);
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('main:visible').getByRole('button', { name: 'Export Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe('market-members-2026-11.xlsx');
    expect(
      fs
        .readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  test('from a plan’s FLQ gap, one tap to the frontline legs that can still reach Q this month, closest first', async ({
    page,
    problems,
  }) => {
    // The FEM travel plan: FLQ months and LDD markets still short, this PY open.
    await signInAt(page, DIAMOND, '/incentiveplan/femtravelplan?lang=en');
    await settled(page, { within: 'main:visible', toasts: false });
    const flq = page.locator('main:visible li.inc-criterion').filter({ hasText: /FLQ/ }).first();
    await flq.getByRole('button', { name: 'Legs that could close the gap' }).click();
    const legs = flq.getByRole('list', { name: 'Legs that could close the gap' });
    await expect(legs.getByRole('listitem').first()).toBeVisible();
    const toQ = (await legs.locator('.gap-leg__need').allInnerTexts()).map((s) => Number(s.replace(/[^\d]/g, '')));
    expect(toQ.length).toBeGreaterThan(0);
    expect(ascending(toQ)).toBe(true);
    // Each leg can be starred from here, and the whole frontline is one more tap.
    await expect(legs.getByRole('button', { name: /^Watch / }).first()).toBeVisible();
    await flq.getByRole('link', { name: 'All frontline legs in member tracking' }).click();
    await expect(page).toHaveURL(/\/incentiveplan\/marketmembertracking\?sort=pvToQ&q=notQ&levelMax=1$/);
    await settled(page, { within: 'main:visible', toasts: false });
    const table = page.locator('main:visible').getByRole('table', { name: 'Member' });
    await expect(table.getByRole('columnheader', { name: 'PV to Q (PV)' })).toHaveAttribute('aria-sort', 'ascending');
    const levels = await table.locator('td[data-label="Level"]').allInnerTexts();
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.every((l) => l.trim() === '1')).toBe(true);
    const shown = await gaps(table);
    expect(shown.every((g) => g !== null)).toBe(true);
    expect(ascending(shown as number[])).toBe(true);
  });

  test('sparklines of tracking partners share one scale, the open month marked "so far"', async ({ page }) => {
    await signInAt(page, DIAMOND, '/incentiveplan/trackingpartnersmonthly?lang=en');
    await settled(page, { within: 'main:visible', toasts: false });
    const trends = page.locator('main:visible .market-trend');
    await expect(trends.first()).toBeVisible();
    const tallest = await trends.evaluateAll((els) =>
      els.map((el) => Math.max(...Array.from(el.querySelectorAll<HTMLElement>('.market-trend__bar'), (b) => parseFloat(b.style.height)))),
    );
    expect(Math.max(...tallest)).toBe(20);
    expect(
      tallest.some((h) => h < 20),
      'a smaller leg’s bars are smaller',
    ).toBe(true);
    for (const trend of await trends.all()) {
      await expect(trend.locator('.market-trend__bar').last()).toHaveClass(/market-trend__bar--open/);
      await expect(trend).toHaveAttribute('aria-label', /Nov 2026 so far [\d,]+ PV \(month still open\)$/);
    }
  });
});

test.describe('the Diamond’s moment on a phone (390 × 844), zh-CN, in WeChat', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('closest to Q lists the nearest first, survives a reload, and the export points to the desktop', async ({
    page,
    problems,
    shoot,
  }) => {
    await signInAt(page, DIAMOND, `${MEMBERS}?lang=zh-CN&channel=wec&sort=pvToQ`);
    await settled(page, { within: 'main:visible', toasts: false });
    const main = page.locator('main:visible');
    await expect(main.getByLabel('排序')).toHaveValue('pvToQ');
    await expect(main.locator('select').filter({ has: page.locator('option[value="asc"]') })).toHaveValue('asc');
    const first = main.locator('.market-list__item').first();
    await expect(first).toBeVisible();
    const gapsShown = await main
      .locator('.market-list__item dd')
      .evaluateAll((dds) => dds.filter((dd) => dd.previousElementSibling?.textContent === '距 Q 还差').map((dd) => dd.textContent ?? ''));
    const open = gapsShown.filter((g) => g !== '—').map((g) => Number(g.replace(/[^\d.]/g, '')));
    expect(open.length).toBeGreaterThan(1);
    expect(ascending(open)).toBe(true);
    expect(gapsShown[0]).not.toBe('—');
    // No download can land inside WeChat: say where the export is, never "downloaded".
    await expect(main.getByText('导出（CSV / Excel）请在电脑端使用：微信和 App 内无法保存文件。')).toBeVisible();
    await expect(main.getByRole('button', { name: '导出 CSV' })).toHaveCount(0);
    await expect(main.getByText(/已下载/)).toHaveCount(0);
    await shoot('diamond-members-zh-CN-390.png');
    await page.reload();
    await settled(page, { within: 'main:visible', toasts: false });
    await expect(page.locator('main:visible').getByLabel('排序')).toHaveValue('pvToQ');
    expect(await seriousAxe(page)).toEqual([]);
  });
});
