// Test support for the operators' import page: an app on a throwaway database (SQLite, or
// PostgreSQL in the PostgreSQL suite) with the runner's parts replaceable, an operator's headers,
// multipart bodies and a wait for a run to settle.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMPORT_UPLOAD_PATH, type ImportRun } from '@abo/contract';
import { buildApp, type BuildOptions } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { EXAMPLES_DIR } from '../../import/import.test-support.ts';
import { openThrowawayDb, type ThrowawayDb } from '../../testing/throwaway-db.ts';
import { TEST_TODAY } from '../../testing/today.ts';

export interface OperatorApp {
  app: FastifyInstance;
  db: DB;
  config: Config;
  close(): Promise<void>;
}

/** An app on `t`'s database (or a throwaway one), with `runner` replacing parts of the import runner. */
export async function operatorApp(
  runner?: BuildOptions['operator'],
  { env = {}, on }: { env?: Record<string, string>; on?: { t: ThrowawayDb; db: DB } } = {},
): Promise<OperatorApp> {
  const t = on ? null : await openThrowawayDb({ name: 'operator' });
  const dir = on ? on.t.dir : t!.dir;
  const db = on ? on.db : t!.db;
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    INQUIRY_TODAY: TEST_TODAY,
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const app = await buildApp({ config, db, logger: process.env.TEST_LOG === '1', ...(runner ? { operator: runner } : {}) });
  await app.ready();
  return { app, db, config, close: () => (t ? t.close(() => app.close()) : app.close().then(() => undefined)) };
}

/** The headers of a staff account's calls (iinquiry). */
export async function staffHeaders(app: FastifyInstance, username: string): Promise<Record<string, string>> {
  const staff = await app.tokens.issueStaff({ username, fullName: 'Staff' });
  return { channel: 'iinquiry', jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken };
}

export interface Part {
  name: string;
  /** A file part when set. */
  filename?: string;
  type?: string;
  content: string | Buffer;
}

/** A multipart/form-data body. */
export function multipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----abo${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? `Content-Type: ${p.type ?? 'text/csv'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** docs/examples' files as file parts (or those of `dir`). */
export function exampleParts(dir = EXAMPLES_DIR): Part[] {
  return ['distributors.csv', 'orders.csv', 'attendance.csv']
    .filter((name) => fs.existsSync(path.join(dir, name)))
    .map((name) => ({ name, filename: name, content: fs.readFileSync(path.join(dir, name)) }));
}

export async function upload(app: FastifyInstance, headers: Record<string, string>, parts: readonly Part[]) {
  const body = multipart(parts);
  return app.inject({ method: 'POST', url: IMPORT_UPLOAD_PATH, headers: { ...headers, ...body.headers }, payload: body.payload });
}

export async function call(app: FastifyInstance, headers: Record<string, string>, url: string, payload: object = {}) {
  return app.inject({ method: 'POST', url, headers, payload: { channel: headers['channel'] ?? 'wec', ...payload } });
}

/** Reads the run until it is no longer checking, importing or closing. */
export async function settled(app: FastifyInstance, headers: Record<string, string>, id: string, timeoutMs = 60_000): Promise<ImportRun> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(app, headers, '/bff/v1/operator/imports/get', { id });
    const run = res.json().data?.run as ImportRun | undefined;
    if (!run) throw new Error(`get ${id}: ${res.body}`);
    if (!['checking', 'importing', 'closing'].includes(run.status)) return run;
    if (Date.now() > until) throw new Error(`run ${id} still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
