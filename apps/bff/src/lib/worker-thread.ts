// Starts one of the BFF's worker threads by its entry's name. In the bundle (dist/) the entry is
// NAME.js next to the server (build.mjs bundles each one); from source (tsx, vitest) it is the
// TypeScript file, which needs tsx's loader in its thread.
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * `source`: the entry's TypeScript file, as a URL; the bundled NAME.js sits beside the entry point.
 * `resourceLimits`: V8 then collects the thread's garbage before its heap reaches them.
 */
export function startWorker(source: URL, name: string, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const limits = resourceLimits ? { resourceLimits } : {};
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, import.meta.url), { workerData, ...limits });
  const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(code, { eval: true, workerData, ...limits });
}
