import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { attachLiveFeed } from './live/live-feed.ts';
import { progressPrinter } from './seed/progress.ts';
import { bannerLines, demoSignIns } from './startup/banner.ts';
import { databaseUnreachable } from './startup/database-url.ts';
import { serverLogStream } from './startup/log-output.ts';
import { portInUseMessage } from './startup/port.ts';
import { prepareData, StartupRefused } from './startup/prepare-data.ts';
import { holdPortWhileStarting, type StartingServer } from './startup/starting-server.ts';

/** Entry point: migrate, seed on first run, build, listen, and close cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const requested = loadConfig();
  // Before anything is created: a port in use would otherwise fail only after a long first seed.
  // Held until the app listens, so probes meet "starting", not a closed port (port 0: any port,
  // nothing to hold).
  const holding: StartingServer | null = requested.PORT === 0 ? null : await holdPortWhileStarting(requested.PORT, requested.HOST);
  // PostgreSQL only: a pooled connection dropped (the server restarting). The pool
  // replaces it; say so in the log once the app's logger exists.
  let onConnectionError = (err: Error) => console.warn(`database connection dropped: ${err.message}`);
  const db = openDatabase(requested, (err) => onConnectionError(err));
  holding?.step('migrating the database');
  try {
    await migrateToLatest(db);
  } catch (err) {
    throw requested.DATABASE_URL ? databaseUnreachable(requested.DATABASE_URL, err) : err;
  }
  holding?.step('preparing the data');
  const printProgress = progressPrinter(process.stdout);
  // Demo mode only on the demo dataset: the configuration served with says whether it is on.
  const config = await prepareData(db, requested, undefined, (p) => {
    holding?.step(`seeding the demo: ${p.phase} ${p.total > 0 ? Math.floor((100 * p.done) / p.total) : 0} %`);
    printProgress(p);
  });
  holding?.step('starting the app');
  const signIns = config.demo ? await demoSignIns(db) : [];
  const app = await buildApp({ config, db, logStream: serverLogStream(config) });
  onConnectionError = (err) => app.log.warn({ err: err.message }, 'database connection dropped');
  // Its stop hook must be added before listen; it starts once the server listens.
  const liveFeed = attachLiveFeed(app, config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await holding?.close();
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    // Taken since the check above (another start racing this one).
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new StartupRefused(portInUseMessage(config.PORT));
    throw err;
  }
  const port = (app.server.address() as { port: number }).port;
  liveFeed?.start();
  // Last, so that the sign-ins stay on screen below the start's log lines.
  const banner = bannerLines({
    base: config.PUBLIC_URL ?? `http://localhost:${port}`,
    demo: config.demo,
    signIns,
    standIns: app.notificationDelivery.standIn !== null,
    liveIntervalMs: liveFeed ? config.DEMO_LIVE_INTERVAL_MS : null,
  });
  console.log(banner.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
