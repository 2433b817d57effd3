// The types of build-options.mjs, for bench/import.ts.
import type { BuildOptions } from 'esbuild';

export declare const bundleOptions: BuildOptions;
