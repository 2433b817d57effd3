/**
 * One account hammering the heavy calls against everyone else (security finding M6): seeds a
 * throwaway SQLite dataset, serves the BFF in a child process over real HTTP and, with
 * autocannon in this process, measures a normal call (the plan overview, rotating over
 * --users other distributors at --normal-rate req/s) in three runs, each on a fresh server:
 *   quiet   the normal calls alone;
 *   before  while the account with the largest downline sends --rate req/s of heavy calls
 *           (tree search, market partners and details, the projection) with the per-account
 *           limits and the load shedding off (HEAVY_RATE_LIMIT=0 HEAVY_CONCURRENCY=0
 *           MAX_EVENT_LOOP_DELAY_MS=0);
 *   after   the same with the limits as configured (the defaults, or HEAVY_* and
 *           MAX_EVENT_LOOP_DELAY_MS from the environment).
 * Prints per run the normal call's req/s, p50, p99 and failed answers, what the hammering account
 * got (2xx / 429 / 503), and the server's CPU seconds beside the run's wall seconds.
 *   npx tsx bench/heavy-calls.ts [--distributors 30000] [--duration 10] [--rate 30]
 *                                [--normal-rate 20] [--users 20] [--only quiet,before,after]
 *                                [--data DIR] [--keep]
 * --data: reuse a dataset kept by an earlier --keep (no seeding).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pyOf } from '@abo/plan';
import { buildApp } from '../apps/bff/src/app.ts';
import { loadConfig } from '../apps/bff/src/config.ts';
import { closeDatabase, migrateToLatest, openDatabase, type DB } from '../apps/bff/src/db/index.ts';
import { createSessionToken } from '../apps/bff/src/idp/session-tokens.ts';
import { seedDatabase } from '../apps/bff/src/seed/index.ts';

const TODAY = '2026-11-21';
/** The finding's threshold: beyond it everyone's calls feel broken. */
const P99_LIMIT_MS = 1500;

// autocannon ships no types; the part of its API used here.
interface AutocannonRequest {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  duration: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonOptions {
  url: string;
  requests: AutocannonRequest[];
  connections: number;
  overallRate: number;
  duration: number;
  verifyBody?: (body: string) => boolean;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: AutocannonOptions) => Promise<AutocannonResult>;

type Limits = 'on' | 'off';
type ToParent = { ready: number } | { cpu: NodeJS.CpuUsage };

/** The server's configuration: the environment's, with the limits turned off for `before`. */
function benchConfig(dataDir: string, limits: Limits) {
  return loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    INQUIRY_TODAY: TODAY,
    LOGIN_RATE_LIMIT: '100000',
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'production',
    // Background work (the push worker draining the seeded outbox, pruning) is not measured here.
    NOTIFY_WORKER: '0',
    HOUSEKEEPING_INTERVAL_MINUTES: '0',
    ...(limits === 'off' ? { HEAVY_RATE_LIMIT: '0', HEAVY_CONCURRENCY: '0', MAX_EVENT_LOOP_DELAY_MS: '0' } : {}),
  });
}

// ---------------------------------------------------------------------------------------
// Child: serves the BFF on 127.0.0.1 and tells the parent its CPU time when asked.

async function serve(dataDir: string, limits: Limits): Promise<void> {
  const config = benchConfig(dataDir, limits);
  const db = openDatabase(config);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, logger: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const send = (m: ToParent) => process.send!(m);
  process.on('message', () => send({ cpu: process.cpuUsage() }));
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
  send({ ready: (app.server.address() as { port: number }).port });
}

// ---------------------------------------------------------------------------------------
// Parent.

/** The hammering account (the largest downline) and the normal users (plan summaries, a frontline). */
async function pickAccounts(db: DB, users: number) {
  const top = await db.selectFrom('distributors').select('ada').orderBy('tree_size', 'desc').executeTakeFirstOrThrow();
  const normal = await db
    .selectFrom('distributors as d')
    .innerJoin('plan_results as p', 'p.ada', 'd.ada')
    .select('d.ada')
    .where('p.py', '=', pyOf(TODAY))
    .where('d.tree_size', '>', 1)
    .where('d.ada', '!=', top.ada)
    .orderBy('d.tree_pos')
    .execute();
  const step = Math.max(1, Math.floor(normal.length / users));
  return {
    hammer: top.ada,
    normal: normal
      .filter((_, i) => i % step === 0)
      .slice(0, users)
      .map((r) => r.ada),
  };
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; message: string; data: unknown };
}

