import { describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { createTestApp } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/suite-app.ts';
import { insertDistributor, insertStaff, TEST_PASSWORD } from '../../testing/fixtures.ts';

describe('embedded identity provider', () => {
  const suite = useTestApp(async (t) => {
    await insertDistributor(t.db, '10000001');
    await insertStaff(t.db, 'staff01');
  });

  const exchange = (sessionToken: string) =>
    suite.t.app.inject({ method: 'POST', url: '/bff/v1/common/idaasToken', payload: { sessionToken, channel: 'wec' } });

  it('shows a sign-in form in Chinese by default and English on request', async () => {
    const zh = await suite.t.app.inject({ method: 'GET', url: '/idp/login?redirect_uri=/front/' });
    expect(zh.statusCode).toBe(200);
    expect(zh.body).toContain('会员号（ADA）');
    const en = await suite.t.app.inject({ method: 'GET', url: '/idp/login?redirect_uri=/front/&lang=en' });
    expect(en.body).toContain('ABO number (ADA)');
  });

  it('shows the demo account only in demo mode', async () => {
    const zh = await suite.t.app.inject({ method: 'GET', url: '/idp/login?redirect_uri=/front/' });
    expect(zh.body).not.toContain('demo1234');
    const staff = await suite.t.app.inject({ method: 'GET', url: '/idp/okta/login?redirect_uri=/front/&lang=en' });
    expect(staff.body).not.toContain('staff01');
    const demo = await createTestApp({ DEMO: '1' });
    try {
      const page = await demo.app.inject({ method: 'GET', url: '/idp/login?redirect_uri=/front/' });
      expect(page.body).toContain('演示账号：10000001 / demo1234');
      const staffPage = await demo.app.inject({ method: 'GET', url: '/idp/okta/login?redirect_uri=/front/&lang=en' });
      expect(staffPage.body).toContain('Demo accounts: staff01 (customer service), ops01 (operator) / demo1234');
    } finally {
      await demo.close();
    }
  });

  it('escapes what it echoes back', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/idp/login?redirect_uri=/front/%22%3E%3Cscript%3Ealert(1)%3C/script%3E' });
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('sends the user back in the language they chose on the form, and only then', async () => {
    const signIn = (fields: string) =>
      suite.t.app.inject({
        method: 'POST',
        url: '/idp/login',
        payload: `username=10000001&password=${TEST_PASSWORD}&${fields}&redirect_uri=${encodeURIComponent('http://localhost:80/front/?channel=wec')}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:80' },
      });
    const langOf = (res: { headers: Record<string, unknown> }) => new URL(res.headers.location as string).searchParams.get('lang');
    // The page's switch marks the choice, and the form carries it.
    const switched = await suite.t.app.inject({ method: 'GET', url: '/idp/login?redirect_uri=/front/&lang=zh' });
    const toEnglish = /href="([^"]+)"[^>]*>English/.exec(switched.body)?.[1]?.replaceAll('&amp;', '&');
    expect(toEnglish).toContain('chosen=1');
    const chosen = await suite.t.app.inject({ method: 'GET', url: toEnglish! });
    expect(chosen.body).toContain('name="lang_chosen" value="1"');
    expect(langOf(await signIn('lang=en-US&lang_chosen=1'))).toBe('en');
    expect(langOf(await signIn('lang=zh-CN&lang_chosen=1'))).toBe('zh');
    // A language the page only took from the browser is not a choice: the app keeps its own.
    expect(langOf(await signIn('lang=en-US'))).toBeNull();
  });

  it('keeps where it returns to when the language is switched after a failed attempt', async () => {
    const back = 'http://localhost:80/front/income/type?channel=ebiz';
    const failed = await suite.t.app.inject({
      method: 'POST',
      url: '/idp/login',
      payload: `username=10000001&password=wrong&lang=zh-CN&state=s-42&redirect_uri=${encodeURIComponent(back)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:80' },
    });
    const toEnglish = /href="([^"]+)"[^>]*>English/.exec(failed.body)?.[1]?.replaceAll('&amp;', '&');
    const url = new URL(toEnglish!, 'http://localhost:80');
    expect(url.pathname).toBe('/idp/login');
    expect(url.searchParams.get('redirect_uri')).toBe(back);
    expect(url.searchParams.get('state')).toBe('s-42');
    expect(url.searchParams.get('lang')).toBe('en');
    // The page it leads to returns there.
    const english = await suite.t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: 'localhost:80' } });
    expect(english.body).toContain('ABO number (ADA)');
    const returnsTo = /name="redirect_uri" value="([^"]+)"/.exec(english.body)?.[1]?.replaceAll('&amp;', '&');
    expect(new URL(returnsTo!).href).toBe(new URL(back).href);
  });

  it('redirects back with a one-time session token that exchanges once for tokens', async () => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/idp/login',
      payload: `username=10000001&password=${TEST_PASSWORD}&redirect_uri=${encodeURIComponent('http://localhost:80/front/income/type?channel=wec')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:80' },
    });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.pathname).toBe('/front/income/type');
    expect(location.searchParams.get('channel')).toBe('wec');
    const sessionToken = location.searchParams.get('sessionToken')!;
    expect(sessionToken.length).toBeGreaterThan(20);

    const first = await exchange(sessionToken);
    expect(first.json()).toMatchObject({ code: 0, success: true });
    const { accessToken, idToken } = first.json().data;
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ ada: '10000001', amway_id: '10000001', loginName: '10000001', fullName: '测试会员' });
    for (const k of [
      'amway_user_type',
      'customerId',
      'employee_code',
      'exp',
      'expireTime',
      'iat',
      'jti',
      'nbf',
      'personal_id',
      'phoneNumber',
      'scope',
      'sub',
    ]) {
      expect(claims, k).toHaveProperty(k);
    }
    // Full national id and phone never leave the BFF.
    expect(claims.personal_id).toBe('110******2X');
    expect(idToken).not.toContain('11010519491231002X');

    const again = await exchange(sessionToken);
    expect(again.json()).toMatchObject({ code: Code.SESSION_TOKEN_USED, success: false });

    const info = await suite.t.app.inject({
      method: 'POST',
      url: '/bff/v1/common/dstInfo',
      headers: { 'idaas-accesstoken': accessToken, 'idaas-idtoken': idToken },
      payload: { channel: 'wec', loginada: '10000001' },
    });
    expect(info.json()).toMatchObject({ code: 0, data: { ada: '10000001', pinCode: 330 } });
  });

  it('refuses a redirect to a foreign origin (no open redirect)', async () => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/idp/login',
      payload: `username=10000001&password=${TEST_PASSWORD}&redirect_uri=${encodeURIComponent('https://evil.example/steal')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('返回地址无效');
  });

  it('answers a wrong password without saying which part was wrong', async () => {
    const res = await suite.t.app.inject({ method: 'POST', url: '/idp/session', payload: { username: '10000001', password: 'nope' } });
    expect(res.json()).toMatchObject({ success: false, data: null });
    const unknown = await suite.t.app.inject({ method: 'POST', url: '/idp/session', payload: { username: '99999999', password: 'nope' } });
    expect(unknown.json().message).toBe(res.json().message);
  });

  it('limits sign-in attempts per account', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await suite.t.app.inject({ method: 'POST', url: '/idp/session', payload: { username: '10000009', password: 'x' } });
      codes.push(r.json().code);
    }
    expect(codes.at(-1)).toBe(Code.RATE_LIMITED);
  });

  it('gives staff the iinquiry parameters, which the BFF accepts for a queried distributor', async () => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/idp/okta/session',
      payload: { username: 'staff01', password: TEST_PASSWORD },
    });
    const { adaToken, oktaIdTokenKey, oktaIdToken } = res.json().data;
    expect(adaToken && oktaIdTokenKey && oktaIdToken).toBeTruthy();
    const info = await suite.t.app.inject({
      method: 'POST',
      url: '/bff/v1/common/dstInfo',
      headers: { channel: 'iinquiry', jwks: oktaIdTokenKey, 'ada-token': adaToken, queryAda: '10000001' },
      payload: { channel: 'iinquiry' },
    });
    expect(info.json()).toMatchObject({ code: 0, data: { ada: '10000001' } });
    const audit = await suite.t.db.selectFrom('audit_log').selectAll().where('actor', '=', 'staff01').execute();
    expect(audit[0]).toMatchObject({ subject_ada: '10000001', channel: 'iinquiry' });
    const trail = await suite.t.app.inject({
      method: 'POST',
      url: '/bff/v1/common/auditTrail',
      headers: { channel: 'iinquiry', jwks: oktaIdTokenKey, 'ada-token': adaToken },
      payload: { channel: 'iinquiry' },
    });
    expect(trail.json().data.entries[0]).toMatchObject({ subjectAda: '10000001', action: 'POST /bff/v1/common/dstInfo' });

    const expired = await suite.t.app.inject({
      method: 'POST',
      url: '/bff/v1/common/dstInfo',
      headers: { channel: 'iinquiry', jwks: oktaIdTokenKey, 'ada-token': 'bad', queryAda: '10000001' },
      payload: { channel: 'iinquiry' },
    });
    expect(expired.json()).toMatchObject({ code: 401, success: false });
  });

  it('publishes its public keys', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/idp/jwks' });
    const { keys } = res.json();
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});
