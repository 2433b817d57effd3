import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { migrateToLatest, openSqlite, type DB } from '../db/index.ts';

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  config: Config;
  close(): Promise<void>;
}

/** A real BFF on a throwaway SQLite file, driven through app.inject(). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-bff-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', INQUIRY_TODAY: '2026-11-21', ...env });
  const db = openSqlite(path.join(dataDir, 'test.sqlite'));
  await migrateToLatest(db);
  const app = await buildApp({ config, db, logger: process.env.TEST_LOG === '1' });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
