// One-time document links (README "Statements and exports"): POST /bff/v1/income/documentLink
// and GET /bff/files/<token>, through the real app with a stand-in renderer and a clock the tests move.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, type DocumentRequest } from '@abo/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { migrateToLatest, openPostgres, openSqlite, type DB } from '../../db/index.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { Session } from '../../lib/session.ts';
import { insertDistributor, insertStaff } from '../../testing/fixtures.ts';
import { signInHeaders } from '../../testing/suite-app.ts';
import { uniqueSchemaName } from '../../testing/throwaway-db.ts';
import { DOCUMENT_LINK_TTL_MS } from '../../db/document-links.ts';
import { LINKS_PER_MINUTE, OPENS_PER_MINUTE, type DocumentRenderer } from './document-routes.ts';
import { TEST_TODAY } from '../../testing/today.ts';

const LINK = '/bff/v1/income/documentLink';
const T0 = new Date('2026-11-21T04:00:00.000Z');

/** What the stand-in renderer was asked, and a file that names it. */
const rendered: Array<{ session: Session; request: DocumentRequest }> = [];
const render: DocumentRenderer = async (_db, _config, session, request) => {
  rendered.push({ session, request });
  if (request.kind === 'statement' && request.month < '2025-01') throw badRequest(`Month ${request.month} cannot be queried`);
  if (request.kind === 'incomeSheet') {
    return {
      fileName: `收入-${request.from}-${request.to}.${request.format}`,
      contentType:
        request.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: Buffer.from(`sheet of ${session.ada}`),
    };
  }
  return { fileName: `服务费结单 ${session.ada}.pdf`, contentType: 'application/pdf', body: Buffer.from(`%PDF-1.7 for ${session.ada}`) };
};

