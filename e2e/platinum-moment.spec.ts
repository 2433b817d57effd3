import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dismissHomeOverlays, seriousAxe, settled, signInAt } from './helpers.ts';

// The Platinum's moment (docs/product.md, Who uses it): on a phone, in a hurry, "did last month count, and what do I
// still need for the seminar?" — answered in the first screen, the why one tap further. As the
// demo Platinum (README: 10000001, one FLQ month behind this PY's seminar pace, missed last year's
// by one) on the e2e dataset (today 2026-11-21, PY 26/27 open). SHOTS_DIR: where screenshots go.

const PLATINUM = '10000001';
const DIAMOND = '10000002';

/** axe's serious and critical violations in the page's content as it is (the title bar is accessibility.spec.ts's). */

/** Waits for the page's data: no skeleton, no error, no loading toast over it. */

const LAYOUTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, lang: 'zh-CN', query: 'lang=zh-CN&channel=wec', back: '返回' },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, lang: 'en-US', query: 'lang=en', back: 'Back' },
] as const;

const TEXT = {
  'zh-CN': {
    lastQ: /2026年10月(是|不是) Q 月$/,
    why: '为什么: 2026年10月的 Q 月判定',
    testTitle: 'SP 月（Q 月）· 2026年10月',
    testYes: /→ 是 SP 月$/,
    testNo: /→ 不是 SP 月$/,
    close: '关闭',
    seminar: '研讨会 26/27',
    progress: /(FLQ月|PQ月|APV|积分指数|出席|奖衔) .*\d/,
    legToGo: /还差 [\d,]+ PV 达到 Q/,
    summary: /^\d+ 项进展顺利 · \d+ 项有风险 · \d+ 项已达成 · 最接近：.+，还差.+$/,
    reach: ['本年度仍可达成', '已达成'],
    past: /上一业绩年度 25\/26 已结算 · 达成 \d+\/\d+ 项/,
    waitsClosed: '未获得：资格条件未全部满足（差1个FLQ月）',
    waitsOpen: /^须先满足全部资格条件：.*差\d+个FLQ月/,
  },
  'en-US': {
    lastQ: /Oct 2026 was (not )?a Q month$/,
    why: 'Why: the Q-month test of Oct 2026',
    testTitle: 'SP month (Q month) · Oct 2026',
    testYes: /→ an SP month$/,
    testNo: /→ not an SP month$/,
    close: 'Close',
    seminar: 'Seminars 26/27',
    progress: /(FLQ months|PQ months|APV|Points index|Required events|Pin) .*\d/,
    legToGo: /[\d,]+ PV to go to Q/,
    summary: /^\d+ on track · \d+ at risk · \d+ met · closest: .+, .+ to go$/,
    reach: ['Within reach', 'Met'],
    past: /Last PY 25\/26 closed · \d+ of \d+ met/,
    waitsClosed: 'Not reached: not every qualification criterion was met (1 FLQ month short)',
    waitsOpen: /^Needs every qualification criterion first: .*\d+ FLQ months? short/,
  },
} as const;

