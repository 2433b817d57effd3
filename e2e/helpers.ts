import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { SPEC_PAGE_PATHS, type PagePath, type SpecPagePath } from '@abo/contract/pages';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
export const WEC_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1';
export const WECHAT_UA = `${WEC_UA} MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN`;

/** The contract's pages at and below `area` (e.g. '/achievement'), in docs/routes.txt's order. */
export function pagesUnder(area: SpecPagePath): SpecPagePath[] {
  return SPEC_PAGE_PATHS.filter((p) => p === area || p.startsWith(`${area}/`));
}

/** The market and partner pages (a Diamond reviewing the team): e2e/incentive-market.spec.ts's. */
export const MARKET_PAGES: readonly PagePath[] = [
  '/incentiveplan/trackingpartnersmonthly',
  '/incentiveplan/trackingpartnersannual',
  '/incentiveplan/keycoachingpartnersmonthly',
  '/incentiveplan/keycoachingpartners',
  '/incentiveplan/trackingcopies',
  '/incentiveplan/marketmembertracking',
  '/incentiveplan/marketmembertracking/useguide',
  '/incentiveplan/marketdetails',
  '/incentiveplan/type/marketmembertracking',
];

/** A fresh one-time session token from the embedded IdP (what its sign-in page hands out). */
export async function sessionTokenFor(request: APIRequestContext, ada: string): Promise<string> {
  const res = await request.post('/idp/session', { data: { username: ada, password: DEMO_PASSWORD } });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`sign-in failed for ${ada}: ${body.message}`);
  return body.data.sessionToken as string;
}

/** staff01's tokens from the embedded IdP's staff sign-in (what its redirect hands over in the address). */
export async function staffTokens(request: APIRequestContext): Promise<{ adaToken: string; oktaIdTokenKey: string; oktaIdToken: string }> {
  const res = await request.post('/idp/okta/session', { data: { username: 'staff01', password: DEMO_PASSWORD } });
  const { adaToken, oktaIdTokenKey, oktaIdToken } = (await res.json()).data;
  return { adaToken, oktaIdTokenKey, oktaIdToken };
}

/**
 * Opens `path` as staff01 on the iinquiry channel, as the staff sign-in's redirect does, with
 * `query` (e.g. `{ lang: 'en', queryAda }` to look a distributor up) before the tokens.
 */
export async function staffAt(page: Page, path: PagePath, query: string | Record<string, string> = {}): Promise<void> {
  const q = new URLSearchParams(query);
  for (const [k, v] of Object.entries({ channel: 'iinquiry', ...(await staffTokens(page.request)) })) q.set(k, v);
  await page.goto(`/front${path}?${q.toString()}`);
}

/** Signs in by opening `path` with a session token, as the IdP redirect does; the token, used. */
export async function signInAt(page: Page, ada: string, path: string): Promise<string> {
  const token = await sessionTokenFor(page.request, ada);
  const sep = path.includes('?') ? '&' : '?';
  await page.goto(`/front${path}${sep}sessionToken=${encodeURIComponent(token)}`);
  // The exchange runs after the load event: wait for it, or a next goto would abort it. And for the
  // app to have rendered the page: a page rendered by the BFF for the sign-in shows its markup until
  // then (apps/bff/src/page-render/first-page.ts), and what a test changes in it is replaced.
  await page.waitForFunction(
    () =>
      !window.location.search.includes('sessionToken=') &&
      !!sessionStorage.getItem('accessToken') &&
      !document.querySelector('[data-first-page]'),
  );
  return token;
}

/** Collects console errors and failed requests so tests can assert a clean page. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('requestfailed', (r) => {
    const failure = r.failure()?.errorText ?? '';
    // Navigations away abort in-flight requests; that is not a failure.
    if (!failure.includes('ERR_ABORTED')) problems.push(`requestfailed: ${r.url()} ${failure}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

export async function session(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => sessionStorage.getItem(k), key);
}

/**
 * Resolves once the page has had no request in flight (analytics aside) for `quietMs`: the home
 * overlays each arrive after a round trip or a lazily loaded chunk, so a quiet network with no
 * overlay shown means none is coming, however slow the machine or the database.
 */
async function networkQuiet(page: Page, quietMs = 400, maxMs = 15_000): Promise<void> {
  const inFlight = new Set<object>();
  const counts = (r: { url(): string }) => !r.url().includes('/analytics/');
  const add = (r: { url(): string }) => {
    if (counts(r)) inFlight.add(r);
  };
  const done = (r: object) => inFlight.delete(r);
  page.on('request', add);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  try {
    const until = Date.now() + maxMs;
    let quietSince = Date.now();
    while (Date.now() < until) {
      await page.waitForTimeout(100);
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
    }
  } finally {
    page.off('request', add);
    page.off('requestfinished', done);
    page.off('requestfailed', done);
  }
}

/** Finishes the first-visit guide and closes notices, as a returning user would have. */
export async function dismissHomeOverlays(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /^(下一步|开始使用|知道了|Next|Get started|Got it)$/ }).first();
  // Should an overlay still arrive after the loop below, Playwright closes it before the test's
  // next action instead of that action waiting behind the mask until the test times out.
  await page.addLocatorHandler(button, (b) => b.click({ timeout: 3000 }).catch(() => undefined), { noWaitAfter: true });
  for (let i = 0; i < 12; i++) {
    await networkQuiet(page);
    // A dialog renders (and animates in) a moment after its last request ended.
    const shown = await button
      .waitFor({ state: 'visible', timeout: 700 })
      .then(() => true)
      .catch(() => false);
    if (!shown) return;
    // The guide's last step closes it after a server round trip (its popup animates out), so a
    // button seen a moment ago may be gone by the click: retry from the top instead of waiting.
    await button.click({ timeout: 3000 }).catch(() => undefined);
  }
}

/**
 * A screenshot into `dir` (default SHOTS_DIR; none when unset or given as undefined): the viewport, the whole page
 * (`fullPage`) or one element (`target`), after `settleMs` for an animation to finish (only when one is taken).
 */
export async function shoot(
  page: Page,
  name: string,
  options: { target?: Locator; fullPage?: boolean; dir?: string | undefined; settleMs?: number } = {},
): Promise<void> {
  // A `dir` given as undefined means no screenshots, not SHOTS_DIR.
  const { target, fullPage = false, settleMs = 0 } = options;
  const dir = 'dir' in options ? options.dir : process.env.SHOTS_DIR;
  if (!dir) return;
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  fs.mkdirSync(dir, { recursive: true });
  if (target) await target.screenshot({ path: path.join(dir, name) });
  else await page.screenshot({ path: path.join(dir, name), fullPage });
}

/**
 * The page is done: nothing busy (within `within`, e.g. 'main:visible', else anywhere), and
 * unless turned off no error card (`alerts`) and no toast's mask over it (`toasts`).
 */
export async function settled(
  page: Page,
  { within, alerts = true, toasts = true }: { within?: string; alerts?: boolean; toasts?: boolean } = {},
) {
  await expect(page.locator(within ? `${within} [aria-busy="true"]` : '[aria-busy="true"]')).toHaveCount(0);
  if (alerts) await expect(page.locator('.card[role="alert"]')).toHaveCount(0);
  if (toasts) await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
}

/**
 * The serious and critical axe violations in `within` (default the page's body, .page__body; a
 * dialog or popup names its own), one line each.
 */
export async function seriousAxe(page: Page, within = '.page__body'): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(within).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
}
