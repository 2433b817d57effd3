import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, seriousAxe, shoot as shootPage, watchProblems } from './helpers.ts';

// The operators' import page (issue #35, /front/operator): the demo operator ops01 signs in through
// the staff sign-in, uploads the example folder (docs/examples) with one bad row and reads the
// problem by its line, uploads the right files, reads what confirming would write, confirms and
// sees them imported and the months closed. Customer service (staff01) and a distributor are told
// the page is for operators. The import replaces the whole dataset, so it runs on a server and a
// demo database of its own, not on the suite's. SHOTS_DIR: where screenshots go.

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 8181) + 8;
const base = `http://localhost:${port}`;
const dataDir = path.join(root, '.test-data', `operator-${port}`);
const examples = path.join(root, 'docs/examples');
const FILES = ['distributors.csv', 'orders.csv', 'attendance.csv'];

let server: ChildProcess | undefined;

/**
 * On PostgreSQL (the suite's run with DATABASE_URL), a database of this spec's own on the same
 * cluster: the import replaces the whole dataset, which must not be the suite's server's.
 */
async function ownDatabaseUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop database if exists operator_e2e with (force)');
    await client.query('create database operator_e2e');
  } finally {
    await client.end();
  }
  const own = new URL(url);
  own.pathname = '/operator_e2e';
  return own.toString();
}

/** The whole page from its top (the title bar is sticky: scrolled, it would sit mid-picture). */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootPage(page, name, { fullPage: true });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dataDir, 'bad'), { recursive: true });
  // The example folder with one bad figure: line 3 of orders.csv, column 4 (pv).
  for (const name of FILES) {
    let text = fs.readFileSync(path.join(examples, name), 'utf8');
    if (name === 'orders.csv') {
      const lines = text.split('\n');
      const cells = lines[2]!.split(',');
      cells[3] = 'abc';
      lines[2] = cells.join(',');
      text = lines.join('\n');
    }
    fs.writeFileSync(path.join(dataDir, 'bad', name), text);
  }
  const databaseUrl = await ownDatabaseUrl();
  server = spawn(process.execPath, ['--enable-source-maps', process.env.BFF_SERVER ?? path.join(root, 'apps/bff/dist/server.js')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DEMO: '1',
      DATA_DIR: path.join(dataDir, 'db'),
      INQUIRY_TODAY: '2026-11-21',
      SEED_DISTRIBUTORS: '200',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '10000',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      PORT: String(port),
      PUBLIC_URL: base,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  // Ready, not only alive: the port answers from the first moment of a start (startup/starting-server.ts).
  await expect.poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status ?? 0, { timeout: 150_000 }).toBe(200);
});

test.afterAll(() => {
  server?.kill();
});

/** Signs in on the staff sign-in page, which sends the browser back to the operators' page. */
async function staffSignIn(page: Page, username: string, lang: 'en' | 'zh-CN') {
  // The sign-in page names no icon, so the browser asks for /favicon.ico: not this page's problem.
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await page.goto(`${base}/idp/okta/login?redirect_uri=${encodeURIComponent(`/front/operator?lang=${lang}`)}`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/front/operator' && !url.search.includes('adaToken='));
}

/** Chooses the files of a folder and sends them, replacing the whole dataset. */
async function uploadFolder(page: Page, folder: string, text: { choose: string; replace: string; send: string }) {
  await page.getByLabel(text.choose).setInputFiles(FILES.map((name) => path.join(folder, name)));
  for (const name of FILES) await expect(page.locator('.op-files')).toContainText(name);
  await page.getByRole('checkbox', { name: text.replace }).check();
  await page.getByRole('button', { name: text.send }).click();
}

test('customer service and distributors are told the page is for operators', async ({ page }) => {
  const problems = watchProblems(page);
  await staffSignIn(page, 'staff01', 'en');
  await expect(page.getByRole('heading', { name: 'Operators only' })).toBeVisible();
  await expect(page.getByTestId('operators-only')).toContainText('Customer-service accounts cannot load data.');
  await expect(page.getByLabel('Choose files')).toHaveCount(0);
  expect(await seriousAxe(page)).toEqual([]);
  await shoot(page, 'operator-only-en-US-1280.png');

  // A distributor signed in on the desktop portal: told the same, and nothing is asked of the BFF.
  const res = await page.request.post(`${base}/idp/session`, { data: { username: '10000001', password: DEMO_PASSWORD } });
  const { sessionToken } = (await res.json()).data as { sessionToken: string };
  const operatorCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/bff/v1/operator/')) operatorCalls.push(r.url());
  });
  await page.goto(`${base}/front/operator?channel=ebiz&lang=en&sessionToken=${encodeURIComponent(sessionToken)}`);
  await expect(page.getByRole('heading', { name: 'Operators only' })).toBeVisible();
  expect(operatorCalls).toEqual([]);
  // The BFF's refusal of customer service is an HTTP 403, which the browser logs.
  expect(problems.filter((p) => !p.includes('status of 403'))).toEqual([]);
});

