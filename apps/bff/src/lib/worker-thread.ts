// Starts one of the BFF's worker threads by its entry's name. In the bundle (dist/) the entry is
// NAME.js next to the server (build.mjs bundles each one); from source (tsx, vitest) it is the
// TypeScript file, which needs tsx's loader in its thread.
import { Worker } from 'node:worker_threads';

/** `source`: the entry's TypeScript file, as a URL; the bundled NAME.js sits beside the entry point. */
export function startWorker(source: URL, name: string, workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, import.meta.url), { workerData });
  const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(code, { eval: true, workerData });
}
