// A document render thread of the pool (render-pool.ts): Piscina calls the default export per job.
// The fonts are parsed once per thread (fonts.ts) and stay warm for the thread's life.
import { renderJob, type RenderJob } from './render-job.ts';

export default async function render(job: RenderJob): Promise<Uint8Array> {
  return renderJob(job);
}
