import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertDistributor, insertStaff } from '../testing/fixtures.ts';
import { accountsWithDemoPasswords, addStaff, listStaff, passwordProblem, removeAccount, setPassword } from './accounts.ts';
import { verifyPassword } from './passwords.ts';

describe('sign-in accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses weak and published passwords', () => {
    expect(passwordProblem('ops.lee', 'short')).toMatch(/at least 10/);
    expect(passwordProblem('ops.lee', 'demo1234')).toMatch(/at least 10|demo/);
    expect(passwordProblem('ops.lee', 'my-ops.lee-pass')).toMatch(/account name/);
    expect(passwordProblem('ops.lee', 'correct horse battery')).toBeNull();
  });

  it('adds, lists, re-passwords and removes staff accounts', async () => {
    await addStaff(t.db, 'ops.lee', 'correct horse battery', '客服 李');
    await expect(addStaff(t.db, 'ops.lee', 'another long pass')).rejects.toThrow(/exists already/);
    await expect(addStaff(t.db, '10000009', 'another long pass')).rejects.toThrow(/starting with a letter/);
    expect(await listStaff(t.db)).toEqual([{ username: 'ops.lee', kind: 'staff', displayName: '客服 李', role: 'service' }]);
    await setPassword(t.db, 'ops.lee', 'a new long passphrase');
    const row = await t.db.selectFrom('credentials').selectAll().where('username', '=', 'ops.lee').executeTakeFirstOrThrow();
    expect(await verifyPassword('a new long passphrase', row.password_hash)).toBe(true);
    expect(await verifyPassword('correct horse battery', row.password_hash)).toBe(false);
    await removeAccount(t.db, 'ops.lee');
    expect(await listStaff(t.db)).toEqual([]);
    await expect(removeAccount(t.db, 'ops.lee')).rejects.toThrow(/no staff account/);
  });

  it('finds staff and demo accounts that still have the demo password', async () => {
    await insertStaff(t.db, 'staff01');
    await insertDistributor(t.db, '10000001');
    await insertDistributor(t.db, '20000001');
    await addStaff(t.db, 'ops.wang', 'correct horse battery');
    expect(await accountsWithDemoPasswords(t.db)).toEqual(['10000001', 'staff01']);
    await setPassword(t.db, 'staff01', 'now a real passphrase');
    await setPassword(t.db, '10000001', 'now a real passphrase');
    expect(await accountsWithDemoPasswords(t.db)).toEqual([]);
  });
});
