/**
 * Document load (security finding M5): while one account asks for 20 statement links at once,
 * how long does everyone else wait? Seeds a throwaway SQLite dataset, serves the BFF in a child
 * process over real HTTP (from source through tsx), warms it with one document of another
 * account, then fires the 20 links of the account with the most statements at once and, until
 * the last one answers, sends cheap calls from `--probes` clients (4), each one after another:
 * `GET /healthz` and a second distributor's `POST /bff/v1/income/statement` (answered from the
 * BFF's kept answers).
 * Prints per server mode the cheap calls' p50 / p99 / max (ms), the burst's wall time and the
 * server's CPU seconds over it (all its threads), and how the 20 links were answered; below each,
 * the same calls timed for a second before the burst (the machine's own noise).
 * Modes (each its own fresh server): `inline` renders on the event loop as before the render pool
 * (the renderer of documents/render.ts on the request's thread, no limits, no cache); `pool`, the
 * server as shipped (render threads, 2 renders per account); `pool-all`, the pool with the
 * per-account bound raised to 20, so all 20 render.
 *   npx tsx bench/document-load.ts [--distributors 2000] [--modes inline,pool,pool-all] [--links 20] [--probes 4]
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/bff/src/app.ts';
import { loadConfig, type Config } from '../apps/bff/src/config.ts';
import { closeDatabase, migrateToLatest, openDatabase } from '../apps/bff/src/db/index.ts';
import { renderDocument } from '../apps/bff/src/documents/render.ts';
import { createSessionToken } from '../apps/bff/src/idp/session-tokens.ts';
import { seedDatabase } from '../apps/bff/src/seed/index.ts';

const TODAY = '2026-11-21';
/** How long the cheap calls are timed without the burst. */
const QUIET_MS = 1000;
const MODES = ['inline', 'pool', 'pool-all'] as const;
type Mode = (typeof MODES)[number];

type ToParent = { ready: number } | { cpu: NodeJS.CpuUsage };

function serverConfig(dataDir: string, mode: Mode): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    INQUIRY_TODAY: TODAY,
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'production',
    ...(mode === 'pool-all' ? { RENDER_PER_ACCOUNT: '20' } : {}),
  });
}

// ---------------------------------------------------------------------------------------
// Child: the BFF on a port of 127.0.0.1; answers its CPU time (every thread) when asked.

async function serve(dataDir: string, mode: Mode): Promise<void> {
  const config = serverConfig(dataDir, mode);
  const db = openDatabase(config);
  // inline: the document renderer on the request's own thread, as before the render pool.
  const documents = mode === 'inline' ? { render: renderDocument } : undefined;
  const app = await buildApp({ config, db, logger: false, documents: documents ?? {} });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (m: string) => {
    if (m === 'cpu') process.send!({ cpu: process.cpuUsage() } satisfies ToParent);
  });
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
  process.send!({ ready: (app.server.address() as { port: number }).port } satisfies ToParent);
}

// ---------------------------------------------------------------------------------------
// Parent.

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: { code: number; data: unknown } }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as { code: number; data: unknown } };
}

interface Run {
  mode: Mode;
  quiet: { health: number[]; statement: number[] };
  health: number[];
  statement: number[];
  wallMs: number;
  cpuS: number;
  answers: Map<number, number>;
}

