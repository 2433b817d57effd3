import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { shoot, signInAt } from './helpers.ts';

// The table pages of docs/product.md (Pages) that a phone must show whole, signed in as the demo user who has
// data for each (README: 10000001 Platinum, 10000002 Diamond with a wide market). Screenshots go
// to $TABLES_SHOTS_DIR when it is set.
const PAGES = [
  { name: 'target-and-gap', ada: '10000001', path: '/incentiveplan/seminars/target' },
  { name: 'rank-requirements', ada: '10000001', path: '/achievement/localranktracking/requirements' },
  { name: 'qualification-query', ada: '10000001', path: '/incentiveplan/qualificationquery' },
  // A month grid (legs × months) under the PQ / FLQ month table.
  { name: 'pq-flq-months', ada: '10000001', path: '/incentiveplan/seminars/pqflqdetails' },
  { name: 'tracking-partners', ada: '10000002', path: '/incentiveplan/trackingpartnersmonthly' },
  { name: 'market-details', ada: '10000002', path: '/incentiveplan/marketdetails' },
] as const;

const SHOTS = process.env.TABLES_SHOTS_DIR;

/** Opens a page and waits for its tables: loaded, no skeleton, no error. */
async function open(page: Page, route: string, lang: 'zh' | 'en') {
  await page.goto(`/front${route}${route.includes('?') ? '&' : '?'}lang=${lang}`);
  await expect(page.locator('h1').first(), route).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), route).toHaveCount(0);
  await expect(page.locator('[role="alert"]'), route).toHaveCount(0);
  await expect(page.locator('table.data-table').first(), route).toBeVisible();
  // The shared loading toast of a late background request fades out before the picture is taken.
  await expect(page.locator('.adm-toast-mask'), route).toHaveCount(0);
}

/** What of the page's tables a phone cannot show without scrolling sideways (month grids excepted). */
function overflowOnPhone(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    for (const wrap of Array.from(document.querySelectorAll<HTMLElement>('.table-wrap:not(.table-wrap--grid)'))) {
      if (wrap.scrollWidth > wrap.clientWidth + 1) problems.push(`a table scrolls sideways (${wrap.scrollWidth} > ${wrap.clientWidth})`);
    }
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('table.data-table--stack th, table.data-table--stack td'))) {
      // Column headers kept for screen readers only sit clipped in a 1-px box.
      const thead = cell.closest('thead');
      if (thead && (thead.getBoundingClientRect().width <= 1 || getComputedStyle(cell).position === 'absolute')) continue;
      const r = cell.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < -0.5 || r.right > width + 0.5)
        problems.push(`"${cell.innerText.trim().slice(0, 30)}" spans ${r.left}–${r.right} of ${width}`);
    }
    for (const td of Array.from(document.querySelectorAll<HTMLElement>('table.data-table--stack tbody td[data-label]'))) {
      if (getComputedStyle(td).display === 'none') continue;
      const label = getComputedStyle(td, '::before').content;
      if (!label || label === 'none' || label === 'normal') problems.push(`a value without its label (${td.dataset.label})`);
    }
    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    return problems;
  });
}

/**
 * Dates ("2026年10月", "2012-05-20") in the page's tables, pickers and the market member's line
 * that the line breaks cut in two: each match's text range must sit on one line.
 */
function brokenDates(page: Page) {
  return page.evaluate(() => {
    const DATE = /\d{4}年\d{1,2}月(\d{1,2}日)?|\d{4}-\d{2}(-\d{2})?/g;
    const broken: string[] = [];
    for (const root of Array.from(document.querySelectorAll('.data-table, .adm-selector, .market-member'))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? '').matchAll(DATE)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = Array.from(range.getClientRects(), (r) => r.top);
          if (Math.max(...tops) - Math.min(...tops) > 4) broken.push(m[0]);
        }
      }
    }
    return broken;
  });
}

for (const ada of ['10000001', '10000002'] as const) {
  const pages = PAGES.filter((p) => p.ada === ada);

  test.describe(`tables on a phone (390 × 844), zh-CN, as ${ada}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test('every row is a block of label–value pairs that fits the screen; month grids scroll inside their card', async ({
      page,
      problems,
    }) => {
      test.setTimeout(120_000);
      await signInAt(page, ada, `${pages[0]!.path}?lang=zh`);
      for (const p of pages) {
        await test.step(p.name, async () => {
          await open(page, p.path, 'zh');
          // A stacked table's rows are blocks, its values labelled with their column's name.
          const stacked = page.locator('table.data-table--stack').first();
          await expect(stacked.locator('tbody tr').first()).toHaveCSS('display', 'block');
          expect(await overflowOnPhone(page), p.name).toEqual([]);
          // A date stays on one line, in a table cell as in a picker ("2026年10月", not "2026年10" over "月").
          expect(await brokenDates(page), p.name).toEqual([]);
          const grid = page.locator('.table-wrap--grid');
          if (p.name === 'pq-flq-months') {
            await expect(grid.first()).toBeVisible();
            // The grid keeps its columns: it scrolls inside its box, its first column stays in view.
            expect(await grid.first().evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
            await expect(grid.first().locator('tbody th').first()).toHaveCSS('position', 'sticky');
          }
          await shoot(page, `${p.name}-390-zh-CN.png`, { fullPage: true, dir: SHOTS });
        });
      }
    });
  });

  test.describe(`tables on a desktop (1280 × 800), en-US, as ${ada}`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('tables keep their columns and stay inside the page', async ({ page, problems }) => {
      test.setTimeout(120_000);
      await signInAt(page, ada, `${pages[0]!.path}?lang=en`);
      for (const p of pages) {
        await test.step(p.name, async () => {
          await open(page, p.path, 'en');
          await expect(page.locator('table.data-table tbody tr').first()).toHaveCSS('display', 'table-row');
          await expect(page.getByRole('columnheader').first()).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth), p.name).toBeLessThanOrEqual(1280);
          await shoot(page, `${p.name}-1280-en-US.png`, { fullPage: true, dir: SHOTS });
        });
      }
    });
  });
}
