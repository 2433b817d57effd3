import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertDistributor } from '../../testing/fixtures.ts';
import { ID_CHECKS_PER_WINDOW, MAX_GUIDES_PER_USER } from './common-routes.ts';

describe('common calls: bounds on what one user can do', () => {
  let t: TestApp;
  const auth: Record<string, Record<string, string>> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const ada of ['10000001', '10000002']) {
      await insertDistributor(t.db, ada);
      const tokens = await t.app.tokens.issue({
        ada,
        amway_id: ada,
        amway_user_type: 'ABO',
        customerId: `C${ada}`,
        employee_code: 0,
        fullName: '测试会员',
        loginName: ada,
        personal_id: '',
        phoneNumber: '',
      });
      auth[ada] = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
    }
  });
  afterAll(() => t.close());

  const checkId = (ada: string, data: string) =>
    t.app.inject({ method: 'POST', url: '/bff/v1/common/IDcardVerification', headers: auth[ada], payload: { data } });

  it('limits national-ID checks per signed-in user, with the envelope and a time to retry', async () => {
    const own = await checkId('10000001', '11010519491231002X');
    expect(own.json()).toMatchObject({ code: Code.OK, data: { valid: true, matches: true } });
    for (let i = 1; i < ID_CHECKS_PER_WINDOW; i++) expect((await checkId('10000001', `1101051949123100${i % 10}X`)).statusCode).toBe(200);
    const over = await checkId('10000001', '11010519491231002X');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: Code.RATE_LIMITED, success: false, data: null });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held back by the first one's budget.
    expect((await checkId('10000002', '11010519491231002X')).json().code).toBe(Code.OK);
  });

  it('keeps at most a bounded number of guide rows per user', async () => {
    const done = (businessType: string) =>
      t.app.inject({ method: 'POST', url: '/bff/v1/common/guideNovices/add', headers: auth['10000002'], payload: { businessType } });
    for (let i = 0; i < MAX_GUIDES_PER_USER; i++) expect((await done(`page${i}`)).json().code).toBe(Code.OK);
    const over = await done('one-more');
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe(Code.BAD_REQUEST);
    // Marking a guide already done again is still fine (idempotent).
    expect((await done('page0')).json().code).toBe(Code.OK);
    const rows = await t.db.selectFrom('novice_guides').selectAll().where('ada', '=', '10000002').execute();
    expect(rows).toHaveLength(MAX_GUIDES_PER_USER);
  });
});
