import { expect, test, type Page, type Request } from '@playwright/test';
import { WEC_UA, session, sessionTokenFor, watchProblems } from './helpers.ts';
import { usePlainServer } from './plain-server.ts';

// Issue #36: a page entered from the portal with a one-time sessionToken gets its user info and
// its first data from requests index.html's starter sends as soon as the token exchange answers
// (apps/web/src/features/auth/early-exchange.ts, the lists in apps/web/src/app/early-requests.ts
// written into the page by the BFF), while the shell's scripts still load; the app takes those
// answers instead of asking again. The scripts are held until the requests have gone out (or 5 s
// have passed), as in early-exchange.spec.ts: only the starter can send them in that time.
// Against a server that does not render the page for the sign-in (plain-server.ts): where it does,
// the page carries those answers itself (first-page.spec.ts).
interface Case {
  name: string;
  path: string;
  /** The page's first data (besides the user info), by path. */
  data: string[];
  /** The page shows the figures of its main answer (the first of `data`). */
  shows: (page: Page, answer: Record<string, unknown>) => Promise<void>;
}

const CASES: Case[] = [
  {
    name: 'home',
    path: '/?channel=wec',
    data: ['/bff/v1/home/summary', '/bff/v1/common/guideNovices'],
    shows: async (page, summary) => {
      await expect(page.locator('.home-profile__name')).toHaveText(String(summary['fullName']));
      await expect(page.locator('a.area-card[href$="/incentiveplan"] .figure').first()).toHaveText(String(summary['pqMonths']));
    },
  },
  {
    name: 'seminar plan',
    path: '/incentiveplan/seminars?channel=wec',
    data: ['/bff/v1/incentive/plan'],
    shows: async (page, plan) => {
      const name = plan['name'] as { zh: string; en: string };
      await expect(page.locator('#inc-plan-name')).toHaveText(new RegExp(`^(${name.zh}|${name.en})`));
      await expect(page.locator('.inc-level').first()).toBeVisible();
    },
  },
  {
    name: 'service fee',
    path: '/income/servicefee?channel=wec',
    data: ['/bff/v1/income/statement'],
    shows: async (page, statement) => {
      await expect(page.locator('table.income-items [data-net-fen]')).toHaveAttribute('data-net-fen', String(statement['netFen']));
    },
  },
];

test.use({ baseURL: usePlainServer(), userAgent: WEC_UA, viewport: { width: 390, height: 844 } });

for (const c of CASES) {
  test(`${c.name}: the user info and the page's data go out once, before the shell's scripts, and the page shows them`, async ({
    page,
  }) => {
    const problems = watchProblems(page);
    const wanted = ['/bff/v1/common/dstInfo', ...c.data];
    const bff: Request[] = [];
    let allSent!: () => void;
    const sent = new Promise<void>((resolve) => (allSent = resolve));
    page.on('request', (r) => {
      if (!new URL(r.url()).pathname.startsWith('/bff/')) return;
      bff.push(r);
      if (wanted.every((p) => bff.some((b) => new URL(b.url()).pathname === p))) allSent();
    });
    let sentWhileShellHeld: boolean | undefined;
    await page.route('**/front/assets/*.js', async (route) => {
      const inTime = await Promise.race([
        sent.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
      ]);
      sentWhileShellHeld ??= inTime;
      await route.continue();
    });
    const main = page.waitForResponse((r) => new URL(r.url()).pathname === c.data[0]);
    const token = await sessionTokenFor(page.request, '10000001');
    await page.goto(`/front${c.path}&sessionToken=${encodeURIComponent(token)}`);
    await expect.poll(() => session(page, 'accessToken')).toBeTruthy();
    const envelope = (await (await main).json()) as { code: number; data: Record<string, unknown> };
    expect(envelope.code).toBe(0);
    await c.shows(page, envelope.data);
    await page.waitForLoadState('networkidle');

    expect(sentWhileShellHeld).toBe(true);
    const count = (p: string) => bff.filter((r) => new URL(r.url()).pathname === p).length;
    expect(count('/bff/v1/common/idaasToken')).toBe(1);
    for (const p of wanted) expect(count(p), p).toBe(1);
    // The network log has no request twice (same method, address and body).
    const keys = bff.map((r) => `${r.method()} ${r.url()} ${r.postData() ?? ''}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
