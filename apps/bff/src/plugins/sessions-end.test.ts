// Sessions end with their account (issue 33, medium 3): a removed staff account, a new password,
// a distributor dropped by `import --replace` or an ADA now held by someone else.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { closeDatabase, openSqlite, type DB } from '../db/index.ts';
import { removeAccount, setPassword } from '../idp/accounts.ts';
import { insertDistributor, insertStaff, TEST_PASSWORD } from '../testing/fixtures.ts';
import { signInHeaders } from '../testing/suite-app.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const DST_INFO = '/bff/v1/common/dstInfo';

let t: TestApp;
let other: DB | undefined;
beforeEach(async () => {
  t = await createTestApp();
  await insertDistributor(t.db, '10000004', { name_zh: '张建国' });
  await insertStaff(t.db, 'staff01');
});
afterEach(async () => {
  if (other) await closeDatabase(other);
  other = undefined;
  await t.close();
});

/** Another process's connection to the same database (the accounts CLI); the PostgreSQL suite shares the app's. */
const anotherProcess = (): DB => (process.env.TEST_DATABASE_URL ? t.db : (other = openSqlite(path.join(t.config.dataDir, 'test.sqlite'))));

async function staffSignIn(username = 'staff01', password = TEST_PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/idp/okta/session', payload: { username, password } });
  const { adaToken, oktaIdTokenKey } = res.json().data;
  return { channel: 'iinquiry', jwks: oktaIdTokenKey, 'ada-token': adaToken, queryAda: '10000004' };
}

const staffRead = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: DST_INFO, headers, payload: { channel: 'iinquiry' } });
const distributorRead = (headers: Record<string, string>, ada = '10000004') =>
  t.app.inject({ method: 'POST', url: DST_INFO, headers, payload: { channel: 'wec', loginada: ada } });

describe('a staff session ends with its account', () => {
  it('ends at the next request once the account is removed, also by another process', async () => {
    const headers = await staffSignIn();
    expect((await staffRead(headers)).json()).toMatchObject({ code: Code.OK, data: { ada: '10000004' } });
    await removeAccount(anotherProcess(), 'staff01');
    expect((await staffRead(headers)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED, success: false, data: null });
    // Re-made under the same name, the account does not revive the old session.
    await insertStaff(t.db, 'staff01');
    expect((await staffRead(headers)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED });
  });

  it('ends when the password changes; a sign-in with the new password works', async () => {
    const headers = await staffSignIn();
    await setPassword(anotherProcess(), 'staff01', 'a brand new passphrase');
    expect((await staffRead(headers)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED, success: false });
    const again = await staffSignIn('staff01', 'a brand new passphrase');
    expect((await staffRead(again)).json()).toMatchObject({ code: Code.OK, data: { ada: '10000004' } });
  });

  it('a staff token for an account that never existed is refused', async () => {
    const forged = await t.app.tokens.issueStaff({ username: 'nobody01', fullName: 'Nobody' });
    const headers = { channel: 'iinquiry', jwks: forged.oktaIdTokenKey, 'ada-token': forged.adaToken, queryAda: '10000004' };
    expect((await staffRead(headers)).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED });
  });
});

describe('a distributor session ends with the holder of the ADA', () => {
  it('ends when the ADA leaves the data or is held by someone else', async () => {
    await insertDistributor(t.db, '10000005', { name_zh: '李明' });
    const leaving = await signInHeaders(t.app, '10000004');
    const staying = await signInHeaders(t.app, '10000005');
    expect((await distributorRead(leaving)).json()).toMatchObject({ code: Code.OK });

    // What import --replace does to a member no longer in the files, seen by another process.
    const db = anotherProcess();
    await db.deleteFrom('distributors').where('ada', '=', '10000004').execute();
    await db
      .updateTable('distributors')
      .set({ name_zh: '王芳', national_id: '320102198001010021' })
      .where('ada', '=', '10000005')
      .execute();
    await db
      .insertInto('meta')
      .values({ key: 'seeded_at', value: 'replaced' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'replaced' }))
      .execute();

    expect((await distributorRead(leaving)).json()).toMatchObject({ code: Code.UNAUTHORIZED, success: false });
    const stranger = await distributorRead(staying, '10000005');
    expect(stranger.json()).toMatchObject({ code: Code.UNAUTHORIZED, success: false, data: null });
    expect(stranger.body).not.toContain('王芳');
  });
});

describe("a distributor's session ends with their password", () => {
  it('a new password refuses the tokens issued under the old one, also when another process set it', async () => {
    await insertDistributor(t.db, '10000005', { name_zh: '李明' });
    const before = await signInHeaders(t.app, '10000004');
    const someoneElse = await signInHeaders(t.app, '10000005');
    expect((await distributorRead(before)).json()).toMatchObject({ code: Code.OK });

    await setPassword(anotherProcess(), '10000004', 'a brand new passphrase');
    expect((await distributorRead(before)).json()).toMatchObject({ code: Code.UNAUTHORIZED, success: false, data: null });
    // A sign-in with the new password works; other distributors keep their sessions.
    const after = await signInHeaders(t.app, '10000004', 'a brand new passphrase');
    expect((await distributorRead(after)).json()).toMatchObject({ code: Code.OK, data: { ada: '10000004' } });
    expect((await distributorRead(someoneElse, '10000005')).json()).toMatchObject({ code: Code.OK });
  });
});
