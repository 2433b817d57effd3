#!/usr/bin/env node
// The server the end-to-end suite runs against: the built BFF on a fresh data
// directory with "today" pinned, so figures are the same on every run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// One data directory per port, so parallel runs do not share a database; E2E_DATA_DIR: another e2e
// server's, shared as it is (e2e/plain-server.ts: the same database with PAGE_RENDER=0).
const shared = process.env.E2E_DATA_DIR;
const dataDir = shared ?? path.join(root, '.test-data', `e2e-${process.env.PORT ?? 'default'}`);
if (!shared) fs.rmSync(dataDir, { recursive: true, force: true });

// BFF_SERVER lets parallel work run its own build (see CONTRIBUTING in README).
const server = process.env.BFF_SERVER ?? path.join(root, 'apps/bff/dist/server.js');
const child = spawn(process.execPath, ['--enable-source-maps', server], {
  cwd: root,
  stdio: 'inherit',
  env: {
    NODE_ENV: 'test',
    // The suite signs in with the demo accounts.
    DEMO: '1',
    DATA_DIR: dataDir,
    INQUIRY_TODAY: '2026-11-21',
    SEED_DISTRIBUTORS: '2000',
    LOG_LEVEL: 'warn',
    // The suite signs the demo users in many times a minute, and one account opens market pages
    // test after test: the per-account limits are the unit tests' (plugins/heavy-calls.test.ts).
    LOGIN_RATE_LIMIT: '10000',
    HEAVY_RATE_LIMIT: '10000',
    // A CI machine busy with the browser is not an overloaded server: no shedding here
    // (plugins/backpressure.test.ts covers it).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...process.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
