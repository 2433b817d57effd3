import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://localhost:${PORT}`;

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser)
 * against the real built app served by the real BFF on a fresh database.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI_JSON ? [['list'], ['json', { outputFile: '.reports/playwright.json' }]] : [['list']],
  outputDir: `test-results/${PORT}`,
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace: the actions and the DOM after each. Not the screencast: its
    // frames cost about 40 % of the page-heavy tests' time on a 2-core machine (the every-route
    // sweep of e2e/incentive.spec.ts: 84 s with it, 44 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT) },
  },
});
