import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { WEC_UA, session, sessionTokenFor, signInAt, watchProblems } from './helpers.ts';

// Issue #36: a page entered from the portal with a one-time sessionToken comes rendered: the BFF
// exchanges the token, renders the page with the web app's own modules and writes into it the
// exchange's answer and the answers of the page's calls (apps/bff/src/page-render/). The page's
// figures are in the first answer, before any script has run; then the app signs in and renders
// the same page from those answers, asking the BFF for neither again.
interface Case {
  name: string;
  path: string;
  /** The calls the render made, which the browser does not make again. */
  served: string[];
  /** The element whose text (or `attr`) is the page's main figure. */
  figure: (page: Page) => Locator;
  attr?: string;
}

const CASES: Case[] = [
  {
    name: 'home',
    path: '/?channel=wec',
    served: ['/bff/v1/common/idaasToken', '/bff/v1/home/summary'],
    figure: (page) => page.locator('a.area-card[href$="/incentiveplan"] .figure').first(),
  },
  {
    name: 'seminar plan',
    path: '/incentiveplan/seminars?channel=wec',
    served: ['/bff/v1/common/idaasToken', '/bff/v1/incentive/plan'],
    figure: (page) => page.locator('#inc-plan-name'),
  },
  {
    name: 'service fee',
    path: '/income/servicefee?channel=wec',
    served: ['/bff/v1/common/idaasToken', '/bff/v1/income/statement'],
    figure: (page) => page.locator('table.income-items [data-net-fen]'),
    attr: 'data-net-fen',
  },
];

test.use({ userAgent: WEC_UA, viewport: { width: 390, height: 844 } });

const read = async (c: Case, page: Page) => {
  const figure = c.figure(page);
  await expect(figure).toBeVisible();
  return c.attr ? await figure.getAttribute(c.attr) : await figure.textContent();
};

for (const c of CASES) {
  test(`${c.name}: the first answer shows the page, and the app takes it over without asking again`, async ({ page, browser }) => {
    // Without scripts: what the page's first answer alone shows.
    const bare = await browser.newContext({ javaScriptEnabled: false, userAgent: WEC_UA, viewport: { width: 390, height: 844 } });
    const still = await bare.newPage();
    await still.goto(`/front${c.path}&sessionToken=${encodeURIComponent(await sessionTokenFor(page.request, '10000001'))}`);
    await expect(still.locator('[data-first-page]')).toHaveCount(1);
    const rendered = await read(c, still);
    expect(rendered).toBeTruthy();
    await bare.close();

    const problems = watchProblems(page);
    const bff: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/bff/')) bff.push(r);
    });
    // The server's markup, then the app's: signed in once the marked element is gone.
    const token = await signInAt(page, '10000001', c.path);
    expect(await session(page, '_sessionToken')).toContain(token);
    // The app's own render, from the answers the page carried: the same figure.
    expect(await read(c, page)).toBe(rendered);
    await page.waitForLoadState('networkidle');
    const paths = bff.map((r) => new URL(r.url()).pathname);
    for (const p of c.served) expect(paths, p).not.toContain(p);
    // The token was exchanged once, by the BFF: it signs no one in again.
    const again = await page.request.post('/bff/v1/common/idaasToken', { data: { sessionToken: token, channel: 'wec' } });
    expect(((await again.json()) as { code: number }).code).not.toBe(0);
    expect(problems).toEqual([]);
  });
}

test('a used link still lands on the sign-in path, as before', async ({ page }) => {
  const token = await sessionTokenFor(page.request, '10000001');
  await page.request.post('/bff/v1/common/idaasToken', { data: { sessionToken: token, channel: 'wec' } });
  await page.goto(`/front/income/servicefee?channel=wec&sessionToken=${encodeURIComponent(token)}`);
  // The BFF's refused exchange is the app's answer: on a phone, the IdP portal to sign in again.
  await expect(page).toHaveURL(/\/idp\/login\?redirect_uri=/);
  expect(await session(page, 'accessToken')).toBeNull();
});
