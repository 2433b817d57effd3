// The render thread from source (tsx, vitest): a worker thread does not inherit the parent's tsx
// loader (nor take it from execArgv), so it registers tsx before importing the TypeScript worker.
// The bundle's dist/render-worker.js needs none of this (render-pool.ts picks which one).
import { register } from 'tsx/esm/api';

register();
const worker = import('./render-worker.ts');

export default async function render(job) {
  return (await worker).default(job);
}
