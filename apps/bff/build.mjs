// Bundles the BFF into dist/ with esbuild (build-options.mjs): the server, the command-line tools
// that run from the build (cli.mjs) and each worker thread's entry (lib/worker-thread.ts).
import { build } from 'esbuild';
import { bundleOptions } from './build-options.mjs';

await build({
  ...bundleOptions,
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/cli/seed.ts',
    backup: 'src/cli/backup.ts',
    import: 'src/cli/import.ts',
    close: 'src/cli/close.ts',
    'plan-worker': 'src/close/plan-worker.ts',
    'live-worker': 'src/live/live-worker.ts',
    'run-worker': 'src/operator/run-worker.ts',
    'render-worker': 'src/documents/render-worker.ts',
    'page-render-worker': 'src/page-render/page-render-worker.ts',
  },
  outdir: process.env.BFF_OUT_DIR ?? 'dist',
});