async function measure(
  dir: string,
  mode: Mode,
  accounts: { burst: string; other: string },
  months: string[],
  otherMonth: string,
  probes: number,
): Promise<Run> {
  const db = openDatabase(serverConfig(dir, mode));
  const tokens = {
    burst: await createSessionToken(db, accounts.burst, 'distributor'),
    other: await createSessionToken(db, accounts.other, 'distributor'),
  };
  await closeDatabase(db);
  const child: ChildProcess = fork(import.meta.filename, ['--serve', dir, '--mode', mode], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const next = () =>
      new Promise<ToParent>((resolve, reject) => {
        child.once('message', resolve);
        child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
      });
    const ready = await next();
    if (!('ready' in ready)) throw new Error('unexpected message from the server');
    const bff = `http://127.0.0.1:${ready.ready}`;
    const cpu = async () => {
      child.send('cpu');
      const m = await next();
      if (!('cpu' in m)) throw new Error('unexpected message from the server');
      return (m.cpu.user + m.cpu.system) / 1e6;
    };
    const headersOf = async (sessionToken: string) => {
      const r = await call(`${bff}/bff/v1/common/idaasToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel: 'ebiz', sessionToken }),
      });
      const { accessToken, idToken } = r.body.data as { accessToken: string; idToken: string };
      return { 'content-type': 'application/json', 'idaas-accesstoken': accessToken, 'idaas-idtoken': idToken };
    };
    const burstHeaders = await headersOf(tokens.burst);
    const otherHeaders = await headersOf(tokens.other);
    const post = (headers: Record<string, string>, pathname: string, body: object) =>
      call(`${bff}${pathname}`, { method: 'POST', headers, body: JSON.stringify({ channel: 'ebiz', ...body }) });
    // Warm-up by the other account: the font parsed, the render thread started, the statement answer kept.
    const warm = await post(otherHeaders, '/bff/v1/income/documentLink', {
      document: { kind: 'statement', lang: 'zh-CN', month: otherMonth },
    });
    if (warm.body.code !== 0) throw new Error(`warm-up document failed: ${JSON.stringify(warm.body)}`);
    if ((await post(otherHeaders, '/bff/v1/income/statement', { month: otherMonth })).body.code !== 0)
      throw new Error('statement call failed');

    // Cheap calls from `probes` clients, each one call after another, until `stop` says so.
    const probeUntil = async (stop: () => boolean) => {
      const health: number[] = [];
      const statement: number[] = [];
      const probe = async () => {
        while (!stop()) {
          let t = performance.now();
          await call(`${bff}/healthz`);
          health.push(performance.now() - t);
          t = performance.now();
          await post(otherHeaders, '/bff/v1/income/statement', { month: otherMonth });
          statement.push(performance.now() - t);
        }
      };
      await Promise.all(Array.from({ length: probes }, probe));
      return { health, statement };
    };
    // The same calls without the burst first: the machine's own noise.
    const q0 = performance.now();
    const quiet = await probeUntil(() => performance.now() - q0 > QUIET_MS);

    const cpu0 = await cpu();
    const t0 = performance.now();
    let done = false;
    const burst = Promise.all(
      months.map((month) => post(burstHeaders, '/bff/v1/income/documentLink', { document: { kind: 'statement', lang: 'zh-CN', month } })),
    ).finally(() => (done = true));
    const { health, statement } = await probeUntil(() => done);
    const answers = await burst;
    const wallMs = performance.now() - t0;
    const cpuS = (await cpu()) - cpu0;
    const counts = new Map<number, number>();
    for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    return { mode, quiet, health, statement, wallMs, cpuS, answers: counts };
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      distributors: { type: 'string', default: '2000' },
      modes: { type: 'string', default: MODES.join(',') },
      links: { type: 'string', default: '20' },
      probes: { type: 'string', default: '4' },
      serve: { type: 'string' },
      mode: { type: 'string' },
    },
  });
  if (values.serve) return serve(values.serve, values.mode as Mode);
  const modes = values.modes.split(',').map((m) => m.trim()) as Mode[];
  for (const m of modes) if (!MODES.includes(m)) throw new Error(`unknown mode ${m}; modes: ${MODES.join(', ')}`);
  const links = Number(values.links);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-document-load-'));
  try {
    console.log(
      `Document load: ${Number(values.distributors).toLocaleString('en-US')} distributors, ${links} statement links at once, ` +
        `${os.availableParallelism()} CPUs, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)}`,
    );
    const db = openDatabase(serverConfig(dir, 'pool'));
    let burst: { ada: string; months: string[] };
    let other: { ada: string; month: string };
    try {
      await migrateToLatest(db);
      await seedDatabase(db, { distributors: Number(values.distributors), seed: 42, today: TODAY }, { fresh: true });
      const counts = await db
        .selectFrom('statements')
        .select(['ada', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('ada')
        .orderBy('n', 'desc')
        .orderBy('ada')
        .limit(2)
        .execute();
      if (counts.length < 2 || Number(counts[0]!.n) < links) throw new Error(`no distributor has ${links} statements`);
      const monthsOf = async (ada: string) =>
        (await db.selectFrom('statements').select('month').where('ada', '=', ada).orderBy('month', 'desc').execute()).map((r) => r.month);
      burst = { ada: counts[0]!.ada, months: (await monthsOf(counts[0]!.ada)).slice(0, links) };
      other = { ada: counts[1]!.ada, month: (await monthsOf(counts[1]!.ada))[0]! };
    } finally {
      await closeDatabase(db);
    }
    console.log(`  burst: ${burst.ada}, ${burst.months.at(-1)} … ${burst.months[0]}; cheap calls as ${other.ada}`);
    console.log(
      '  mode      | healthz p50 / p99 / max ms | statement p50 / p99 / max ms | calls | burst wall s | server CPU s | links answered',
    );
    const f = (xs: number[]) => [50, 99, 100].map((p) => percentile(xs, p).toFixed(0)).join(' / ');
    for (const mode of modes) {
      const r = await measure(dir, mode, { burst: burst.ada, other: other.ada }, burst.months, other.month, Number(values.probes));
      const answered = [...r.answers].map(([status, n]) => `${n}× ${status}`).join(', ');
      console.log(
        `  ${mode.padEnd(9)} | ${f(r.health).padStart(26)} | ${f(r.statement).padStart(28)} | ${String(r.health.length).padStart(5)} | ` +
          `${(r.wallMs / 1000).toFixed(2).padStart(12)} | ${r.cpuS.toFixed(2).padStart(12)} | ${answered}`,
      );
      const q = r.quiet;
      console.log(
        `    quiet   | ${f(q.health).padStart(26)} | ${f(q.statement).padStart(28)} | ${String(q.health.length).padStart(5)} | ` +
          `(the same calls for ${QUIET_MS / 1000} s before the burst)`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
