import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Code } from '@abo/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertDistributor, insertStaff, TEST_PASSWORD } from '../../testing/fixtures.ts';
import { ADDRESS_BUDGET_FACTOR } from './sign-in-budget.ts';

// The IdP's defences against the outside security review's findings: the sign-in budget shared
// by every credential-checking route, our own origin for redirects, and cross-site form posts.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function idpApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp(env);
  for (const ada of ['10000001', '10000002']) await insertDistributor(t.db, ada);
  await insertStaff(t.db, 'staff01');
  return t;
}

/** A JSON sign-in, optionally from a forwarded client address. */
const jsonSignIn = (t: TestApp, username: string, password: string, extra: { forwardedFor?: string; url?: string; lang?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: extra.url ?? '/idp/session',
    headers: {
      ...(extra.forwardedFor ? { 'x-forwarded-for': extra.forwardedFor } : {}),
      ...(extra.lang ? { 'accept-language': extra.lang } : {}),
    },
    payload: { username, password },
  });

/** A form sign-in as the sign-in page posts it. */
const formSignIn = (t: TestApp, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...FORM, ...headers }, payload: form({ redirect_uri: '/front/', ...fields }) });

const isLimited = (res: LightMyRequestResponse) => res.statusCode === 429;

describe('sign-in budget: per account across addresses, per address across accounts', () => {
  describe('with the default limit (10 a minute)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await idpApp();
    });
    afterAll(() => t.close());

    it('10 failures on account A from one address do not block account B from the same address', async () => {
      for (let i = 0; i < 10; i++) {
        expect((await jsonSignIn(t, '10000001', 'wrong')).json()).toMatchObject({ code: Code.UNAUTHORIZED });
      }
      expect(isLimited(await jsonSignIn(t, '10000001', 'wrong'))).toBe(true);
      const b = await jsonSignIn(t, '10000002', TEST_PASSWORD);
      expect(b.statusCode).toBe(200);
      expect(b.json()).toMatchObject({ code: 0, success: true });
    });

    it('answers an over-limit attempt 429 with the envelope, Retry-After and when to retry', async () => {
      for (let i = 0; i < 10; i++) await jsonSignIn(t, 'nobody-1', 'wrong');
      const en = await jsonSignIn(t, 'nobody-1', 'wrong', { lang: 'en-US' });
      expect(en.statusCode).toBe(429);
      expect(en.headers['content-type']).toMatch(/application\/json/);
      const body = en.json();
      expect(body).toEqual({ code: Code.RATE_LIMITED, message: expect.any(String), success: false, data: null });
      const retryAfter = Number(en.headers['retry-after']);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
      expect(body.message).toMatch(/try again in \d+ seconds?/i);
      expect(Number(/(\d+)/.exec(body.message)![1])).toBeLessThanOrEqual(retryAfter);

      const zh = await jsonSignIn(t, 'nobody-1', 'wrong');
      expect(zh.statusCode).toBe(429);
      expect(zh.json().message).toMatch(/请 \d+ 秒后再试/);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1, the address app.inject comes from)', () => {
    let t: TestApp;
    const limit = 3;
    beforeAll(async () => {
      t = await idpApp({ TRUST_PROXY: '127.0.0.1', LOGIN_RATE_LIMIT: String(limit) });
    });
    afterAll(() => t.close());

    it('blocks account A from a second address too, even with the right password (no bypass)', async () => {
      for (let i = 0; i < limit; i++) {
        expect(isLimited(await jsonSignIn(t, '10000001', 'wrong', { forwardedFor: '203.0.113.1' }))).toBe(false);
      }
      const elsewhere = await jsonSignIn(t, '10000001', TEST_PASSWORD, { forwardedFor: '198.51.100.9' });
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.json()).toMatchObject({ code: Code.RATE_LIMITED, data: null });
      // The account name is normalised: case and surrounding spaces do not make a new budget.
      expect(isLimited(await jsonSignIn(t, '  10000001 ', TEST_PASSWORD, { forwardedFor: '198.51.100.10' }))).toBe(true);
      expect(isLimited(await jsonSignIn(t, 'STAFF01', 'wrong', { forwardedFor: '198.51.100.11' }))).toBe(false);
    });

    it('stops one address spraying many accounts, and uses the forwarded address for it', async () => {
      const perAddress = limit * ADDRESS_BUDGET_FACTOR;
      for (let i = 0; i < perAddress; i++) {
        const res = await jsonSignIn(t, `spray-${i}`, 'wrong', { forwardedFor: '203.0.113.7' });
        expect(res.json().code, `attempt ${i + 1}`).toBe(Code.UNAUTHORIZED);
      }
      expect(isLimited(await jsonSignIn(t, 'spray-next', 'wrong', { forwardedFor: '203.0.113.7' }))).toBe(true);
      // The address is the forwarded one: another client behind the same proxy is not blocked.
      expect((await jsonSignIn(t, '10000002', TEST_PASSWORD, { forwardedFor: '203.0.113.8' })).json()).toMatchObject({ code: 0 });
    });
  });

  describe('without TRUST_PROXY (the default)', () => {
    let t: TestApp;
    const limit = 3;
    beforeAll(async () => {
      t = await idpApp({ LOGIN_RATE_LIMIT: String(limit) });
    });
    afterAll(() => t.close());

    it('does not let a rotating X-Forwarded-For escape the per-address budget', async () => {
      const perAddress = limit * ADDRESS_BUDGET_FACTOR;
      for (let i = 0; i < perAddress; i++) {
        const res = await jsonSignIn(t, `rotate-${i}`, 'wrong', { forwardedFor: `203.0.113.${i + 1}` });
        expect(res.json().code, `attempt ${i + 1}`).toBe(Code.UNAUTHORIZED);
      }
      expect(isLimited(await jsonSignIn(t, 'rotate-next', 'wrong', { forwardedFor: '192.0.2.200' }))).toBe(true);
    });
  });

  describe('one budget for every credential-checking route', () => {
    let t: TestApp;
    const limit = 3;
    beforeAll(async () => {
      t = await idpApp({ LOGIN_RATE_LIMIT: String(limit) });
    });
    afterAll(() => t.close());

    it('counts /idp/session, /idp/login and /idp/okta/session against the same account', async () => {
      expect((await jsonSignIn(t, '10000001', 'wrong')).json().code).toBe(Code.UNAUTHORIZED);
      expect((await formSignIn(t, '/idp/login', { username: '10000001', password: 'wrong' })).statusCode).toBe(200);
      expect((await jsonSignIn(t, '10000001', 'wrong', { url: '/idp/okta/session' })).json().code).toBe(Code.UNAUTHORIZED);
      // The budget is spent: every route refuses, the right password too.
      expect(isLimited(await jsonSignIn(t, '10000001', TEST_PASSWORD))).toBe(true);
      expect(isLimited(await jsonSignIn(t, '10000001', TEST_PASSWORD, { url: '/idp/okta/session' }))).toBe(true);
      for (const url of ['/idp/login', '/idp/okta/login', '/idp/wechat/authorize']) {
        const res = await formSignIn(t, url, { username: '10000001', password: TEST_PASSWORD });
        expect(res.statusCode, url).toBe(429);
        expect(res.headers.location, url).toBeUndefined();
        expect(Number(res.headers['retry-after']), url).toBeGreaterThanOrEqual(1);
      }
    });

    it('re-renders the sign-in page with the message in its language', async () => {
      for (let i = 0; i < limit; i++) await formSignIn(t, '/idp/okta/login', { username: 'staff01', password: 'wrong' });
      const en = await formSignIn(t, '/idp/okta/login', { username: 'staff01', password: TEST_PASSWORD, lang: 'en' });
      expect(en.statusCode).toBe(429);
      expect(en.headers['content-type']).toMatch(/text\/html/);
      expect(en.body).toMatch(/Too many sign-in attempts\. Please try again in \d+ seconds?\./);
      expect(en.body).toContain('value="staff01"'); // the account stays filled in
      const zh = await formSignIn(t, '/idp/okta/login', { username: 'staff01', password: TEST_PASSWORD, lang: 'zh' });
      expect(zh.statusCode).toBe(429);
      expect(zh.body).toMatch(/登录尝试过于频繁，请 \d+ 秒后再试/);
    });
  });
});

