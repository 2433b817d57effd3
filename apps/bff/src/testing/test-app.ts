import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { migrateToLatest, openPostgres, openSqlite, type DB } from '../db/index.ts';

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  config: Config;
  close(): Promise<void>;
}

let schemas = 0;

/** A schema name no other test (worker process) uses, for the PostgreSQL suite. */
export function uniqueSchemaName(prefix = 't'): string {
  return `${prefix}_${process.pid}_${++schemas}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A real BFF driven through app.inject(), on a throwaway SQLite file, or, when TEST_DATABASE_URL
 * is set (the PostgreSQL suite), in a schema of its own on that server, dropped on close.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-bff-test-'));
  // No load shedding unless a test asks for it: a busy test machine must not make calls fail.
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', INQUIRY_TODAY: '2026-11-21', MAX_EVENT_LOOP_DELAY_MS: '0', ...env });
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = uniqueSchemaName();
  const db = pgUrl ? openPostgres(pgUrl, { schema, poolSize: 4 }) : openSqlite(path.join(dataDir, 'test.sqlite'));
  await migrateToLatest(db);
  const app = await buildApp({ config, db, logger: process.env.TEST_LOG === '1' });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      if (pgUrl) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
