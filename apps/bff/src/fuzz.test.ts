import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { insertDistributor } from './testing/fixtures.ts';
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
  value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(hostileString, tie('value'), { maxKeys: 4 })),
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
  fc.dictionary(fc.constantFrom('channel', 'loginada', 'sessionToken', 'businessType', 'year', 'month', 'type', 'ada', 'data', 'code', 'page', 'pageSize', 'queryAda', 'targetPin', 'shopCode'), leaf).map((o) => JSON.stringify(o)),
);

const STACK = /\bat [\w.<>]+ \(|\.ts:\d+|node_modules|SQLITE|sqlite|syntax error|select .* from/i;

describe('fuzz: hostile bodies to every BFF route', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let bffRoutes: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, '10000001');
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, '10000001'))!);
    auth = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
    bffRoutes = t.app.routeList.filter((r) => r.method === 'POST' && (r.url.startsWith('/bff/') || r.url.startsWith('/idp/')));
  });
  afterAll(() => t.close());

  it('never answers 5xx, a stack trace or SQL text, and never pollutes prototypes', async () => {
    expect(bffRoutes.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bffRoutes), body, fc.boolean(), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), async (route, payload, signedIn, type) => {
        const res = await t.app.inject({
          method: 'POST',
          url: route.url,
          headers: { 'content-type': type, ...(signedIn ? auth : {}) },
          payload,
        });
        expect(res.statusCode, `${route.url} ${payload.slice(0, 80)}`).toBeLessThan(500);
        expect(res.body).not.toMatch(STACK);
        if (res.headers['content-type']?.toString().includes('application/json') && res.body) {
          const json = res.json();
          if ('code' in json) expect(json).toEqual(expect.objectContaining({ code: expect.any(Number), message: expect.any(String), success: expect.any(Boolean) }));
        }
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
        expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
      }),
      { seed: 20261121, numRuns: 1500 },
    );
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
