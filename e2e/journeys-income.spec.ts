import { expect, test } from './fixtures.ts';
import { settled, signInAt, WECHAT_UA } from './helpers.ts';

// Issue #32, end to end (income): the tax year beside the performance year (1c9f9c9), and on a
// phone an income spreadsheet that cannot be kept there says where to get it (92a67ff). The
// statement PDF shown as an image over the page is e2e/statements.spec.ts's ("the statement’s
// pages are shown over the page …"). SHOTS_DIR: where screenshots go.

const FOUNDERS = '10000004'; // a statement every month

test('annual income: the tax year beside the performance year, tax withheld as a headline, each PDF named by its year', async ({
  page,
  problems,
  shoot,
}) => {
  await signInAt(page, FOUNDERS, '/income/distributorannualincome?lang=en');
  const kinds = page.getByRole('navigation', { name: 'Which year to count by' });
  await expect(kinds).toBeVisible();
  await expect(kinds.getByRole('link', { name: /Performance year/ })).toHaveAttribute('aria-current', 'page');
  await expect(kinds.getByRole('link', { name: /Performance year/ })).toContainText('September to August, by statement month');
  await expect(kinds.getByRole('link', { name: /Tax year/ })).toContainText('Calendar year, by payment date');
  await settled(page, { toasts: false });
  await shoot('journeys-annual-py-en-US-1280.png');

  // The PY's certificate says which PY it is.
  const py = /\d{2}\/\d{2}/.exec(await page.locator('#annual-title').innerText())?.[0];
  expect(py).toBeTruthy();
  const [pyFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PY income certificate PDF' }).click(),
  ]);
  expect(pyFile.suggestedFilename()).toBe(`income-certificate-py-${py!.replace('/', '-')}.pdf`);

  // One tap to the tax year: the calendar year by payment date, its withholding a headline figure.
  await kinds.getByRole('link', { name: /Tax year/ }).click();
  await expect(page).toHaveURL(/\/front\/income\/annualtaxable/);
  await expect(kinds.getByRole('link', { name: /Tax year/ })).toHaveAttribute('aria-current', 'page');
  const year = (await page.locator('#tax-title').innerText()).trim();
  expect(year).toMatch(/^20\d{2}$/);
  await expect(page.getByTestId('by-payment-date')).toBeVisible();
  const headline = page.locator('section[aria-labelledby="tax-title"] .income-totals');
  await expect(headline).toContainText('Withheld during the year');
  await expect(headline).toContainText(/¥[\d,]+\.\d{2}/);
  await settled(page, { toasts: false });
  await shoot('journeys-annual-tax-en-US-1280.png');

  // Its certificate is that calendar year's: the document asked for and the file's name say so.
  const asked = page.waitForRequest((r) => r.url().endsWith('/bff/v1/income/documentLink'));
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Income and tax certificate PDF' }).click(),
  ]);
  expect((await asked).postDataJSON()).toMatchObject({ document: { kind: 'taxCertificate', year } });
  expect(file.suggestedFilename()).toBe(`income-certificate-${year}.pdf`);
});

test.describe('on a phone in WeChat (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: WECHAT_UA, hasTouch: true });

  test('the Excel export says how to get the sheet instead of downloading or leaving the page', async ({ page, problems, shoot }) => {
    await signInAt(page, FOUNDERS, '/income/query?channel=wec&lang=en');
    await expect(page.locator('[data-month-net]').first()).toBeVisible();
    const before = page.url();
    let downloads = 0;
    let links = 0;
    page.on('download', () => downloads++);
    page.on('request', (r) => {
      if (r.url().includes('/bff/v1/income/documentLink') || r.url().includes('/bff/files/')) links++;
    });
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'This sheet cannot be saved here' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Open this page in the portal on a computer to export it');
    await shoot('journeys-wec-excel-dialog-en-390.png', { settleMs: 400 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(before);
    expect(downloads).toBe(0);
    expect(links).toBe(0);
    await expect(page.getByText(/^Downloaded /)).toHaveCount(0);
  });

  test('zh-CN: the same dialog in Chinese', async ({ page, shoot }) => {
    await signInAt(page, FOUNDERS, '/income/query?channel=wec&lang=zh-CN');
    await expect(page.locator('[data-month-net]').first()).toBeVisible();
    await page.getByRole('button', { name: '导出 Excel' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '表格无法在此保存' });
    await expect(dialog).toBeVisible();
    await shoot('journeys-wec-excel-dialog-zh-CN-390.png', { settleMs: 400 });
  });
});
