// "Why is October's fee different from September's?" on the service-fee page: the comparison card
// as a distributor sees it on a phone (zh-CN) and on the desktop (en-US), and as staff see it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousAxe, settled, signInAt, staffAt, WEC_UA } from './helpers.ts';

const FOUNDERS = '10000004'; // a statement every month

/** The comparison the page asked the BFF for, read back with the page's own session. */
async function changeOf(page: Page, month: string) {
  return page.evaluate(async (m) => {
    const res = await fetch('/bff/v1/income/statementChange', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idaas-accesstoken': sessionStorage.getItem('accessToken') ?? '',
        'idaas-idtoken': sessionStorage.getItem('idToken') ?? '',
      },
      body: JSON.stringify({ channel: sessionStorage.getItem('channel') ?? 'ebiz', month: m }),
    });
    return (await res.json()).data as { netChangeFen: number; parts: { netFen: number; href: string | null }[] };
  }, month);
}

/** The card: five causes, then all of them, which add up to the change in net pay it shows. */
async function checkCard(page: Page, heading: RegExp, showAll: RegExp) {
  const card = page.locator('.income-change');
  await expect(card.getByRole('heading', { name: heading })).toBeVisible();
  await settled(page, { within: '.income-change' });
  const shown = card.locator('.change-parts__part');
  await expect(shown).toHaveCount(5);
  await card.getByRole('button', { name: showAll }).click();
  const netFen = await shown.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-fen'))));
  expect(netFen.length).toBeGreaterThan(5);
  const total = Number(await card.locator('[data-net-change-fen]').getAttribute('data-net-change-fen'));
  expect(netFen.reduce((s, f) => s + f, 0)).toBe(total);
  return { card, netFen };
}

test.describe('compared with last month, on a phone (390 × 844, zh-CN)', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: WEC_UA });

  test('says why October differs from September, cause by cause, and each cause opens its trace', async ({ page, problems, shoot }) => {
    await signInAt(page, FOUNDERS, '/income/servicefee?month=2026-10&channel=wec&lang=zh-CN');
    const { card, netFen } = await checkCard(page, /与 2026年9月 相比/, /显示全部 \d+ 项/);
    // What the BFF answered, in the order the card lists it.
    const change = await changeOf(page, '2026-10');
    expect(change.parts.map((p) => p.netFen)).toEqual(netFen);
    await shoot('statement-change-zh-CN-390.png', { target: card });
    expect(await seriousAxe(page)).toEqual([]);
    // The first cause opens the page that traces it, for the same month.
    await card.locator('.change-parts__part a').first().click();
    await expect(page).toHaveURL(new RegExp(`${change.parts[0]!.href!.replace('?', '\\?')}`));
  });
});

test.describe('compared with last month, on the desktop (1280 × 800, en-US)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the card, then another month to compare with, without leaving the statement', async ({ page, problems, shoot }) => {
    await signInAt(page, FOUNDERS, '/income/servicefee?month=2026-10&lang=en');
    const { card } = await checkCard(page, /Compared with Sep 2026/, /Show all \d+/);
    await shoot('statement-change-en-US-1280.png', { target: card });
    await card.getByRole('combobox', { name: 'Compare with' }).selectOption('2026-08');
    await expect(page).toHaveURL(/compare=2026-08/);
    await expect(card.getByRole('heading', { name: /Compared with Aug 2026/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Service fee statement, Oct 2026' })).toBeVisible();
  });

  test('staff who look the distributor up see the same comparison', async ({ page, shoot }) => {
    await staffAt(page, '/', { lang: 'en' });
    await page.getByRole('searchbox', { name: 'ABO number or name' }).fill('张建国');
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`Open .* ${FOUNDERS}`) }).click();
    await expect(page).toHaveURL(/queryAda=10000004/);
    await page.goto('/front/income/servicefee?month=2026-10&lang=en');
    await expect(page.getByTestId('staff-banner').filter({ visible: true })).toContainText(FOUNDERS);
    const { card } = await checkCard(page, /Compared with Sep 2026/, /Show all \d+/);
    await shoot('statement-change-staff-en-US-1280.png', { target: card });
  });
});
