import { expect, test } from './fixtures.ts';
import { dismissHomeOverlays, signInAt, staffAt, WECHAT_UA } from './helpers.ts';

// Staff on a call (docs/product.md, Who uses it): "look up that distributor's page quickly, with every look-up
// audited" — a service tool, not a distributor's screen. And what every page owes everyone:
// the skeleton alone while loading, one message per failure in the UI's language, sign-out only
// where the app owns the session. On the e2e dataset (README's demo accounts: staff01, and
// 10000004 张建国). SHOTS_DIR: where screenshots go.

const LAYOUTS = [
  {
    name: 'phone',
    shot: 'zh-CN-390',
    viewport: { width: 390, height: 844 },
    query: 'lang=zh-CN',
    text: {
      lookup: '查询会员',
      label: '会员号或姓名',
      submit: '查询',
      open: '查看 张建国 10000004',
      banner: '以员工身份查看 张建国 10000004 · 已审计',
      another: '查询其他会员',
      recent: '最近查询',
      tooShort: /请输入完整的会员号或完整姓名/,
      readOnly: '员工只读',
      signOut: '退出登录',
      incentive: /激励计划/,
      profile: '我的资料',
    },
  },
  {
    name: 'desktop',
    shot: 'en-US-1280',
    viewport: { width: 1280, height: 800 },
    query: 'lang=en',
    text: {
      lookup: 'Look up a distributor',
      label: 'ABO number or name',
      submit: 'Look up',
      open: 'Open 张建国 10000004',
      banner: 'Viewing 张建国 10000004 as staff · audited',
      another: 'Look up another',
      recent: 'Recent look-ups',
      tooShort: /Enter the whole ABO number or the whole name/,
      readOnly: 'Read only for staff',
      signOut: 'Sign out',
      incentive: /Incentive plans/,
      profile: 'My profile',
    },
  },
] as const;

for (const layout of LAYOUTS) {
  test.describe(`staff on a call (${layout.name})`, () => {
    test.use({ viewport: layout.viewport });

    test('look up by name, see whose page it is and that it is audited, nothing to change, back to the list', async ({
      page,
      problems,
      shoot,
    }) => {
      const { text } = layout;
      await staffAt(page, '/', layout.query);

      // No distributor yet: the look-up, a labelled search form, not a distributor's home.
      const box = page.getByRole('searchbox', { name: text.label });
      await expect(page.getByRole('heading', { level: 1, name: text.lookup })).toBeVisible();
      await expect(page.getByRole('search')).toContainText(text.label);
      await expect(page.getByRole('link', { name: text.incentive })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: text.recent })).toBeVisible();

      // A part of a name is refused in the UI's language, in place.
      await box.fill('张');
      await box.press('Enter');
      await expect(page.getByRole('alert')).toHaveText(text.tooShort);

      await box.fill('张建国');
      await page.getByRole('button', { name: text.submit, exact: true }).click();
      const match = page.getByRole('button', { name: text.open });
      await expect(match).toContainText('10000004');
      await shoot(`staff-lookup-${layout.shot}.png`);

      await match.click();
      await expect(page).toHaveURL(/queryAda=10000004/);
      // One per page kept alive (the hidden ones too): the one on screen.
      const banner = page.getByTestId('staff-banner').filter({ visible: true });
      await expect(banner).toHaveText(new RegExp(`${text.banner}\\s*${text.another}`));
      await expect(page.getByRole('link', { name: text.incentive })).toBeVisible();
      // The first-visit guide is a distributor's; staff are not signed in here to sign out.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.adm-mask:visible')).toHaveCount(0);
      await expect(page.getByRole('button', { name: text.signOut })).toHaveCount(0);
      await shoot(`staff-banner-${layout.shot}.png`);
      // Home gives the distributor's whole ADA, as the banner does (a distributor sees it masked).
      await expect(page.getByRole('region', { name: text.profile })).toContainText('10000004');

      // No way to a page that changes the distributor's settings: the tools list and the rank page
      // keep their read links only.
      await page.goto(`/front/achievement?${layout.query}`);
      await expect(page.locator('a[href$="/achievement/estimate"]').first()).toBeVisible();
      await expect(page.locator('a[href*="/achievement/setshop"], a[href*="/achievement/dealerinvitation"]')).toHaveCount(0);
      await page.goto(`/front/achievement/localranktracking?${layout.query}`);
      await expect(page.locator('a[href$="/localranktracking/requirements"]').first()).toBeVisible();
      await expect(page.locator('a[href*="settarget"], a[href*="adjusttarget"]')).toHaveCount(0);

      // The banner makes the title bar taller: the estimate's answer still sticks under it, not behind it.
      await page.goto(`/front/achievement/estimate?${layout.query}`);
      const estimate = page.getByTestId('est-bar');
      await expect(estimate).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const titleBar = (await page.locator('header.page-frame__bar:visible').boundingBox())!;
      expect(titleBar.height).toBeGreaterThan(46);
      await expect(estimate).toHaveCSS('top', `${Math.round(titleBar.height)}px`);
      expect((await estimate.boundingBox())!.y).toBeGreaterThanOrEqual(titleBar.y + titleBar.height - 0.5);
      await page.goto(`/front/?${layout.query}`);

      // Every page keeps the banner; a page that changes the distributor's settings is read only.
      await page.getByRole('link', { name: text.incentive }).click();
      await expect(page).toHaveURL(/\/front\/incentiveplan/i);
      await expect(banner).toContainText('10000004');
      await page.goto(`/front/achievement/setshop?${layout.query}`);
      await expect(page.getByRole('heading', { name: text.readOnly }).first()).toBeVisible();
      await expect(banner).toContainText('10000004');

      // Back to the look-up: the distributor just seen is first in the recent list.
      await banner.getByRole('button', { name: text.another }).click();
      await expect(page.getByRole('heading', { level: 1, name: text.lookup })).toBeVisible();
      await expect(page.getByRole('button', { name: text.open })).toBeVisible();
    });
  });
}

