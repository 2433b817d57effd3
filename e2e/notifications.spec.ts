import { expect, test } from './fixtures.ts';
import { dismissHomeOverlays, seriousAxe, signInAt, staffAt } from './helpers.ts';

// Issue #21, in the page: the bell's count on home, the notifications panel (addressed as
// ?notifications=1 on the page it opens over), a notification's link to the page and month that
// explain it, and opening it marks it read. As two demo distributors who are paid (README: the
// Founders Platinum 10000004 on a phone, the Platinum 10000001 on the desktop; each run reads one
// notification, so each layout has its own), whose month closes the seed has notified.
// SHOTS_DIR: where screenshots go.

const LAYOUTS = [
  {
    name: 'phone',
    ada: '10000004',
    shot: 'zh-CN-390',
    viewport: { width: 390, height: 844 },
    query: 'lang=zh-CN&channel=wec',
    text: {
      bell: /^通知，(\d+) 条未读$/,
      bellOf: (n: number) => `通知，${n} 条未读`,
      panel: '通知',
      unread: '未读:',
      settings: '推送设置',
      save: '保存设置',
    },
  },
  {
    name: 'desktop',
    ada: '10000001',
    shot: 'en-US-1280',
    viewport: { width: 1280, height: 800 },
    query: 'lang=en',
    text: {
      bell: /^Notifications, (\d+) unread$/,
      bellOf: (n: number) => `Notifications, ${n} unread`,
      panel: 'Notifications',
      unread: 'Unread:',
      settings: 'Push settings',
      save: 'Save settings',
    },
  },
] as const;

for (const layout of LAYOUTS) {
  test.describe(`notifications (${layout.name})`, () => {
    test.use({ viewport: layout.viewport });

    test('the bell’s count, the list, a link to the month that explains it, marked read', async ({ page, problems, shoot }) => {
      const { text } = layout;
      await signInAt(page, layout.ada, `/?${layout.query}`);
      await dismissHomeOverlays(page);

      // The bell, in home's title bar, with the unread count.
      const bell = page.getByRole('link', { name: text.bell });
      await expect(bell).toBeVisible();
      const before = Number(text.bell.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
      expect(before).toBeGreaterThan(0);
      await expect(bell).toHaveText(before > 99 ? '99+' : String(before));
      expect(await bell.boundingBox().then((b) => b!.y + b!.height)).toBeLessThan(layout.viewport.height);
      await shoot(`notif-bell-home-${layout.shot}.png`);

      // The panel opens over home as ?notifications=1, and Back closes it.
      await bell.click();
      await expect(page).toHaveURL(/[?&]notifications=1(&|$)/);
      const panel = page.getByRole('dialog', { name: text.panel });
      await expect(panel.getByRole('listitem').first()).toBeVisible();
      await page.goBack();
      await expect(panel).toBeHidden();
      await expect(page).not.toHaveURL(/notifications=/);

      // A link opens it too, and a refresh keeps it.
      await page.goto(`/front/?${layout.query}&notifications=1`);
      await expect(panel.getByRole('listitem').first()).toBeVisible();
      await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
      await shoot(`notif-panel-${layout.shot}.png`);
      expect(await seriousAxe(page, '[role="dialog"]')).toEqual([]);

      // The newest unread notification about a month: its link is that page and month.
      const item = panel.getByRole('link').filter({ hasText: text.unread }).and(panel.locator('a[href*="month="]')).first();
      const href = (await item.getAttribute('href'))!;
      expect(href).toMatch(/^\/front\/[a-z/]+\?month=\d{4}-\d{2}$/);
      const title = (await item.locator('.notif-item__title').innerText()).replace(text.unread, '').trim();
      await item.click();
      await expect(panel).toBeHidden();
      await expect(page).toHaveURL(new URL(href, page.url()).href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // One fewer unread, on the page it landed on.
      await expect(page.getByRole('link', { name: text.bellOf(before - 1) })).toBeVisible();

      // Opened again: that one is read now (no dot, no "unread").
      await page.getByRole('link', { name: text.bellOf(before - 1) }).click();
      const opened = panel.getByRole('link', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
      await expect(opened).toBeVisible();
      await expect(opened).not.toContainText(text.unread);

      // The push settings are a tab away.
      await panel.getByRole('tab', { name: text.settings }).click();
      await expect(panel.getByRole('switch').first()).toBeVisible();
      await expect(panel.getByRole('button', { name: text.save })).toBeVisible();
      await shoot(`notif-settings-${layout.shot}.png`);
      expect(await seriousAxe(page, '[role="dialog"]')).toEqual([]);
    });
  });
}

test.describe('notifications for staff', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('staff reading a distributor see the history with each push’s status, and nothing to change', async ({ page, problems, shoot }) => {
    await staffAt(page, '/', { lang: 'en', queryAda: '10000002' });
    await expect(page.getByTestId('staff-banner').filter({ visible: true })).toContainText('10000002');

    await page.getByRole('link', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText(/Staff view \(read only\)/)).toBeVisible();
    const first = panel.getByRole('listitem').first();
    await expect(first).toBeVisible();
    await expect(first).toContainText('Pushes');
    await expect(first).toContainText(/(WeChat|App) · (Sent|Pending|Failed|Not pushed)/);
    await expect(panel.getByRole('tab')).toHaveCount(0);
    await expect(panel.getByRole('switch')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
    await shoot('notif-staff-en-US-1280.png');
  });
});

test.describe('the page under the panel', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('keeps its place and state: opening and closing the panel neither reloads nor scrolls it', async ({ page }) => {
    await signInAt(page, '10000001', '/?lang=en&channel=wec');
    await dismissHomeOverlays(page);
    await expect(page.locator('.home-profile')).toBeVisible();
    await page.evaluate(() => document.querySelector('.home-profile')?.setAttribute('data-marker', 'kept'));
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const before = await page.evaluate(() => window.scrollY);
    await page.getByRole('link', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('listitem').first()).toBeVisible();
    // Under the panel: the same page, not a fresh copy scrolled to the top.
    await expect(page.locator('.home-profile').filter({ visible: true })).toHaveAttribute('data-marker', 'kept');
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await page.goBack();
    await expect(panel).toBeHidden();
    expect(await page.locator('.home-profile').getAttribute('data-marker')).toBe('kept');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  });
});
