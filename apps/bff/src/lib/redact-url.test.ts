import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { closeDatabase, migrateToLatest, openSqlite } from '../db/index.ts';
import { CREDENTIAL_PARAMS, redactUrl } from './redact-url.ts';
import { TEST_TODAY } from '../testing/today.ts';

describe('redactUrl', () => {
  it('replaces the value of every credential parameter, whatever its case, and keeps the rest as it was', () => {
    expect(redactUrl('/front/?adaToken=abc&oktaIdToken=def&oktaIdTokenKey=ghi&channel=iinquiry&queryAda=10000004')).toBe(
      '/front/?adaToken=[redacted]&oktaIdToken=[redacted]&oktaIdTokenKey=[redacted]&channel=iinquiry&queryAda=10000004',
    );
    expect(redactUrl('https://h.example/front/income?SESSIONTOKEN=s1&lang=en')).toBe(
      'https://h.example/front/income?SESSIONTOKEN=[redacted]&lang=en',
    );
    for (const name of CREDENTIAL_PARAMS) expect(redactUrl(`/x?${name}=v4lue`)).not.toContain('v4lue');
  });

  it('hides the token of a document link, however the path is spelt', () => {
    expect(redactUrl('/bff/files/dl_s3cr3tT0ken?disposition=inline')).toBe('/bff/files/[redacted]?disposition=inline');
    expect(redactUrl('https://h.example/BFF/Files/s3cr3t')).toBe('https://h.example/BFF/Files/[redacted]');
    expect(redactUrl('/%62ff/files/s3cr3t')).toBe('/%62ff/files/[redacted]');
    for (const plain of ['/bff/files/', '/bff/v1/files/x', '/front/files/x']) expect(redactUrl(plain)).toBe(plain);
  });

  it('sees through encoded names, finds parameters in the fragment, and leaves addresses without any alone', () => {
    expect(redactUrl('/front/?ada%54oken=abc&code=wx1&state=s')).toBe('/front/?ada%54oken=[redacted]&code=[redacted]&state=[redacted]');
    expect(redactUrl('/cb#access_token=abc&token_type=Bearer')).toBe('/cb#access_token=[redacted]&token_type=Bearer');
    expect(redactUrl('/front/#/page?id_token=abc')).toBe('/front/#/page?id_token=[redacted]');
    expect(redactUrl('/front/?adaToken')).toBe('/front/?adaToken=[redacted]');
    for (const plain of ['/front/', '/front/?channel=wec&year=2026', '/bff/v1/x?tokenish=1', '']) expect(redactUrl(plain)).toBe(plain);
  });
});

describe('the request log', () => {
  it('logs addresses without tokens and never a credential header', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-bff-log-'));
    const db = openSqlite(path.join(dataDir, 'test.sqlite'));
    const lines: string[] = [];
    try {
      await migrateToLatest(db);
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', INQUIRY_TODAY: TEST_TODAY });
      const app = await buildApp({ config, db, logStream: { write: (line) => void lines.push(line) } });
      try {
        await app.inject({
          method: 'GET',
          url: '/front/?adaToken=abc&oktaIdToken=def&oktaIdTokenKey=ghi&channel=iinquiry',
          headers: {
            'idaas-accesstoken': 'hdr-access',
            'idaas-idtoken': 'hdr-id',
            'ada-token': 'hdr-ada',
            authorization: 'Bearer hdr-auth',
            cookie: 'sid=hdr-cookie',
          },
        });
        await app.inject({ method: 'GET', url: '/front/login?sessionToken=s3ss10n&code=wxcode&state=st4te' });
        await app.inject({ method: 'GET', url: '/bff/files/f1leT0ken' });
        // A log call that passes the headers themselves is blanked too.
        app.log.info({ headers: { authorization: 'Bearer hdr-auth2', 'ada-token': 'hdr-ada2', accept: 'text/html' } }, 'headers');
      } finally {
        await app.close();
      }
    } finally {
      await closeDatabase(db).catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const log = lines.join('');
    // The request was logged, with its address…
    expect(log).toContain('/front/?adaToken=[redacted]&oktaIdToken=[redacted]&oktaIdTokenKey=[redacted]&channel=iinquiry');
    expect(log).toContain('"accept":"text/html"');
    // …but none of the secrets.
    expect(log).toContain('/bff/files/[redacted]');
    for (const secret of ['abc', 'def', 'ghi', 's3ss10n', 'wxcode', 'st4te', 'hdr-', 'f1leT0ken']) expect(log).not.toContain(secret);
  });
});
