// "So far this month vs the same day last month" on the achievement page (issue #31): the card
// as Demo Diamond (README) sees it on a phone (zh-CN) and on the desktop (en-US), on the e2e
// dataset (today 2026-11-21): labelled an estimate, its causes adding up to the change it shows,
// each opening the page that traces it. SHOTS_DIR: where screenshots go.
import { expect, test } from './fixtures.ts';
import { seriousAxe, settled, signInAt, WEC_UA } from './helpers.ts';

const DIAMOND = '10000002';

const LAYOUTS = [
  {
    name: 'phone',
    viewport: { width: 390, height: 844 },
    userAgent: WEC_UA,
    query: 'lang=zh-CN&channel=wec',
    title: '本月至今与上月同日相比',
    badge: '估算',
    period: '截至2026年11月21日，对比截至2026年10月21日',
  },
  {
    name: 'desktop',
    viewport: { width: 1280, height: 800 },
    userAgent: undefined,
    query: 'lang=en',
    title: 'So far this month vs the same day last month',
    badge: 'Estimate',
    period: 'Up to 21 Nov 2026, against up to 21 Oct 2026',
  },
] as const;

for (const layout of LAYOUTS) {
  test.describe(`so far this month on ${layout.name} (${layout.viewport.width} × ${layout.viewport.height})`, () => {
    test.use({ viewport: layout.viewport, ...(layout.userAgent ? { userAgent: layout.userAgent } : {}) });

    test('the change, its causes adding up to it, and the first cause opens its trace', async ({ page, problems, shoot }) => {
      await signInAt(page, DIAMOND, `/achievement?${layout.query}`);
      const card = page.locator('main:visible section.ach-so-far');
      await expect(card.getByRole('heading', { name: layout.title })).toBeVisible();
      await settled(page, { within: 'main:visible' });
      await expect(card.locator('.ach-projection__badge')).toHaveText(layout.badge);
      await expect(card.getByText(layout.period)).toBeVisible();
      const total = Number(await card.locator('[data-change-fen]').getAttribute('data-change-fen'));
      const showAll = card.locator('.change-parts__toggle');
      if (await showAll.count()) await showAll.click();
      const fen = await card.locator('li[data-fen]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-fen'))));
      expect(fen.length).toBeGreaterThan(0);
      expect(fen.reduce((s, f) => s + f, 0)).toBe(total);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(layout.viewport.width);
      await card.scrollIntoViewIfNeeded();
      await shoot(`so-far-change-${layout.name}.png`, { target: card });
      expect(await seriousAxe(page)).toEqual([]);
      const first = card.locator('li[data-fen] a').first();
      const href = await first.getAttribute('href');
      await first.click();
      await expect(page).toHaveURL(new RegExp(href!.replace('?', '\\?')));
    });
  });
}
