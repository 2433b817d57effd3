#!/usr/bin/env node
// `npm start`: build what is missing, then run the BFF, which migrates and
// seeds the embedded database on first run and serves the web app.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BUILD_OUTPUTS, BUILD_SOURCES, buildState, dependenciesInstalled, newestMtime, oldestOutputMtime } from './start-checks.mjs';

// `npm start -- --live`: the demo's live feed (DEMO_LIVE=1; apps/bff/src/live/live-feed.ts).
function liveOption() {
  try {
    return parseArgs({ options: { live: { type: 'boolean', default: false } } }).values.live;
  } catch (err) {
    console.error(`${err.message}\nUsage: npm start [-- --live]   (--live: generated orders every few seconds move the demo's open month)`);
    process.exit(2);
  }
}
const live = liveOption();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/bff/dist/server.js');

if (!dependenciesInstalled(root)) {
  console.error('The dependencies are not installed: run npm ci first.');
  process.exit(1);
}

// Settings kept in .env (see .env.example); a variable set in the environment wins over the file.
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

const build = buildState({ newestSource: newestMtime(root, BUILD_SOURCES), oldestOutput: oldestOutputMtime(root, BUILD_OUTPUTS) });
if (build !== 'fresh') {
  console.log(
    build === 'missing'
      ? 'First start: building the web app and the BFF…'
      : 'The sources changed since the last build (git pull?): building the web app and the BFF again…',
  );
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// Demo mode (demo accounts, sign-in hints, the demo dataset) asked for on the embedded database
// unless DEMO says otherwise; never with NODE_ENV=production or PostgreSQL unless asked for. The
// server turns it on only for the demo dataset (or an empty database it seeds) and says so.
const demo = process.env.DEMO ?? (!process.env.DATABASE_URL && process.env.NODE_ENV !== 'production' ? '1' : '0');
const child = spawn(process.execPath, ['--enable-source-maps', server], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DEMO: demo, ...(live ? { DEMO_LIVE: '1' } : {}) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
