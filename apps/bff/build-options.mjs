// How the BFF's code is bundled with esbuild (build.mjs; bench/import.ts bundles its own child so):
// our workspace packages are compiled in from source, third-party packages stay in node_modules
// (native addons).

/** @type {import('esbuild').BuildOptions} */
export const bundleOptions = {
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
};
