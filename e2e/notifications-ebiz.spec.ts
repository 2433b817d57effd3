import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD } from './helpers.ts';

// Issue #21 on the ebiz channel: the app runs in an iframe of the company's portal (the demo
// portal at /ebiz-demo/). Signed in inside the frame, the bell's count, the panel, a notification
// opening the page and month that explain it, and the count going down, all inside the frame
// while the portal page stays where it is. Each run reads one notification about a month, and
// notifications.spec.ts's users (10000001, 10000004) have one each, so this one has its own:
// the Diamond 10000002, whose history the staff test there only reads.
// SHOTS_DIR: where screenshots go.

const VIEWPORT = { width: 1280, height: 800 };
const PORTAL = /\/ebiz-demo\/$/;
const ADA = '10000002';

/** Closes the first-visit guide and notices inside the frame, as a returning user would have. */
async function dismissFrameOverlays(page: Page, app: FrameLocator): Promise<void> {
  const button = app.getByRole('button', { name: /^(下一步|开始使用|知道了|Next|Get started|Got it)$/ }).first();
  // One arriving after the loop below is closed before the test's next action (as helpers.ts does).
  await page.addLocatorHandler(button, (b) => b.click({ timeout: 3000 }).catch(() => undefined), { noWaitAfter: true });
  // Each overlay arrives after a round trip; none for a while means none is coming.
  for (let i = 0; i < 12; i++) {
    const shown = await button
      .waitFor({ state: 'visible', timeout: 2500 })
      .then(() => true)
      .catch(() => false);
    if (!shown) return;
    await button.click({ timeout: 3000 }).catch(() => undefined);
  }
}

/** The address the app's frame shows. */
const frameUrl = (page: Page) => page.locator('#inquiry').evaluate((f) => (f as HTMLIFrameElement).contentWindow!.location.href);

test.describe('notifications in the ebiz portal', () => {
  test.use({ viewport: VIEWPORT, locale: 'en-US' });

  test('signed in inside the portal’s frame: the bell’s count, the panel, the month that explains it, read', async ({
    page,
    problems,
    shoot,
  }) => {
    // The demo portal page names no icon, so the browser asks for /favicon.ico: the portal's
    // business, not the app's.
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    await page.goto('/ebiz-demo/');
    const app = page.frameLocator('#inquiry');

    // Signing in inside the frame: the app's sign-in page frames the IdP's form in turn.
    const form = app.frameLocator('iframe.login-frame');
    await form.getByLabel('ABO number').fill(ADA);
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(app.locator('.home-profile')).toBeVisible();
    await expect(page).toHaveURL(PORTAL);
    await dismissFrameOverlays(page, app);

    // The bell in the frame's title bar, with the unread count, within the portal's first screen.
    const bellName = /^Notifications, (\d+) unread$/;
    const bell = app.getByRole('link', { name: bellName });
    await expect(bell).toBeVisible();
    const before = Number(bellName.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    expect(before).toBeGreaterThan(0);
    await expect(bell).toHaveText(before > 99 ? '99+' : String(before));
    const bellBox = (await bell.boundingBox())!;
    expect(bellBox.y + bellBox.height).toBeLessThan(VIEWPORT.height);

    // The panel opens inside the frame (its address there), the portal page staying put.
    await bell.click();
    await expect.poll(() => frameUrl(page)).toMatch(/[?&]notifications=1(&|$)/);
    await expect(page).toHaveURL(PORTAL);
    const panel = app.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('listitem').first()).toBeVisible();
    await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
    // Its header and first items are on the portal's screen, whatever height the frame was given.
    const frameBox = (await page.locator('#inquiry').boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.y).toBeGreaterThanOrEqual(frameBox.y - 1);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width + 1);
    const firstBox = (await panel.getByRole('listitem').first().boundingBox())!;
    expect(firstBox.y + firstBox.height).toBeLessThan(VIEWPORT.height);
    await shoot('notif-ebiz-en-US-1280.png');

    // The newest unread notification about a month opens that page and month in the frame.
    const item = panel.getByRole('link').filter({ hasText: 'Unread:' }).and(panel.locator('a[href*="month="]')).first();
    const href = (await item.getAttribute('href'))!;
    expect(href).toMatch(/^\/front\/[a-z/]+\?month=\d{4}-\d{2}$/);
    const month = new URL(href, 'http://x').searchParams.get('month')!;
    await item.click();
    await expect(panel).toBeHidden();
    await expect.poll(() => frameUrl(page)).toBe(new URL(href, page.url()).href);
    await expect(page).toHaveURL(PORTAL);
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
    // The page shows that month: its statement's heading names it ("Oct 2026" for 2026-10).
    const [y, m] = month.split('-').map(Number) as [number, number];
    const monthName = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    await expect(app.getByRole('heading', { level: 2, name: new RegExp(`\\b${monthName}$`) }).first()).toBeVisible();
    // One fewer unread, on the page it landed on.
    await expect(app.getByRole('link', { name: `Notifications, ${before - 1} unread` })).toBeVisible();
  });
});
