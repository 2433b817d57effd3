/**
 * bench/bff.ts's server: the BFF and a bare Fastify route (the baseline) on two ports of
 * 127.0.0.1, run as a child process so the load generator does not share its event loop.
 *   bench/bff.ts forks it: tsx bench/bff-server.ts DATA_DIR LOG_LEVEL [DATABASE_URL]
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import { buildApp } from '../apps/bff/src/app.ts';
import { loadConfig, type Config } from '../apps/bff/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/bff/src/db/index.ts';

export const TODAY = '2026-11-21';
/** The server's /metrics token (production asks for one): the answer cache's hits are read there. */
export const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** The messages between this process and the server child. */
export type ToParent = { ready: { bff: number; baseline: number } } | { cpu: NodeJS.CpuUsage } | { profiled: string };
/** The parent's requests: CPU time so far, or start / stop (and write) a CPU profile. */
export type ToChild = 'cpu' | { profile: 'start' } | { profile: 'stop'; file: string };

/** The server's configuration; DATABASE_URL (PostgreSQL) when given, else SQLite in dataDir. */
export function benchConfig(dataDir: string, logLevel: string, databaseUrl: string | undefined): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: logLevel,
    INQUIRY_TODAY: TODAY,
    LOGIN_RATE_LIMIT: '100000',
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'production',
    METRICS_TOKEN,
  });
}

// ---------------------------------------------------------------------------------------
// Child: serves the BFF and the baseline on two ports of 127.0.0.1.

export async function serve(dataDir: string, logLevel: string, databaseUrl: string | undefined): Promise<void> {
  const config = benchConfig(dataDir, logLevel, databaseUrl);
  const db = openDatabase(config);
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
  let inspector: Session | undefined;
  process.on('message', (m: ToChild) => {
    if (m === 'cpu') return send({ cpu: process.cpuUsage() });
    void (async () => {
      if (m.profile === 'start') {
        inspector = new Session();
        inspector.connect();
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
        send({ profiled: '' });
      } else if (inspector) {
        const { profile } = await inspector.post('Profiler.stop');
        fs.writeFileSync(m.file, JSON.stringify(profile));
        inspector.disconnect();
        send({ profiled: m.file });
      }
    })();
  });
  process.on('disconnect', () => {
    // app.close() closes the database too (plugins/database.ts).
    void Promise.all([app.close(), baseline.close()]).finally(() => process.exit(0));
  });
  send({ ready: { bff: port(app.server), baseline: port(baseline.server) } });
}

if (import.meta.filename === process.argv[1]) {
  const [dataDir, logLevel, databaseUrl] = process.argv.slice(2);
  void serve(dataDir!, logLevel ?? 'info', databaseUrl);
}
