import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInAt } from './helpers.ts';

/** Every /income route of docs/contract.md §2 and what shows it has real data. */
const ROUTES: Record<string, string> = {
  type: '[data-net-fen]',
  servicefee: '[data-item-fen]',
  query: '[data-month-net]',
  promotionservicefee: '[data-line-fen]',
  pretaxdetails: '[data-testid="bank-card"]',
  distributorannualincome: '[data-total-net]',
  commissiondetail: '[data-item-fen]',
  annualtaxable: '[data-gross-fen]',
  annualreview: '.income-review [data-months-paid]',
};

const EMPTY_TEXT = /(暂无|没有|还没有)服务费|No service fee/;

/** Calls a BFF endpoint from the page with the signed-in session's tokens (answers read loosely, as JSON). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function api<T = any>(page: Page, path: string, body: object = {}): Promise<{ code: number; message: string; data: T }> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(`/bff/v1/${p}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idaas-accesstoken': sessionStorage.getItem('accessToken') ?? '',
          'idaas-idtoken': sessionStorage.getItem('idToken') ?? '',
        },
        body: JSON.stringify({ channel: sessionStorage.getItem('channel') ?? 'ebiz', ...(b as object) }),
      });
      return res.json();
    },
    [path, body] as const,
  );
}

const fenOf = async (page: Page, selector: string, attr: string): Promise<number[]> =>
  page.locator(selector).evaluateAll((els, a) => els.map((e) => Number(e.getAttribute(a))), attr);

test.describe('income as 10000004 (long income history)', () => {
  test('every /income page renders real data with no problem, and no full card or id leaves the BFF', async ({ page, problems }) => {
    const bodies: string[] = [];
    page.on('response', async (r) => {
      if (r.url().includes('/bff/v1/income/')) bodies.push(await r.text().catch(() => ''));
    });
    await signInAt(page, '10000004', '/income/type');
    for (const [route, dataSelector] of Object.entries(ROUTES)) {
      await page.goto(`/front/income/${route}`);
      await expect(page.locator(dataSelector).first(), route).toBeVisible();
      await expect(page.locator('#not-found-title'), route).toHaveCount(0);
      await expect(page.locator('[role="alert"]'), route).toHaveCount(0);
      await expect(page.locator('h1'), route).not.toBeEmpty();
    }
    // Charts draw (Chart.js loads lazily) on the annual page.
    await page.goto('/front/income/distributorannualincome');
    await expect(page.locator('canvas[role="img"]')).toBeVisible();
    expect(bodies.length).toBeGreaterThanOrEqual(9);
    for (const body of bodies) {
      expect(body).not.toMatch(/\d{15,}/); // no full bank card
      expect(body).not.toMatch(/\d{17}[\dXx]/); // no full national id
    }
    const pretax = await api(page, 'income/pretaxdetails');
    expect(pretax.data.bankCardMasked).toMatch(/^\d{3}\* \*{4} \*\d{2}$/);
    expect(pretax.data.nationalIdMasked).toMatch(/^.{3}\*{6}.{2}$/);
  });

  test('for every month the statement adds up, and each PY equals the sum of its months (API)', async ({ page }) => {
    await signInAt(page, '10000004', '/income/type');
    await expect(page.locator('[data-net-fen]').first()).toBeVisible();
    const months = (await api<{ months: string[] }>(page, 'common/generate/queryable/month')).data.months;
    expect(months.length).toBeGreaterThan(12);
    for (const month of months) {
      const s = (await api(page, 'income/statement', { month })).data;
      const sum = s.items.reduce((a: number, i: { amountFen: number }) => a + i.amountFen, 0);
      expect(sum, month).toBe(s.pretaxFen);
      expect(s.pretaxFen - s.taxFen, month).toBe(s.netFen);
      expect(s.withholding.taxFen, month).toBe(s.taxFen);
    }
    for (const month of months.slice(0, 6)) {
      const p = (await api(page, 'income/promotionservicefee', { month })).data;
      const promo = (await api(page, 'income/statement', { month })).data.items.find((i: { code: string }) => i.code === 'PROMOTION');
      expect(p.amountFen, month).toBe(promo?.amountFen ?? 0);
      expect(
        p.lines.reduce((a: number, l: { amountFen: number }) => a + l.amountFen, 0),
        `${month} legs`,
      ).toBe(p.amountFen);
    }
    const pys = (await api<{ pys: string[] }>(page, 'income/distributorannualincome')).data.pys;
    for (const year of pys) {
      const a = (await api(page, 'income/distributorannualincome', { year })).data;
      expect(a.months).toHaveLength(12);
      for (const k of ['pretaxFen', 'taxFen', 'netFen']) {
        expect(a.totals[k], `${year} ${k}`).toBe(a.months.reduce((x: number, m: Record<string, number>) => x + m[k]!, 0));
      }
    }
    const bad = await api(page, 'income/statement', { month: '2001-01' });
    expect(bad.code).not.toBe(0);
    expect(bad.message).toContain('cannot be queried');
  });

  test('the statement and annual pages show figures that add up', async ({ page }) => {
    await signInAt(page, '10000004', '/income/type');
    await expect(page.locator('[data-net-fen]').first()).toBeVisible();
    const months = (await api<{ months: string[] }>(page, 'common/generate/queryable/month')).data.months;
    for (const month of [months[0]!, months[Math.floor(months.length / 2)]!, months.at(-1)!]) {
      await page.goto(`/front/income/servicefee?month=${month}`);
      const table = page.locator('table.income-items');
      await expect(table).toBeVisible();
      const items = await fenOf(page, 'table.income-items [data-item-fen]', 'data-item-fen');
      const [pretax] = await fenOf(page, 'table.income-items [data-pretax-fen]', 'data-pretax-fen');
      const [tax] = await fenOf(page, 'table.income-items [data-tax-fen]', 'data-tax-fen');
      const [net] = await fenOf(page, 'table.income-items [data-net-fen]', 'data-net-fen');
      expect(
        items.reduce((a, b) => a + b, 0),
        month,
      ).toBe(pretax);
      expect(pretax! - tax!, month).toBe(net);
      const api1 = (await api(page, 'income/statement', { month })).data;
      expect(pretax).toBe(api1.pretaxFen);
      expect(net).toBe(api1.netFen);
    }
    const pys = (await api<{ pys: string[] }>(page, 'income/distributorannualincome')).data.pys;
    for (const year of pys.slice(0, 2)) {
      await page.goto(`/front/income/distributorannualincome?year=${encodeURIComponent(year)}`);
      await expect(page.locator('[data-total-net]')).toBeVisible();
      const rows = await fenOf(page, '[data-month-net]', 'data-month-net');
      const [total] = await fenOf(page, '[data-total-net]', 'data-total-net');
      expect(rows).toHaveLength(12);
      expect(
        rows.reduce((a, b) => a + b, 0),
        year,
      ).toBe(total);
      expect(total).toBe((await api(page, 'income/distributorannualincome', { year })).data.totals.netFen);
    }
  });

  test('a statement downloads as a PDF and the year in review as a PNG', async ({ page, problems }) => {
    await signInAt(page, '10000004', '/income/servicefee');
    await expect(page.locator('table.income-items')).toBeVisible();
    // The PDF the BFF makes (statements.spec.ts follows it per channel).
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出 PDF|Export PDF/ }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfBytes = fs.readFileSync((await pdf.path())!);
    expect(pdfBytes.length).toBeGreaterThan(5_000);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.goto('/front/income/annualreview');
    await expect(page.locator('.income-review [data-months-paid]')).toBeVisible();
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /保存图片|Save image/ }).click()]);
    expect(png.suggestedFilename()).toMatch(/^annual-review-\d{2}-\d{2}\.png$/);
    const pngBytes = fs.readFileSync((await png.path())!);
    expect(pngBytes.length).toBeGreaterThan(5_000);
    expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  test('a month outside the queryable months is refused with a clear message', async ({ page }) => {
    await signInAt(page, '10000004', '/income/pretaxdetails?month=2001-01');
    await expect(page.locator('[role="alert"]')).toContainText('2001-01');
  });
});

test.describe('income on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no page is wider than the screen (tables scroll inside their card)', async ({ page, problems }) => {
    await signInAt(page, '10000004', '/income/type');
    for (const [route, dataSelector] of Object.entries(ROUTES)) {
      await page.goto(`/front/income/${route}`);
      await expect(page.locator(dataSelector).first(), route).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(390);
    }
  });
});

test.describe('income as 10000003 (joined this PY)', () => {
  test('every /income page shows a sensible empty state', async ({ page, problems }) => {
    await signInAt(page, '10000003', '/income/type');
    for (const route of Object.keys(ROUTES)) {
      await page.goto(`/front/income/${route}`);
      await expect(page.getByText(EMPTY_TEXT).first(), route).toBeVisible();
      await expect(page.locator('#not-found-title'), route).toHaveCount(0);
      await expect(page.locator('[role="alert"]'), route).toHaveCount(0);
    }
  });
});
