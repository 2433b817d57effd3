/**
 * BFF throughput (issue #8): seeds a throwaway SQLite database, serves the BFF in a child
 * process over real HTTP, and runs autocannon (in this process) against
 *   (a) a bare Fastify route returning a constant (a separate Fastify instance with the BFF's
 *       settings, in the same child process, sent the same request), and
 *   (b) the three heaviest inquiry calls with valid tokens: a plan overview, market member
 *       tracking and an income statement.
 * Prints req/s, p50, p99, errors/non-2xx/envelope errors and the ratio (b)/(a) against the goals
 * (ratio ≥ 0.5, p99 ≤ 20 ms).
 *   npx tsx bench/bff.ts [--distributors 100000] [--duration 10] [--connections 50]
 *                        [--warmup 2] [--log-level info] [--keep] [--smoke]
 * --smoke: 1 000 distributors, 2 s, 10 connections, 0.5 s warm-up (CI speed; figures mean little).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../apps/bff/src/app.ts';
import { loadConfig } from '../apps/bff/src/config.ts';
import { migrateToLatest, openSqlite, sqlitePath } from '../apps/bff/src/db/index.ts';
import { DEMO_PASSWORD, seedDatabase } from '../apps/bff/src/seed/index.ts';

const RATIO_GOAL = 0.5;
const P99_GOAL_MS = 20;
const TODAY = '2026-11-21';

// autocannon ships no types; the part of its API used here.
interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  duration: number;
}
interface AutocannonOptions {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  connections: number;
  duration: number;
  verifyBody?: (body: string) => boolean;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: AutocannonOptions) => Promise<AutocannonResult>;

/** The messages between this process and the server child. */
type ToParent = { ready: { bff: number; baseline: number } } | { cpu: NodeJS.CpuUsage };

// ---------------------------------------------------------------------------------------
// Child: serves the BFF and the baseline on two ports of 127.0.0.1.

async function serve(dataDir: string, logLevel: string): Promise<void> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    INQUIRY_TODAY: TODAY,
    LOGIN_RATE_LIMIT: '100000',
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'production',
  });
  const db = openSqlite(sqlitePath(config));
  await migrateToLatest(db);
  const app = await buildApp({ config, db, logger: logLevel !== 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });

  // The BFF's Fastify settings (app.ts) with one route and nothing else.
  const baseline = Fastify({
    logger: logLevel !== 'silent' ? { level: logLevel } : false,
    bodyLimit: 64 * 1024,
    routerOptions: { caseSensitive: false, maxParamLength: 200 },
    trustProxy: true,
  });
  const constant = { code: 0, message: 'success', success: true, data: { ok: true } };
  baseline.post('/baseline', async () => constant);
  await baseline.listen({ port: 0, host: '127.0.0.1' });

  const port = (s: typeof app.server) => (s.address() as { port: number }).port;
  const send = (m: ToParent) => process.send!(m);
  process.on('message', (m) => {
    if (m === 'cpu') send({ cpu: process.cpuUsage() });
  });
  process.on('disconnect', () => {
    void Promise.all([app.close(), baseline.close()])
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  });
  send({ ready: { bff: port(app.server), baseline: port(baseline.server) } });
}

// ---------------------------------------------------------------------------------------
// Parent: seed, start the child, sign in, measure, print.

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

interface Row {
  target: Target;
  reqs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  mismatches: number;
  serverCpu: number;
}

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ code: number; message: string; data: unknown }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  try {
    return JSON.parse(text) as { code: number; message: string; data: unknown };
  } catch {
    throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
}