test('an operator reads a bad row by its line, then checks, confirms and imports the day’s files', async ({ page, problems }) => {
  test.setTimeout(120_000);
  const en = { choose: 'Choose files', replace: 'The files are the whole dataset (replace)', send: 'Upload and check' };
  await staffSignIn(page, 'ops01', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Data import' })).toBeVisible();
  await expect(page.getByText('No import yet. Once you upload files, the check shows here.')).toBeVisible();
  await shoot(page, 'operator-empty-en-US-1280.png');

  // A wrongly named file is refused in the page, before anything is sent.
  const wrong = path.join(dataDir, 'orders-2026-11-21.csv');
  fs.copyFileSync(path.join(examples, 'orders.csv'), wrong);
  await page.getByLabel('Choose files').setInputFiles(wrong);
  await expect(page.getByRole('alert')).toContainText('“orders-2026-11-21.csv” is not a file of an import');

  // The folder with a bad figure: refused, the problem named by file, line and column.
  await uploadFolder(page, path.join(dataDir, 'bad'), en);
  const run = page.locator('.op-run');
  await expect(run.locator('[data-status="rejected"]')).toBeVisible({ timeout: 30_000 });
  const issues = page.getByRole('table', { name: 'Problems' });
  const row = issues.getByRole('row').filter({ hasText: 'orders.csv:3:4' });
  await expect(row).toContainText('pv');
  await expect(row).toContainText('abc');
  await expect(run).toContainText('1 problem found; nothing was written. Fix it and upload the files again.');
  expect(await seriousAxe(page)).toEqual([]);
  await shoot(page, 'operator-rejected-en-US-1280.png');

  // The right files: checked, with what confirming would write.
  await uploadFolder(page, examples, en);
  await expect(run.locator('[data-status="checked"]')).toBeVisible({ timeout: 30_000 });
  const counts = page.getByRole('table', { name: 'Confirming will write:' });
  await expect(counts.getByRole('row').filter({ hasText: 'distributors.csv' })).toContainText('12');
  await expect(counts.getByRole('row').filter({ hasText: 'orders.csv' })).toContainText('38');
  await expect(counts.getByRole('row').filter({ hasText: 'attendance.csv' })).toContainText('5');
  await expect(page.getByRole('status').filter({ hasText: 'Checked, waiting for you' })).toHaveCount(1);
  expect(await seriousAxe(page)).toEqual([]);
  await shoot(page, 'operator-checked-en-US-1280.png');

  // The same two runs on a phone, in Chinese: the newest (checked) opens first, the history the other.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/front/operator?lang=zh-CN`);
  await expect(page.getByRole('heading', { level: 1, name: '数据导入' })).toBeVisible();
  await expect(run.locator('[data-status="checked"]')).toBeVisible();
  await expect(page.getByRole('table', { name: '确认后将写入：' })).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);
  await shoot(page, 'operator-checked-zh-CN-390.png');
  const history = page.getByRole('table', { name: '导入历史' });
  await history.getByRole('row').filter({ hasText: '未通过检查' }).getByRole('button').click();
  await expect(page.getByRole('heading', { name: '当前导入' })).toBeFocused();
  await expect(page.getByRole('table', { name: '问题' }).getByRole('row').filter({ hasText: 'orders.csv:3:4' })).toBeVisible();
  await shoot(page, 'operator-rejected-zh-CN-390.png');

  // Back on the desktop: confirm (asked again, since it replaces the whole dataset), then done.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${base}/front/operator?lang=en`);
  await expect(run.locator('[data-status="checked"]')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm import' }).click();
  await expect(page.getByRole('alert')).toContainText('This replaces the whole dataset');
  await page.getByRole('button', { name: 'Yes, replace' }).click();
  await expect(run.locator('[data-status="done"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Written:' }).getByRole('row').filter({ hasText: 'orders.csv' })).toContainText('38');
  await expect(run).toContainText('Month close');
  await expect(run.locator('.op-close__summary')).toContainText(/closed|close/);
  await expect(page.getByRole('status').filter({ hasText: /^Done\./ })).toHaveCount(1);
  expect(await seriousAxe(page)).toEqual([]);
  await shoot(page, 'operator-done-en-US-1280.png');
  const rows = page.getByRole('table', { name: 'Import history' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Done');
  await expect(rows.nth(1)).toContainText('ops01');
  await expect(rows.nth(2)).toContainText('Rejected');

  // The audit log of these days as a CSV file: the upload and the confirmation are in it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv.split(/\r?\n/)[0]).toBe('at,actor,subjectAda,action,channel');
  expect(csv).toContain('ops01');
  await expect(page.getByRole('status').filter({ hasText: `Downloaded ${file.suggestedFilename()}` })).toBeVisible();
});
