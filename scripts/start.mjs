#!/usr/bin/env node
// `npm start`: build what is missing, then run the BFF, which migrates and
// seeds the embedded database on first run and serves the web app.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/bff/dist/server.js');
const web = path.join(root, 'apps/web/dist/index.html');

if (!fs.existsSync(server) || !fs.existsSync(web)) {
  console.log('First start: building the web app and the BFF…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', server], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
