/**
 * Soak bench: seeds a throwaway database, starts the BFF as a child process, signs
 * in the demo distributors and drives mixed page calls at it with autocannon, sampling the
 * server's memory every second. Prints requests, errors (non-2xx or a non-zero envelope code;
 * the goal is 0), req/s, latency percentiles and memory growth (start vs end, both after GC).
 *   npx tsx bench/soak.ts [--duration 60] [--connections 50] [--distributors 20000] [--smoke]
 * --smoke: 5 s, 10 connections, 1 000 distributors. Exit code 1 when there were errors.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const self = fileURLToPath(import.meta.url);
const TODAY = '2026-11-21';

interface MemorySample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}
type ChildMessage = { type: 'ready'; port: number } | { type: 'memory'; id: number; memory: MemorySample };
type ParentMessage = { type: 'memory'; id: number; gc: boolean };

// --- child: the BFF as it runs in production, plus a memory probe over IPC ------------------
async function child(): Promise<void> {
  const { loadConfig } = await import('../apps/bff/src/config.ts');
  const { migrateToLatest, openDatabase } = await import('../apps/bff/src/db/index.ts');
  const { buildApp } = await import('../apps/bff/src/app.ts');
  const config = loadConfig();
  const db = openDatabase(config);
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (m: ParentMessage) => {
    if (m.type !== 'memory') return;
    if (m.gc && gc) gc();
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    process.send!({ type: 'memory', id: m.id, memory: { rss, heapUsed, heapTotal, external } } satisfies ChildMessage);
  });
  process.on('disconnect', () => {
    void app.close().then(() => process.exit(0));
  });
  process.send!({ type: 'ready', port: (app.server.address() as { port: number }).port } satisfies ChildMessage);
}

// --- parent ---------------------------------------------------------------------------------
interface AutocannonRequest {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
  onResponse?: (status: number, body: string) => void;
}
interface Histogram {
  average: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number; sent: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
  timeout?: number;
}) => Promise<AutocannonResult>;

async function parent(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      distributors: { type: 'string' },
      smoke: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
  });
  const duration = Number(values.duration ?? (values.smoke ? 5 : 60));
  const connections = Number(values.connections ?? (values.smoke ? 10 : 50));
  const distributors = Number(values.distributors ?? (values.smoke ? 1000 : 20000));

  const { migrateToLatest, openSqlite, closeDatabase } = await import('../apps/bff/src/db/index.ts');
  const { seedDatabase, DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('../apps/bff/src/seed/index.ts');
  const autocannon = (await import('autocannon' as string)).default as Autocannon;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-soak-'));
  let server: ChildProcess | undefined;
  try {
    console.log(
      `Soak bench: ${duration} s, ${connections} connections, ${distributors.toLocaleString('en-US')} distributors, ${os.cpus().length} CPUs, Node ${process.version}`,
    );
    const t0 = performance.now();
    const db = openSqlite(path.join(dir, 'inquiry.sqlite'));
    await migrateToLatest(db);
    await seedDatabase(db, { distributors, seed: 42, today: TODAY }, { fresh: true });
    await closeDatabase(db);
    console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // The server: its own process, production settings, warnings and errors logged to us.
    server = fork(self, [], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: {
        ...process.env,
        SOAK_CHILD: '1',
        DATA_DIR: dir,
        INQUIRY_TODAY: TODAY,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        LOGIN_RATE_LIMIT: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const serverLog: string[] = [];
    const collect = (chunk: Buffer) => serverLog.push(...chunk.toString().split('\n').filter(Boolean));
    server.stdout!.on('data', collect);
    server.stderr!.on('data', collect);
    const pending = new Map<number, (m: MemorySample) => void>();
    let nextId = 0;
    const port = await new Promise<number>((resolve, reject) => {
      server!.on('message', (m: ChildMessage) => {
        if (m.type === 'ready') resolve(m.port);
        else if (m.type === 'memory') pending.get(m.id)?.(m.memory);
      });
      server!.on('exit', (code) => reject(new Error(`server exited (${code}):\n${serverLog.join('\n')}`)));
    });
    const memory = (gc: boolean) =>
      new Promise<MemorySample>((resolve) => {
        const id = nextId++;
        pending.set(id, (m) => {
          pending.delete(id);
          resolve(m);
        });
        server!.send({ type: 'memory', id, gc } satisfies ParentMessage);
      });
    const base = `http://127.0.0.1:${port}`;
    const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; message: string; data: unknown };
      if (res.status !== 200 || json.code !== 0) throw new Error(`${url}: HTTP ${res.status} ${json.code} ${json.message}`);
      return json.data;
    };

    // Sign in each demo distributor the way the app does: IdP session token, then idaasToken.
    const users = DEMO_ACCOUNTS.filter((a) => a.kind === 'distributor');
    const requests: AutocannonRequest[] = [];
    let envelopeErrors = 0;
    let checked = 0;
    const errorSamples = new Map<string, number>();
    const countEnvelope = (url: string) => (status: number, body: string) => {
      checked++;
      let code: unknown;
      try {
        code = (JSON.parse(body) as { code?: unknown }).code;
      } catch {
        code = 'not JSON';
      }
      if (status >= 200 && status < 300 && code !== 0) {
        envelopeErrors++;
        const key = `${url} → ${String(code)}`;
        errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
      } else if (status < 200 || status >= 300) {
        const key = `${url} → HTTP ${status}`;
        errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
      }
    };
    for (const user of users) {
      const { sessionToken } = (await post('/idp/session', { username: user.username, password: DEMO_PASSWORD })) as {
        sessionToken: string;
      };
      const tokens = (await post('/bff/v1/common/idaasToken', { sessionToken, channel: 'ebiz' })) as {
        accessToken: string;
        idToken: string;
      };
      const headers = {
        'content-type': 'application/json',
        'idaas-accesstoken': tokens.accessToken,
        'idaas-idtoken': tokens.idToken,
        channel: 'ebiz',
      };
      const plans = (await post('/bff/v1/incentive/plans', { channel: 'ebiz', loginada: user.ada }, headers)) as {
        plans: Array<{ code: string }>;
      };
      const mixed: Array<[string, object]> = [
        ['/bff/v1/home/summary', {}],
        ['/bff/v1/common/getConfig', {}],
        ['/bff/v1/common/prompts', { businessType: 'home' }],
        ['/bff/v1/incentive/plans', {}],
        ...plans.plans.slice(0, 3).map((p): [string, object] => ['/bff/v1/incentive/plan', { code: p.code }]),
        ['/bff/v1/income/statement', {}],
        ['/bff/v1/achievement/overview', {}],
        ['/bff/v1/incentive/market/members', { page: 1, pageSize: 20 }],
        ['/bff/v1/incentive/market/members', { page: 2, pageSize: 20, sort: 'pgpv', order: 'asc' }],
      ];
      for (const [url, body] of mixed) {
        const payload = { channel: 'ebiz', loginada: user.ada, ...body };
        await post(url, payload, headers); // each call works before the soak starts
        requests.push({ method: 'POST', path: url, headers, body: JSON.stringify(payload), onResponse: countEnvelope(url) });
      }
    }
    // Interleave the users so every connection sees a mix.
    requests.sort((a, b) => a.path.localeCompare(b.path) || a.body.localeCompare(b.body));
    console.log(`  server up on ${base}; ${users.length} users signed in, ${requests.length} distinct calls`);

    const start = await memory(true);
    const samples: MemorySample[] = [];
    const sampler = setInterval(() => void memory(false).then((m) => samples.push(m)), 1000);
    const result = await autocannon({ url: base, connections, duration, requests, timeout: 10 });
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 500));
    const end = await memory(true);

    const errors = result.non2xx + result.errors + result.timeouts + envelopeErrors;
    const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;
    const delta = (a: number, b: number) =>
      `${b >= a ? '+' : ''}${((b - a) / 2 ** 20).toFixed(1)} MiB (${(((b - a) / a) * 100).toFixed(1)}%)`;
    const peakRss = Math.max(start.rss, end.rss, ...samples.map((s) => s.rss));
    const peakHeap = Math.max(start.heapUsed, end.heapUsed, ...samples.map((s) => s.heapUsed));
    console.log(`\nResults (${result.duration} s)`);
    console.log(`  requests     ${result.requests.total.toLocaleString('en-US')} (${result.requests.average.toFixed(0)} req/s)`);
    console.log(
      `  latency      p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    console.log(
      `  errors       ${errors} (non-2xx ${result.non2xx}, envelope code ≠ 0 ${envelopeErrors}, socket errors ${result.errors}, timeouts ${result.timeouts})`,
    );
    for (const [key, n] of errorSamples) console.log(`    ${n} × ${key}`);
    console.log(`  envelopes    ${checked.toLocaleString('en-US')} responses parsed and checked for code 0`);
    console.log(`  server RSS   start ${mib(start.rss)}, end ${mib(end.rss)}, growth ${delta(start.rss, end.rss)}, peak ${mib(peakRss)}`);
    console.log(
      `  server heap  start ${mib(start.heapUsed)}, end ${mib(end.heapUsed)}, growth ${delta(start.heapUsed, end.heapUsed)}, peak ${mib(peakHeap)} (after GC at start and end)`,
    );
    if (samples.length > 4) {
      // A leak shows as heap that keeps rising: compare the first and last quarter of the run.
      const q = Math.max(1, Math.floor(samples.length / 4));
      const avg = (xs: MemorySample[]) => xs.reduce((s, x) => s + x.heapUsed, 0) / xs.length;
      console.log(
        `  sampled heap (1/s, no forced GC) first quarter avg ${mib(avg(samples.slice(0, q)))}, last quarter avg ${mib(avg(samples.slice(-q)))}`,
      );
    }
    const logged = serverLog.filter((l) => /"level":(40|50|60)/.test(l));
    console.log(`  server log   ${logged.length} warnings/errors${logged.length ? `, first: ${logged[0]!.slice(0, 300)}` : ''}`);
    console.log(errors === 0 ? '  zero errors: goal met' : '  ERRORS: goal (0) not met');
    process.exitCode = errors === 0 ? 0 : 1;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.disconnect();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (server.exitCode === null) server.kill();
    }
    if (values.keep) console.log(`  kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env['SOAK_CHILD'] === '1') await child();
else await parent();
