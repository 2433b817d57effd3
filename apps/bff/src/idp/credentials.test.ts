import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/suite-app.ts';
import { insertDistributor, insertStaff, TEST_PASSWORD } from '../testing/fixtures.ts';
import { checkPassword } from './credentials.ts';

describe('checkPassword', () => {
  const suite = useTestApp(async (t) => {
    await insertDistributor(t.db, '10000001');
    await insertStaff(t.db, 'staff01');
  });

  it('answers the account (never its hash) for the right password and kind', async () => {
    expect(await checkPassword(suite.t.db, '10000001', TEST_PASSWORD, 'distributor')).toEqual({
      username: '10000001',
      ada: '10000001',
      display_name: '测试会员',
    });
    expect(await checkPassword(suite.t.db, 'staff01', TEST_PASSWORD, 'staff')).toEqual({
      username: 'staff01',
      ada: 'staff01',
      display_name: 'Staff One',
    });
  });

  it('answers null for a wrong password, the other kind of account, or an unknown one', async () => {
    expect(await checkPassword(suite.t.db, '10000001', 'wrong-password', 'distributor')).toBeNull();
    expect(await checkPassword(suite.t.db, '10000001', TEST_PASSWORD, 'staff')).toBeNull();
    expect(await checkPassword(suite.t.db, 'staff01', TEST_PASSWORD, 'distributor')).toBeNull();
    expect(await checkPassword(suite.t.db, 'nobody', TEST_PASSWORD, 'distributor')).toBeNull();
  });
});
