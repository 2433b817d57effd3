/**
 * Bundle budgets (issue #8): builds the web app and prints gzip sizes of the
 * shell (the entry chunk and everything it imports statically: what every
 * first visit downloads) and of each lazily loaded chunk. Exits non-zero when
 * a budget is broken.
 *   npx tsx bench/bundle.ts [--no-build] [--dist apps/web/dist]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const SHELL_BUDGET_KB = 100;
const ROUTE_CHUNK_BUDGET_KB = 50;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const args = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '..');
const distArg = args.indexOf('--dist');
const dist = path.resolve(root, distArg >= 0 ? args[distArg + 1]! : 'apps/web/dist');
if (!args.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
}

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

// The shell: the entry and its static imports, transitively.
const shell = new Set<string>();
const visit = (key: string) => {
  if (shell.has(key)) return;
  shell.add(key);
  for (const k of manifest[key]?.imports ?? []) visit(k);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

const shellJs = [...shell].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
const shellCss = [...new Set([...shell].flatMap((k) => manifest[k]!.css ?? []))];
const shellKb = shellJs.reduce((sum, f) => sum + gz(f), 0);
const shellCssKb = shellCss.reduce((sum, f) => sum + gz(f), 0);

const lazy = Object.entries(manifest)
  .filter(([key, c]) => !shell.has(key) && c.file.endsWith('.js'))
  .map(([key, c]) => ({ name: c.src ?? key, file: c.file, kb: gz(c.file), route: /-page\.tsx$/.test(c.src ?? '') }))
  .sort((a, b) => b.kb - a.kb);

const fmt = (kb: number) => `${kb.toFixed(1).padStart(7)} KB`;
console.log(`\nShell JavaScript (gzip): ${fmt(shellKb)}  budget ${SHELL_BUDGET_KB} KB  (${shellJs.length} files; CSS ${shellCssKb.toFixed(1)} KB)`);
for (const f of shellJs.sort((a, b) => gz(b) - gz(a))) console.log(`   ${fmt(gz(f))}  ${f}`);
console.log(`\nLazily loaded chunks, largest first (route pages marked ▸):`);
for (const c of lazy.slice(0, 25)) console.log(`   ${fmt(c.kb)}  ${c.route ? '▸' : ' '} ${c.name}`);
const routes = lazy.filter((c) => c.route);
const largestRoute = routes[0];
console.log(`\nRoute chunks: ${routes.length}; largest ${largestRoute ? `${largestRoute.kb.toFixed(1)} KB (${largestRoute.name})` : '—'}  budget ${ROUTE_CHUNK_BUDGET_KB} KB`);

const broken: string[] = [];
if (shellKb > SHELL_BUDGET_KB) broken.push(`shell ${shellKb.toFixed(1)} KB > ${SHELL_BUDGET_KB} KB`);
for (const c of lazy) if (c.kb > ROUTE_CHUNK_BUDGET_KB && c.route) broken.push(`route chunk ${c.name} ${c.kb.toFixed(1)} KB > ${ROUTE_CHUNK_BUDGET_KB} KB`);
if (broken.length) {
  console.error(`\nBudget broken: ${broken.join('; ')}`);
  process.exit(1);
}
console.log('\nAll bundle budgets met.');
