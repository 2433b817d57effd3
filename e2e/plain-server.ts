import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * A second server of the same build on the suite's own database with PAGE_RENDER=0: its pages go
 * out with index.html's placeholder, never rendered for a sign-in (issue #36). The specs of what
 * index.html's starter does when the BFF has not rendered the page run against it (the BFF does
 * that when a render is late, busy or starting, and where PAGE_RENDER=0). Started for the
 * describe or file that calls this; its address is the suite's port + 9.
 */
export function usePlainServer(): string {
  const root = path.resolve(import.meta.dirname, '..');
  const mainPort = Number(process.env.E2E_PORT ?? 8181);
  const port = mainPort + 9;
  const base = `http://localhost:${port}`;
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The suite's own server script, on the suite's database (seeded by its server) with pages unrendered.
    server = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, PORT: String(port), E2E_DATA_DIR: path.join(root, '.test-data', `e2e-${mainPort}`), PAGE_RENDER: '0' },
    });
    await expect.poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status ?? 0, { timeout: 100_000 }).toBe(200);
  });
  test.afterAll(() => {
    server?.kill();
  });
  return base;
}
