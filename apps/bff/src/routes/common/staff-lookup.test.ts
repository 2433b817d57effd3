import { describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { insertDistributor, insertStaff } from '../../testing/fixtures.ts';
import { signInHeaders, useTestApp } from '../../testing/suite-app.ts';
import { STAFF_SUBJECTS_PER_MINUTE } from '../../plugins/auth.ts';
import { LOOKUP_MATCHES, LOOKUPS_PER_WINDOW } from './common-routes.ts';

const URL = '/bff/v1/common/staffLookup';

describe('staff look-up (iinquiry): find a caller by whole ADA or name', () => {
  const suite = useTestApp(async (t) => {
    await insertDistributor(t.db, '10000004', { name_zh: '张建国', name_en: 'Zhang Jianguo', pin_code: 342, join_date: '2019-03-01' });
    await insertDistributor(t.db, '10000005', { name_zh: '张建', name_en: 'Zhang Jian' });
    for (let i = 0; i <= LOOKUP_MATCHES; i++) await insertDistributor(t.db, `2000${String(i).padStart(4, '0')}`, { name_zh: '李明' });
    await insertStaff(t.db, 'staff01');
    await insertStaff(t.db, 'staff02');
  });
  const staffHeaders = async (username: string) => {
    const staff = await suite.t.app.tokens.issueStaff({ username, fullName: 'Staff' });
    return { channel: 'iinquiry', jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken };
  };
  const lookup = (headers: Record<string, string>, q: string, channel = 'iinquiry') =>
    suite.t.app.inject({ method: 'POST', url: URL, headers, payload: { channel, q } });
  const audited = () =>
    suite.t.db
      .selectFrom('audit_log')
      .select(['actor', 'subject_ada', 'action', 'channel'])
      .where('action', 'like', '%staffLookup')
      .execute();

  it('finds by the whole ADA or the whole name, with the full ADA, and audits each person shown', async () => {
    const h = await staffHeaders('staff01');
    const byAda = await lookup(h, ' 10000004 ');
    expect(byAda.statusCode).toBe(200);
    expect(byAda.json()).toEqual({
      code: Code.OK,
      message: expect.any(String),
      success: true,
      data: {
        matches: [
          {
            ada: '10000004',
            nameZh: '张建国',
            nameEn: 'Zhang Jianguo',
            pinCode: 342,
            pinName: { zh: expect.any(String), en: expect.any(String) },
            joinDate: '2019-03-01',
          },
        ],
        truncated: false,
      },
    });
    expect((await lookup(h, '张建国')).json().data.matches.map((m: { ada: string }) => m.ada)).toEqual(['10000004']);
    expect((await lookup(h, 'zhang JIANGUO')).json().data.matches.map((m: { ada: string }) => m.ada)).toEqual(['10000004']);
    // Part of a name or of an ADA finds no one: the look-up confirms, it does not browse.
    expect((await lookup(h, '张')).json()).toMatchObject({ code: Code.BAD_REQUEST, success: false });
    expect((await lookup(h, '张建国x')).json().data.matches).toEqual([]);
    expect((await lookup(h, '1000000')).json().data.matches).toEqual([]);
    expect(await audited()).toEqual([
      { actor: 'staff01', subject_ada: '10000004', action: `POST ${URL}`, channel: 'iinquiry' },
      { actor: 'staff01', subject_ada: '10000004', action: `POST ${URL}`, channel: 'iinquiry' },
      { actor: 'staff01', subject_ada: '10000004', action: `POST ${URL}`, channel: 'iinquiry' },
    ]);
  });

  it('lists a bounded number of people sharing a name and says there are more', async () => {
    const data = (await lookup(await staffHeaders('staff01'), '李明')).json().data;
    expect(data.matches).toHaveLength(LOOKUP_MATCHES);
    expect(data.truncated).toBe(true);
  });

  it('refuses a distributor, and a staff call without a valid staff token, in the envelope', async () => {
    await insertDistributor(suite.t.db, '10000009');
    const distributor = await signInHeaders(suite.t.app, '10000009');
    const asDistributor = await lookup(distributor, '10000004', 'ebiz');
    expect(asDistributor.json()).toMatchObject({ code: Code.FORBIDDEN, success: false, data: null });
    // A distributor's tokens on the staff channel are no staff token.
    expect((await lookup(distributor, '10000004')).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED, success: false, data: null });
    const forged = { channel: 'iinquiry', jwks: 'k', 'ada-token': 'not.a.token' };
    expect((await lookup(forged, '10000004')).json()).toMatchObject({ code: Code.IINQUIRY_EXPIRED, success: false, data: null });
    expect((await audited()).filter((row) => row.actor === '10000009')).toEqual([]);
  });

  it('counts look-ups per staff account', async () => {
    const h = await staffHeaders('staff02');
    for (let i = 0; i < LOOKUPS_PER_WINDOW; i++) expect((await lookup(h, `3000${String(i).padStart(4, '0')}`)).statusCode).toBe(200);
    const over = await lookup(h, '10000004');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: Code.RATE_LIMITED, success: false, data: null });
    // Another staff account has its own budget.
    expect((await lookup(await staffHeaders('staff01'), '10000004')).json().code).toBe(Code.OK);
  });

  it('gives staff no first-visit guide (it introduces the app to a distributor)', async () => {
    const h = await staffHeaders('staff01');
    const guide = await suite.t.app.inject({
      method: 'POST',
      url: '/bff/v1/common/guideNovices?channel=iinquiry',
      headers: { ...h, queryAda: '10000004' },
      payload: { channel: 'iinquiry', businessType: 'home' },
    });
    expect(guide.json()).toMatchObject({ code: Code.OK, data: { businessType: 'home', show: false } });
  });

  it('gives staff no notices (they speak to the distributor)', async () => {
    await suite.t.db
      .insertInto('prompts')
      .values({
        business_type: 'home',
        year: '2026',
        month: '2026-10',
        type: 'CLOSED',
        title_zh: '本月业绩已结算',
        title_en: 'Month closed',
        content_zh: '内容',
        content_en: 'Content',
      })
      .execute();
    const prompts = (headers: Record<string, string>, channel: string) =>
      suite.t.app.inject({ method: 'POST', url: '/bff/v1/common/prompts', headers, payload: { channel, businessType: 'home' } });
    const asStaff = await prompts({ ...(await staffHeaders('staff01')), queryAda: '10000004' }, 'iinquiry');
    expect(asStaff.json()).toMatchObject({ code: Code.OK, data: { prompts: [] } });
    // The distributor still gets theirs.
    const asDistributor = await prompts(await signInHeaders(suite.t.app, '10000004'), 'wec');
    expect(asDistributor.json().data.prompts).toHaveLength(1);
  });

  it('staff open at most 30 distributors a minute through queryAda, as many as they may look up', async () => {
    await insertStaff(suite.t.db, 'staff03');
    const h = await staffHeaders('staff03');
    const read = (ada: string, headers = h) =>
      suite.t.app.inject({
        method: 'POST',
        url: '/bff/v1/common/dstInfo',
        headers: { ...headers, queryAda: ada },
        payload: { channel: 'iinquiry' },
      });
    // Sent at once, so a check made before the others were recorded cannot let them all through.
    const adas = Array.from({ length: STAFF_SUBJECTS_PER_MINUTE + 10 }, (_, i) => `3000${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(adas.map((ada) => read(ada)));
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.json()).toMatchObject({ code: Code.RATE_LIMITED, success: false, data: null });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // Someone already opened this minute can still be read; another staff account has its own budget.
    const opened = adas[answers.findIndex((a) => a.statusCode !== 429)]!;
    expect((await read(opened)).statusCode).not.toBe(429);
    expect((await read('10000004', await staffHeaders('staff02'))).json()).toMatchObject({ code: Code.OK });
    const audited = await suite.t.db.selectFrom('audit_log').select('subject_ada').distinct().where('actor', '=', 'staff03').execute();
    expect(audited).toHaveLength(STAFF_SUBJECTS_PER_MINUTE);
  });
});
