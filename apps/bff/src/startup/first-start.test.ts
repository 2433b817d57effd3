// The measure of a first start (docs: README "Two commands"): from its banner on, a demo
// server on a fresh data directory prints a screenful, not thousands of request lines; the
// sign-ins stay in view while it delivers the seeded pushes to its stand-ins.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { TEST_TODAY } from '../testing/today.ts';

const bffRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-first-start-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('prints under 40 lines from its banner while it delivers the seeded pushes', async () => {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|NODE_ENV|LOG_)/.test(k)));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: bffRoot,
    env: {
      ...clean,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      SEED_DISTRIBUTORS: '300',
      INQUIRY_TODAY: TEST_TODAY,
      // Small batches: the seeded pushes take dozens of them, as thousands do on a full first start.
      NOTIFY_BATCH: '10',
      NOTIFY_WORKER_INTERVAL_MS: '200',
    },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const fromBanner = () => {
    const i = out.indexOf('ABO Inquiry is running');
    return i === -1 ? null : out.slice(i);
  };
  try {
    const deadline = Date.now() + 50_000;
    // Until the backlog has gone out (the delivery's summary line) and a few idle rounds after it.
    while (!/notifications: \d+ sent/.test(fromBanner() ?? '') && Date.now() < deadline && child.exitCode === null)
      await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 2000));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  const shown = fromBanner();
  expect(shown, out.slice(-2000)).not.toBeNull();
  expect(shown).toMatch(/Demo sign-ins \(password demo1234\):\n {2}10000001/);
  expect(shown).toMatch(/notifications: \d+ sent/);
  const lines = shown!.split('\n').filter((l) => l.trim() !== '');
  expect(lines.length, shown!).toBeLessThan(40);
}, 60_000);
