/**
 * Lighthouse: builds the app (unless --no-build), starts the built server on a free
 * port with a throwaway 2 000-distributor dataset, and runs Lighthouse 12 (mobile, performance
 * category only, Debian Chromium) signed in as 10000001 on home, the seminar plan page and the
 * service-fee page. Prints score, FCP, LCP, TBT, CLS per page against the goal (score ≥ 95) and,
 * for pages under the goal, the audits Lighthouse says cost the most.
 *   npx tsx bench/lighthouse.ts [--no-build] [--runs 5] [--out DIR] [--save DIR] [--keep]
 *                               [--peer-dist DIR | --peer-url URL] [--busy N] [--unrendered] [--overlays-seen]
 * --peer-dist serves a built peer app (issue #36: the Vue 3 + Vant 4 template, built as
 * bench/README.md § lighthouse says) on a port of its own, gzip as ours is served, and measures its
 * home in the same runs, interleaved with ours; --peer-url measures a peer served elsewhere.
 * --busy N keeps N processes spinning on the CPU during the runs (a cheap phone's busy CPU).
 * --unrendered also measures our pages from a second server of the same build with PAGE_RENDER=0
 * (issue #36: the page goes out with its placeholder, not rendered for the sign-in), interleaved.
 * --overlays-seen: 10000001 has finished home's first-visit guide and closed its notices before the
 * runs (as every visit after a user's first), on each server: otherwise home opens one of them,
 * after its scripts have run, over the page, and that sheet is home's largest paint.
 * The build goes to its own directory (--out, default .test-data/lighthouse: inside the repo so
 * the bundled BFF resolves node_modules), as `npm run build` would make it (web app with its
 * precompressed .br/.gz files, bundled BFF), so the shared dist/ folders are left alone.
 * --no-build reuses that directory. --save DIR writes each run's full Lighthouse report (JSON) there.
 * CHROME_PATH defaults to /usr/bin/chromium.
 *
 * Signing in: sessionStorage belongs to one tab and Lighthouse resets storage before each run,
 * so every page is opened as `<page>?sessionToken=<fresh one-time token>`: the measured load
 * includes the app exchanging the token at /bff/v1/common/idaasToken and replacing the URL,
 * as a real sign-in from the portal does.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../e2e/chromium.ts';

const GOAL = 95;
const ACCOUNT = '10000001';
const PASSWORD = 'demo1234';
const PAGES = [
  { name: 'home', path: '/front/' },
  { name: 'seminar plan', path: '/front/incentiveplan/seminars' },
  { name: 'service fee', path: '/front/income/servicefee' },
];

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    out: { type: 'string', default: '.test-data/lighthouse' },
    save: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'peer-dist': { type: 'string' },
    'peer-url': { type: 'string' },
    busy: { type: 'string', default: '0' },
    unrendered: { type: 'boolean', default: false },
    'overlays-seen': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const root = path.resolve(import.meta.dirname, '..');
const out = path.resolve(root, values.out!);
const webDist = path.join(out, 'web');
const serverJs = path.join(out, 'bff/server.js');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server was not ready at ${base}/readyz within ${timeoutMs / 1000} s`);
}

async function sessionToken(base: string): Promise<string> {
  const res = await fetch(`${base}/idp/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ACCOUNT, password: PASSWORD }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { sessionToken: string } | null };
  if (body.code !== 0 || !body.data) throw new Error(`sign-in of ${ACCOUNT} failed: ${body.message}`);
  return body.data.sessionToken;
}

/** Home's one-time overlays for ACCOUNT done, as the user does on a first visit (--overlays-seen). */
async function seeOverlays(base: string): Promise<void> {
  const exchange = await fetch(`${base}/bff/v1/common/idaasToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionToken: await sessionToken(base), channel: 'wec' }),
  });
  const { data: tokens } = (await exchange.json()) as { data: { accessToken: string; idToken: string } };
  const call = async (path: string, body: object) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken },
      body: JSON.stringify({ ...body, channel: 'wec', loginada: ACCOUNT }),
    });
    const envelope = (await res.json()) as { code: number; message: string; data: unknown };
    if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
    return envelope.data;
  };
  await call('/bff/v1/common/guideNovices/add?channel=wec', { businessType: 'home' });
  const { prompts } = (await call('/bff/v1/common/prompts', { businessType: 'home' })) as {
    prompts: { month?: string; type?: string; year?: string }[];
  };
  for (const p of prompts) await call('/bff/v1/common/prompts/close', { businessType: 'home', month: p.month, type: p.type, year: p.year });
}

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  finalUrl: string;
  opportunities: string[];
  benchmarkIndex: number;
  /** JavaScript the page downloaded (transfer size, KB). */
  scriptKb: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figuresOf(lhr: Lhr): Figures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  // What costs the most: failing performance audits with estimated savings, largest first.
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const opportunities = refs
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .filter(
      (a) =>
        ![
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
          'interactive',
          'max-potential-fid',
        ].includes(a.id),
    )
    .map((a) => {
      const savings = a.metricSavings ? Object.entries(a.metricSavings).filter(([, v]) => (v ?? 0) > 0) : [];
      const weight = savings.reduce((s, [, v]) => s + (v ?? 0), 0);
      const saves = savings.map(([k, v]) => `${k} −${Math.round(v!)}${k === 'CLS' ? '' : ' ms'}`).join(', ');
      return { weight, text: `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}${saves ? ` [${saves}]` : ''}` };
    })
    .sort((x, y) => y.weight - x.weight)
    .map((o) => o.text);
  const requests = (
    lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined
  )?.items;
  const scriptBytes = (requests ?? []).filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    finalUrl: lhr.finalDisplayedUrl,
    opportunities,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    scriptKb: scriptBytes / 1024,
  };
}

/**
 * How long this machine takes to hand out fresh memory: ms to touch 256 MiB of new pages, best of
 * three. Simulated throttling multiplies the browser's observed main-thread time by 4, and much of
 * that time is the renderer and V8 growing their heaps, so a host whose page faults are slow (a VM
 * that hands freed memory back to its host) scores far lower with the same code. Printed so that
 * figures from different machines are read side by side with it.
 */
function freshMemoryMs(): number {
  let best = Infinity;
  for (let r = 0; r < 3; r++) {
    const started = performance.now();
    const b = Buffer.allocUnsafeSlow(256 * 1024 * 1024);
    for (let i = 0; i < b.length; i += 4096) b[i] = 1;
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Each figure's median over the runs; the audits and the address of the run with the median score. */
function medianFigures(runs: Figures[]): Figures {
  const mid = median(runs.map((f) => f.score));
  const at = runs.find((f) => f.score === mid)!;
  const m = (k: 'fcp' | 'lcp' | 'tbt' | 'cls' | 'benchmarkIndex' | 'scriptKb') => median(runs.map((f) => f[k]));
  return {
    ...at,
    score: mid,
    fcp: m('fcp'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: m('cls'),
    benchmarkIndex: m('benchmarkIndex'),
    scriptKb: m('scriptKb'),
  };
}

if (!values['no-build']) {
  console.log(`Building into ${path.relative(root, out)}…`);
  const quiet: { stdio: ['ignore', 'ignore', 'inherit'] } = { stdio: ['ignore', 'ignore', 'inherit'] };
  execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    ...quiet,
  });
  // The first page's server render (issue #36), into the web build as apps/web's build puts it.
  execFileSync('npx', ['vite', 'build', '--ssr', 'src/ssr/render-page.tsx', '--outDir', path.join(webDist, '.ssr'), '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    ...quiet,
  });
  execFileSync(process.execPath, ['scripts/precompress.mjs', webDist], { cwd: path.join(root, 'apps/web'), ...quiet });
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: path.join(root, 'apps/bff'),
    env: { ...process.env, BFF_OUT_DIR: path.join(out, 'bff') },
    ...quiet,
  });
}
if (!fs.existsSync(serverJs) || !fs.existsSync(path.join(webDist, 'index.html'))) {
  throw new Error(`The app is not built in ${out}: drop --no-build.`);
}

const dataDirs: string[] = [];
/** The built server with a throwaway 2 000-distributor dataset of its own; `pageRender` false: PAGE_RENDER=0. */
async function startServer(pageRender: boolean): Promise<{ base: string; server: ChildProcess }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-lighthouse-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const server = spawn(process.execPath, [serverJs], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      SEED_DISTRIBUTORS: '2000',
      // The demo dataset and accounts this bench signs in with.
      DEMO: '1',
      INQUIRY_TODAY: '2026-11-21',
      LOGIN_RATE_LIMIT: '10000',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PAGE_RENDER: pageRender ? '1' : '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(server);
  return { base: `http://127.0.0.1:${port}`, server };
}
const servers: ChildProcess[] = [];
/** The peer's home, served from its built files (gzip, as ours) when --peer-dist is given. */
async function servePeer(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  execFileSync(process.execPath, ['scripts/precompress.mjs', path.resolve(dir)], { cwd: path.join(root, 'apps/web'), stdio: 'ignore' });
  const { default: Fastify } = await import('fastify');
  const { default: fastifyStatic } = await import('@fastify/static');
  const app = Fastify();
  await app.register(fastifyStatic, { root: path.resolve(dir), preCompressed: true });
  // A single-page app: any other path answers its index.html.
  app.setNotFoundHandler((_req, reply) => reply.sendFile('index.html'));
  const peerPort = await freePort();
  await app.listen({ port: peerPort, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${peerPort}/`, close: () => app.close() };
}

interface Target {
  name: string;
  /** Our page's path (signed in with a fresh token each run), or the peer's whole URL. */
  path: string;
  peer: boolean;
  /** Our server's address (the one with PAGE_RENDER=0 for --unrendered). */
  base?: string;
}

let chrome: chromeLauncher.LaunchedChrome | undefined;
let peerServer: { url: string; close: () => Promise<void> } | undefined;
const busy: ChildProcess[] = [];
try {
  const main = await startServer(true);
  const plain = values.unrendered ? await startServer(false) : null;
  await waitForHealth(main.base, main.server, 180_000);
  if (plain) await waitForHealth(plain.base, plain.server, 180_000);
  if (values['overlays-seen']) for (const { base } of [main, ...(plain ? [plain] : [])]) await seeOverlays(base);
  if (values['peer-dist']) peerServer = await servePeer(values['peer-dist']);
  const peerUrl = peerServer?.url ?? values['peer-url'];
  const targets: Target[] = [
    ...(peerUrl ? [{ name: 'peer home', path: peerUrl, peer: true }] : []),
    ...PAGES.map((p) => ({ ...p, peer: false, base: main.base })),
    ...(plain ? PAGES.map((p) => ({ ...p, name: `${p.name} (plain)`, peer: false, base: plain.base })) : []),
  ];
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
  const version = execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const busyCount = Math.max(0, Number(values.busy));
  console.log(
    `Lighthouse 12 on ${version}, mobile (simulated throttling), performance only, ${runs} run(s) per page (medians), signed in as ${ACCOUNT}` +
      (peerUrl ? `; the peer ${peerUrl} in the same runs, interleaved` : '') +
      (busyCount ? `; ${busyCount} busy process(es) on the CPU` : ''),
  );
  console.log('Each run opens the page with a fresh ?sessionToken= (the token exchange is part of the measured load).');
  const memoryMs = freshMemoryMs();
  for (let b = 0; b < busyCount; b++) busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  console.log(
    `Load average at the start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // Each page once before the runs: the render thread has started (it loads as the server starts)
  // and every server's caches are as warm as the other's.
  await new Promise((r) => setTimeout(r, 3000));
  for (const target of targets)
    if (!target.peer) await (await fetch(`${target.base}${target.path}?sessionToken=${await sessionToken(target.base!)}`)).text();

  const all = new Map<Target, Figures[]>(targets.map((t) => [t, []]));
  // Run by run, every target once, so a change of load on the machine falls on all of them alike.
  for (let i = 0; i < runs; i++) {
    for (const target of targets) {
      for (let failed = 0; ;) {
        const url = target.peer
          ? target.path
          : `${target.base}${target.path}?sessionToken=${encodeURIComponent(await sessionToken(target.base!))}`;
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          formFactor: 'mobile',
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const lhr = result.lhr;
        if (values.save) {
          fs.mkdirSync(values.save, { recursive: true });
          const file = path.join(values.save, `${target.name.replace(/\W+/g, '-')}-${i + 1}.json`);
          fs.writeFileSync(file, JSON.stringify(lhr));
        }
        if (lhr.runtimeError) {
          // A busy machine now and then breaks the trace recording (NO_NAVSTART, NO_FCP): run that one again.
          const message = `${target.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
          if (++failed > 2) throw new Error(message);
          console.log(`  (run again after ${message})`);
          continue;
        }
        all.get(target)!.push(figuresOf(lhr));
        break;
      }
    }
  }
  console.log(
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const results = targets.map((t) => ({ ...t, f: medianFigures(all.get(t)!) }));

  const benchmarkIndex = median(results.map((r) => r.f.benchmarkIndex));
  console.log(
    `Host: Lighthouse benchmarkIndex ${Math.round(benchmarkIndex)} (CPU speed, higher is faster); fresh memory 256 MiB in ${memoryMs} ms (page faults, lower is faster; see bench/README.md)\n`,
  );
  const pad = (s: string, n: number) => s.padStart(n);
  console.log(
    `${'page'.padEnd(22)}${'path'.padEnd(32)}${pad('score', 6)}${pad('FCP ms', 8)}${pad('LCP ms', 8)}${pad('TBT ms', 8)}${pad('CLS', 7)}${pad('JS KB', 7)}  goal ≥ ${GOAL}`,
  );
  for (const { name, path: p, peer, f } of results) {
    console.log(
      name.padEnd(22) +
        (peer ? new URL(p).pathname : p).padEnd(32) +
        pad(String(f.score), 6) +
        pad(f.fcp.toFixed(0), 8) +
        pad(f.lcp.toFixed(0), 8) +
        pad(f.tbt.toFixed(0), 8) +
        pad(f.cls.toFixed(3), 7) +
        pad(f.scriptKb.toFixed(1), 7) +
        `  ${f.score >= GOAL ? 'ok' : 'BELOW'}`,
    );
    if (peer) continue;
    const landed = new URL(f.finalUrl);
    if (landed.pathname.replace(/\/$/, '') !== p.replace(/\/$/, '')) {
      console.log(`  note: ended on ${landed.pathname} (sign-in failed?)`);
      // A score below the goal is a figure to read; a page that never loaded is a fault (npm test runs --runs 1).
      process.exitCode = 1;
    }
  }
  const peerResult = results.find((r) => r.peer);
  if (peerResult) {
    // Issue #36's goal against the peer measured in the same runs.
    const p = peerResult.f;
    console.log(`\nAgainst the peer (LCP ≤ 0.8 × ${p.lcp.toFixed(0)} ms, score ≥ ${p.score}, TBT ≤ ${p.tbt.toFixed(0)} ms):`);
    for (const { name, peer, f } of results) {
      if (peer) continue;
      const ok = f.lcp <= 0.8 * p.lcp && f.score >= p.score && f.tbt <= p.tbt;
      console.log(
        `  ${name.padEnd(22)} LCP ${(f.lcp / p.lcp).toFixed(2)} × the peer's, score ${f.score - p.score >= 0 ? '+' : ''}${f.score - p.score}, TBT ${(f.tbt - p.tbt).toFixed(0)} ms more  ${ok ? 'met' : 'NOT met'}`,
      );
    }
  }
  for (const { name, f } of results) {
    if (f.score >= GOAL || !f.opportunities.length) continue;
    console.log(`\n${name}: what Lighthouse says costs the most`);
    for (const o of f.opportunities.slice(0, 8)) console.log(`  - ${o}`);
  }
  const allOk = results.filter((r) => !r.peer).every((r) => r.f.score >= GOAL);
  console.log(`\nGoal (performance ≥ ${GOAL} on every page): ${allOk ? 'met' : 'NOT met'}`);
} finally {
  for (const b of busy) b.kill('SIGKILL');
  chrome?.kill();
  await peerServer?.close();
  for (const server of servers) {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
  }
  for (const dataDir of dataDirs) {
    if (values.keep) console.log(`kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
