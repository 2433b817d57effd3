#!/usr/bin/env node
// `npm run dev`: the BFF from source (tsx watch, port 8080) and Vite's dev
// server (port 5173, proxying /bff, /idp and /wechat to the BFF).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server.ts'], {
    cwd: path.join(root, 'apps/bff'),
    stdio: 'inherit',
    env: { NODE_ENV: 'development', DEMO: '1', DATA_DIR: path.join(root, 'data'), ...process.env },
  }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
