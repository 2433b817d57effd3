import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { paymentDateOf } from '@abo/plan';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertDistributor, insertStaff } from '../../testing/fixtures.ts';
import { ID_CHECKS_PER_WINDOW, MAX_GUIDES_PER_USER } from './common-routes.ts';
import { loadProfile } from '../../idp/profile.ts';

describe('common calls: bounds on what one user can do', () => {
  let t: TestApp;
  const auth: Record<string, Record<string, string>> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const ada of ['10000001', '10000002']) {
      await insertDistributor(t.db, ada);
      const tokens = await t.app.tokens.issue((await loadProfile(t.db, ada))!);
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

describe('common calls: answers', () => {
  let t: TestApp;
  let me: Record<string, string>;
  const ME = '10000011';
  const call = (url: string, payload: object = {}, headers = me) =>
    t.app.inject({ method: 'POST', url: `/bff/v1/common/${url}`, headers, payload: { channel: 'ebiz', ...payload } });
  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, ME, { pin_code: 330, shop_code: 'S02', head_image: 'https://example.test/me.png' });
    await t.db
      .insertInto('shops')
      .values(
        ['S02', 'S01'].map((code) => ({
          code,
          name_zh: `店${code}`,
          name_en: `Shop ${code}`,
          city_zh: '上海',
          city_en: 'Shanghai',
          address: 'A',
          phone: 'P',
        })),
      )
      .execute();
    await t.db
      .insertInto('description_pages')
      .values(
        ['b', 'a'].map((code) => ({
          code,
          title_zh: `标题${code}`,
          title_en: `T${code}`,
          content_zh: `内容${code}`,
          content_en: `C${code}`,
        })),
      )
      .execute();
    await t.db
      .insertInto('statements')
      .values(
        ['2026-08', '2026-10', '2026-09'].map((month) => ({
          ada: ME,
          month,
          pretax_fen: 100,
          tax_fen: 0,
          net_fen: 100,
          items: '[]',
          paid_on: paymentDateOf(month),
        })),
      )
      .execute();
    const prompt = (type: string, year: string, month: string) => ({
      business_type: 'home',
      year,
      month,
      type,
      title_zh: `提示${type}`,
      title_en: `Prompt ${type}`,
      content_zh: '内容',
      content_en: 'Content',
    });
    await t.db
      .insertInto('prompts')
      .values([prompt('PIN', '2026', '2026-10'), prompt('FEE', '2026', '2026-10'), prompt('PIN', '2025', '2025-10')])
      .execute();
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, ME))!);
    me = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
  });
  afterAll(() => t.close());

  it('dstInfo, getConfig, shops and queryable months', async () => {
    expect((await call('dstInfo')).json().data).toEqual({
      ada: ME,
      amway_id: ME,
      amway_user_type: 'ABO',
      fullName: '测试会员',
      pinCode: 330,
      pinName: expect.any(String),
      pinNameEn: expect.any(String),
      joinDate: '2020-01-15',
      shopCode: 'S02',
    });
    expect((await call('getConfig')).json().data.descriptionPageList).toEqual([
      { code: 'a', title: { zh: '标题a', en: 'Ta' }, content: { zh: '内容a', en: 'Ca' } },
      { code: 'b', title: { zh: '标题b', en: 'Tb' }, content: { zh: '内容b', en: 'Cb' } },
    ]);
    expect((await call('shops')).json().data.shops).toEqual([
      { code: 'S01', name: { zh: '店S01', en: 'Shop S01' }, city: { zh: '上海', en: 'Shanghai' }, address: 'A', phone: 'P' },
      { code: 'S02', name: { zh: '店S02', en: 'Shop S02' }, city: { zh: '上海', en: 'Shanghai' }, address: 'A', phone: 'P' },
    ]);
    expect((await call('generate/queryable/month')).json().data).toEqual({
      months: ['2026-10', '2026-09', '2026-08'],
      earliest: '2026-08',
      latest: '2026-10',
    });
  });

  it('IDcardVerification and weChatInfo read the own record only', async () => {
    expect((await call('IDcardVerification', { data: '11010519491231002x' })).json().data).toEqual({ valid: true, matches: true });
    expect((await call('IDcardVerification', { data: '11010519491231001X' })).json().data).toEqual({ valid: false, matches: false });
    expect((await call('weChatInfo', { ada: ME })).json().data).toEqual({ headImage: 'https://example.test/me.png' });
    expect((await call('weChatInfo', { ada: '10000012' })).json()).toMatchObject({ success: false, code: Code.FORBIDDEN });
  });

  it('a novice guide shows until marked done', async () => {
    expect((await call('guideNovices', { businessType: 'income' })).json().data).toEqual({ businessType: 'income', show: true });
    expect((await call('guideNovices/add', { businessType: 'income' })).json().data).toEqual({ done: true });
    expect((await call('guideNovices', { businessType: 'income' })).json().data).toEqual({ businessType: 'income', show: false });
    expect((await call('guideNovices', { businessType: 'home' })).json().data.show).toBe(true);
  });

  it('prompts: filtered by year and scope, gone once closed; closing an unknown one is not found', async () => {
    const types = async (body: object) =>
      (await call('prompts', { businessType: 'home', ...body }))
        .json()
        .data.prompts.map((p: { type: string; year: string }) => `${p.type} ${p.year}`);
    expect(await types({})).toEqual(['PIN 2026', 'FEE 2026', 'PIN 2025']);
    expect(await types({ year: '2026' })).toEqual(['PIN 2026', 'FEE 2026']);
    expect(await types({ checkScopes: ['PIN'] })).toEqual(['PIN 2026', 'PIN 2025']);
    const first = (await call('prompts', { businessType: 'home', year: '2026', checkScopes: ['PIN'] })).json().data.prompts[0];
    expect(first).toEqual({
      id: expect.any(Number),
      businessType: 'home',
      type: 'PIN',
      year: '2026',
      month: '2026-10',
      title: { zh: '提示PIN', en: 'Prompt PIN' },
      content: { zh: '内容', en: 'Content' },
    });
    const close = { businessType: 'home', year: '2026', month: '2026-10', type: 'PIN' };
    expect((await call('prompts/close', close)).json().data).toEqual({ done: true });
    expect((await call('prompts/close', close)).json().data).toEqual({ done: true });
    expect(await types({})).toEqual(['FEE 2026', 'PIN 2025']);
    expect((await call('prompts/close', { ...close, type: 'NOPE' })).json()).toMatchObject({ success: false, code: Code.NOT_FOUND });
  });

  it('auditTrail: a staff member sees their own reads, newest first; a distributor has none', async () => {
    await insertStaff(t.db, 'staff01');
    const staff = await t.app.tokens.issueStaff({ username: 'staff01', fullName: 'Staff One' });
    const h = { channel: 'iinquiry', jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken };
    await t.db
      .insertInto('audit_log')
      .values([
        { actor: 'staff01', subject_ada: ME, action: 'POST /a', channel: 'iinquiry', at: '2026-11-01T00:00:00.000Z' },
        { actor: 'staff02', subject_ada: ME, action: 'POST /b', channel: 'iinquiry', at: '2026-11-02T00:00:00.000Z' },
        { actor: 'staff01', subject_ada: '10000012', action: 'POST /c', channel: 'iinquiry', at: '2026-11-03T00:00:00.000Z' },
      ])
      .execute();
    const trail = (await call('auditTrail', { channel: 'iinquiry' }, h)).json();
    expect(trail.data.entries.slice(0, 2)).toEqual([
      { subjectAda: '10000012', action: 'POST /c', channel: 'iinquiry', at: '2026-11-03T00:00:00.000Z' },
      { subjectAda: ME, action: 'POST /a', channel: 'iinquiry', at: '2026-11-01T00:00:00.000Z' },
    ]);
    expect((await call('auditTrail')).json()).toMatchObject({ success: false, code: Code.FORBIDDEN });
  });
});