async function signIn(base: string, ada: string): Promise<Record<string, string>> {
  const session = await post(`${base}/idp/session`, { username: ada, password: DEMO_PASSWORD });
  if (session.code !== 0) throw new Error(`sign-in of ${ada} failed: ${session.message}`);
  const { sessionToken } = session.data as { sessionToken: string };
  const tokens = await post(`${base}/bff/v1/common/idaasToken`, { channel: 'ebiz', sessionToken });
  if (tokens.code !== 0) throw new Error(`token exchange of ${ada} failed: ${tokens.message}`);
  const { accessToken, idToken } = tokens.data as { accessToken: string; idToken: string };
  return { 'content-type': 'application/json', 'idaas-accesstoken': accessToken, 'idaas-idtoken': idToken };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      distributors: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      'log-level': { type: 'string', default: 'info' },
      keep: { type: 'boolean', default: false },
      smoke: { type: 'boolean', default: false },
      serve: { type: 'string' },
    },
  });
  if (values.serve) return serve(values.serve, values['log-level']);

  const smoke = values.smoke;
  const distributors = Number(values.distributors ?? (smoke ? 1000 : 100_000));
  const duration = Number(values.duration ?? (smoke ? 2 : 10));
  const connections = Number(values.connections ?? (smoke ? 10 : 50));
  const warmup = Number(values.warmup ?? (smoke ? 0.5 : 2));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-bff-bench-'));
  let child: ChildProcess | undefined;
  try {
    console.log(
      `BFF benchmark: ${distributors.toLocaleString('en-US')} distributors, ${connections} connections × ${duration} s (after ${warmup} s warm-up), ` +
        `${os.cpus().length} CPUs, Node ${process.version}, server log level ${values['log-level']}`,
    );
    const t0 = performance.now();
    const db = openSqlite(path.join(dir, 'inquiry.sqlite'));
    await migrateToLatest(db);
    await seedDatabase(db, { distributors, seed: 42, today: TODAY }, { fresh: true });
    await db.destroy();
    console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // The server runs in its own process (same Node flags, so tsx too): autocannon here must
    // not share its event loop.
    child = fork(import.meta.filename, ['--serve', dir, '--log-level', values['log-level']], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const server = child;
    const messages: Array<(m: ToParent) => void> = [];
    server.on('message', (m: ToParent) => messages.shift()?.(m));
    const next = () =>
      new Promise<ToParent>((resolve, reject) => {
        messages.push(resolve);
        server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
      });
    const ready = await next();
    if (!('ready' in ready)) throw new Error('unexpected message from the server');
    const serverCpu = async () => {
      server.send('cpu');
      const m = await next();
      if (!('cpu' in m)) throw new Error('unexpected message from the server');
      return (m.cpu.user + m.cpu.system) / 1000;
    };

    const bff = `http://127.0.0.1:${ready.ready.bff}`;
    const diamond = await signIn(bff, '10000002');
    const founders = await signIn(bff, '10000004');
    const months = await post(`${bff}/bff/v1/common/generate/queryable/month`, { channel: 'ebiz', loginada: '10000004' }, founders);
    const month = (months.data as { latest: string | null } | null)?.latest;
    if (months.code !== 0 || !month) throw new Error(`no queryable month for 10000004: ${months.message}`);

    const body = (ada: string, extra: object = {}) => JSON.stringify({ channel: 'ebiz', loginada: ada, ...extra });
    const targets: Target[] = [
      {
        name: '(a) bare Fastify route',
        url: `http://127.0.0.1:${ready.ready.baseline}/baseline`,
        headers: diamond,
        body: body('10000002'),
      },
      {
        name: 'plan /incentiveplan/seminars',
        url: `${bff}/bff/v1/incentive/plan`,
        headers: diamond,
        body: body('10000002', { route: '/incentiveplan/seminars' }),
      },
      { name: 'market members (10000002)', url: `${bff}/bff/v1/incentive/market/members`, headers: diamond, body: body('10000002') },
      { name: `income statement ${month}`, url: `${bff}/bff/v1/income/statement`, headers: founders, body: body('10000004', { month }) },
    ];

    const rows: Row[] = [];
    for (const target of targets) {
      const check = await post(target.url, JSON.parse(target.body), target.headers);
      if (check.code !== 0) throw new Error(`${target.name} answered code ${check.code}: ${check.message}`);
      const opts = { url: target.url, method: 'POST' as const, headers: target.headers, body: target.body, connections };
      if (warmup > 0) await autocannon({ ...opts, duration: warmup });
      const cpu0 = await serverCpu();
      const r = await autocannon({ ...opts, duration, verifyBody: (b) => b.startsWith('{"code":0,') });
      const cpu = (await serverCpu()) - cpu0;
      rows.push({
        target,
        reqs: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        mismatches: r.mismatches,
        serverCpu: cpu / (r.duration * 1000),
      });
    }

    const base = rows[0]!;
    const pad = (s: string, n: number) => s.padStart(n);
    console.log(
      `\n${'target'.padEnd(32)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('err/non2xx/code≠0', 19)}${pad('server CPU', 12)}${pad('ratio', 7)}  goals`,
    );
    let ok = true;
    for (const row of rows) {
      const ratio = row.reqs / base.reqs;
      const isBase = row === base;
      const meets = isBase || (ratio >= RATIO_GOAL && row.p99 <= P99_GOAL_MS && row.errors + row.non2xx + row.mismatches === 0);
      ok &&= meets;
      const verdict = isBase ? '' : `${ratio >= RATIO_GOAL ? 'ratio ok' : 'RATIO LOW'}, ${row.p99 <= P99_GOAL_MS ? 'p99 ok' : 'P99 HIGH'}`;
      console.log(
        row.target.name.padEnd(32) +
          pad(row.reqs.toFixed(0), 9) +
          pad(String(row.p50), 8) +
          pad(String(row.p99), 8) +
          pad(`${row.errors}/${row.non2xx}/${row.mismatches}`, 19) +
          pad(`${(row.serverCpu * 100).toFixed(0)} %`, 12) +
          pad(isBase ? '1.00' : ratio.toFixed(2), 7) +
          `  ${verdict}`,
      );
    }
    console.log(`\nGoals: ratio (b)/(a) ≥ ${RATIO_GOAL} and p99 ≤ ${P99_GOAL_MS} ms on SQLite: ${ok ? 'all met' : 'NOT all met'}`);
    console.log(
      "(a) receives the same POST, headers and body as the calls; server CPU is the child process's CPU time per wall second (100 % = one core).",
    );
    if (smoke) console.log('Smoke run: small dataset and short runs; the figures do not measure the goals.');
  } finally {
    if (child?.connected) child.disconnect();
    if (values.keep) console.log(`  kept ${dir}`);
    else {
      await new Promise((r) => (child && child.exitCode === null ? child.once('exit', r) : r(null)));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

await main();