interface DocsApp {
  app: FastifyInstance;
  db: DB;
  /** Another process on the same database (its own connection, no file rendered in advance). */
  second(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

let clock = T0;

/** The real app (as testing/test-app.ts builds it) with the stand-in renderer and the test clock. */
async function docsApp(env: Record<string, string> = {}): Promise<DocsApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-docs-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', INQUIRY_TODAY: TEST_TODAY, ...env });
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = uniqueSchemaName('docs');
  const open = () => (pgUrl ? openPostgres(pgUrl, { schema, poolSize: 4 }) : openSqlite(path.join(dataDir, 'test.sqlite')));
  const documents = { render, now: () => clock };
  const db = open();
  await migrateToLatest(db);
  const app = await buildApp({ config, db, logger: false, documents });
  await app.ready();
  const others: FastifyInstance[] = [];
  return {
    app,
    db,
    async second() {
      const other = await buildApp({ config, db: open(), logger: false, documents });
      others.push(other);
      return other;
    },
    async close() {
      for (const o of others) await o.close();
      if (pgUrl) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const statement: DocumentRequest = { kind: 'statement', lang: 'zh-CN', month: '2026-10' };

const setCookie = (res: LightMyRequestResponse): string => {
  const h = res.headers['set-cookie'];
  return String(Array.isArray(h) ? h[0] : (h ?? ''));
};
/** The `name=value` pair a browser would send back. */
const cookiePair = (res: LightMyRequestResponse) => setCookie(res).split(';')[0]!;

describe('document links', () => {
  let d: DocsApp;
  let first: Record<string, string>;
  let second: Record<string, string>;
  beforeAll(async () => {
    d = await docsApp();
    for (const ada of ['10000001', '10000002', '10000003', '10000004']) await insertDistributor(d.db, ada);
    await insertStaff(d.db, 'staff01');
    first = await signInHeaders(d.app, '10000001');
    second = await signInHeaders(d.app, '10000002');
  });
  afterAll(() => d.close());
  beforeEach(() => {
    clock = T0;
    rendered.length = 0;
  });

  const ask = (headers: Record<string, string>, document: unknown = statement, app = d.app) =>
    app.inject({ method: 'POST', url: LINK, headers, payload: { channel: 'wec', document } });
  const open = (url: string, cookie?: string, app = d.app, remoteAddress?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, ...(remoteAddress ? { remoteAddress } : {}) });
  /** A link and the cookie of the browser that asked for it. */
  const linkFor = async (headers: Record<string, string>, document: unknown = statement) => {
    const res = await ask(headers, document);
    expect(res.json()).toMatchObject({ code: Code.OK, success: true });
    return { url: res.json().data.url as string, cookie: cookiePair(res), res };
  };

  it('answers an opaque link and a cookie bound to this browser, then the file once; a second open is refused', async () => {
    const { url, cookie, res } = await linkFor(first);
    expect(res.json().data).toEqual({
      url: expect.stringMatching(/^\/bff\/files\/[A-Za-z0-9_-]{43}$/),
      fileName: '服务费结单 10000001.pdf',
      contentType: 'application/pdf',
      expiresAt: new Date(T0.getTime() + DOCUMENT_LINK_TTL_MS).toISOString(),
    });
    // Nothing personal in the address, and neither the token nor the cookie's value in the database.
    expect(url).not.toMatch(/10000001|2026-10|statement/);
    expect(setCookie(res)).toMatch(
      /^abo_file_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]{43}; Max-Age=300; Path=\/bff\/files; HttpOnly; SameSite=Strict$/,
    );
    const token = url.split('/').pop()!;
    const stored = JSON.stringify(await d.db.selectFrom('document_links').selectAll().execute());
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(cookie.split('=')[1]);
    expect(rendered).toHaveLength(1);

    const file = await open(url, cookie);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.7 for 10000001');
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="_____ 10000001.pdf"; filename*=UTF-8''${encodeURIComponent('服务费结单 10000001.pdf')}`,
    );
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // The app's policy, but a PDF may be shown by the browser's viewer.
    const csp = String(file.headers['content-security-policy']);
    expect(csp).toContain("object-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("object-src 'none'");
    // The cookie is left to expire with the link (a reopen from the history says "used"), and the
    // file was rendered once (when the link was made).
    expect(file.headers['set-cookie']).toBeUndefined();
    expect(rendered).toHaveLength(1);

    const replay = await open(url, cookie);
    expect(replay.statusCode).toBe(410);
    expect(replay.json()).toEqual({ code: Code.FORBIDDEN, success: false, data: null, message: expect.stringMatching(/already used/) });
  });

  it('serves spreadsheets as attachments, and a link made by another process (rendered again from its request)', async () => {
    const sheet: DocumentRequest = { kind: 'incomeSheet', lang: 'en-US', from: '2026-01', to: '2026-10', format: 'xlsx' };
    const { url, cookie } = await linkFor(first, sheet);
    const other = await d.second();
    const file = await open(url, cookie, other);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="__-2026-01-2026-10.xlsx"; filename\*=UTF-8''%E6%94%B6/);
    expect(String(file.headers['content-security-policy'])).toContain("object-src 'none'");
    expect(file.body).toBe('sheet of 10000001');
    // Rendered at the link, and again by the process that had not rendered it, for the same reader.
    expect(rendered.map((r) => [r.session.ada, r.session.actor, r.request])).toEqual([
      ['10000001', '10000001', sheet],
      ['10000001', '10000001', sheet],
    ]);
    expect((await open(url, cookie)).statusCode).toBe(410);
  });

  it('refuses an expired link', async () => {
    const early = await linkFor(first);
    const late = await linkFor(first);
    clock = new Date(T0.getTime() + DOCUMENT_LINK_TTL_MS - 1000);
    expect((await open(early.url, early.cookie)).statusCode).toBe(200);
    clock = new Date(T0.getTime() + DOCUMENT_LINK_TTL_MS);
    const res = await open(late.url, late.cookie);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: Code.FORBIDDEN, success: false, message: expect.stringMatching(/expired/) });
    // Housekeeping deletes it; it is then unknown.
    await d.app.housekeeping.run(clock);
    expect((await open(late.url, late.cookie)).statusCode).toBe(404);
  });

  it('refuses a tampered or made-up token as unknown', async () => {
    const { url, cookie } = await linkFor(first);
    const token = url.split('/').pop()!;
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const bad of [flipped, token.slice(0, 42), `${token}A`, 'x', '..%2f..%2fetc%2fpasswd', encodeURIComponent("' or 1=1 --")]) {
      const res = await open(`/bff/files/${bad}`, cookie);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json(), bad).toEqual({ code: Code.NOT_FOUND, success: false, data: null, message: expect.stringMatching(/not valid/) });
    }
    // Refusals use nothing up.
    expect((await open(url, cookie)).statusCode).toBe(200);
  });

  it("refuses a browser without the link's cookie: none, a changed one, another link's, or another user's", async () => {
    const mine = await linkFor(first);
    const [name, value] = mine.cookie.split('=') as [string, string];
    const theirs = await linkFor(second);
    const otherOfMine = await linkFor(first);
    for (const cookie of [
      undefined,
      `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`,
      `${name}=`,
      otherOfMine.cookie,
      theirs.cookie,
      `${theirs.cookie}; ${otherOfMine.cookie}`,
    ]) {
      const res = await open(mine.url, cookie);
      expect(res.statusCode, cookie).toBe(403);
      expect(res.json(), cookie).toEqual({
        code: Code.FORBIDDEN,
        success: false,
        data: null,
        message: expect.stringMatching(/another user or browser/),
      });
    }
    // A second user signed in elsewhere cannot open the first's link with their own cookie, used or not.
    expect((await open(mine.url, `${theirs.cookie}; ${mine.cookie}`)).statusCode).toBe(200);
    expect((await open(mine.url, theirs.cookie)).statusCode).toBe(403);
    const file = await open(theirs.url, theirs.cookie);
    expect(file.body).toBe('%PDF-1.7 for 10000002');
  });

  it('hands the file to one of two opens at the same moment', async () => {
    const { url, cookie } = await linkFor(first);
    const answers = await Promise.all([open(url, cookie), open(url, cookie), open(url, cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410]);
  });

  it('is not used up by a HEAD (a link preview)', async () => {
    const { url, cookie } = await linkFor(first);
    const head = await d.app.inject({ method: 'HEAD', url, headers: { cookie } });
    expect(head.statusCode).toBe(404);
    expect((await open(url, cookie)).statusCode).toBe(200);
  });

  it('refuses bad document requests in the envelope on the link call, storing nothing', async () => {
    const before = await d.db.selectFrom('document_links').select('token_hash').execute();
    for (const document of [
      null,
      'statement',
      { kind: 'statement', lang: 'zh-CN' },
      { kind: 'statement', lang: 'zh-CN', month: '2026-13' },
      { kind: 'payslip', lang: 'zh-CN', month: '2026-10' },
      { kind: 'incomeSheet', lang: 'zh-CN', from: '2026-01', to: '2026-10', format: 'pdf' },
      { kind: 'taxCertificate', lang: 'fr-FR', year: '2026' },
      { kind: 'pyCertificate', lang: 'en-US', py: '2026' },
    ]) {
      const res = await ask(first, document);
      expect(res.statusCode, JSON.stringify(document)).toBe(400);
      expect(res.json(), JSON.stringify(document)).toMatchObject({ code: Code.BAD_REQUEST, success: false, data: null });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const missing = await d.app.inject({ method: 'POST', url: LINK, headers: first, payload: { channel: 'wec' } });
    expect(missing.json()).toMatchObject({ code: Code.BAD_REQUEST, success: false, message: expect.stringContaining('document') });
    // A month the renderer refuses: its message, in the envelope.
    const refused = await ask(first, { kind: 'statement', lang: 'zh-CN', month: '2019-01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: Code.BAD_REQUEST, success: false, data: null, message: 'Month 2019-01 cannot be queried' });
    expect(await d.db.selectFrom('document_links').select('token_hash').execute()).toEqual(before);
    // And without a session, nothing at all.
    expect((await ask({})).json()).toMatchObject({ code: Code.UNAUTHORIZED, success: false });
  });

  it("lets staff make a link for the distributor they look up, audited, and renders the distributor's document as staff", async () => {
    const staff = await d.app.tokens.issueStaff({ username: 'staff01', fullName: 'Staff' });
    const headers = { channel: 'iinquiry', jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken };
    const res = await d.app.inject({
      method: 'POST',
      url: LINK,
      headers: { ...headers, queryAda: '10000004' },
      payload: { channel: 'iinquiry', document: statement },
    });
    expect(res.json()).toMatchObject({ code: Code.OK, data: { fileName: '服务费结单 10000004.pdf' } });
    expect(rendered.map((r) => r.session)).toEqual([{ actor: 'staff01', ada: '10000004', channel: 'iinquiry', staff: true }]);
    const audit = await d.db
      .selectFrom('audit_log')
      .select(['actor', 'subject_ada', 'action', 'channel'])
      .where('action', '=', `POST ${LINK}`)
      .execute();
    expect(audit).toEqual([{ actor: 'staff01', subject_ada: '10000004', action: `POST ${LINK}`, channel: 'iinquiry' }]);
    // Opened by another process: rendered again as the same staff session.
    const file = await open(res.json().data.url, cookiePair(res), await d.second());
    expect(file.body).toBe('%PDF-1.7 for 10000004');
    expect(rendered[1]?.session).toEqual({ actor: 'staff01', ada: '10000004', channel: 'iinquiry', staff: true });
    // Staff must name the distributor; a distributor cannot name another one.
    const none = await d.app.inject({ method: 'POST', url: LINK, headers, payload: { channel: 'iinquiry', document: statement } });
    expect(none.json()).toMatchObject({ code: Code.BAD_REQUEST, success: false });
    const other = await d.app.inject({
      method: 'POST',
      url: LINK,
      headers: { ...first, queryAda: '10000002' },
      payload: { document: statement },
    });
    expect(other.json()).toMatchObject({ code: Code.FORBIDDEN, success: false });
  });

  it(`limits links to ${LINKS_PER_MINUTE} a minute per user and opens to ${OPENS_PER_MINUTE} a minute per address, in the envelope`, async () => {
    const third = await signInHeaders(d.app, '10000003');
    for (let i = 0; i < LINKS_PER_MINUTE; i++) expect((await ask(third)).json().code).toBe(Code.OK);
    const over = await ask(third);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: Code.RATE_LIMITED, success: false, data: null, message: expect.any(String) });
    // Another user still gets links.
    expect((await ask(second)).json().code).toBe(Code.OK);

    const ip = '203.0.113.7';
    for (let i = 0; i < OPENS_PER_MINUTE; i++) expect((await open('/bff/files/x', undefined, d.app, ip)).statusCode).toBe(404);
    const opens = await open('/bff/files/x', undefined, d.app, ip);
    expect(opens.statusCode).toBe(429);
    expect(opens.json()).toMatchObject({ code: Code.RATE_LIMITED, success: false, data: null });
    expect((await open('/bff/files/x', undefined, d.app, '203.0.113.8')).statusCode).toBe(404);
  });
});

describe('the link cookie behind https', () => {
  let d: DocsApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    d = await docsApp({ TRUST_PROXY: '1' });
    await insertDistributor(d.db, '10000001');
    headers = await signInHeaders(d.app, '10000001');
  });
  afterAll(() => d.close());

  it('is Secure when the request came over https (through a trusted proxy), and not otherwise', async () => {
    const ask = (h: Record<string, string>) => d.app.inject({ method: 'POST', url: LINK, headers: h, payload: { document: statement } });
    expect(setCookie(await ask({ ...headers, 'x-forwarded-proto': 'https' }))).toMatch(/; Secure$/);
    expect(setCookie(await ask(headers))).not.toMatch(/Secure/);
  });
});
