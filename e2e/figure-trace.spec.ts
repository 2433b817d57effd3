import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousAxe, settled, signInAt } from './helpers.ts';

// The new member's moment (docs/product.md, Who uses it): "how is this calculated" opens the trace of *that* figure —
// its inputs, the rule, the result — not a generic help page. As the demo Platinum (README:
// 10000001) on the e2e dataset (today 2026-11-21). SHOTS_DIR: where screenshots go.

const PLATINUM = '10000001';

/** A headline figure's number by its label. */
async function figure(page: Page, label: string): Promise<string> {
  const block = page.locator('main:visible .figure-block').filter({ has: page.getByText(label, { exact: true }) });
  return (await block.locator('.figure').first().innerText()).trim();
}

const LAYOUTS = [
  {
    name: 'phone',
    viewport: { width: 390, height: 844 },
    lang: 'zh-CN',
    query: 'lang=zh-CN&channel=wec',
    button: '如何计算？',
    close: '关闭',
    ppv: '个人 PV',
    bracket: '业绩奖励比例',
    gpv: '小组总 PV',
    marketPv: '整体市场 PV',
    october: '2026年10月',
    spMonth: 'SP 月',
    spResult: (apv: string, q: string) => new RegExp(`^APV ${apv}，21% 线 ${q} 条 → (是|不是) SP 月$`),
    title: /^业绩奖励比例 · 2026年11月$/,
    result: /^小组总 PV ([\d,]+) = 个人 PV ([\d,]+) \+ 一线 ([\d,]+) → (\d+)%（/,
    qStatus: 'Q 状态',
    isQ: '已达 Q',
    pvToQ: '距 Q 还差',
    openMonth: '2026年11月 *',
    qTitle: /^Q 状态 · 2026年11月$/,
    qResult: /^小组总 PV ([\d,]+) (≥|<) ([\d,]+) → (已达 Q（21%）|未达 Q)$/,
    qThreshold: 'Q 门槛（21% 业绩奖励比例）',
  },
  {
    name: 'desktop',
    viewport: { width: 1280, height: 800 },
    lang: 'en-US',
    query: 'lang=en',
    button: 'How is this calculated?',
    close: 'Close',
    ppv: 'Personal PV',
    bracket: 'Performance bracket',
    gpv: 'Group PV',
    marketPv: 'Whole-market PV',
    october: 'Oct 2026',
    spMonth: 'SP month',
    spResult: (apv: string, q: string) => new RegExp(`^APV ${apv}, 21% legs ${q} → (an|not an) SP month$`),
    title: /^Performance bracket · Nov 2026$/,
    result: /^Group PV ([\d,]+) = personal PV ([\d,]+) \+ legs ([\d,]+) → (\d+)% \(/,
    qStatus: 'Q status',
    isQ: 'Q',
    pvToQ: 'PV to Q',
    openMonth: 'Nov 2026 *',
    qTitle: /^Q status · Nov 2026$/,
    qResult: /^Group PV ([\d,]+) (≥|<) ([\d,]+) → (Q \(21%\)|not Q)$/,
    qThreshold: 'Q threshold (21% bracket)',
  },
] as const;

for (const layout of LAYOUTS) {
  const tag = `${layout.lang}-${layout.viewport.width}`;
  test.describe(`figure traces on ${layout.name} (${layout.viewport.width} × ${layout.viewport.height}), ${layout.lang}`, () => {
    test.use({ viewport: layout.viewport, hasTouch: layout.name === 'phone' });

    test('/achievement: the bracket’s "how is this calculated" opens that month’s trace with the page’s figures', async ({
      page,
      problems,
      shoot,
    }) => {
      await signInAt(page, PLATINUM, `/achievement?${layout.query}`);
      await settled(page);
      const ppv = await figure(page, layout.ppv);
      const bracket = await figure(page, layout.bracket);

      const block = page.locator('main:visible .figure-block').filter({ has: page.getByText(layout.bracket, { exact: true }) });
      const button = block.getByRole('button', { name: layout.button });
      await button.click();
      const dialog = page.getByRole('dialog', { name: layout.title });
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('button', { name: layout.close })).toBeFocused();

      // The trace's inputs are the page's: its personal PV and, added to the legs', the group PV
      // whose band is the bracket the page shows.
      const result = (await dialog.locator('[data-testid="trace-result"]').innerText()).trim();
      const m = result.match(layout.result);
      expect(m, result).not.toBeNull();
      const [, gpv, tracePpv, legs, percent] = m!;
      expect(tracePpv).toBe(ppv);
      // The page shows the bracket as one figure, "18%".
      expect(`${percent}%`).toBe(bracket);
      const n = (s: string) => Number(s.replace(/,/g, ''));
      expect(n(gpv!)).toBe(n(tracePpv!) + n(legs!));
      await expect(dialog.getByText(layout.gpv, { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(`${gpv} PV`);
      await expect(dialog.getByRole('link')).toHaveAttribute('href', '/front/descpage?code=BRACKET');
      expect(await seriousAxe(page, '.trace-popup')).toEqual([]);
      // The popup finishes sliding in before the picture.
      await shoot(`trace-bracket-${tag}.png`, { settleMs: 400 });

      // Escape closes it and the focus is back on the button.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();

      // The top-up page shows the month's group PV: the same number the trace added up.
      await page.goto(`/front/achievement/topup?${layout.query}`);
      await settled(page);
      expect(await figure(page, layout.marketPv)).toBe(gpv);
    });

    test('/achievement/localranktracking: a month’s SP answer opens that month’s test with its APV and 21 % legs', async ({
      page,
      shoot,
    }) => {
      await signInAt(page, PLATINUM, `/achievement/localranktracking?${layout.query}`);
      await settled(page);
      const row = page.locator('main:visible tr').filter({ has: page.getByRole('rowheader', { name: layout.october, exact: true }) });
      const cells = row.getByRole('cell');
      const apv = (await cells.nth(0).innerText()).trim();
      const qLegs = (await cells.nth(1).innerText()).trim();
      await row.getByRole('button', { name: `${layout.button} ${layout.spMonth} ${layout.october}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('[data-testid="trace-result"]')).toHaveText(layout.spResult(apv, qLegs));
      await shoot(`trace-sp-${tag}.png`, { settleMs: 400 });
    });

    test('/incentiveplan/marketdetails: the Q headline opens this month’s Q trace with the month’s own volumes', async ({
      page,
      problems,
      shoot,
    }) => {
      await signInAt(page, PLATINUM, `/incentiveplan/marketdetails?${layout.query}`);
      await settled(page);
      // The open month's row of the month table: its personal and group PV.
      const row = page.locator('main:visible tr').filter({ has: page.getByRole('rowheader', { name: layout.openMonth, exact: true }) });
      const cells = row.getByRole('cell');
      const ppv = (await cells.nth(0).innerText()).trim();
      const gpv = (await cells.nth(1).innerText()).trim();

      const button = page.getByRole('button', { name: `${layout.button} ${layout.qStatus}`, exact: true });
      await button.click();
      const dialog = page.getByRole('dialog', { name: layout.qTitle });
      await expect(dialog).toBeVisible();
      const value = (label: string) => dialog.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
      await expect(value(layout.ppv)).toHaveText(`${ppv} PV`);
      await expect(value(layout.gpv)).toHaveText(`${gpv} PV`);
      const result = (await dialog.locator('[data-testid="trace-result"]').innerText()).trim();
      const m = result.match(layout.qResult);
      expect(m, result).not.toBeNull();
      const [, traceGpv, sign, threshold] = m!;
      expect(traceGpv).toBe(gpv);
      await expect(value(layout.qThreshold)).toHaveText(`${threshold} PV`);
      // The answer is the headline's: Q, or the PV still needed is the threshold less the group PV.
      const n = (x: string) => Number(x.replace(/,/g, ''));
      if (sign === '≥') {
        expect(await figure(page, layout.isQ)).toBe('✓');
      } else {
        expect(n(await figure(page, layout.pvToQ))).toBe(n(threshold!) - n(gpv));
      }
      await expect(dialog.getByRole('link')).toHaveAttribute('href', '/front/descpage?code=Q_MONTH');
      expect(await seriousAxe(page, '.trace-popup')).toEqual([]);
      await shoot(`trace-q-${tag}.png`, { settleMs: 400 });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
    });

    test('/income/pretaxdetails: the tax’s trace works the withholding out', async ({ page, shoot }) => {
      await signInAt(page, PLATINUM, `/income/pretaxdetails?${layout.query}`);
      await settled(page);
      await page.getByRole('button', { name: new RegExp(`^${layout.button.replace('?', '\\?')}`) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('[data-testid="trace-result"]')).toContainText('¥');
      await shoot(`trace-tax-${tag}.png`, { settleMs: 400 });
    });
  });
}