test('a whole ADA opens the distributor at once, and each look-up is in the staff member’s audit trail', async ({ page }) => {
  await staffAt(page, '/', 'lang=en');
  await page.getByRole('searchbox', { name: 'ABO number or name' }).fill('10000004');
  await page.getByRole('searchbox', { name: 'ABO number or name' }).press('Enter');
  await expect(page.getByTestId('staff-banner')).toContainText('Viewing 张建国 10000004 as staff · audited');
  await page.goto('/front/test');
  await expect(page.getByRole('cell', { name: 'POST /bff/v1/common/staffLookup' }).first()).toBeVisible();
});

test.describe('everywhere', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('loading shows the skeleton only, and a failure says one thing, in the UI language', async ({ page }) => {
    await signInAt(page, '10000001', '/?channel=wec&lang=zh-CN');
    await dismissHomeOverlays(page);
    // The income page's data, slow and then failing as a busy system answers (docs/contract.md §8: 9900004).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/bff/v1/income/**', async (route) => {
      await gate;
      await route.fulfill({ json: { code: 9900004, message: 'Database unavailable', success: false, data: null } });
    });
    await page.goto('/front/income/servicefee?lang=zh-CN');
    await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
    // Long enough for a loading toast to have come up over the skeleton.
    await page.waitForTimeout(1000);
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
    release();
    const failure = page.locator('.card[role="alert"]');
    await expect(failure.first()).toContainText('网络异常，请重试');
    await expect(page.getByText('Database unavailable')).toHaveCount(0);
    await page.waitForTimeout(500);
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0);

    // A transport failure says "network", once.
    await page.unroute('**/bff/v1/income/**');
    await page.route('**/bff/v1/income/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: '重试' }).first().click();
    await expect(failure.first()).toContainText('网络错误');
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  });

  test('sign-out where the app signed the user in, not inside WeChat', async ({ page, browser }) => {
    await signInAt(page, '10000001', '/?channel=ebiz&lang=zh-CN');
    await dismissHomeOverlays(page);
    await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();

    const wechat = await browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 390, height: 844 } });
    const inWeChat = await wechat.newPage();
    await signInAt(inWeChat, '10000001', '/?channel=wec&lang=zh-CN');
    await dismissHomeOverlays(inWeChat);
    await expect(inWeChat.getByRole('link', { name: /激励计划/ })).toBeVisible();
    await expect(inWeChat.getByRole('button', { name: '退出登录' })).toHaveCount(0);
    await wechat.close();
  });
});
