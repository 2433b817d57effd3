/**
 * BFF throughput: seeds a throwaway database, serves the BFF in a child process over
 * real HTTP, and runs autocannon (in this process) against
 *   (a) a bare Fastify route returning a constant (a separate Fastify instance with the BFF's
 *       settings, in the same child process, sent the same requests), and
 *   (b) the three heaviest inquiry calls with valid tokens: a plan overview, market member
 *       tracking and an income statement, each rotating over many distributors (--users).
 * The server runs in bench/bff-server.ts.
 * Prints req/s, p50, p99, errors/non-2xx/envelope errors and the ratio (b)/(a) against the goals
 * (ratio ≥ 0.5, p99 ≤ 20 ms).
 *   npx tsx bench/bff.ts [--distributors 100000] [--duration 10] [--connections 50] [--users 256]
 *                        [--warmup 2] [--log-level info] [--keep] [--smoke]
 *                        [--data DIR] [--postgres | --database-url postgres://… [--reuse]]
 *                        [--only plan,members,statement] [--cpu-prof DIR] [--hourly [--hourly-orders N]]
 * --smoke: 1 000 distributors, 2 s, 10 connections, 0.5 s warm-up (CI speed; figures mean little).
 * Exit code 1 when any answer failed (errors, non-2xx, code ≠ 0); missed goals only print.
 * --data: reuse a SQLite dataset kept by an earlier --keep (no seeding).
 * --postgres: seed into a throwaway PostgreSQL cluster and serve from it (DATABASE_URL).
 * --database-url: the same on a given (empty) PostgreSQL database; --reuse serves its data as it is.
 * --cpu-prof: the server writes a V8 CPU profile of each measured run (warm-up excluded) there.
 * --hourly: then imports one more day's orders (--hourly-orders, default 0.7 % of the
 *   distributors, as bench/import.ts's day) and closes, as the hourly job does while the server
 *   runs, and measures again without a warm-up; then marks the data replaced as a whole (what
 *   every hourly close did before issue #30's per-member versions) and measures once more. The
 *   server's answer-cache hits (/metrics) are printed beside each round.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pyOf } from '@abo/plan';
import { closeMonths } from '../apps/bff/src/close/close.ts';
import { markDataReplaced } from '../apps/bff/src/db/data-version.ts';
import { closeDatabase, migrateToLatest, openDatabase, type DB } from '../apps/bff/src/db/index.ts';
import { importDirectory } from '../apps/bff/src/import/import.ts';
import { createSessionToken } from '../apps/bff/src/idp/session-tokens.ts';
import { seedDatabase } from '../apps/bff/src/seed/index.ts';
import { startPgCluster, type PgCluster } from '../apps/bff/src/testing/pg-cluster.ts';
import { benchConfig, METRICS_TOKEN, TODAY, type ToChild, type ToParent } from './bff-server.ts';

const RATIO_GOAL = 0.5;
const P99_GOAL_MS = 20;

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
interface AutocannonRequest {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}
interface AutocannonOptions {
  url: string;
  requests: AutocannonRequest[];
  connections: number;
  duration: number;
  setupClient?: (client: { setRequests(requests: AutocannonRequest[]): void }) => void;
  verifyBody?: (body: string) => boolean;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: AutocannonOptions) => Promise<AutocannonResult>;

// ---------------------------------------------------------------------------------------
// Parent: seed, pick the distributors, start the child, sign in, measure, print.

interface Target {
  name: string;
  url: string;
  /** One request per distributor; each connection starts at its own place in the list. */
  requests: AutocannonRequest[];
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

/** n items spread evenly over the list (all of them when it is shorter). */
function spread<T>(list: readonly T[], n: number): T[] {
  if (list.length <= n) return [...list];
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]!);
}

/**
 * The distributors each call rotates over, spread over the tree so the requests touch many
 * members' data rather than one cached answer:
 *  - plan overview: members with a frontline and a stored plan summary for this PY;
 *  - market members: members with at least 20 downline members (a full first page);
 *  - income statement: members with a statement for the newest month, asking for it.
 */
