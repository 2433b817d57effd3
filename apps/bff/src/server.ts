import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { attachLiveFeed } from './live/live-feed.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/index.ts';
import { prepareData } from './startup/prepare-data.ts';

/** Entry point: migrate, seed on first run, build, listen, and close cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const requested = loadConfig();
  // PostgreSQL only: a pooled connection dropped (the server restarting). The pool
  // replaces it; say so in the log once the app's logger exists.
  let onConnectionError = (err: Error) => console.warn(`database connection dropped: ${err.message}`);
  const db = openDatabase(requested, (err) => onConnectionError(err));
  await migrateToLatest(db);
  // Demo mode only on the demo dataset: the configuration served with says whether it is on.
  const config = await prepareData(db, requested);
  const app = await buildApp({ config, db });
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

  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as { port: number }).port;
  const base = config.PUBLIC_URL ?? `http://localhost:${port}`;
  console.log(`\nABO Inquiry is running: ${base}/front/`);
  if (config.demo) {
    console.log('Demo mode (demo dataset): demo accounts and sign-in hints are on. Never expose this to real users; DEMO=0 turns it off.');
    console.log(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(9)} ${a.displayName} — ${a.profile}`);
    if (app.notificationDelivery.standIn) console.log(`WeChat and app push go to local stand-ins; what they received: ${base}/stand-in/`);
    if (liveFeed) {
      liveFeed.start();
      console.log(`Live feed on: a few orders every ${config.DEMO_LIVE_INTERVAL_MS / 1000} s move the open month`);
    }
  } else {
    console.log('Demo mode is off: no demo accounts. Staff accounts: npm run accounts -- add-staff NAME');
  }
  console.log('');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