interface Server {
  url: string;
  /** The server's CPU seconds so far. */
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

async function start(dir: string, limits: Limits): Promise<Server> {
  const child: ChildProcess = fork(import.meta.filename, ['--serve', dir, '--limits', limits], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<ToParent>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the server exited (${code})`));
      child.once('exit', exited);
      child.once('message', (m: ToParent) => {
        child.off('exit', exited);
        resolve(m);
      });
    });
  const ready = await next();
  if (!('ready' in ready)) throw new Error('unexpected message from the server');
  return {
    url: `http://127.0.0.1:${ready.ready}`,
    async cpu() {
      child.send('cpu');
      const m = await next();
      if (!('cpu' in m)) throw new Error('unexpected message from the server');
      return (m.cpu.user + m.cpu.system) / 1e6;
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await exited;
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      distributors: { type: 'string', default: '30000' },
      duration: { type: 'string', default: '10' },
      rate: { type: 'string', default: '30' },
      'normal-rate': { type: 'string', default: '20' },
      users: { type: 'string', default: '20' },
      only: { type: 'string', default: 'quiet,before,after' },
      data: { type: 'string' },
      keep: { type: 'boolean', default: false },
      serve: { type: 'string' },
      limits: { type: 'string', default: 'on' },
    },
  });
  if (values.serve) return serve(values.serve, values.limits === 'off' ? 'off' : 'on');

  const duration = Number(values.duration);
  const rate = Number(values.rate);
  const normalRate = Number(values['normal-rate']);
  const dir = values.data ?? fs.mkdtempSync(path.join(os.tmpdir(), 'abo-heavy-bench-'));
  const runs = values.only.split(',').map((s) => s.trim());
  const limitsOf = (c: ReturnType<typeof benchConfig>) =>
    `HEAVY_RATE_LIMIT=${c.HEAVY_RATE_LIMIT}/min HEAVY_CONCURRENCY=${c.HEAVY_CONCURRENCY} MAX_EVENT_LOOP_DELAY_MS=${c.MAX_EVENT_LOOP_DELAY_MS}`;
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const size = values.data ? 'a kept dataset' : `${Number(values.distributors).toLocaleString('en-US')} distributors`;
  console.log(
    `Heavy calls: ${size} on SQLite, ${duration} s a run, ` +
      `one account at ${rate} req/s of heavy calls, others at ${normalRate} req/s of the plan overview, ` +
      `${os.cpus().length} CPUs, Node ${process.version}, load average ${load()}`,
  );
  console.log(`  after: ${limitsOf(benchConfig(dir, 'on'))}`);