describe('our own origin decides redirects, not the Host or X-Forwarded-Host header', () => {
  describe('with PUBLIC_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await idpApp({ PUBLIC_URL: 'https://inquiry.example.com' });
    });
    afterAll(() => t.close());

    it('refuses a redirect to whatever the Host header names', async () => {
      const res = await formSignIn(
        t,
        '/idp/login',
        { username: '10000001', password: TEST_PASSWORD, redirect_uri: 'http://evil.example/steal' },
        { host: 'evil.example' },
      );
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('返回地址无效');
    });

    it('redirects to PUBLIC_URL (a relative return address resolves against it)', async () => {
      const res = await formSignIn(t, '/idp/login', { username: '10000001', password: TEST_PASSWORD }, { host: 'internal:8080' });
      expect(res.statusCode).toBe(303);
      expect(new URL(res.headers.location as string).origin).toBe('https://inquiry.example.com');
    });

    it('does not even read a malformed Host', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/idp/login', headers: { host: 'a b' } });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('without PUBLIC_URL, behind a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await idpApp({ TRUST_PROXY: '127.0.0.1' });
    });
    afterAll(() => t.close());

    it('takes the Host header, never X-Forwarded-Host', async () => {
      const res = await formSignIn(
        t,
        '/idp/login',
        { username: '10000001', password: TEST_PASSWORD, redirect_uri: 'http://evil.example/steal' },
        { host: 'localhost', 'x-forwarded-host': 'evil.example' },
      );
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('返回地址无效');
    });
  });

  describe('a malformed Host header', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await idpApp();
    });
    afterAll(() => t.close());

    for (const host of ['a b', '[::', 'a/b', 'user@host', 'host:99999x']) {
      for (const [method, url] of [
        ['GET', '/idp/login'],
        ['GET', '/idp/okta/login'],
        ['GET', '/idp/wechat/authorize'],
        ['POST', '/idp/login'],
        ['POST', '/idp/okta/login'],
        ['POST', '/idp/wechat/authorize'],
      ] as const) {
        it(`answers 400 in the envelope: ${method} ${url} with Host ${JSON.stringify(host)}`, async () => {
          const res = await t.app.inject({
            method,
            url,
            headers: { host, ...(method === 'POST' ? FORM : {}) },
            ...(method === 'POST' ? { payload: form({ username: '10000001', password: TEST_PASSWORD }) } : {}),
          });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ code: Code.BAD_REQUEST, message: expect.any(String), success: false, data: null });
        });
      }
    }
  });
});

