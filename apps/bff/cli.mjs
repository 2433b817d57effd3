// `npm run import` and `npm run close` (package.json): a company runs them every hour, so they run
// from the build (dist/NAME.js, build.mjs) when it is as new as the sources it is made from — no
// TypeScript compiler in the process or in the close's plan thread (about 60 MiB less in each,
// issue #30) — and from the sources through tsx otherwise (a checkout being changed, or never built).
// package.json starts them with `--heap-growing-percent=30`: V8 otherwise lets the heap of a process
// with gigabytes to spare grow to four or five times what it holds alive before collecting, and the
// close's rows and histories are short-lived garbage by the hundred MiB (issue #30: the first close
// of 100 000 members peaked at 680–700 MiB, 575 with it alone, in as much CPU; bench/README.md).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cliEntry } from '../../scripts/start-checks.mjs';

const COMMANDS = new Set(['import', 'close']);

const name = process.argv[2];
if (!COMMANDS.has(name)) {
  console.error(`usage: node cli.mjs ${[...COMMANDS].join('|')} [options]`);
  process.exit(2);
}
// The command reads its options from process.argv after the script's name.
process.argv.splice(2, 1);
const entry = cliEntry(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), name);
if (entry.compile) {
  const { register } = await import('tsx/esm/api');
  register();
} else {
  process.setSourceMapsEnabled(true);
}
await import(pathToFileURL(entry.file).href);