for (const layout of LAYOUTS) {
  const tx = TEXT[layout.lang];
  const tag = `${layout.lang}-${layout.viewport.width}`;

  test.describe(`the Platinum's moment on ${layout.name} (${layout.viewport.width} × ${layout.viewport.height}), ${layout.lang}`, () => {
    test.use({ viewport: layout.viewport, hasTouch: layout.name === 'phone' });

    test('home answers in the first screen: last month, the seminar’s binding gap, the leg closest to Q; each opens its why', async ({
      page,
      problems,
      shoot,
    }) => {
      await signInAt(page, PLATINUM, `/?${layout.query}`);
      await dismissHomeOverlays(page);
      const moment = page.locator('section.moment');
      await expect(moment).toBeVisible();
      await settled(page);
      // The whole answer is in the first screen, without scrolling.
      const box = (await moment.boundingBox())!;
      expect(box.y + box.height, 'the answers fit the first screen').toBeLessThanOrEqual(layout.viewport.height);

      // Did last month count, and the why: the Q-month test worked out for October.
      await expect(moment.locator('.moment__answer')).toHaveText(tx.lastQ);
      const why = moment.locator('button.moment__why');
      await expect(why).toHaveAttribute('aria-haspopup', 'dialog');
      await expect(why).toHaveAccessibleName(tx.why);

      // This PY's seminar: its status and the criterion that decides it, in words.
      const seminar = moment.locator('a.moment__link').first();
      await expect(seminar).toContainText(tx.seminar);
      await expect(seminar.locator('.status')).toBeVisible();
      await expect(seminar.locator('.moment__progress')).toHaveText(tx.progress);
      const gap = (await seminar.locator('.moment__gap').innerText()).trim();
      expect(gap.length).toBeGreaterThan(5);

      // The leg closest to Q this month, with what it still needs.
      const leg = moment.locator('a.moment__link').nth(1);
      await expect(leg.locator('.moment__gap')).toHaveText(tx.legToGo);
      const legName = (await leg.locator('.moment__name').innerText()).trim();
      await shoot(`19-home-${tag}.png`);
      expect(await seriousAxe(page)).toEqual([]);

      // The seminar opens the current PY's plan, whose criteria say the same sentence.
      await seminar.click();
      await expect(page).toHaveURL(/\/front\/incentiveplan\/seminars\?year=26%2F27$/);
      await expect(page.locator('#inc-plan-name')).toHaveText(tx.seminar);
      await expect(page.locator('main:visible').getByText(gap, { exact: true }).first()).toBeVisible();
      await page.getByRole('button', { name: layout.back }).click();

      // The why of last month: the Q-month (SP-month) test on October's APV and 21% legs, saying what home says.
      const wasQ = !/不是|not/.test(await moment.locator('.moment__answer').innerText());
      await page.locator('section.moment button.moment__why').click();
      const trace = page.getByRole('dialog', { name: tx.testTitle });
      await expect(trace).toBeVisible();
      await expect(trace.getByTestId('trace-result')).toHaveText(wasQ ? tx.testYes : tx.testNo);
      await trace.getByRole('button', { name: tx.close }).click();
      await expect(trace).toBeHidden();

      // The leg opens its market details.
      await page.locator('section.moment a.moment__link').nth(1).click();
      await expect(page).toHaveURL(/marketdetails\?ref=m\d+$/);
      await settled(page);
      await expect(page.locator('main:visible')).toContainText(legName);
    });

    test('/incentiveplan answers in one line, groups this PY’s plans by reach and folds last year away', async ({
      page,
      problems,
      shoot,
    }) => {
      await signInAt(page, PLATINUM, `/incentiveplan?${layout.query}`);
      const overview = page.locator('section.inc-overview');
      await expect(overview).toBeVisible();
      await settled(page);
      const line = overview.locator('.inc-overview__line');
      await expect(line).toHaveText(tx.summary);
      expect((await line.boundingBox())!.y, 'the summary is in the first screen').toBeLessThan(layout.viewport.height);
      // The closest plan is a link to its page at its edition.
      await expect(line.locator('a')).toHaveAttribute('href', /^\/front\/incentiveplan\/[a-z]+\?year=26%2F27$/);

      // This PY by reach, in that order; no closed year's card among them.
      const headings = page.locator('h2.inc-group__reach');
      await expect(headings.first()).toContainText(tx.reach[0]);
      await expect(headings.nth(1)).toContainText(tx.reach[1]);
      const shown = page.locator('.inc-plan-card:visible');
      await expect(shown.filter({ hasText: '25/26 ·' })).toHaveCount(0);
      // Last year's plans are collapsed under one line of what came of them.
      const past = page.locator('details.inc-past');
      await expect(past).not.toHaveAttribute('open');
      await expect(past.locator('summary')).toHaveText(tx.past);
      await shoot(`19-plans-${tag}.png`);
      await past.locator('summary').click();
      await expect(past.locator('.inc-plan-card').first()).toBeVisible();
      await expect(past.locator('.inc-plan-card').first()).toContainText('25/26');
      expect(await seriousAxe(page)).toEqual([]);
    });

    test('a plan’s level cards say what they wait for: the open year in the present, the closed one in the past', async ({
      page,
      problems,
      shoot,
    }) => {
      await signInAt(page, PLATINUM, `/incentiveplan/seminars?year=25/26&${layout.query}`);
      await settled(page);
      const closed = page.locator('.inc-level');
      await expect(closed).toHaveCount(2);
      for (const level of await closed.all()) await expect(level.locator('.inc-gap').first()).toHaveText(tx.waitsClosed);
      await closed.first().scrollIntoViewIfNeeded();
      await shoot(`19-levels-closed-${tag}.png`);

      await page.goto(`/front/incentiveplan/seminars?${layout.query}`);
      await settled(page);
      await expect(page.locator('#inc-plan-name')).toHaveText(tx.seminar);
      const open = page.locator('.inc-level');
      await expect(open.first().locator('.inc-gap').first()).toHaveText(tx.waitsOpen);
      await open.first().scrollIntoViewIfNeeded();
      await shoot(`19-levels-open-${tag}.png`);
    });
  });
}

