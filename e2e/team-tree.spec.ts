import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousAxe, signInAt, staffAt } from './helpers.ts';

// The team tree beside the member list (issue #22), as the demo Diamond (README: 10000002, 7
// qualified legs) on the e2e dataset: the tree opens from the view switch, a leg expands, and the
// search finds a member two levels down, opening the path to them. And a frontline wider than a
// page of children: the demo accounts' markets are small (the Diamond's frontline is 9), so staff
// look up WIDE, a generated distributor of the e2e dataset with 179 frontline members.
// SHOTS_DIR: where screenshots go.

const DIAMOND = '10000002';
const MEMBERS = '/incentiveplan/marketmembertracking';
/** The widest frontline of the e2e dataset (seed 42, 2 000 distributors): 179 members. */
const WIDE = '10000116';
/** Children per page of the tree (TREE_PAGE_SIZE). */
const PAGE = 100;

/** Opens a frontline leg that has a downline; returns it. */
async function expandLeg(page: Page) {
  const tree = page.getByRole('tree');
  const ref = await tree.locator('[role="treeitem"][aria-level="1"][aria-expanded="false"]').first().getAttribute('data-ref');
  const leg = tree.locator(`[data-ref="${ref}"]`);
  await leg.click({ position: { x: 12, y: 12 } });
  await expect(leg).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.locator('[role="treeitem"][aria-level="2"]').first()).toBeVisible();
  return leg;
}