describe('cross-site form posts to the sign-in forms are refused', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await idpApp({ EBIZ_PORTAL_ORIGINS: 'https://ebiz.example.com' });
  });
  afterAll(() => t.close());

  const FORM_ROUTES = [
    ['/idp/login', '10000001'],
    ['/idp/okta/login', 'staff01'],
    ['/idp/wechat/authorize', '10000001'],
  ] as const;
  const post = (url: string, username: string, headers: Record<string, string>) =>
    formSignIn(t, url, { username, password: TEST_PASSWORD, redirect_uri: 'http://localhost/front/' }, { host: 'localhost', ...headers });

  for (const [url, username] of FORM_ROUTES) {
    it(`${url}: refuses a foreign or opaque Origin and a cross-site post without one`, async () => {
      const refused: Array<Record<string, string>> = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: 'http://localhost.evil.example' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of refused) {
        const res = await post(url, username, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.headers.location).toBeUndefined();
        expect(res.body).toContain('登录请求来自其他网站');
      }
    });

    it(`${url}: accepts our own origin, the ebiz portal's, a same-origin post and a client sending neither`, async () => {
      const accepted: Array<Record<string, string>> = [
        { origin: 'http://localhost' },
        { origin: 'https://ebiz.example.com' },
        { 'sec-fetch-site': 'same-origin' },
        {},
      ];
      for (const headers of accepted) {
        const res = await post(url, username, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(303);
      }
    });
  }

  it('the JSON sign-ins take JSON only: a form or text/plain body is refused', async () => {
    for (const url of ['/idp/session', '/idp/okta/session']) {
      const username = url === '/idp/session' ? '10000001' : 'staff01';
      const asForm = await t.app.inject({ method: 'POST', url, headers: FORM, payload: form({ username, password: TEST_PASSWORD }) });
      expect(asForm.statusCode, url).toBe(415);
      expect(asForm.json()).toMatchObject({ code: Code.BAD_REQUEST, success: false, data: null });
      const asText = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ username, password: TEST_PASSWORD }),
      });
      expect(asText.json(), url).toMatchObject({ success: false, data: null });
    }
  });
});
