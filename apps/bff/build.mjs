// Bundles the BFF into dist/ with esbuild: our workspace packages are compiled
// in from source, third-party packages stay in node_modules (native addons).
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/cli/seed.ts',
    backup: 'src/cli/backup.ts',
    'plan-worker': 'src/close/plan-worker.ts',
    'live-worker': 'src/live/live-worker.ts',
    'run-worker': 'src/operator/run-worker.ts',
    'render-worker': 'src/documents/render-worker.ts',
  },
  outdir: process.env.BFF_OUT_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'externalize-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@abo/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