test.describe('team tree as the Diamond', () => {
  test.describe('desktop', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('opens from the view switch, expands a leg with the keyboard, search finds a member two levels down', async ({
      page,
      problems,
      shoot,
    }) => {
      await signInAt(page, DIAMOND, `${MEMBERS}?lang=en`);
      await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'Team tree' }).click();
      await expect(page).toHaveURL(/[?&]view=tree/);
      const tree = page.getByRole('tree', { name: 'Team tree' });
      const frontline = tree.locator('[role="treeitem"][aria-level="1"]');
      await expect(frontline.first()).toBeVisible();
      const legs = await frontline.count();
      expect(legs).toBeGreaterThanOrEqual(7);
      await expect(frontline.first()).toHaveAttribute('aria-setsize', String(legs));
      // Each member: masked ADA, pin label (never the code), group PV, bracket, Q.
      const firstText = await frontline.first().innerText();
      expect(firstText).toMatch(/\d{3}\*{6}\d{2}/);
      expect(firstText).toMatch(/PV/);
      expect(firstText).toMatch(/\d+%/);
      expect(firstText).not.toMatch(/\b3[0-9]{2}\b(?! PV)/);
      expect(await tree.innerText()).not.toMatch(/\b\d{8}\b/);

      // Keyboard: one tab stop, Right opens the focused leg, Down walks into it.
      const legRef = await tree.locator('[role="treeitem"][aria-level="1"][aria-expanded="false"]').first().getAttribute('data-ref');
      const opener = tree.locator(`[data-ref="${legRef}"]`);
      await opener.focus();
      await page.keyboard.press('ArrowRight');
      await expect(opener).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('ArrowDown');
      const second = page.locator('[role="treeitem"]:focus');
      await expect(second).toHaveAttribute('aria-level', '2');
      const name = (await second.locator('.team-tree__name').innerText()).trim();
      await page.keyboard.press('ArrowLeft');
      await expect(page.locator('[role="treeitem"]:focus')).toHaveAttribute('aria-level', '1');
      expect(await seriousAxe(page)).toEqual([]);

      // Folded away again, the search opens the path down to that member and focuses them.
      await page.getByRole('button', { name: 'Collapse all' }).click();
      await expect(tree.locator('[role="treeitem"][aria-level="2"]')).toHaveCount(0);
      await page.getByRole('searchbox', { name: 'Find a member in the team tree' }).fill(name);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      const choices = page.locator('.team-tree__match').filter({ hasText: name }).filter({ hasText: 'Level 2' });
      // One match jumps at once; several are listed to choose from.
      await expect(page.locator('.team-tree__found')).toHaveText(/Showing|members match/);
      if ((await page.locator('.team-tree__found').innerText()).includes('members match')) await choices.first().click();
      const found = page.locator('[role="treeitem"]:focus');
      await expect(found).toHaveAttribute('aria-level', '2');
      await expect(found.locator('.team-tree__name')).toHaveText(name);
      await expect(page.locator('.team-tree__found')).toHaveText(`Showing ${name} (level 2)`);
      await expect(found).toBeInViewport();
      await shoot('tree-desktop-en.png');

      // Enter opens the member's market details.
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/incentiveplan\/marketdetails\?ref=m\d+/);
      await expect(page.locator('main:visible')).toContainText(name);
    });
  });

  test.describe('a frontline wider than a page', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('"Show more" loads the next legs in place with the focus; search opens a leg past the first page', async ({
      page,
      problems,
      shoot,
    }) => {
      await staffAt(page, MEMBERS, { lang: 'en', view: 'tree', queryAda: WIDE });
      const tree = page.getByRole('tree', { name: 'Team tree' });
      const first = tree.locator('[role="treeitem"][aria-level="1"]').first();
      await expect(first).toBeVisible();
      // The set is the whole frontline from the first page on.
      const total = Number(await first.getAttribute('aria-setsize'));
      expect(total, `${WIDE}'s frontline on the e2e dataset`).toBeGreaterThan(PAGE);
      const focused = page.locator('[role="treeitem"]:focus');

      // End reaches the item after the first page: announced as the 101st of the set.
      await first.focus();
      await page.keyboard.press('End');
      await expect(focused).toHaveText(`Show ${Math.min(PAGE, total - PAGE)} more (of ${total})`);
      await expect(focused).toHaveAttribute('aria-posinset', String(PAGE + 1));
      await expect(focused).toHaveAttribute('aria-setsize', String(total));
      expect(await seriousAxe(page)).toEqual([]);
      const scroller = page.locator('.team-tree__scroll:visible');
      const scrolled = await scroller.evaluate((e) => e.scrollTop);
      expect(scrolled).toBeGreaterThan(0);
      const at = (await focused.boundingBox())!.y;

      // Enter: the next legs come in where the item was; the first of them has the focus, nothing scrolls.
      await page.keyboard.press('Enter');
      await expect(focused).toHaveAttribute('aria-posinset', String(PAGE + 1));
      await expect(focused).toHaveAttribute('data-ref', /^m\d+$/);
      expect(await scroller.evaluate((e) => e.scrollTop)).toBe(scrolled);
      expect((await focused.boundingBox())!.y).toBeCloseTo(at, 0);
      await page.keyboard.press('ArrowUp');
      await expect(focused).toHaveAttribute('aria-posinset', String(PAGE));
      await shoot('tree-show-more-desktop-en.png');

      // To the last leg (a click on each further "Show more").
      for (let loaded = 2 * PAGE; ; loaded += PAGE) {
        await page.keyboard.press('End');
        if (loaded >= total) break;
        await expect(focused).toHaveText(/^Show \d+ more/);
        await focused.click();
        await expect(focused).toHaveAttribute('aria-posinset', String(loaded + 1));
      }
      await expect(focused).toHaveAttribute('aria-posinset', String(total));
      const name = (await focused.locator('.team-tree__name').innerText()).trim();
      const ada = (await focused.locator('.team-tree__ada').innerText()).trim();

      // Afresh (only the first page loaded), the search finds that last leg and loads the pages up to it.
      await page.reload();
      await expect(first).toBeVisible();
      await expect(tree.getByText(/^Show \d+ more/)).toHaveCount(0);
      await page.getByRole('searchbox', { name: 'Find a member in the team tree' }).fill(name);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await expect(page.locator('.team-tree__found')).toHaveText(/Showing|members match/);
      if ((await page.locator('.team-tree__found').innerText()).includes('members match'))
        await page.locator('.team-tree__match').filter({ hasText: ada }).first().click();
      await expect(focused).toHaveAttribute('aria-posinset', String(total));
      await expect(focused.locator('.team-tree__name')).toHaveText(name);
      await expect(focused).toBeInViewport();
      await expect(page.locator('.team-tree__found')).toHaveText(`Showing ${name} (level 1)`);
    });
  });

  test.describe('phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test('the tree on a phone in Chinese: compact rows, a leg opened by a tap', async ({ page, problems, shoot }) => {
      await signInAt(page, DIAMOND, `${MEMBERS}?lang=zh-CN&channel=wec&view=tree`);
      const tree = page.getByRole('tree', { name: '团队树' });
      await expect(tree.locator('[role="treeitem"]').first()).toBeVisible();
      await expandLeg(page);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot('tree-phone-zh.png');
    });
  });
});
