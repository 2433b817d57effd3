import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { signInAt, watchProblems, WEC_UA } from './helpers.ts';

// Statements and exports per channel (README "Statements and exports"): the BFF makes the files
// and answers a one-time link bound to the browser that asked; ebiz downloads it, WeChat (wec)
// opens it in the webview, and the year in review is shown for a long press there.

const FOUNDERS = '10000004'; // a statement every month
const OTHER = '10000001'; // another distributor

const bytesOf = async (download: Download) => fs.readFileSync((await download.path())!);
const PDF = '%PDF-';

test.describe('ebiz (desktop): files download', () => {
  test('the statement, the tax certificate and the income spreadsheet arrive as files, and the page says so', async ({ page }) => {
    const problems = watchProblems(page);
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
    expect(problems).toEqual([]);
  });
});

/**
 * What the webview got at a document link: the navigation's answer (headers, and its body when
 * the browser keeps it), or, when headless Chromium saves a PDF it is told to show inline
 * instead of showing it, the saved file.
 */
async function openedFile(page: Page, click: () => Promise<void>) {
  const navigation = page.waitForRequest((r) => r.url().includes('/bff/files/') && r.isNavigationRequest());
  const saved = page.waitForEvent('download', { timeout: 15_000 }).catch(() => null);
  await click();
  const request = await navigation;
  const response = await request.response();
  const contentType = response?.headers()['content-type'] ?? null;
  // A PDF the browser shows inline is rendered by its viewer: the navigation's body is the
  // viewer's page then, not the file (the file's bytes are checked by the BFF's tests).
  const body = response && contentType !== 'application/pdf' ? await response.body().catch(() => null) : null;
  const download = body || contentType === 'application/pdf' ? null : await saved;
  return {
    url: request.url(),
    contentType,
    disposition: response?.headers()['content-disposition'] ?? null,
    bytes: body ?? (download ? await bytesOf(download) : null),
  };
}

test.describe('wec (WeChat, mobile browsers): files open in the webview', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: WEC_UA });

  test('the statement opens from a one-time link that refuses another user and a second use', async ({ page, browser }) => {
    await signInAt(page, FOUNDERS, '/income/servicefee?channel=wec&lang=en');
    await expect(page.locator('table.income-items')).toBeVisible();
    const file = await openedFile(page, () => page.getByRole('button', { name: 'Export PDF' }).click());
    // Nothing personal in the address: an opaque token.
    expect(new URL(file.url).pathname).toMatch(/^\/bff\/files\/[A-Za-z0-9_-]{43}$/);
    expect(file.contentType !== null || file.bytes !== null, 'the link was answered').toBe(true);
    if (file.contentType !== null) {
      expect(file.contentType).toBe('application/pdf');
      expect(file.disposition).toMatch(/^inline; /);
    }
    if (file.bytes !== null) expect(file.bytes.subarray(0, 5).toString('latin1')).toBe(PDF);

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

  test('the year in review is shown full screen for a long press, never as a download', async ({ page }) => {
    const problems = watchProblems(page);
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
    expect(problems).toEqual([]);
  });
});
