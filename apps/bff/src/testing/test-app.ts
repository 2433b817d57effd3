import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPostgres, openSqlite, type DB } from '../db/index.ts';
import { openThrowawayDb } from './throwaway-db.ts';
import { TEST_TODAY } from './today.ts';

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  config: Config;
  close(): Promise<void>;
}

/**
 * A real BFF driven through app.inject(), on a throwaway SQLite file, or, when TEST_DATABASE_URL
 * is set (the PostgreSQL suite), in a schema of its own on that server, dropped on close.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await openThrowawayDb({ name: 'bff-test' });
  // No load shedding unless a test asks for it: a busy test machine must not make calls fail.
  // Pages go out unrendered unless a test asks (page-render/first-page.test.ts): a render thread per
  // test app would load jsdom and the web build's render bundle for every suite.
  const config = loadConfig({
    DATA_DIR: t.dir,
    LOG_LEVEL: 'silent',
    INQUIRY_TODAY: TEST_TODAY,
    MAX_EVENT_LOOP_DELAY_MS: '0',
    PAGE_RENDER: '0',
    ...env,
  });
  const app = await buildApp({ config, db: t.db, logger: process.env.TEST_LOG === '1' });
  await app.ready();
  return {
    app,
    db: t.db,
    config,
    // The app closes the database it was given.
    close: () => t.close(() => app.close()),
  };
}

/** Another connection to the test app's database, as another process would hold. */
export async function secondConnection(t: TestApp, poolSize = 1): Promise<DB> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openSqlite(path.join(t.config.dataDir, 'test.sqlite'));
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
  return openPostgres(url, { schema: rows[0]!.schema, poolSize });
}

/** The next request: after this turn of the event loop (see db/sqlite.ts, the change token). */
export const nextRequest = () => new Promise((resolve) => setImmediate(resolve));
