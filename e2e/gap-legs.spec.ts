import { expect, test } from './fixtures.ts';
import { settled, signInAt } from './helpers.ts';

// Issue #22: from a plan's FLQ or LDD gap, the legs that could close it — as the demo Diamond
// (README: 10000002) on the e2e dataset (today 2026-11-21, PY 26/27 open). SHOTS_DIR: where
// screenshots go.

const DIAMOND = '10000002';

test.describe('desktop (1280 × 800), en-US', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the LDD gap lists the legs that can still reach 6 Q months, fewest months needed first, each with a star', async ({
    page,
    problems,
    shoot,
  }) => {
    await signInAt(page, DIAMOND, '/incentiveplan/femtravelplan?lang=en');
    await settled(page, { within: 'main:visible', toasts: false });
    const ldd = page.locator('main:visible li.inc-criterion').filter({ hasText: /LDD/ }).first();
    const open = ldd.getByRole('button', { name: 'Legs that could close the gap' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const legs = ldd.getByRole('list', { name: 'Legs that could close the gap' });
    await expect(legs.getByRole('listitem').first()).toBeVisible();
    const needs = await legs.locator('.gap-leg__need').allInnerTexts();
    const parsed = needs.map((s) => /^(\d+)\/6 Q months · (\d+) more$/.exec(s));
    expect(parsed.every((m) => m !== null)).toBe(true);
    const more = parsed.map((m) => Number(m![2]));
    expect(more.every((n, i) => i === 0 || more[i - 1]! <= n)).toBe(true);
    // Q months so far and the months still needed make 6.
    for (const m of parsed) expect(Number(m![1]) + Number(m![2])).toBe(6);
    await shoot('gap-legs-ldd-en-US-1280.png');
    // A star from here is the watchlist's: pressed, then back as it was.
    const star = legs.getByRole('button', { name: /^Watch / }).first();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
  });
});

test.describe('phone (390 × 844), zh-CN, in WeChat', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the FLQ details page shows the nearest legs to Q this month, each opening its market details', async ({
    page,
    problems,
    shoot,
  }) => {
    await signInAt(page, DIAMOND, '/incentiveplan/femtravelplan/flqdetails?lang=zh-CN');
    await settled(page, { within: 'main:visible', toasts: false });
    const card = page.locator('main:visible section.card').filter({ has: page.getByRole('heading', { name: '可补上差距的一线' }) });
    const legs = card.getByRole('list', { name: '可补上差距的一线' });
    await expect(legs.getByRole('listitem').first()).toBeVisible();
    const toQ = (await legs.locator('.gap-leg__need').allInnerTexts()).map((s) => Number(s.replace(/[^\d]/g, '')));
    expect(toQ.every((n, i) => i === 0 || toQ[i - 1]! <= n)).toBe(true);
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.scrollIntoViewIfNeeded();
    await shoot('gap-legs-flq-zh-CN-390.png');
    await legs.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/incentiveplan\/marketdetails\?ref=m\d+/);
  });
});
