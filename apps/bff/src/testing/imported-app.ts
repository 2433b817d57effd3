// A small company of CSV files imported and closed the way `npm run import` does it, in a real BFF
// driven through app.inject() (SQLite; PostgreSQL in the PostgreSQL suite): black-box tests read
// the figures a distributor's pages answer.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { closeMonths } from '../close/close.ts';
import { loadProfile } from '../idp/profile.ts';
import { importDirectory } from '../import/import.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface ImportedApp {
  readonly t: TestApp;
  /** One page's data as `ada` signed in on the desktop channel sees it (the envelope's code checked). */
  call<T = Record<string, unknown>>(ada: string, url: string, payload?: object): Promise<T>;
  /** The whole envelope of a call, whatever its code. */
  post(ada: string, url: string, payload?: object): Promise<{ code: number; message: string; data: unknown }>;
  close(): Promise<void>;
}

/** Imports `files` (name → CSV text) into a new app's database on `today` and closes every complete month. */
export async function importedApp(files: Record<string, string>, today: string): Promise<ImportedApp> {
  const t = await createTestApp({ INQUIRY_TODAY: today });
  const dir = path.join(t.config.dataDir, 'import');
  fs.mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  await importDirectory(t.db, { dir, today });
  await closeMonths(t.db, { today });
  const headers = new Map<string, Record<string, string>>();
  const app: ImportedApp = {
    t,
    async post(ada: string, url: string, payload: object = {}) {
      let h = headers.get(ada);
      if (!h) {
        const tokens = await t.app.tokens.issue((await loadProfile(t.db, ada))!);
        headers.set(ada, (h = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken }));
      }
      const res = await t.app.inject({ method: 'POST', url, headers: h, payload: { channel: 'ebiz', loginada: ada, ...payload } });
      return res.json();
    },
    async call<T>(ada: string, url: string, payload: object = {}) {
      const body = await app.post(ada, url, payload);
      expect(body.code, JSON.stringify(body)).toBe(0);
      return body.data as T;
    },
    close: () => t.close(),
  };
  return app;
}
