import { expect, test, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// docs/data-import.md "Try it with the example folder", as a new company would follow it: import
// the example folder into a database of its own, give one distributor a password, start the built
// app on it, sign in and see that distributor's figures; then import one more order into the
// running app and see the open month move without a restart.

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 8181) + 7;
const base = `http://localhost:${port}`;
const dataDir = path.join(root, '.test-data', `import-${port}`);
const PASSWORD = 'example passphrase 1';
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  INQUIRY_TODAY: '2026-11-21',
  DEMO: '0',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  PUBLIC_URL: base,
};

function run(args: string[], input?: string): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const imported = run(['apps/bff/src/cli/import.ts', '--dir', 'docs/examples']);
  expect(imported).toMatch(/imported 12 distributors/);
  expect(imported).toMatch(/closed 2026-08 to 2026-10/);
  run(['apps/bff/src/cli/accounts.ts', 'add-distributor', '86000001'], `${PASSWORD}\n`);
  server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/bff/dist/server.js')], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  // Ready, not only alive: the port answers from the first moment of a start (startup/starting-server.ts).
  await expect.poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status ?? 0, { timeout: 60_000 }).toBe(200);
});

test.afterAll(() => {
  server?.kill();
});

async function signIn(page: Page): Promise<void> {
  const res = await page.request.post(`${base}/idp/session`, { data: { username: '86000001', password: PASSWORD } });
  const body = await res.json();
  expect(body.code, body.message).toBe(0);
  await page.goto(`${base}/front/?channel=ebiz&lang=zh-CN&sessionToken=${encodeURIComponent(body.data.sessionToken)}`);
}

/** The home page's "volume so far this month" figure, as a number. */
async function monthVolume(page: Page): Promise<number> {
  const card = page.getByRole('link', { name: /业绩追踪|Achievement/ });
  const text = await card.locator('.figure').first().innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

test('an imported company signs in, sees its figures, and an import moves the open month', async ({ page }) => {
  await signIn(page);
  await expect(page.getByText('张伟').first()).toBeVisible();
  const before = await monthVolume(page);
  expect(before).toBeGreaterThan(0);

  // October was closed by the import: its statement is there.
  await page.goto(`${base}/front/income/servicefee?month=2026-10&channel=ebiz`);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText(/¥\s?[\d,]+\.\d{2}/).first()).toBeVisible();

  // One more order of today, imported while the app runs.
  const more = path.join(dataDir, 'more');
  fs.mkdirSync(more, { recursive: true });
  fs.writeFileSync(
    path.join(more, 'orders.csv'),
    'order_id,ada,ordered_at,pv,bv,customer_id\nE2E-0001,86000001,2026-11-20T09:00:00,100,,\n',
  );
  expect(run(['apps/bff/src/cli/import.ts', '--dir', more])).toMatch(/1 orders? \(1 new\)/);

  await page.goto(`${base}/front/?channel=ebiz`);
  await expect.poll(() => monthVolume(page), { timeout: 5_000 }).toBe(before + 100);
});
