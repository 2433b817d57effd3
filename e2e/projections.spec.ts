import { expect, test } from './fixtures.ts';
import { settled, signInAt } from './helpers.ts';

// Projections and this year against last (issue #22): the achievement area's estimate is shown
// and labelled as one, the plan pages say where a criterion ends at this pace, and the
// year-on-year view's figures are the monthly pages' figures. Demo Platinum and Diamond (README)
// on the e2e dataset (today 2026-11-21). SHOTS_DIR: where screenshots go.

const PLATINUM = '10000001';
const DIAMOND = '10000002';

/** Waits for the page's data: no skeleton, no error, no loading toast over it. */

const LAYOUTS = [
  {
    name: 'phone',
    viewport: { width: 390, height: 844 },
    lang: 'zh-CN',
    query: 'lang=zh-CN&channel=wec',
    badge: '估算',
    pace: /^按目前进度，到2026年11月30日约 [\d,]+ PV → 业绩奖励比例 \d+%，市场推广服务费约 ¥[\d,.]+/,
    button: '如何计算？',
    traceTitle: /^月底估算 · 2026年11月$/,
    yoyTitle: '今年与去年对比',
    criterion: /^按目前进度：2027年8月31日前可达\d+(\/\d+个PQ月|个PQ月（要求\d+）)$/,
  },
  {
    name: 'desktop',
    viewport: { width: 1280, height: 800 },
    lang: 'en-US',
    query: 'lang=en',
    badge: 'Estimate',
    pace: /^At this pace, ≈ [\d,]+ PV by 30 Nov 2026 → \d+% bracket, promotion service fee ≈ ¥[\d,.]+/,
    button: 'How is this calculated?',
    traceTitle: /^End-of-month estimate · Nov 2026$/,
    yoyTitle: 'This year against last',
    criterion: /^At this pace: \d+ (of \d+ )?PQ months? by 31 Aug 2027( \(\d+ needed\))?$/,
  },
] as const;

for (const layout of LAYOUTS) {
  const tag = `${layout.lang}-${layout.viewport.width}`;
  test.describe(`projections on ${layout.name} (${layout.viewport.width} × ${layout.viewport.height}), ${layout.lang}`, () => {
    test.use({ viewport: layout.viewport, hasTouch: layout.name === 'phone' });

    test('/achievement: this month’s projection is shown, labelled an estimate, with its trace', async ({ page, problems, shoot }) => {
      await signInAt(page, DIAMOND, `/achievement?${layout.query}`);
      await settled(page);
      // The projection card; the so-far comparison beside it is an estimate too.
      const card = page.locator('main:visible section.ach-projection[data-estimate="true"]');
      await expect(card).toBeVisible();
      await expect(card.locator('.ach-projection__badge')).toHaveText(layout.badge);
      const pace = card.locator('[data-projection="pace"]');
      await expect(pace).toHaveText(layout.pace);
      await card.scrollIntoViewIfNeeded();
      await shoot(`projection-${tag}.png`, { target: card });
      await pace.getByRole('button', { name: new RegExp(layout.button.replace('?', '\\?')) }).click();
      const dialog = page.getByRole('dialog', { name: layout.traceTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('[data-testid="trace-result"]')).toContainText('≈');
      await shoot(`projection-trace-${tag}.png`, { settleMs: 400 });
    });

    test('/incentiveplan/seminars: a criterion says where it ends at this pace', async ({ page, shoot }) => {
      await signInAt(page, PLATINUM, `/incentiveplan/seminars?${layout.query}`);
      await settled(page);
      const projection = page.locator('main:visible .inc-projection').first();
      await expect(projection).toBeVisible();
      await expect(projection.locator('.inc-projection__badge')).toHaveText(layout.badge);
      const words = (await projection.innerText()).replace(layout.badge, '').trim();
      expect(words).toMatch(layout.criterion);
      await projection.scrollIntoViewIfNeeded();
      await shoot(`projection-plan-${tag}.png`, {
        target: page
          .locator('main:visible .inc-criterion')
          .filter({ has: page.locator('.inc-projection') })
          .first(),
      });
    });

    test('/achievement and /income/type: the year-on-year view', async ({ page, problems, shoot }) => {
      await signInAt(page, DIAMOND, `/achievement?${layout.query}`);
      await settled(page);
      const yoy = page.locator('main:visible section.yoy');
      await expect(yoy.getByRole('heading', { name: layout.yoyTitle })).toBeVisible();
      await expect(yoy.locator('[data-month]')).toHaveCount(12);
      await yoy.scrollIntoViewIfNeeded();
      await shoot(`yoy-achievement-${tag}.png`, { target: yoy });
      await page.goto(`/front/income/type?${layout.query}`);
      await settled(page);
      const incomeYoy = page.locator('main:visible section.yoy');
      await expect(incomeYoy.locator('[data-month]')).toHaveCount(12);
      await incomeYoy.scrollIntoViewIfNeeded();
      await shoot(`yoy-income-${tag}.png`, { target: incomeYoy });
    });
  });
}

test.describe('the year-on-year view agrees with the monthly pages (1280 × 800, en-US)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('October 2026 and October 2025: personal PV as on the self page, net income as on the service fee page', async ({ page }) => {
    await signInAt(page, DIAMOND, '/achievement?lang=en');
    await settled(page);
    const row = page.locator('main:visible section.yoy [data-month="2026-10"]');
    await expect(row).toHaveAttribute('data-last-month', '2025-10');
    const cell = async (key: string) => (await row.locator(`[data-yoy="${key}"]`).innerText()).trim();
    const [ppvThis, netThis, netLast] = [await cell('ppv-this'), await cell('income-this'), await cell('income-last')];

    // The self page's month table: October 2026's personal PV.
    await page.goto('/front/achievement/self?lang=en');
    await settled(page);
    const selfRow = page.locator('main:visible tr').filter({ has: page.getByRole('rowheader', { name: 'Oct 2026', exact: true }) });
    await expect(selfRow.locator('td').first()).toHaveText(ppvThis);

    // The monthly statement page: each October's net paid.
    for (const [month, net] of [
      ['2026-10', netThis],
      ['2025-10', netLast],
    ] as const) {
      await page.goto(`/front/income/servicefee?month=${month}&lang=en`);
      await settled(page);
      await expect(page.locator('main:visible [data-net-fen] .figure')).toHaveText(net);
    }
  });
});
