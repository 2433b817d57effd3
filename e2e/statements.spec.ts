import fs from 'node:fs';
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInAt, watchProblems, WEC_UA } from './helpers.ts';

// Statements and exports per channel (README "Statements and exports"): the BFF makes the files
// and answers a one-time link bound to the browser that asked; ebiz downloads it; in WeChat (wec)
// the page stays and a PDF's pages are shown as one image for a long press, as the year in review is.

const FOUNDERS = '10000004'; // a statement every month
const OTHER = '10000001'; // another distributor

const bytesOf = async (download: Download) => fs.readFileSync((await download.path())!);
const PDF = '%PDF-';

test.describe('ebiz (desktop): files download', () => {
  test('the statement, the tax certificate and the income spreadsheet arrive as files, and the page says so', async ({
    page,
    problems,
  }) => {
    await signInAt(page, FOUNDERS, '/income/servicefee?lang=en');
    await expect(page.locator('table.income-items')).toBeVisible();
    const [statement] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PDF' }).click()]);
    // The message is a toast: read while it shows, before the file is read back.
    await expect(page.getByText(`Downloaded ${statement.suggestedFilename()}`)).toBeVisible();
    expect(statement.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await bytesOf(statement)).subarray(0, 5).toString('latin1')).toBe(PDF);

    await page.goto('/front/income/annualtaxable?lang=en');
    const [certificate] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Income and tax certificate PDF' }).click(),
    ]);
    expect((await bytesOf(certificate)).subarray(0, 5).toString('latin1')).toBe(PDF);

    await page.goto('/front/income/query?lang=en');
    await expect(page.locator('[data-month-net]').first()).toBeVisible();
    const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
    expect(sheet.suggestedFilename()).toMatch(/\.xlsx$/);
    // An XLSX is a zip.
    expect((await bytesOf(sheet)).subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

test.describe('wec (WeChat, mobile browsers): the page stays, a PDF comes as its pages’ image', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: WEC_UA });

  test('the statement’s pages are shown over the page from a one-time link that refuses another user and a second use', async ({
    page,
    browser,
    shoot,
  }) => {
    const problems = watchProblems(page);
    await signInAt(page, FOUNDERS, '/income/servicefee?channel=wec&lang=en');
    await expect(page.locator('table.income-items')).toBeVisible();
    const before = page.url();
    let downloads = 0;
    page.on('download', () => downloads++);
    const fetched = page.waitForResponse((r) => r.url().includes('/bff/files/'));
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const response = await fetched;
    const file = { url: response.url() };
    expect(response.headers()['content-type']).toBe('image/png');
    // Nothing personal in the address: an opaque token.
    expect(new URL(file.url).pathname).toMatch(/^\/bff\/files\/[A-Za-z0-9_-]{43}$/);
    const dialog = page.getByRole('dialog', { name: 'Long-press the image to save' });
    await expect(dialog).toBeVisible();
    const image = dialog.locator('img');
    await expect(image).toHaveAttribute('alt', /statement-\d{4}-\d{2}\.png/);
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // The pages at 2 px a point: an A4 page is 1 191 px wide, and there is at least one.
    const size = await image.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(size.width).toBe(1191);
    expect(size.height).toBeGreaterThanOrEqual(1684);
    await shoot('wec-390-statement-pages.png');
    expect(page.url()).toBe(before);
    expect(downloads).toBe(0);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export PDF' })).toBeFocused();
    expect(problems).toEqual([]);

    // Another distributor, signed in on another phone, opens the same address: refused.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: WEC_UA });
    try {
      const theirs = await other.newPage();
      await signInAt(theirs, OTHER, '/income/servicefee?channel=wec&lang=en');
      const refused = await theirs.goto(file.url);
      expect(refused!.status()).toBe(403);
      expect(await refused!.json()).toMatchObject({
        code: 9900403,
        success: false,
        message: expect.stringMatching(/another user or browser/),
      });
    } finally {
      await other.close();
    }

    // The same browser, again: the link is spent.
    await page.goto('/front/income/servicefee?channel=wec&lang=en');
    const again = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, body: (await res.json()) as { code: number; message: string } };
    }, file.url);
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: 9900403, message: expect.stringMatching(/already used/) });
  });

  test('the year in review is shown full screen for a long press, never as a download', async ({ page, problems }) => {
    await signInAt(page, FOUNDERS, '/income/annualreview?channel=wec&lang=zh-CN');
    await expect(page.locator('.income-review [data-months-paid]')).toBeVisible();
    let downloads = 0;
    page.on('download', () => downloads++);
    const button = page.getByRole('button', { name: '保存图片' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: '长按图片保存' });
    await expect(dialog).toBeVisible();
    const src = (await dialog.locator('img').getAttribute('src'))!;
    expect(src).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
    expect(png.length).toBeGreaterThan(5_000);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Amounts stay hidden in the image unless asked for (the card it is drawn from shows none).
    await expect(page.locator('.income-review')).not.toContainText('¥');
    await expect(dialog.getByRole('button', { name: '关闭' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
    expect(downloads).toBe(0);
    await expect(page.getByText('已下载')).toHaveCount(0);
  });
});
