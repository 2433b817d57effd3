import { expect, test } from './fixtures.ts';
import { dismissHomeOverlays, seriousAxe, settled, signInAt } from './helpers.ts';

// The new member's moment (docs/product.md, Who uses it): "what do these words mean, and what is my first goal?" As the
// demo's new member (README: 10000003, joined this PY, below Silver) on the e2e dataset (today
// 2026-11-21, PY 26/27 open). SHOTS_DIR: where screenshots go.

const NEW_MEMBER = '10000003';

const LAYOUTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, lang: 'zh-CN', query: 'lang=zh-CN&channel=wec' },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, lang: 'en-US', query: 'lang=en' },
] as const;

const TEXT = {
  'zh-CN': {
    goal: /^本月再做 [\d,]+ PV，即可达到 \d+% 业绩奖励比例$/,
    pvTerm: 'PV',
    pvDialog: 'PV（积分）',
    close: '关闭',
    topup: '还差多少',
    estimate: '试算本月',
    invite: '邀请新成员',
    glossary: ['PV', 'BV', 'APV', 'SP 月', 'Q', 'FLQ', 'LDD', '业绩奖励比例'],
    listTitle: '名词与规则说明',
    bracketRow: '业绩奖励比例',
    presetBracket: /^\+[\d,]+ PV 达到 \d+%$/,
  },
  'en-US': {
    goal: /^[\d,]+ more PV this month reaches the \d+% bracket$/,
    pvTerm: 'PV',
    pvDialog: 'PV (point value)',
    close: 'Close',
    topup: 'What is missing',
    estimate: 'Try an estimate',
    invite: 'Invite a member',
    glossary: ['PV', 'BV', 'APV', 'SP month', 'Q', 'FLQ', 'LDD', 'bracket'],
    listTitle: 'Terms and rules explained',
    bracketRow: 'Performance bracket',
    presetBracket: /^\+[\d,]+ PV reaches \d+%$/,
  },
} as const;

for (const layout of LAYOUTS) {
  const tx = TEXT[layout.lang];
  const tag = `${layout.lang}-${layout.viewport.width}`;

  test.describe(`the new member's moment on ${layout.name} (${layout.viewport.width} × ${layout.viewport.height}), ${layout.lang}`, () => {
    test.use({ viewport: layout.viewport, hasTouch: layout.name === 'phone' });

    test('home states the first goal in plain words, in the first screen, with top-up and the estimate a tap away', async ({
      page,
      problems,
      shoot,
    }) => {
      await signInAt(page, NEW_MEMBER, `/?${layout.query}`);
      await dismissHomeOverlays(page);
      await settled(page);
      const goal = page.getByTestId('first-goal');
      await expect(goal.locator('.moment__goal-text')).toHaveText(tx.goal);
      const box = (await goal.boundingBox())!;
      expect(box.y + box.height, 'the goal is in the first screen').toBeLessThanOrEqual(layout.viewport.height);
      // The figure is the top-up page's: the same PV still needed for the same bracket.
      const [, pv] = /([\d,]+)/.exec(await goal.locator('.moment__goal-text').innerText())!;
      await expect(goal.getByRole('link', { name: tx.topup })).toHaveAttribute('href', '/front/achievement/topup');
      await expect(goal.getByRole('link', { name: tx.estimate })).toHaveAttribute('href', '/front/achievement/estimate');
      // No frontline yet: the empty state says what to do.
      await expect(page.getByRole('link', { name: tx.invite })).toHaveAttribute('href', '/front/achievement/dealerinvitation');
      // Every term is a tap from its meaning.
      const glossary = page.locator('.home-glossary');
      await expect(glossary.getByRole('button')).toHaveText([...tx.glossary]);
      await shoot(`newmember-home-${tag}.png`);
      expect(await seriousAxe(page)).toEqual([]);

      // Tap the goal's "PV": its definition in a dialog; closing gives the focus back.
      const term = goal.getByRole('button', { name: tx.pvTerm });
      await term.click();
      const dialog = page.getByRole('dialog', { name: tx.pvDialog });
      await expect(dialog).toBeVisible();
      await shoot(`newmember-term-${tag}.png`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(term).toBeFocused();
      // And by keyboard alone.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: tx.pvDialog })).toBeVisible();
      await page.getByRole('button', { name: tx.close }).click();
      await expect(page.getByRole('dialog', { name: tx.pvDialog })).toBeHidden();

      await goal.getByRole('link', { name: tx.topup }).click();
      await expect(page).toHaveURL(/\/front\/achievement\/topup/);
      await settled(page);
      await expect(page.locator('main:visible')).toContainText(pv!);
    });

    test('the estimate keeps its answer in view while the sliders move, and its presets set the what-if', async ({
      page,
      problems,
      shoot,
    }) => {
      await signInAt(page, NEW_MEMBER, `/achievement/estimate?${layout.query}`);
      await settled(page);
      const bar = page.getByTestId('est-bar');
      await expect(bar).toBeVisible();
      const preset = page.locator('[data-preset="nextBracket"]');
      await expect(preset).toHaveText(tx.presetBracket);
      const [, percent] = /(\d+)%$/.exec(await preset.innerText())!;
      await preset.click();
      await expect(preset).toHaveAttribute('aria-pressed', 'true');
      await expect(bar).toContainText(`${percent}%`);
      await expect(page.getByTestId('est-bracket')).toHaveText(`${percent}%`);
      await shoot(`newmember-estimate-${tag}.png`);
      // Scrolled to the last slider, the answer is still in view.
      await page.getByRole('button', { name: layout.lang === 'zh-CN' ? '重置' : 'Reset' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const barBox = (await bar.boundingBox())!;
      expect(barBox.y).toBeGreaterThanOrEqual(0);
      expect(barBox.y + barBox.height).toBeLessThanOrEqual(layout.viewport.height);
      // Under the title bar, not behind it: it sticks at the bar's own height (set by the page).
      const titleBar = (await page.locator('header.page-frame__bar:visible').boundingBox())!;
      await expect(bar).toHaveCSS('top', `${Math.round(titleBar.height)}px`);
      expect(barBox.y).toBeGreaterThanOrEqual(titleBar.y + titleBar.height - 0.5);
      await expect(page.getByRole('button', { name: tx.bracketRow })).toHaveAttribute('aria-haspopup', 'dialog');
      await shoot(`newmember-estimate-scrolled-${tag}.png`);
      expect(await seriousAxe(page)).toEqual([]);
    });

    test('/descpage with no code lists the explanations', async ({ page, problems, shoot }) => {
      await signInAt(page, NEW_MEMBER, `/descpage?${layout.query}`);
      await settled(page);
      await expect(page.getByRole('heading', { name: tx.listTitle })).toBeVisible();
      const links = page.locator('a.desc-list__link');
      expect(await links.count()).toBeGreaterThanOrEqual(5);
      await expect(links.first()).toHaveAttribute('href', /\/front\/descpage\?code=[A-Z_]+$/);
      await shoot(`newmember-descpage-${tag}.png`);
      await links.nth(1).click();
      await expect(page).toHaveURL(/descpage\?code=/);
      await expect(page.locator('article.prose')).toBeVisible();
    });
  });
}
