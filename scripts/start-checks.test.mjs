import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildState, cliEntry, dependenciesInstalled, newestMtime, oldestOutputMtime } from './start-checks.mjs';

describe('whether npm start builds first', () => {
  it('builds what was never built, rebuilds what is older than its sources, else starts at once', () => {
    expect(buildState({ newestSource: 1000, oldestOutput: null })).toBe('missing');
    expect(buildState({ newestSource: 2000, oldestOutput: 1000 })).toBe('stale');
    expect(buildState({ newestSource: 1000, oldestOutput: 2000 })).toBe('fresh');
    expect(buildState({ newestSource: 1000, oldestOutput: 1000 })).toBe('fresh');
    expect(buildState({ newestSource: null, oldestOutput: 1000 })).toBe('fresh');
  });
});

describe('the times compared', () => {
  let root;
  const write = (rel, mtimeS) => {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, '');
    fs.utimesSync(p, mtimeS, mtimeS);
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'start-checks-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('take the newest source, tests and node_modules left out, and the oldest output', () => {
    write('src/a.ts', 100);
    write('src/deep/b.ts', 300);
    write('src/deep/b.test.ts', 900);
    write('src/node_modules/x/index.js', 900);
    write('dist/server.js', 500);
    write('dist/index.html', 400);
    expect(newestMtime(root, ['src', 'missing.ts'])).toBe(300_000);
    expect(oldestOutputMtime(root, ['dist/server.js', 'dist/index.html'])).toBe(400_000);
    expect(oldestOutputMtime(root, ['dist/server.js', 'dist/gone.js'])).toBeNull();
    // After `git pull` changed a source: stale.
    write('src/a.ts', 600);
    expect(buildState({ newestSource: newestMtime(root, ['src']), oldestOutput: 400_000 })).toBe('stale');
  });

  it('run npm run import from its bundle while it is as new as the BFF and the packages, else from its source', () => {
    write('apps/bff/src/close/close.ts', 100);
    write('packages/plan/src/engine.ts', 200);
    expect(cliEntry(root, 'import')).toEqual({ file: path.join(root, 'apps/bff/src/cli/import.ts'), compile: true });
    write('apps/bff/dist/import.js', 300);
    expect(cliEntry(root, 'import')).toEqual({ file: path.join(root, 'apps/bff/dist/import.js'), compile: false });
    // A page of the web app changed: the BFF's bundle is still its sources'.
    write('apps/web/src/home/page.tsx', 400);
    expect(cliEntry(root, 'import').compile).toBe(false);
    // The plan engine changed (git pull): the bundle is old, the source runs.
    write('packages/plan/src/engine.ts', 500);
    expect(cliEntry(root, 'import')).toEqual({ file: path.join(root, 'apps/bff/src/cli/import.ts'), compile: true });
    expect(cliEntry(root, 'close').file).toBe(path.join(root, 'apps/bff/src/cli/close.ts'));
  });

  it('see whether npm ci ran', () => {
    expect(dependenciesInstalled(root)).toBe(false);
    for (const name of ['fastify', 'vite', 'esbuild']) write(`node_modules/${name}/package.json`, 100);
    expect(dependenciesInstalled(root)).toBe(true);
  });
});
