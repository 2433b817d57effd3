// Staff sessions are short and renewed while used (security finding M3): a token lives 30
// minutes, and a renewal reads the account again, so a removed account or a new password ends
// the session within one token's life even where nothing else would notice.
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '@abo/contract';
import { closeDatabase, openSqlite, type DB } from '../../db/index.ts';
import { addStaff, removeAccount, setPassword } from '../../idp/accounts.ts';
import { insertDistributor, insertStaff, TEST_PASSWORD } from '../../testing/fixtures.ts';
import { signInHeaders } from '../../testing/suite-app.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const DST_INFO = '/bff/v1/common/dstInfo';
const START = new Date('2026-11-21T09:00:00Z');
const MINUTE = 60_000;

let t: TestApp;
let other: DB | undefined;
beforeEach(async () => {
  // Only Date is faked: the database and the server keep their own timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  t = await createTestApp();
  await insertDistributor(t.db, '10000004');
  await insertStaff(t.db, 'staff01');
});
afterEach(async () => {
  vi.useRealTimers();
  if (other) await closeDatabase(other);
  other = undefined;
  await t.close();
});

/** Another process's connection to the same database (the accounts CLI); the PostgreSQL suite shares the app's. */
const anotherProcess = (): DB => (process.env.TEST_DATABASE_URL ? t.db : (other = openSqlite(path.join(t.config.dataDir, 'test.sqlite'))));
const at = (minutes: number) => vi.setSystemTime(new Date(START.getTime() + minutes * MINUTE));

interface StaffTokens {
  adaToken: string;
  oktaIdToken: string;
  oktaIdTokenKey: string;
}
const headersOf = (s: StaffTokens) => ({ channel: 'iinquiry', jwks: s.oktaIdTokenKey, 'ada-token': s.adaToken, queryAda: '10000004' });

async function staffSignIn(): Promise<StaffTokens> {
  const res = await t.app.inject({ method: 'POST', url: '/idp/okta/session', payload: { username: 'staff01', password: TEST_PASSWORD } });
  return res.json().data;
}
const renew = (s: StaffTokens) => t.app.inject({ method: 'POST', url: '/idp/okta/renew', headers: headersOf(s) });
const staffRead = (s: StaffTokens) =>
  t.app.inject({ method: 'POST', url: DST_INFO, headers: headersOf(s), payload: { channel: 'iinquiry' } });

describe('staff tokens', () => {
  it('live 30 minutes', async () => {
    const s = await staffSignIn();
    for (const token of [s.adaToken, s.oktaIdToken]) {
      const { iat, exp } = decodeJwt(token);
      expect(exp! - iat!).toBe(30 * 60);
    }
    at(29);
    expect((await staffRead(s)).json()).toMatchObject({ code: Code.OK });
    at(31);
    expect((await staffRead(s)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED, success: false, data: null });
  });

  it('are renewed while valid: the new token lives 30 minutes from the renewal', async () => {
    const s = await staffSignIn();
    at(20);
    const res = await renew(s);
    expect(res.json()).toMatchObject({ code: Code.OK, success: true });
    const renewed: StaffTokens = res.json().data;
    expect(renewed.adaToken).not.toBe(s.adaToken);
    expect(decodeJwt(renewed.adaToken)).toMatchObject({ sub: 'staff01', staff: true, exp: START.getTime() / 1000 + 50 * 60 });
    expect(decodeJwt(renewed.oktaIdToken)).toMatchObject({ name: 'Staff One' });
    at(40);
    expect((await staffRead(s)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED });
    expect((await staffRead(renewed)).json()).toMatchObject({ code: Code.OK, data: { ada: '10000004' } });
    // An expired token renews nothing: the staff member signs in again.
    expect((await renew(s)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED, success: false, data: null });
  });

  it('are not renewed once the account is removed, though this process had just said yes', async () => {
    const s = await staffSignIn();
    expect((await staffRead(s)).json()).toMatchObject({ code: Code.OK });
    await removeAccount(anotherProcess(), 'staff01');
    expect((await renew(s)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED, success: false, data: null });
    expect((await staffRead(s)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED });
    // Re-made under the same name, the account renews no session of the old one.
    await addStaff(anotherProcess(), 'staff01', 'a brand new passphrase');
    expect((await renew(s)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED });
  });

  it('are not renewed once the password changed; the old token is refused', async () => {
    const s = await staffSignIn();
    expect((await staffRead(s)).json()).toMatchObject({ code: Code.OK });
    await setPassword(anotherProcess(), 'staff01', 'a brand new passphrase');
    expect((await renew(s)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED, success: false });
    expect((await staffRead(s)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED });
  });

  it('renew nothing for a token that is not a staff token', async () => {
    const distributor = await signInHeaders(t.app, '10000004');
    const res = await t.app.inject({
      method: 'POST',
      url: '/idp/okta/renew',
      headers: { 'ada-token': distributor['idaas-accesstoken']!, jwks: decodeProtectedHeader(distributor['idaas-accesstoken']!).kid! },
    });
    expect(res.json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED, data: null });
    expect((await t.app.inject({ method: 'POST', url: '/idp/okta/renew' })).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED });
    const forged = await t.app.tokens.issueStaff({ username: 'nobody01', fullName: 'Nobody' });
    expect((await renew(forged)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED });
  });
});
