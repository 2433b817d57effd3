import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EXPORT_PATH, CERTIFICATE_CHECK_PATH, ENDPOINTS, IMPORT_UPLOAD_PATH, type EndpointPath } from '@abo/contract';
import { TABLE_NAMES } from './db/schema.ts';
import type { DB } from './db/index.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { insertDistributor, insertStaff } from './testing/fixtures.ts';
import { loadProfile } from './idp/profile.ts';

// Hostile values: wrong types, huge strings, deep nesting, prototype-pollution keys, SQL and HTML.
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE distributors; --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '\u0000\u0001\uffff',
    '%00',
    '${7*7}',
    '{{constructor.constructor("return process")()}}',
    '10000002',
  ),
  fc.string({ minLength: 1000, maxLength: 5000 }),
);
const leaf = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const nested = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const pollution = fc.constantFrom(
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"channel":"ebiz","__proto__":{"isAdmin":true}}',
);
const deep = fc.integer({ min: 50, max: 2000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const body = fc.oneof(
  nested.map((v) => JSON.stringify(v)),
  pollution,
  deep,
  fc.constantFrom('', 'null', '[]', '"x"', '{', 'not json', '{"channel":"EBIZ","loginada":"10000001"}'),
  fc
    .dictionary(
      fc.constantFrom(
        'channel',
        'loginada',
        'sessionToken',
        'businessType',
        'year',
        'month',
        'type',
        'ada',
        'data',
        'code',
        'page',
        'pageSize',
        'queryAda',
        'targetPin',
        'shopCode',
      ),
      leaf,
    )
    .map((o) => JSON.stringify(o)),
);

async function digest(db: DB): Promise<string> {
  const h = createHash('sha256');
  // Every table the app has: the digest of all their rows tells whether a call changed anything.
  // Not the sign-in budget's windows (PostgreSQL): a refused sign-in is meant to spend an attempt.
  for (const table of TABLE_NAMES.filter((t) => t !== 'sign_in_windows')) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(db)).rows;
    h.update(`${table}:${JSON.stringify(rows)}\n`);
  }
  return h.digest('hex');
}

const STACK = /\bat [\w.<>]+ \(|\.ts:\d+|node_modules|SQLITE|sqlite|syntax error|select .* from/i;

/** The contract's endpoint table as method + path pairs (a call is a POST unless its entry names its methods). */
const tableRoutes = (Object.entries(ENDPOINTS) as Array<[EndpointPath, (typeof ENDPOINTS)[EndpointPath]]>).flatMap(([url, e]) =>
  ('methods' in e ? e.methods : ['POST']).map((method) => ({ method, url, public: 'public' in e && e.public === true })),
);
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('fuzz: hostile bodies to every BFF route', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  /** An operator's staff session: the operator calls are refused to the distributor above. */
  let operator: Record<string, string>;
  let bffRoutes: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, '10000001');
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, '10000001'))!);
    auth = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
    await insertStaff(t.db, 'ops01', 'operator');
    const staff = await t.app.tokens.issueStaff({ username: 'ops01', fullName: 'Ops' });
    operator = { channel: 'iinquiry', jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken };
    // Every call of the contract's table, the operators' upload and export, and the IdP's form and JSON posts.
    const idp = t.app.routeList.filter((r) => r.method === 'POST' && r.url.startsWith('/idp/'));
    const operatorFiles = [IMPORT_UPLOAD_PATH, AUDIT_EXPORT_PATH].map((url) => ({ method: 'POST', url }));
    bffRoutes = [...tableRoutes.filter((r) => r.method === 'POST'), ...operatorFiles, ...idp];
  });
  afterAll(() => t.close());

  it('registers exactly the calls of the contract, each public only where the table says so', () => {
    // HEAD comes with every GET (Fastify's exposeHeadRoutes); the router matches paths in any case.
    // Document files are served outside the table, a navigation carrying no tokens (routes/documents),
    // and so is the API's description (plugins/openapi.ts), the operators' upload (multipart) and
    // audit export (a file), which need an operator's session (plugins/auth.ts), and the public
    // check of a certificate's code (a GET a plain browser makes, routes/certificate).
    const outside = ['/bff/files/:token', '/bff/openapi.json', IMPORT_UPLOAD_PATH, AUDIT_EXPORT_PATH, CERTIFICATE_CHECK_PATH];
    expect(
      t.app.routeList.filter((r) => r.url === CERTIFICATE_CHECK_PATH && r.method !== 'HEAD').map((r) => `${key(r)} public=${r.public}`),
    ).toEqual([`GET ${CERTIFICATE_CHECK_PATH} public=true`]);
    const operatorFiles = t.app.routeList.filter((r) => r.url === IMPORT_UPLOAD_PATH || r.url === AUDIT_EXPORT_PATH);
    expect(operatorFiles.map((r) => `${key(r)} public=${r.public}`).sort()).toEqual([
      `POST ${AUDIT_EXPORT_PATH} public=false`,
      `POST ${IMPORT_UPLOAD_PATH} public=false`,
    ]);
    const registered = t.app.routeList.filter((r) => /^\/bff\//i.test(r.url) && r.method !== 'HEAD' && !outside.includes(r.url));
    expect(registered.map(key).sort()).toEqual(tableRoutes.map(key).sort());
    expect(registered.map((r) => `${key(r)} public=${r.public}`).sort()).toEqual(
      tableRoutes.map((r) => `${key(r)} public=${r.public}`).sort(),
    );
  });

  it('never answers 5xx, a stack trace or SQL text, never pollutes prototypes, and changes no row unless the call succeeded', async () => {
    expect(bffRoutes.length).toBeGreaterThan(10);
    let before = await digest(t.db);
    let refused = 0;
    const fuzzed = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bffRoutes),
        body,
        fc.constantFrom('none', 'distributor', 'operator'),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'),
        async (route, payload, signedIn, type) => {
          fuzzed.add(route.url);
          const res = await t.app.inject({
            method: 'POST',
            url: route.url,
            headers: { 'content-type': type, ...(signedIn === 'distributor' ? auth : signedIn === 'operator' ? operator : {}) },
            payload,
          });
          expect(res.statusCode, `${route.url} ${payload.slice(0, 80)}`).toBeLessThan(500);
          expect(res.body).not.toMatch(STACK);
          // Succeeded: an envelope with code 0, or (IdP pages and redirects) a non-JSON 2xx/3xx.
          let succeeded = res.statusCode < 400;
          if (res.headers['content-type']?.toString().includes('application/json') && res.body) {
            const json = res.json();
            if ('code' in json) {
              expect(json).toEqual(
                expect.objectContaining({ code: expect.any(Number), message: expect.any(String), success: expect.any(Boolean) }),
              );
              succeeded = json.code === 0;
            }
          }
          const after = await digest(t.db);
          if (!succeeded) {
            refused++;
            expect(after, `${route.url} ${payload.slice(0, 80)} was refused but changed rows`).toBe(before);
          }
          before = after;
          expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
          expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
        },
      ),
      { seed: 20261121, numRuns: 1500 },
    );
    // The property above is only worth something if most hostile calls were refused.
    expect(refused).toBeGreaterThan(1000);
    // ...and if it reached every call of the contract.
    expect(Object.keys(ENDPOINTS).filter((p) => !fuzzed.has(p))).toEqual([]);
  });

  it('refuses oversized bodies with a clear envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/common/getConfig',
      headers: { 'content-type': 'application/json', ...auth },
      payload: JSON.stringify({ channel: 'ebiz', pad: 'x'.repeat(200_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/too large/i) });
  });
});
