/**
 * Bundle budgets: builds the web app and prints gzip sizes of the
 * shell (index.html's entry script and everything it imports statically: React,
 * the router, the sign-in guard) and of each lazily loaded chunk. Exits non-zero
 * when a budget is broken. The shell is not all a first visit downloads: the
 * app frame (translations, TanStack Query, layout) and the page load next to
 * it, so it also prints, per Lighthouse page, the whole first-visit total (the
 * list the BFF preloads with that page, .vite/route-preloads.json). --why adds what
 * those first visits are made of, by package and source folder (.vite/module-sizes.json).
 *   npx tsx bench/bundle.ts [--no-build] [--dist apps/web/dist] [--why]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const SHELL_BUDGET_KB = 100;
const ROUTE_CHUNK_BUDGET_KB = 50;
/** Pages whose first visit is printed in full (the Lighthouse pages). */
const FIRST_VISITS = ['/', '/incentiveplan/seminars', '/income/servicefee'];

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
const gzCache = new Map<string, number>();
const gz = (file: string) => {
  let kb = gzCache.get(file);
  if (kb === undefined) {
    kb = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
    gzCache.set(file, kb);
  }
  return kb;
};
const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gz(f), 0);

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
console.log(
  `\nShell JavaScript (gzip): ${fmt(shellKb)}  budget ${SHELL_BUDGET_KB} KB  (${shellJs.length} files; CSS ${shellCssKb.toFixed(1)} KB)`,
);
for (const f of shellJs.sort((a, b) => gz(b) - gz(a))) console.log(`   ${fmt(gz(f))}  ${f}`);
console.log(`\nLazily loaded chunks, largest first (route pages marked ▸):`);
for (const c of lazy.slice(0, 25)) console.log(`   ${fmt(c.kb)}  ${c.route ? '▸' : ' '} ${c.name}`);
const routes = lazy.filter((c) => c.route);
const largestRoute = routes[0];
console.log(
  `\nRoute chunks: ${routes.length}; largest ${largestRoute ? `${largestRoute.kb.toFixed(1)} KB (${largestRoute.name})` : '—'}  budget ${ROUTE_CHUNK_BUDGET_KB} KB`,
);

// What a first visit downloads before its page can render: the shell, then the chunks the BFF
// preloads with that page (the app frame, the page, their static imports). Chunks a page loads
// later (a chart when it scrolls into view, the analytics SDK when idle) are not counted.
const preloadsFile = path.join(dist, '.vite/route-preloads.json');
if (fs.existsSync(preloadsFile)) {
  const preloads = JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as Record<string, { js: string[]; css: string[] }>;
  const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const inlineCssKb = gzipSync(indexHtml.match(/<style>[\s\S]*?<\/style>/g)?.join('') ?? '', { level: 9 }).length / 1024;
  // The early token exchange (apps/web/src/features/auth/early-exchange.ts), inline in index.html.
  const inlineJsKb = gzipSync(indexHtml.match(/<script>[\s\S]*?<\/script>/g)?.join('') ?? '', { level: 9 }).length / 1024;
  console.log(`\nFirst visit, JavaScript before the page renders (gzip): shell + app frame and page = total`);
  console.log(`   (and ${inlineJsKb.toFixed(1)} KB inline in index.html, outside the shell: the early token exchange)`);
  for (const route of FIRST_VISITS) {
    const page = preloads[route];
    if (!page) throw new Error(`route-preloads.json has no entry for ${route}`);
    const pageKb = sum(page.js);
    console.log(
      `   ${route.padEnd(26)} ${shellKb.toFixed(1)} + ${pageKb.toFixed(1)} = ${fmt(shellKb + pageKb)} in ${shellJs.length + page.js.length} files; CSS ${(inlineCssKb + sum(page.css)).toFixed(1)} KB (${inlineCssKb.toFixed(1)} inlined in index.html)`,
    );
  }
}

// --why: each first-visit file's gzip size shared among its modules by their minified length
// (gzip compresses them alike enough for a ranking), summed by package or source folder.
const sizesFile = path.join(dist, '.vite/module-sizes.json');
if (args.includes('--why') && fs.existsSync(preloadsFile) && fs.existsSync(sizesFile)) {
  const preloads = JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as Record<string, { js: string[] }>;
  const sizes = JSON.parse(fs.readFileSync(sizesFile, 'utf8')) as Record<string, Record<string, number>>;
  const groupOf = (id: string) =>
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ??
    /^(apps\/web\/src\/(?:features\/\w+|[^/]+))/.exec(id)?.[1]?.replace('apps/web/src/', 'src/') ??
    /^(packages\/\w+)/.exec(id)?.[1] ??
    id;
  const byPage = FIRST_VISITS.map((route) => {
    const weights = new Map<string, number>();
    for (const file of [...shellJs, ...preloads[route]!.js]) {
      const modules = Object.entries(sizes[file] ?? {});
      const total = modules.reduce((t, [, n]) => t + n, 0);
      for (const [id, n] of modules) weights.set(groupOf(id), (weights.get(groupOf(id)) ?? 0) + (gz(file) * n) / total);
    }
    return weights;
  });
  const groups = [...new Set(byPage.flatMap((w) => [...w.keys()]))]
    .map((g) => ({ g, kb: byPage.map((w) => w.get(g) ?? 0) }))
    .sort((a, b) => Math.max(...b.kb) - Math.max(...a.kb));
  console.log(`\nFirst visits by package / source folder (gzip KB, shared in proportion to minified length):`);
  console.log(`   ${''.padEnd(34)}${FIRST_VISITS.map((r) => r.slice(-12).padStart(14)).join('')}`);
  for (const { g, kb } of groups.slice(0, 30))
    console.log(`   ${g.slice(0, 34).padEnd(34)}${kb.map((k) => (k ? k.toFixed(1) : '—').padStart(14)).join('')}`);
}

const broken: string[] = [];
if (shellKb > SHELL_BUDGET_KB) broken.push(`shell ${shellKb.toFixed(1)} KB > ${SHELL_BUDGET_KB} KB`);
for (const c of lazy)
  if (c.kb > ROUTE_CHUNK_BUDGET_KB && c.route) broken.push(`route chunk ${c.name} ${c.kb.toFixed(1)} KB > ${ROUTE_CHUNK_BUDGET_KB} KB`);
if (broken.length) {
  console.error(`\nBudget broken: ${broken.join('; ')}`);
  process.exit(1);
}
console.log('\nAll bundle budgets met.');