  const db = openDatabase(benchConfig(dir, 'on'));
  let accounts: Awaited<ReturnType<typeof pickAccounts>>;
  const sessionTokens = new Map<string, string>();
  try {
    await migrateToLatest(db);
    if (!values.data) {
      const t0 = performance.now();
      await seedDatabase(db, { distributors: Number(values.distributors), seed: 42, today: TODAY }, { fresh: true });
      console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    accounts = await pickAccounts(db, Number(values.users));
    const { n } = await db
      .selectFrom('distributors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { downline } = await db
      .selectFrom('distributors')
      .select((eb) => eb.fn.max('tree_size').as('downline'))
      .executeTakeFirstOrThrow();
    console.log(`  ${Number(n).toLocaleString('en-US')} distributors; the hammering account's downline ${Number(downline) - 1}`);
    for (const ada of [accounts.hammer, ...accounts.normal]) sessionTokens.set(ada, await createSessionToken(db, ada, 'distributor'));
  } finally {
    await closeDatabase(db);
  }
  console.log(`  hammering account ${accounts.hammer}; ${accounts.normal.length} normal users`);

  // Signed in once: the tokens hold across the runs' servers (same keys, same data).
  const headers = new Map<string, Record<string, string>>();
  const first = await start(dir, 'on');
  try {
    for (const [ada, sessionToken] of sessionTokens) {
      const tokens = await post(`${first.url}/bff/v1/common/idaasToken`, { channel: 'ebiz', sessionToken });
      if (tokens.code !== 0) throw new Error(`token exchange of ${ada} failed: ${tokens.message}`);
      const { accessToken, idToken } = tokens.data as { accessToken: string; idToken: string };
      headers.set(ada, { 'content-type': 'application/json', 'idaas-accesstoken': accessToken, 'idaas-idtoken': idToken });
    }
  } finally {
    await first.stop();
  }

  const request = (pathname: string, ada: string, extra: object = {}): AutocannonRequest => ({
    method: 'POST',
    path: pathname,
    headers: headers.get(ada)!,
    body: JSON.stringify({ channel: 'ebiz', loginada: ada, ...extra }),
  });
  const normal = accounts.normal.map((ada) => request('/bff/v1/incentive/plan', ada, { route: '/incentiveplan/seminars' }));
  // Searches are never kept; partners and the projection are (apps/bff/src/db/answer-cache.ts), as in use.
  const hammer = [...'李王张刘陈杨赵黄周吴'].flatMap((search, i) => [
    request('/bff/v1/incentive/market/tree/search', accounts.hammer, { search }),
    request('/bff/v1/incentive/market/details', accounts.hammer),
    request('/bff/v1/incentive/market/partners', accounts.hammer, { view: i % 2 ? 'annual' : 'monthly' }),
    request('/bff/v1/achievement/projection', accounts.hammer),
  ]);

  const rows: string[] = [];
  for (const run of ['quiet', 'before', 'after'].filter((r) => runs.includes(r))) {
    const server = await start(dir, run === 'before' ? 'off' : 'on');
    try {
      for (const r of normal) {
        const check = await post(`${server.url}${r.path}`, JSON.parse(r.body), r.headers);
        if (check.code !== 0) throw new Error(`the plan overview answered code ${check.code} for ${r.body}: ${check.message}`);
      }
      const cpu0 = await server.cpu();
      const client0 = process.cpuUsage();
      const t0 = performance.now();
      const [n, h] = await Promise.all([
        autocannon({
          url: server.url,
          requests: normal,
          connections: 4,
          overallRate: normalRate,
          duration,
          verifyBody: (b) => b.startsWith('{"code":0,'),
        }),
        run === 'quiet'
          ? null
          : autocannon({ url: server.url, requests: hammer, connections: 10, overallRate: rate, duration, verifyBody: () => true }),
      ]);
      const wall = (performance.now() - t0) / 1000;
      const cpu = (await server.cpu()) - cpu0;
      const client = process.cpuUsage(client0);
      const count = (code: string) => h?.statusCodeStats[code]?.count ?? 0;
      // A non-2xx answer (503: shed) is also a mismatch (its body is not code 0).
      const failed = n.errors + n.timeouts + n.mismatches;
      rows.push(
        run.padEnd(8) +
          n.requests.average.toFixed(1).padStart(8) +
          String(n.latency.p50).padStart(8) +
          String(n.latency.p99).padStart(8) +
          `${failed} (${n.non2xx} non-2xx)`.padStart(16) +
          (h ? `${count('200')}/${count('429')}/${count('503')}`.padStart(16) : '-'.padStart(16)) +
          cpu.toFixed(1).padStart(9) +
          ((client.user + client.system) / 1e6).toFixed(1).padStart(10) +
          wall.toFixed(1).padStart(8) +
          `${((cpu / wall) * 100).toFixed(0)} %`.padStart(8) +
          (n.latency.p99 > P99_LIMIT_MS ? `  p99 over ${P99_LIMIT_MS} ms` : ''),
      );
    } finally {
      await server.stop();
    }
  }
  console.log(
    `\n${'run'.padEnd(8)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'normal failed'.padStart(16)}` +
      `${'heavy 2xx/429/503'.padStart(18)}${'CPU s'.padStart(7)}${'client s'.padStart(10)}${'wall s'.padStart(8)}${'CPU'.padStart(8)}`,
  );
  for (const row of rows) console.log(row);
  console.log(
    `\nreq/s, p50, p99 and failed answers are the normal users' plan overview; heavy: what the hammering account's calls were answered;\n` +
      `CPU s: the server process's CPU seconds in the run (user + system), client s: this process's (autocannon), beside the run's wall seconds;\n` +
      `CPU: the server's CPU seconds per wall second (100 % = one core). Load average at the end ${load()}.`,
  );
  if (values.keep || values.data) console.log(`  kept ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

await main();
