// What `npm start` checks before it runs anything (scripts/start.mjs): dependencies installed,
// and a build no older than the sources it was made from.
import fs from 'node:fs';
import path from 'node:path';

/** What the BFF's bundles (apps/bff/dist, apps/bff/build.mjs) are made from, relative to the root. */
export const BFF_SOURCES = [
  'packages/words/src',
  'packages/contract/src',
  'packages/plan/src',
  'apps/bff/src',
  'apps/bff/build.mjs',
  'apps/bff/build-options.mjs',
  'package-lock.json',
];

/** What the build is made from, relative to the repository root: a change here means a rebuild. */
export const BUILD_SOURCES = [...BFF_SOURCES, 'apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/scripts'];

/** What the build makes. */
export const BUILD_OUTPUTS = ['apps/bff/dist/server.js', 'apps/web/dist/index.html'];

/** Tests are not built: a change to one needs no rebuild. */
const NOT_BUILT = /\.test\.tsx?$|\.test-support\.tsx?$/;

/** The newest modification time (ms) of the files under `paths`; null when none exists. */
export function newestMtime(root, paths) {
  let newest = null;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else if (!NOT_BUILT.test(p) && (newest === null || stat.mtimeMs > newest)) {
      newest = stat.mtimeMs;
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

/** The oldest modification time (ms) of `paths`; null when any is missing. */
export function oldestOutputMtime(root, paths) {
  let oldest = Infinity;
  for (const p of paths) {
    try {
      oldest = Math.min(oldest, fs.statSync(path.join(root, p)).mtimeMs);
    } catch {
      return null;
    }
  }
  return oldest;
}

/**
 * Whether to build before starting: 'missing' (never built), 'stale' (a source changed since the
 * build, e.g. after `git pull`) or 'fresh'.
 * @param {{ newestSource: number | null, oldestOutput: number | null }} times
 * @returns {'missing' | 'stale' | 'fresh'}
 */
export function buildState({ newestSource, oldestOutput }) {
  if (oldestOutput === null) return 'missing';
  if (newestSource !== null && newestSource > oldestOutput) return 'stale';
  return 'fresh';
}

/** Installed by `npm ci`: what the build and the server cannot run without. */
export function dependenciesInstalled(root) {
  return ['fastify', 'vite', 'esbuild'].every((name) => fs.existsSync(path.join(root, 'node_modules', name, 'package.json')));
}

/**
 * The file `npm run import` / `npm run close` runs (apps/bff/cli.mjs): the bundle when it is as new
 * as the sources it is made from, else the TypeScript source, which needs tsx (`compile`).
 * @param {string} root @param {string} name
 * @returns {{ file: string, compile: boolean }}
 */
export function cliEntry(root, name) {
  const built = path.join('apps/bff/dist', `${name}.js`);
  const state = buildState({ newestSource: newestMtime(root, BFF_SOURCES), oldestOutput: oldestOutputMtime(root, [built]) });
  return state === 'fresh'
    ? { file: path.join(root, built), compile: false }
    : { file: path.join(root, 'apps/bff/src/cli', `${name}.ts`), compile: true };
}
