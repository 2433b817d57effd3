import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateMonth, pinRequirements, pinRule, rulesFor } from '@abo/plan';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertDistributor, insertStaff, TEST_PASSWORD } from '../../testing/fixtures.ts';
import { MAX_KEPT_REVOKED_INVITATIONS } from './achievement-routes.ts';

interface Row {
  ada: string;
  month: string;
  ppv: number;
  pgpv: number;
  gpv?: number;
  is_q?: number;
  q_legs?: number;
  is_sp?: number;
  new_customers?: number;
}

describe('achievement calls', () => {
  let t: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  const insertMonth = async (r: Row) => {
    const bracket =
      r.pgpv >= 10000
        ? 21
        : r.pgpv >= 7000
          ? 18
          : r.pgpv >= 4000
            ? 15
            : r.pgpv >= 2000
              ? 12
              : r.pgpv >= 1000
                ? 9
                : r.pgpv >= 600
                  ? 6
                  : r.pgpv >= 200
                    ? 3
                    : 0;
    const values: Record<string, unknown> = {
      ada: r.ada,
      month: r.month,
      ppv: r.ppv,
      gpv: r.gpv ?? r.pgpv,
      pgpv: r.pgpv,
      bv_fen: r.ppv * 100,
      bracket,
      is_q: r.is_q ?? (r.pgpv >= 10000 ? 1 : 0),
      q_legs: r.q_legs ?? 0,
      apv: r.pgpv,
      is_sp: r.is_sp ?? 0,
      pin_code: 330,
      new_customers: r.new_customers ?? 0,
      points: 0,
      compliant: r.ppv >= 150 ? 1 : 0,
    };
    values['closed'] = r.month < '2026-11' ? 1 : 0;
    await t.db
      .insertInto('monthly_results')
      .values(values as never)
      .execute();
  };

  const signIn = async (ada: string) => {
    const s = await t.app.inject({ method: 'POST', url: '/idp/session', payload: { username: ada, password: TEST_PASSWORD } });
    const sessionToken = s.json().data.sessionToken as string;
    const x = await t.app.inject({ method: 'POST', url: '/bff/v1/common/idaasToken', payload: { sessionToken, channel: 'wec' } });
    const { accessToken, idToken } = x.json().data;
    headers[ada] = { 'idaas-accesstoken': accessToken, 'idaas-idtoken': idToken };
  };

  const call = async (path: string, payload: object = {}, ada = '10000001', extra: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/bff/v1/achievement/${path}`,
      payload: { channel: 'wec', ...payload },
      headers: { ...headers[ada], ...extra },
    });
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    // 10000001 ─┬ 10000011 ── 10000111
    //           ├ 10000012
    //           └ 10000013 (market TW)
    await insertDistributor(t.db, '10000001', { tree_pos: 0, tree_size: 5, pin_code: 330, name_zh: '王小明' });
    await insertDistributor(t.db, '10000011', {
      sponsor_ada: '10000001',
      tree_pos: 1,
      tree_size: 2,
      depth: 1,
      pin_code: 310,
      name_zh: '李四海',
    });
    await insertDistributor(t.db, '10000111', {
      sponsor_ada: '10000011',
      tree_pos: 2,
      tree_size: 1,
      depth: 2,
      pin_code: 230,
      name_zh: '欧阳明月',
    });
    await insertDistributor(t.db, '10000012', { sponsor_ada: '10000001', tree_pos: 3, tree_size: 1, depth: 1, pin_code: 230 });
    await insertDistributor(t.db, '10000013', {
      sponsor_ada: '10000001',
      tree_pos: 4,
      tree_size: 1,
      depth: 1,
      pin_code: 230,
      market: 'TW',
    });
    await insertDistributor(t.db, '20000001', { tree_pos: 10, tree_size: 1, pin_code: 230, name_zh: '陈志强', name_en: 'Chen Zhiqiang' });
    await insertStaff(t.db, 'staff01');
    await t.db
      .insertInto('shops')
      .values({
        code: 'SH001',
        name_zh: '上海体验馆',
        name_en: 'Shanghai Centre',
        city_zh: '上海',
        city_en: 'Shanghai',
        address: 'addr',
        phone: '021',
      })
      .execute();
    // Sep, Oct closed; Nov month-to-date.
    await insertMonth({ ada: '10000001', month: '2026-09', ppv: 1200, pgpv: 6000, gpv: 6000, is_sp: 1, new_customers: 3 });
    await insertMonth({ ada: '10000001', month: '2026-10', ppv: 800, pgpv: 4500, gpv: 4500, is_sp: 0, new_customers: 1 });
    await insertMonth({ ada: '10000001', month: '2026-11', ppv: 300, pgpv: 1800, gpv: 1800 });
    await insertMonth({ ada: '10000011', month: '2026-11', ppv: 500, pgpv: 1000, gpv: 1000 });
    await insertMonth({ ada: '10000111', month: '2026-11', ppv: 500, pgpv: 500 });
    await insertMonth({ ada: '10000012', month: '2026-11', ppv: 300, pgpv: 300 });
    await insertMonth({ ada: '10000013', month: '2026-11', ppv: 200, pgpv: 200 });
    await insertMonth({ ada: '10000013', month: '2026-10', ppv: 150, pgpv: 150 });
    await insertMonth({ ada: '20000001', month: '2026-10', ppv: 3000, pgpv: 3000, new_customers: 5 });
    await signIn('10000001');
    await signIn('20000001');
  });
  afterAll(() => t.close());

  it('shows the pin, the next pin and 12 months ending with this month', async () => {
    const r = await call('overview');
    expect(r.success).toBe(true);
    expect(r.data.pinCode).toBe(330);
    expect(r.data.month).toBe('2026-11');
    expect(r.data.months).toHaveLength(12);
    expect(r.data.months.at(-1)).toMatchObject({ month: '2026-11', closed: false, pgpv: 1800 });
    expect(r.data.nextPin.pinCode).toBe(340);
    expect(r.data.maskedAda).not.toBe('10000001');
    expect(r.data.fullName).toBe('王小明');
  });

  it('counts this PY’s SP months from closed months only', async () => {
    const r = await call('rank');
    expect(r.data.counters.spMonths).toBe(1);
    expect(r.data.closedMonths).toBe(2);
    expect(r.data.pins.filter((p: { above: boolean }) => !p.above).map((p: { pinCode: number }) => p.pinCode)).toEqual([310, 320, 330]);
  });

  it('states each pin’s requirements as the engine’s ladder does: same conditions, same rule in words', async () => {
    const r = await call('rank');
    const rules = rulesFor('26/27');
    expect(r.data.pins).toEqual(pinRequirements(r.data.counters, rules, 330));
    for (const p of r.data.pins as { pinCode: number; rule: unknown }[]) expect(p.rule).toEqual(pinRule(p.pinCode, rules));
    expect(r.data.pins.find((p: { pinCode: number }) => p.pinCode === 330).rule.en).toBe('6 SP months in the PY, 3 consecutive');
  });

  it('saves a target pin idempotently, adjusts it, and refuses invalid pins without changing anything', async () => {
    expect((await call('adjusttarget', { pinCode: 365 })).message).toMatch(/No target pin/);
    const set = await call('settarget', { pinCode: 342 });
    expect(set.data).toMatchObject({ targetPin: 342, changed: true });
    const again = await call('settarget', { pinCode: 342 });
    expect(again.data).toMatchObject({ targetPin: 342, changed: false, updatedAt: set.data.updatedAt });
    const adj = await call('adjusttarget', { pinCode: 380 });
    expect(adj.data.targetPin).toBe(380);
    for (const [pin, msg] of [
      [999, /Unknown pin/],
      [320, /above your current pin/],
      [330, /above your current pin/],
    ] as const) {
      const bad = await call('adjusttarget', { pinCode: pin });
      expect(bad.success).toBe(false);
      expect(bad.message).toMatch(msg);
    }
    expect((await call('settarget', { pinCode: 'abc' })).success).toBe(false);
    expect((await call('rank')).data.targetPin).toBe(380);
  });

  it('tops up to the next bracket and SP month with the engine', async () => {
    const r = await call('topup');
    expect(r.data).toMatchObject({
      month: '2026-11',
      pgpv: 1800,
      bracket: 9,
      nextPercent: 12,
      pvForNextBracket: 200,
      pvForSp: 10000 - 1800,
    });
    expect(r.data.daysLeft).toBe(10);
  });

  it('counts the days left in the same month it shows, on the month’s last evening too', async () => {
    const today = t.config.today;
    // 30 November, 20:00 in China: still November, one day left.
    t.config.today = () => new Date('2026-11-30T20:00:00+08:00');
    try {
      const r = await call('topup');
      expect(r.data.month).toBe('2026-11');
      expect(r.data.daysLeft).toBe(1);
      // 20:00 UTC is already 1 December in China: the business calendar, not the server's zone.
      t.config.today = () => new Date('2026-11-30T20:00:00Z');
      const next = await call('topup');
      expect(next.data.month).toBe('2026-12');
      expect(next.data.daysLeft).toBe(31);
    } finally {
      t.config.today = today;
    }
  });

  it('saves a shop from the shop list and refuses unknown shops', async () => {
    expect((await call('shop')).data.shop).toBeNull();
    const bad = await call('setshop', { shopCode: 'NOPE1' });
    expect(bad.success).toBe(false);
    expect(bad.message).toMatch(/Unknown shop/);
    expect((await call('shop')).data.shop).toBeNull();
    const okr = await call('setshop', { shopCode: 'SH001' });
    expect(okr.data.shop.code).toBe('SH001');
    // Target pin survives a shop change.
    expect((await call('rank')).data.targetPin).toBe(380);
  });

  it('composes APV from own PV and non-Q legs, the frontline named in full', async () => {
    const r = await call('composition', { month: '2026-11' });
    expect(r.data.ppv).toBe(300);
    expect(r.data.legs).toHaveLength(3);
    expect(r.data.legs[0]).toMatchObject({ pgpv: 1000, counted: true });
    expect(r.data.legs[0].maskedName).toBe('李四海');
    expect(JSON.stringify(r.data)).not.toContain('10000011');
    expect(r.data.ppv + r.data.legs.reduce((s: number, l: { pgpv: number }) => s + l.pgpv, 0)).toBe(r.data.apv);
    expect((await call('composition', { month: '2024-01' })).success).toBe(false);
  });

  it('reports oversea volume from downline in other markets', async () => {
    const r = await call('oversea');
    expect(r.data.markets).toEqual([{ market: 'TW', distributors: 1, pv: 350 }]);
    expect(r.data.totalPv).toBe(350);
    expect(r.data.downlineCount).toBe(4);
  });

  it('lists the whole market from the leader’s own GPV', async () => {
    const r = await call('overallmarket');
    expect(r.data.months.at(-1)).toMatchObject({ month: '2026-11', gpv: 1800 });
    expect(r.data.frontlineCount).toBe(3);
  });

  it('ranks outstanding downline performers, never outside the downline', async () => {
    const r = await call('outstanding', { month: '2026-11', by: 'ppv' });
    expect(r.data.performers.map((p: { ppv: number }) => p.ppv)).toEqual([500, 500, 300, 200]);
    expect(JSON.stringify(r.data)).not.toContain('20000001');
    // Frontline in full, the second level masked.
    const names = r.data.performers.map((p: { depth: number; maskedName: string }) => [p.depth, p.maskedName]);
    expect(names).toContainEqual([1, '李四海']);
    expect(names).toContainEqual([2, '欧阳**']);
    expect(JSON.stringify(r.data)).not.toContain('欧阳明月');
  });

  it('lists marketing stars company-wide with masked names (their own in full for the star)', async () => {
    const r = await call('marketingstars', { month: '2026-10' });
    expect(r.data.total).toBe(1);
    expect(r.data.stars[0]).toMatchObject({ ppv: 3000, isMe: false, maskedAda: '200******01', maskedName: '陈*强' });
    expect(JSON.stringify(r.data)).not.toContain('陈志强');
    // The list is cached as rows for everyone; names are applied per viewer after it.
    const mine = await call('marketingstars', { month: '2026-10' }, '20000001');
    expect(mine.data.me).toEqual({ qualified: true, rank: 1 });
    expect(mine.data.stars[0]).toMatchObject({ isMe: true, maskedName: '陈志强' });
    const again = await call('marketingstars', { month: '2026-10' });
    expect(again.data.stars[0].maskedName).toBe('陈*强');
    const d = await call('marketingstardetail');
    expect(d.data.starMonths).toBe(1);
    expect(d.data.customers).toBe(4);
  });

  it('creates, lists and revokes invitations; another distributor cannot revoke them', async () => {
    const c = await call('invitations/create', { inviteeName: '张三', note: '周末沙龙' });
    expect(c.data.invitation.path).toContain('/idp/login?redirect_uri=');
    const again = await call('invitations/create', { inviteeName: '张三', note: '周末沙龙' });
    expect(again.data.invitation.id).toBe(c.data.invitation.id);
    expect((await call('invitations/create', { inviteeName: '' })).success).toBe(false);
    const other = await call('invitations/revoke', { id: c.data.invitation.id }, '20000001');
    expect(other.success).toBe(false);
    const rv = await call('invitations/revoke', { id: c.data.invitation.id });
    expect(rv.data.invitation.revokedAt).not.toBeNull();
    const list = await call('invitations');
    expect(list.data.invitations).toHaveLength(1);
    const page = await t.app.inject({ method: 'GET', url: c.data.invitation.path });
    expect(page.statusCode).toBe(200);
  });

  it('keeps a bounded number of revoked invitations per user', async () => {
    for (let i = 0; i < MAX_KEPT_REVOKED_INVITATIONS + 5; i++) {
      const c = await call('invitations/create', { inviteeName: `客人${i}`, note: '' });
      expect((await call('invitations/revoke', { id: c.data.invitation.id })).success).toBe(true);
    }
    const rows = await t.db.selectFrom('invitations').select(['invitee_name']).where('ada', '=', '10000001').execute();
    expect(rows).toHaveLength(MAX_KEPT_REVOKED_INVITATIONS);
    // The newest are kept.
    expect(rows.map((r) => r.invitee_name)).toContain(`客人${MAX_KEPT_REVOKED_INVITATIONS + 4}`);
    expect(rows.map((r) => r.invitee_name)).not.toContain('客人0');
  });

  it('estimates this month with the same engine the browser runs', async () => {
    const base = await call('estimate');
    expect(base.data.before.pgpv).toBe(1800);
    expect(base.data.before.bracketPercent).toBe(9);
    expect(base.data.legs.find((l: { maskedAda: string }) => l.maskedAda === '100******11').maskedName).toBe('李四海');
    const r = await call('estimate', { extraPpv: 300, extraLegPv: { L1: 100 } });
    expect(r.data.after.bracketPercent).toBe(12);
    const local = estimateMonth({
      month: '2026-11',
      ppv: base.data.ppv,
      legs: base.data.legs.map((l: { id: string; pgpv: number; qLegsPgpv: number }) => ({
        id: l.id,
        pgpv: l.pgpv,
        qLegsPgpv: l.qLegsPgpv,
      })),
      extraPpv: 300,
      extraLegPv: { L1: 100 },
      rules: rulesFor('26/27'),
    });
    expect(r.data.after.pretaxFen).toBe(local.after.pretaxFen);
    expect((await call('estimate', { extraLegPv: { L99: 5 } })).message).toMatch(/Unknown leg/);
  });

  it('refuses another distributor’s data', async () => {
    const r = await call('overview', {}, '10000001', { queryAda: '20000001' });
    expect(r.success).toBe(false);
  });

  it('lets staff read a distributor’s page through queryAda but not change their settings', async () => {
    const staff = await t.app.tokens.issueStaff({ username: 'staff01', fullName: 'Staff One' });
    const h = { channel: 'iinquiry', 'ada-token': staff.adaToken, jwks: staff.oktaIdTokenKey, queryAda: '10000001' };
    const send = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/bff/v1/achievement/${path}`, payload: { channel: 'iinquiry', ...payload }, headers: h });
    const read = (await send('rank', {})).json();
    expect(read.data.targetPin).toBe(380);
    // Names as the distributor sees them: their frontline in full, a stranger masked.
    expect((await send('composition', { month: '2026-11' })).json().data.legs[0].maskedName).toBe('李四海');
    expect((await send('marketingstars', { month: '2026-10' })).json().data.stars[0].maskedName).toBe('陈*强');
    const write = (await send('settarget', { pinCode: 390 })).json();
    expect(write.success).toBe(false);
    expect(write.message).toMatch(/Staff/);
    expect((await call('rank')).data.targetPin).toBe(380);
  });
});
