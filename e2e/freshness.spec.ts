import { expect, test } from './fixtures.ts';
import path from 'node:path';
import { dismissHomeOverlays, signInAt } from './helpers.ts';

// A page that shows a month's figures says how fresh they are (docs/data-import.md, the month
// close): the open month when it was computed and when it closes, a closed month when it closed.
// SHOTS_DIR: where to keep a screenshot of each, for a look by eye.

const shot = (name: string) => (process.env.SHOTS_DIR ? { path: path.join(process.env.SHOTS_DIR, name) } : {});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the home card says when this month’s volume was computed and when the month closes', async ({ page, problems }) => {
    await signInAt(page, '10000001', '/?channel=ebiz&lang=zh-CN');
    await dismissHomeOverlays(page);
    const card = page.locator('a.area-card[href$="/achievement"]');
    const note = card.locator('.freshness-note');
    await expect(note).toHaveText(/^截至 (\d{1,2}月\d{1,2}日 )?\d{2}:\d{2} 更新 · 本月于 12月1日 结算$/);
    await expect(note.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await card.screenshot(shot('home-card-zh-390.png'));
  });
});

test('a closed month’s statement says when it was closed', async ({ page, problems }) => {
  await signInAt(page, '10000001', '/income/servicefee?channel=ebiz&lang=en&month=2026-10');
  const note = page.locator('.freshness-note');
  await expect(note).toHaveText(/^Closed on \d{1,2} [A-Z][a-z]{2}$/);
  await expect(page.locator('[data-item-fen]').first()).toBeVisible();
  await page.screenshot(shot('statement-en-1280.png'));
});

test('the 12-month table and a market member’s month card say how fresh the open month is', async ({ page, problems }) => {
  const open = /^Updated (\d{1,2} [A-Z][a-z]{2} )?\d{2}:\d{2} · this month closes on 1 Dec$/;
  await signInAt(page, '10000001', '/achievement/self?channel=ebiz&lang=en');
  await expect(page.locator('.freshness-note').first()).toHaveText(open);
  await page.goto('/front/incentiveplan/marketdetails?lang=en');
  await expect(page.locator('.market-kpis .freshness-note')).toHaveText(open);
  await page.screenshot(shot('market-details-en-1280.png'));
});