async function pickDistributors(db: DB, users: number) {
  const py = pyOf(TODAY);
  const plan = await db
    .selectFrom('distributors as d')
    .innerJoin('plan_results as p', 'p.ada', 'd.ada')
    .select('d.ada')
    .where('p.py', '=', py)
    .where('d.tree_size', '>', 1)
    .orderBy('d.tree_pos')
    .execute();
  const members = await db.selectFrom('distributors').select('ada').where('tree_size', '>=', 21).orderBy('tree_pos').execute();
  // Members paid last month: their latest statement is the newest month there is.
  const latest = await db
    .selectFrom('statements')
    .select((eb) => eb.fn.max('month').as('month'))
    .executeTakeFirst();
  const month = latest?.month ? String(latest.month) : '';
  const statements = month ? await db.selectFrom('statements').select('ada').where('month', '=', month).orderBy('ada').execute() : [];
  return {
    plan: spread(
      plan.map((r) => r.ada),
      users,
    ),
    members: spread(
      members.map((r) => r.ada),
      users,
    ),
    statement: spread(
      statements.map((r) => ({ ada: r.ada, month })),
      users,
    ),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      distributors: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      users: { type: 'string' },
      'log-level': { type: 'string', default: 'info' },
      keep: { type: 'boolean', default: false },
      smoke: { type: 'boolean', default: false },
      data: { type: 'string' },
      postgres: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      reuse: { type: 'boolean', default: false },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
      hourly: { type: 'boolean', default: false },
      'hourly-orders': { type: 'string' },
    },
  });

  const smoke = values.smoke;
  const distributors = Number(values.distributors ?? (smoke ? 1000 : 100_000));
  const duration = Number(values.duration ?? (smoke ? 2 : 10));
  const connections = Number(values.connections ?? (smoke ? 10 : 50));
  const warmup = Number(values.warmup ?? (smoke ? 0.5 : 2));
  const users = Number(values.users ?? (smoke ? 50 : 256));
  const only = values.only?.split(',').map((s) => s.trim());
  // --data reuses a kept SQLite dataset; --reuse serves a PostgreSQL database as it is.
  const reuse = values.data !== undefined || values.reuse;
  const dir = values.data ?? fs.mkdtempSync(path.join(os.tmpdir(), 'abo-bff-bench-'));
  let child: ChildProcess | undefined;
  let cluster: PgCluster | undefined;
  try {
    let databaseUrl = values['database-url'];
    if (values.postgres && !databaseUrl) {
      cluster = await startPgCluster();
      databaseUrl = cluster.url;
    }
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(
      `BFF benchmark: ${distributors.toLocaleString('en-US')} distributors on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ` +
        `${connections} connections × ${duration} s (after ${warmup} s warm-up), ${users} distributors per call, ` +
        `${os.cpus().length} CPUs, Node ${process.version}, server log level ${values['log-level']}, load average ${load()}`,
    );
    const db = openDatabase(benchConfig(dir, 'info', databaseUrl));
    let picked: Awaited<ReturnType<typeof pickDistributors>>;
    const sessionTokens = new Map<string, string>();
    try {
      await migrateToLatest(db);
      if (!reuse) {
        const t0 = performance.now();
        await seedDatabase(db, { distributors, seed: 42, today: TODAY }, { fresh: true });
        console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
      picked = await pickDistributors(db, users);
      // One-time sign-in tokens, as /idp/session creates them after the password check (the
      // scrypt check itself is not what this bench measures); the server exchanges them below.
      for (const ada of new Set([...picked.plan, ...picked.members, ...picked.statement.map((s) => s.ada)])) {
        sessionTokens.set(ada, await createSessionToken(db, ada, 'distributor'));
      }
    } finally {
      await closeDatabase(db);
    }
    if (!picked.plan.length || !picked.members.length || !picked.statement.length) {
      throw new Error('the dataset has no distributors to measure (plan summaries, downlines or statements missing)');
    }

    // The server runs in its own process (same Node flags, so tsx too): autocannon here must
    // not share its event loop.
    const profDir = values['cpu-prof'];
    child = fork(path.join(import.meta.dirname, 'bff-server.ts'), [dir, values['log-level'], ...(databaseUrl ? [databaseUrl] : [])], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const server = child;
    const messages: Array<(m: ToParent) => void> = [];
    server.on('message', (m: ToParent) => messages.shift()?.(m));
    const next = () =>
      new Promise<ToParent>((resolve, reject) => {
        const exited = (code: number | null) => reject(new Error(`the server exited (${code})`));
        server.once('exit', exited);
        messages.push((m) => {
          server.off('exit', exited);
          resolve(m);
        });
      });
    const ready = await next();
    if (!('ready' in ready)) throw new Error('unexpected message from the server');
    const ask = async (m: ToChild) => {
      server.send(m);
      return next();
    };
    const serverCpu = async () => {
      server.send('cpu');
      const m = await next();
      if (!('cpu' in m)) throw new Error('unexpected message from the server');
      return (m.cpu.user + m.cpu.system) / 1000;
    };

    const bff = `http://127.0.0.1:${ready.ready.bff}`;
    const headers = new Map<string, Record<string, string>>();
    for (const [ada, sessionToken] of sessionTokens) {
      const tokens = await post(`${bff}/bff/v1/common/idaasToken`, { channel: 'ebiz', sessionToken });
      if (tokens.code !== 0) throw new Error(`token exchange of ${ada} failed: ${tokens.message}`);
      const { accessToken, idToken } = tokens.data as { accessToken: string; idToken: string };
      headers.set(ada, { 'content-type': 'application/json', 'idaas-accesstoken': accessToken, 'idaas-idtoken': idToken });
    }

    const request = (pathname: string, ada: string, extra: object = {}): AutocannonRequest => ({
      method: 'POST',
      path: pathname,
      headers: headers.get(ada)!,
      body: JSON.stringify({ channel: 'ebiz', loginada: ada, ...extra }),
    });
    const planRequests = picked.plan.map((ada) => request('/bff/v1/incentive/plan', ada, { route: '/incentiveplan/seminars' }));
    const baselineUrl = `http://127.0.0.1:${ready.ready.baseline}`;
    const targets: Target[] = [
      // The baseline receives exactly the plan overview's requests (same tokens and bodies).
      { name: '(a) bare Fastify route', url: baselineUrl, requests: planRequests.map((r) => ({ ...r, path: '/baseline' })) },
      { name: 'plan /incentiveplan/seminars', url: bff, requests: planRequests },
      { name: 'market members', url: bff, requests: picked.members.map((ada) => request('/bff/v1/incentive/market/members', ada)) },
      {
        name: `income statement`,
        url: bff,
        requests: picked.statement.map((s) => request('/bff/v1/income/statement', s.ada, { month: s.month })),
      },
    ].filter((t, i) => i === 0 || !only || only.some((o) => t.name.includes(o)));
    console.log(
      `  distributors: plan ${picked.plan.length}, members ${picked.members.length}, statement ${picked.statement.length} ` +
        `(statement month ${picked.statement[0]!.month})`,
    );

    /** The answer cache's hits and misses so far, from the server's /metrics. */
    const cacheLookups = async () => {
      const text = await (await fetch(`${bff}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const count = (result: string) =>
        Number(new RegExp(`^abo_answer_cache_lookups_total\\{result="${result}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
      return { hit: count('hit'), miss: count('miss') };
    };
    /** One run per target; `check`: first ask each request once and stop at a failed answer. */
    const measure = async (round: string, check: boolean, warm: number): Promise<Row[]> => {
      const rows: Row[] = [];
      const lookups0 = await cacheLookups();
      for (const target of targets) {
        rows.push(await measureTarget(target, check, warm));
      }
      const lookups = await cacheLookups();
      const hits = lookups.hit - lookups0.hit;
      const misses = lookups.miss - lookups0.miss;
      printRows(round, rows, `answers derived: ${misses}, answered from the cache: ${hits}`);
      return rows;
    };
    const measureTarget = async (target: Target, checkFirst: boolean, warm: number): Promise<Row> => {
      if (checkFirst) {
        for (const r of target.requests) {
          const check = await post(`${target.url}${r.path}`, JSON.parse(r.body), r.headers);
          if (check.code !== 0) throw new Error(`${target.name} answered code ${check.code} for ${r.body}: ${check.message}`);
        }
      }
      // Each connection walks the whole list from its own starting point.
      let client = 0;
      const setupClient = (c: { setRequests(requests: AutocannonRequest[]): void }) => {
        const n = target.requests.length;
        const start = Math.floor((client++ * n) / connections) % n;
        c.setRequests([...target.requests.slice(start), ...target.requests.slice(0, start)]);
      };
      const opts = { url: target.url, requests: target.requests, connections, setupClient };
      if (warm > 0) {
        await autocannon({ ...opts, duration: warm });
        client = 0;
      }
      if (profDir) await ask({ profile: 'start' });
      const cpu0 = await serverCpu();
      const r = await autocannon({ ...opts, duration, verifyBody: (b) => b.startsWith('{"code":0,') });
      const cpu = (await serverCpu()) - cpu0;
      if (profDir) {
        fs.mkdirSync(profDir, { recursive: true });
        const file = path.resolve(profDir, `${target.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.cpuprofile`);
        await ask({ profile: 'stop', file });
        console.log(`  profile of ${target.name}: ${file}`);
      }
      return {
        target,
        reqs: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        mismatches: r.mismatches,
        serverCpu: cpu / (r.duration * 1000),
      };
    };

    let ok = true;
    let clean = true;
    const printRows = (round: string, rows: readonly Row[], cache: string) => {
      const base = rows[0]!;
      const pad = (s: string, n: number) => s.padStart(n);
      console.log(`\n${round} (${cache}; load average ${load()})`);
      console.log(
        `${'target'.padEnd(32)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('err/non2xx/code≠0', 19)}${pad('server CPU', 12)}${pad('CPU µs/req', 12)}${pad('ratio', 7)}  goals`,
      );
      for (const row of rows) {
        clean &&= row.errors + row.non2xx + row.mismatches === 0;
        const ratio = row.reqs / base.reqs;
        const isBase = row === base;
        const meets = isBase || (ratio >= RATIO_GOAL && row.p99 <= P99_GOAL_MS && row.errors + row.non2xx + row.mismatches === 0);
        ok &&= meets;
        const verdict = isBase
          ? ''
          : `${ratio >= RATIO_GOAL ? 'ratio ok' : 'RATIO LOW'}, ${row.p99 <= P99_GOAL_MS ? 'p99 ok' : 'P99 HIGH'}`;
        console.log(
          row.target.name.padEnd(32) +
            pad(row.reqs.toFixed(0), 9) +
            pad(String(row.p50), 8) +
            pad(String(row.p99), 8) +
            pad(`${row.errors}/${row.non2xx}/${row.mismatches}`, 19) +
            pad(`${(row.serverCpu * 100).toFixed(0)} %`, 12) +
            pad(row.reqs > 0 ? ((row.serverCpu * 1e6) / row.reqs).toFixed(0) : '-', 12) +
            pad(isBase ? '1.00' : ratio.toFixed(2), 7) +
            `  ${verdict}`,
        );
      }
    };

    await measure('Every answer asked once first, then a warm-up', true, warmup);
    if (values.hourly) {
      // One more day's orders, imported and closed beside the running server as the hourly job does.
      const orders = Number(values['hourly-orders'] ?? Math.round(distributors * 0.007));
      const hourDir = fs.mkdtempSync(path.join(dir, 'hour-'));
      const hdb = openDatabase(benchConfig(dir, 'info', databaseUrl));
      try {
        const buyers = await hdb.selectFrom('distributors').select('ada').orderBy('ada').execute();
        const lines = ['order_id,ada,ordered_at,pv'];
        for (let i = 0; i < orders; i++)
          lines.push(`HOUR-${i},${buyers[(i * 7919) % buyers.length]!.ada},${TODAY},${50 + ((i * 37) % 400)}`);
        fs.writeFileSync(path.join(hourDir, 'orders.csv'), lines.join('\n') + '\n');
        const t0 = performance.now();
        await importDirectory(hdb, { dir: hourDir, today: TODAY });
        const t1 = performance.now();
        await closeMonths(hdb, { today: TODAY, notify: false });
        const t2 = performance.now();
        const changes = await hdb.selectFrom('answer_changes').select('adas').orderBy('seq', 'desc').limit(2).execute();
        console.log(
          `\nOne more day: ${orders} orders imported in ${((t1 - t0) / 1000).toFixed(1)} s and closed in ${((t2 - t1) / 1000).toFixed(1)} s; ` +
            `members touched (with their uplines): ${changes.map((c) => c.adas.split('\n').length).join(' by the close, ') || 'none recorded'} by the import`,
        );
        await measure('After the hourly import and close, no warm-up', false, 0);
        await markDataReplaced(hdb);
        await measure('After the data replaced as a whole (every hourly close before per-member versions), no warm-up', false, 0);
      } finally {
        await closeDatabase(hdb);
      }
    }
    console.log(
      `\nGoals: ratio (b)/(a) ≥ ${RATIO_GOAL} and p99 ≤ ${P99_GOAL_MS} ms on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}: ${ok ? 'all met' : 'NOT all met'}` +
        ` (load average at the end ${load()})`,
    );
    console.log(
      "(a) receives the same POSTs, headers and bodies as the plan overview; server CPU is the child process's CPU time per wall second (100 % = one core),\n" +
        'CPU µs/req that time per answer: autocannon runs on the same cores, so a ratio also reflects the client (larger answers cost it more).',
    );
    if (smoke) console.log('Smoke run: small dataset and short runs; the figures do not measure the goals.');
    // Missed goals are figures to read; a failed or wrong answer is a fault (npm test runs --smoke).
    if (!clean) {
      console.log('Some answers failed (errors / non-2xx / code ≠ 0 above).');
      process.exitCode = 1;
    }
  } finally {
    if (child?.connected) child.disconnect();
    await new Promise((r) => (child && child.exitCode === null ? child.once('exit', r) : r(null)));
    if (values.keep || values.data) console.log(`  kept ${cluster ? `${cluster.url} (cluster in ${cluster.dataDir})` : dir}`);
    else {
      fs.rmSync(dir, { recursive: true, force: true });
      cluster?.destroy();
    }
  }
}

await main();