test.describe('year-switchable plan routes open the current PY unless ?year= says otherwise', () => {
  test('a bookmark or a message link shows this year’s plan; ?year= still opens another', async ({ page, problems }) => {
    await signInAt(page, PLATINUM, '/incentiveplan?lang=en');
    for (const [route, name] of [
      ['/incentiveplan/seminars', 'Seminars 26/27'],
      ['/incentiveplan/seminars/target', 'Seminars 26/27'],
      ['/incentiveplan/seminarstravelplan', 'Travel plan 26/27'],
      ['/incentiveplan/seminarstravelplan/pqdetails', 'Travel plan 26/27'],
      ['/incentiveplan/type/seminar', 'Seminars 26/27'],
      ['/incentiveplan/seminars?year=25/26', 'Seminars 25/26'],
    ] as const) {
      await test.step(route, async () => {
        // A fresh load, as a bookmark or a link in a message opens it.
        await page.goto(`/front${route}${route.includes('?') ? '&' : '?'}lang=en`);
        await expect(page.locator('#inc-plan-name')).toHaveText(name);
      });
    }
  });
});

test.describe('lists keep their scroll position when a page opened from them is left (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  /** Scrolls to `y`, taps the first link matching `selector` that is in view there, and returns `y` as it was. */
  async function openFrom(page: Page, selector: string, y: number): Promise<number> {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
    const at = await page.evaluate((sel) => {
      const link = Array.from(document.querySelectorAll<HTMLElement>(sel)).find((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.top > 80 && r.bottom < window.innerHeight - 20;
      });
      const r = link?.getBoundingClientRect();
      return r ? { x: r.left + Math.min(20, r.width / 2), y: r.top + Math.min(12, r.height / 2) } : null;
    }, selector);
    expect(at, `a link in view at ${y} px`).not.toBeNull();
    await page.touchscreen.tap(at!.x, at!.y);
    return y;
  }

  async function backTo(page: Page, y: number) {
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBe(y);
    // And it stays there once the page has settled.
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(y);
  }

  test('the market lists (the Diamond’s partners this month and this PY, the members of the market)', async ({ page, problems }) => {
    await signInAt(page, DIAMOND, '/incentiveplan/trackingpartnersmonthly?lang=en&channel=wec');
    for (const list of ['trackingpartnersmonthly', 'trackingpartnersannual', 'marketmembertracking']) {
      await test.step(list, async () => {
        await page.goto(`/front/incentiveplan/${list}?lang=en&channel=wec`);
        await settled(page);
        await expect(page.locator('a.market-person').first()).toBeVisible();
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const y = await openFrom(page, 'a.market-person', Math.max(200, Math.min(600, height - 844 - 100)));
        await expect(page).toHaveURL(/marketdetails\?ref=/);
        await settled(page);
        await backTo(page, y);
      });
    }
  });

  // In the company app (ca) the view cache keeps one view (docs/contract.md §9): the list is rebuilt on the way back.
  for (const channel of ['wec', 'ca'] as const) {
    test(`/incentiveplan, with last year’s plans opened (${channel})`, async ({ page, problems }) => {
      await signInAt(page, PLATINUM, `/incentiveplan?lang=en&channel=${channel}`);
      await settled(page);
      await page.locator('details.inc-past summary').click();
      await expect(page.locator('details.inc-past .inc-plan-card').first()).toBeVisible();
      const y = await openFrom(page, 'a.inc-plan-card__link', 1500);
      await expect(page.locator('.inc-header')).toBeVisible();
      await backTo(page, y);
      await expect(page.locator('details.inc-past')).toHaveAttribute('open');
    });
  }
});
