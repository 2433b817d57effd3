import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type LocalText } from '@abo/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertDistributor, insertStaff } from '../../testing/fixtures.ts';
import { loadProfile } from '../../idp/profile.ts';

// A small tree (tree_pos pre-order):
// 10000002 ─┬ 20000001 ─┬ 20000011
//           │           └ 20000012
//           ├ 20000002
//           ├ 20000003
//           └ 20000004 ── 20000041
// 30000001 (someone else's market)
const TREE: Array<[string, string | null, number, number, number, string]> = [
  // ada, sponsor, pos, size, depth, name
  ['10000002', null, 0, 8, 0, '王大钻石'],
  ['20000001', '10000002', 1, 3, 1, '李一号伙伴'],
  ['20000011', '20000001', 2, 1, 2, '李一一'],
  ['20000012', '20000001', 3, 1, 2, '李一二新人'],
  ['20000002', '10000002', 4, 1, 1, '张二号伙伴'],
  ['20000003', '10000002', 5, 1, 1, '赵三号伙伴'],
  ['20000004', '10000002', 6, 2, 1, '钱四号伙伴'],
  ['20000041', '20000004', 7, 1, 2, '钱四一'],
  ['30000001', null, 8, 1, 0, '外人甲乙丙'],
];

// Personal-group PV per month (Q at ≥ 10 000).
const PGPV: Record<string, Record<string, number>> = {
  '20000001': { '2026-08': 11000, '2026-09': 12000, '2026-10': 10500, '2026-11': 10100 },
  '20000002': { '2026-09': 3000, '2026-10': 10200, '2026-11': 8000 },
  '20000003': { '2026-09': 500, '2026-10': 900, '2026-11': 6500 },
  '20000004': { '2026-11': 100 },
  '20000011': { '2026-11': 2100 },
  '20000012': { '2026-11': 700 },
  '20000041': { '2026-11': 4500 },
  '10000002': { '2026-09': 15000, '2026-10': 16000, '2026-11': 9000 },
  '30000001': { '2026-11': 20000 },
};

const bracketOf = (pv: number) =>
  pv >= 10000 ? 21 : pv >= 7000 ? 18 : pv >= 4000 ? 15 : pv >= 2000 ? 12 : pv >= 1000 ? 9 : pv >= 600 ? 6 : pv >= 200 ? 3 : 0;

describe('market pages (/bff/v1/incentive/market/*)', () => {
  let t: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const [ada, sponsor, pos, size, depth, name] of TREE) {
      await insertDistributor(t.db, ada, {
        sponsor_ada: sponsor,
        tree_pos: pos,
        tree_size: size,
        depth,
        name_zh: name,
        name_en: `Member ${ada}`,
        pin_code: ada === '10000002' ? 380 : 310,
        join_date: ada === '20000012' ? '2026-09-20' : '2021-03-01',
      });
      for (const [month, pgpv] of Object.entries(PGPV[ada] ?? {})) {
        await t.db
          .insertInto('monthly_results')
          .values({
            ada,
            month,
            ppv: Math.min(pgpv, 300),
            gpv: pgpv + 100,
            pgpv,
            bv_fen: pgpv * 100,
            bracket: bracketOf(pgpv),
            is_q: pgpv >= 10000 ? 1 : 0,
            q_legs: 0,
            apv: pgpv,
            is_sp: 0,
            pin_code: ada === '10000002' ? 380 : 310,
            new_customers: 0,
            points: 0,
            compliant: 1,
            closed: month === '2026-11' ? 0 : 1,
            attended: null,
          })
          .execute();
      }
    }
    await insertStaff(t.db, 'staff01');
    for (const ada of ['10000002', '20000001', '30000001']) {
      const tokens = await t.app.tokens.issue((await loadProfile(t.db, ada))!);
      headers[ada] = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
    }
  });
  afterAll(() => t.close());

  const call = (path: string, as: string, payload: object = {}, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/bff/v1/incentive/market/${path}`,
      headers: { ...headers[as], ...extra },
      payload: { channel: 'ebiz', loginada: as, ...payload },
    });

  it('lists frontline partners with how far each is from Q this month', async () => {
    const res = await call('partners', '10000002', { view: 'monthly' });
    const body = res.json();
    expect(body).toMatchObject({ code: 0, success: true });
    const d = body.data;
    expect(d).toMatchObject({ py: '26/27', month: '2026-11', monthOpen: true, qThreshold: 10000, frontlineCount: 4 });
    expect(d.months).toHaveLength(12);
    expect(d.rows.map((r: { pgpv: number }) => r.pgpv)).toEqual([10100, 8000, 6500, 100]);
    const [first, second] = d.rows;
    expect(first).toMatchObject({ isQ: true, pvToQ: 0, qMonthsPy: 3, bracket: 21, level: 1 });
    expect(first.qByMonth.slice(0, 4)).toEqual([true, true, true, null]);
    expect(second).toMatchObject({ isQ: false, pvToQ: 2000, progressPct: 80, qMonthsPy: 1, keyReason: 'slipping' });
    expect(second.trend).toEqual([0, 0, 0, 3000, 10200, 8000]);
    expect(d.summary).toEqual({ qThisMonth: 1, nearQ: 2, sixPlus: 0 });
  });

  it('masks every ADA and names the frontline in full, for the viewer only', async () => {
    const res = await call('partners', '10000002', { view: 'annual' });
    const text = res.body;
    // (The fixture's English names are "Member <ada>": the frontline's are shown in full.)
    for (const [ada] of TREE.slice(1)) expect(text.replace(/Member \d{8}/g, '')).not.toContain(ada);
    const row = res.json().data.rows.find((r: { maskedAda: string }) => r.maskedAda === '200******01');
    expect(row).toMatchObject({ maskedName: { zh: '李一号伙伴', en: 'Member 20000001' } });
    // The same partners page of 20000001 read by their upline through queryAda: not the upline's frontline.
    const byLeader = (await call('partners', '10000002', { view: 'annual' }, { queryAda: '20000001' })).json().data;
    expect(byLeader.rows.map((r: { maskedName: LocalText }) => [r.maskedName.zh, r.maskedName.en]).sort()).toEqual([
      ['李*一', 'Member 2***'],
      ['李一***', 'Member 2***'],
    ]);
    const own = (await call('partners', '20000001', { view: 'annual' })).json().data;
    expect(own.rows.map((r: { maskedName: LocalText }) => r.maskedName.zh).sort()).toEqual(['李一一', '李一二新人']);
  });

  it('names the frontline in full and masks deeper levels in member tracking; the cached page follows the viewer', async () => {
    const names = (d: { rows: { maskedAda: string; maskedName: LocalText }[] }) =>
      Object.fromEntries(d.rows.map((r) => [r.maskedAda, [r.maskedName.zh, r.maskedName.en]]));
    const leader = names((await call('members', '10000002', { pageSize: 50 })).json().data);
    expect(leader['200******01']).toEqual(['李一号伙伴', 'Member 20000001']);
    expect(leader['200******04']).toEqual(['钱四号伙伴', 'Member 20000004']);
    expect(leader['200******11']).toEqual(['李*一', 'Member 2***']);
    expect(leader['200******12']).toEqual(['李一***', 'Member 2***']);
    expect(leader['200******41']).toEqual(['钱*一', 'Member 2***']);
    // 20000001's own page (cached per data version) names their frontline in full…
    // (Bodies without the optional loginada: the cache key must not depend on a client sending it.)
    const same = { pageSize: 50, loginada: undefined };
    const own = names((await call('members', '20000001', same)).json().data);
    expect(own['200******11']).toEqual(['李一一', 'Member 20000011']);
    // …and the same page read by the leader through queryAda is not that cached answer.
    const read = await call('members', '10000002', same, { queryAda: '20000001' });
    expect(names(read.json().data)['200******11']).toEqual(['李*一', 'Member 2***']);
    expect(read.body).not.toContain('李一一');
    expect(read.body).not.toContain('李一二新人');
    // Staff answer a distributor's questions from the distributor's own view.
    const staff = await t.app.tokens.issueStaff({ username: 'staff01', fullName: 'Staff One' });
    const byStaff = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/incentive/market/members',
      headers: { channel: 'iinquiry', jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken, queryAda: '20000001' },
      payload: { channel: 'iinquiry', pageSize: 50 },
    });
    expect(names(byStaff.json().data)).toEqual(own);
  });

  it('searches only what the viewer sees: a whole ADA, or the visible beginning of a name', async () => {
    const total = async (search: string, as = '10000002', extra: Record<string, string> = {}) =>
      (await call('members', as, { search }, extra)).json().data.total as number;
    // The start of masked ADAs (200******11, 200******12) finds nothing, digit by digit or at once.
    for (const prefix of ['2', '20', '200', '2000', '20000', '200000', '2000001']) expect(await total(prefix)).toBe(0);
    expect(await total('20000011')).toBe(1);
    expect(await total('20000012')).toBe(1);
    expect(await total('30000001')).toBe(0); // not in this market
    // 钱四号伙伴 (frontline, in full) and 钱*一 (second level): the hidden 四 finds only the first.
    expect(await total('钱')).toBe(2);
    expect(await total('钱四')).toBe(1);
    expect(await total('李一一')).toBe(0);
    expect(await total('member 2')).toBe(7);
    expect(await total('member 20000041')).toBe(0);
    expect(await total('member 20000004')).toBe(1);
    // 20000001 knows their own frontline by name; their upline reading the same page does not.
    expect(await total('李一一', '20000001')).toBe(1);
    expect(await total('李一一', '10000002', { queryAda: '20000001' })).toBe(0);
    expect(await total('李', '10000002', { queryAda: '20000001' })).toBe(2);
  });

  it('picks key coaching partners: near Q or slipping this month, or able to reach 6 Q months', async () => {
    const monthly = (await call('partners', '10000002', { view: 'keyMonthly' })).json().data;
    expect(monthly.rows.map((r: { pgpv: number; keyReason: string }) => [r.pgpv, r.keyReason])).toEqual([
      [8000, 'slipping'],
      [6500, 'nearQ'],
    ]);
    const annual = (await call('partners', '10000002', { view: 'keyAnnual' })).json().data;
    // 3 Q months (needs 3 of the 9 months left) and 1 Q month (needs 5).
    expect(annual.rows.map((r: { qMonthsToSix: number }) => r.qMonthsToSix)).toEqual([3, 5]);
  });

  it('refuses a month outside the current PY', async () => {
    const res = await call('partners', '10000002', { month: '2026-12' });
    expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, success: false });
  });

  it('pages, filters and sorts the whole downline', async () => {
    const all = (await call('members', '10000002', { pageSize: 50 })).json().data;
    expect(all).toMatchObject({ total: 7, downlineSize: 7, maxLevel: 2, month: '2026-11' });
    expect(all.rows.map((r: { pgpv: number }) => r.pgpv)).toEqual([10100, 8000, 6500, 4500, 2100, 700, 100]);

    const page2 = (await call('members', '10000002', { pageSize: 3, page: 2, sort: 'pgpv', order: 'asc' })).json().data;
    expect(page2.rows.map((r: { pgpv: number }) => r.pgpv)).toEqual([4500, 6500, 8000]);

    const level2 = (await call('members', '10000002', { levelMin: 2, levelMax: 2 })).json().data;
    expect(level2.total).toBe(3);
    const q = (await call('members', '10000002', { q: 'q' })).json().data;
    expect(q.total).toBe(1);
    const bracket = (await call('members', '10000002', { bracketMin: 15, bracketMax: 18 })).json().data;
    expect(bracket.total).toBe(3);
    const joined = (await call('members', '10000002', { joinedThisPy: true })).json().data;
    expect(joined.rows).toHaveLength(1);
    expect(joined.rows[0]).toMatchObject({ joinedThisPy: true, maskedAda: '200******12' });
    const byAda = (await call('members', '10000002', { search: '20000011' })).json().data;
    expect(byAda.total).toBe(1);
    const byName = (await call('members', '10000002', { search: '钱' })).json().data;
    expect(byName.total).toBe(2);
    const gap = (await call('members', '10000002', { sort: 'pvToQ', order: 'asc', pageSize: 2 })).json().data;
    expect(gap.rows.map((r: { pvToQ: number }) => r.pvToQ)).toEqual([0, 2000]);
  });

  it('sees only their own downline in member tracking', async () => {
    const res = (await call('members', '20000001')).json().data;
    expect(res.total).toBe(2);
    expect(res.rows.every((r: { level: number }) => r.level === 1)).toBe(true);
  });

  it('rejects bad paging and filters with a clear error', async () => {
    const big = (await call('members', '10000002', { pageSize: 51 })).json();
    expect(big).toMatchObject({ code: Code.BAD_REQUEST, success: false });
    const inverted = (await call('members', '10000002', { levelMin: 3, levelMax: 1 })).json();
    expect(inverted).toMatchObject({ code: Code.BAD_REQUEST, success: false });
    const year = (await call('members', '10000002', { year: '19/20' })).json();
    expect(year).toMatchObject({ code: Code.BAD_REQUEST, success: false });
  });

  it('shows a downline member in market details by reference, and audits it', async () => {
    const list = (await call('partners', '10000002')).json().data;
    const ref = list.rows[0].ref as string;
    const res = (await call('details', '10000002', { ref })).json();
    expect(res).toMatchObject({ code: 0 });
    const d = res.data;
    expect(d.self).toBe(false);
    expect(d.member).toMatchObject({
      maskedAda: '200******01',
      level: 1,
      downlineSize: 2,
      frontlineCount: 2,
      // The member is the viewer's frontline and the sponsor the viewer: both in full.
      maskedName: { zh: '李一号伙伴' },
      sponsorMaskedName: '王大钻石',
    });
    // The member's own frontline is the viewer's second level: masked.
    expect(d.legs.map((l: { maskedName: LocalText }) => l.maskedName.zh)).toEqual(['李*一', '李一***']);
    expect(d.months.map((m: { pgpv: number }) => m.pgpv)).toEqual([12000, 10500, 10100]);
    expect(d.qMonthsPy).toBe(3);
    expect(d.legs.map((l: { pgpv: number; level: number }) => [l.pgpv, l.level])).toEqual([
      [2100, 2],
      [700, 2],
    ]);
    expect(JSON.stringify(d)).not.toContain('20000011');
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor', '=', '10000002')
      .where('subject_ada', '=', '20000001')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('shows a downline member by queryAda, and refuses anyone outside the downline', async () => {
    const ok = (await call('details', '10000002', {}, { queryAda: '20000041' })).json();
    expect(ok).toMatchObject({
      code: 0,
      data: {
        member: { maskedAda: '200******41', level: 2, maskedName: { zh: '钱*一', en: 'Member 2***' }, sponsorMaskedName: '钱四号伙伴' },
      },
    });
    // Their own details: their name in full, their sponsor (an upline) masked.
    const self = (await call('details', '20000001')).json().data;
    expect(self).toMatchObject({ self: true, member: { maskedName: { zh: '李一号伙伴' }, sponsorMaskedName: '王大**' } });
    expect(self.legs.map((l: { maskedName: LocalText }) => l.maskedName.zh)).toEqual(['李一一', '李一二新人']);

    const outsider = (await call('details', '10000002', {}, { queryAda: '30000001' })).json();
    expect(outsider).toMatchObject({ code: Code.FORBIDDEN, success: false, data: null });
    const upline = (await call('details', '20000001', {}, { queryAda: '10000002' })).json();
    expect(upline).toMatchObject({ code: Code.FORBIDDEN, success: false });
    // A reference to someone else's market is refused the same way.
    const foreignRef = (await call('details', '10000002', { ref: 'm8' })).json();
    expect(foreignRef).toMatchObject({ code: Code.FORBIDDEN, success: false });
    const siblingRef = (await call('details', '20000001', { ref: 'm4' })).json();
    expect(siblingRef).toMatchObject({ code: Code.FORBIDDEN, success: false });
    const membersOfOther = (await call('members', '20000001', {}, { queryAda: '20000002' })).json();
    expect(membersOfOther).toMatchObject({ code: Code.FORBIDDEN });
    const badRef = (await call('details', '10000002', { ref: '20000001' })).json();
    expect(badRef).toMatchObject({ code: Code.BAD_REQUEST });
  });

  it('finds downline members who repeated a qualification', async () => {
    const d = (await call('copies', '10000002')).json().data;
    expect(d).toMatchObject({ py: '26/27', lastPy: '25/26' });
    expect(d.totals).toEqual({ streak: 1, repeatYear: 1 });
    expect(d.rows).toHaveLength(1);
    expect(d.rows[0]).toMatchObject({
      maskedAda: '200******01',
      maskedName: { zh: '李一号伙伴' },
      qMonthsPy: 3,
      qMonthsLastPy: 1,
      longestRun: 4,
      currentRun: 4,
      repeatedYear: true,
    });
  });

  it('shows an empty market for a member without downline', async () => {
    const d = (await call('members', '30000001')).json().data;
    expect(d).toMatchObject({ total: 0, downlineSize: 0, rows: [] });
    const p = (await call('partners', '30000001')).json().data;
    expect(p).toMatchObject({ frontlineCount: 0, rows: [] });
  });

  it('follows the data: a newly sponsored member appears at once', async () => {
    const before = (await call('members', '10000002', {}, { queryAda: '20000002' })).json().data;
    expect(before.total).toBe(0);
    // Re-number the tree as a close would: 20000002 (pos 4) gets a child at pos 9.
    await t.db.updateTable('distributors').set({ tree_size: 2 }).where('ada', '=', '20000002').execute();
    await t.db.updateTable('distributors').set({ tree_size: 9 }).where('ada', '=', '10000002').execute();
    await insertDistributor(t.db, '20000021', {
      sponsor_ada: '20000002',
      tree_pos: 9,
      tree_size: 1,
      depth: 2,
      name_zh: '新来的伙伴',
      join_date: '2026-11-02',
    });
    // Positions stay pre-order for the slice: move the new member right after its sponsor.
    await t.db.updateTable('distributors').set({ tree_pos: 100 }).where('ada', '=', '30000001').execute();
    for (const [ada, pos] of [
      ['20000003', 6],
      ['20000004', 7],
      ['20000041', 8],
      ['20000021', 5],
    ] as const) {
      await t.db.updateTable('distributors').set({ tree_pos: pos }).where('ada', '=', ada).execute();
    }
    const after = (await call('members', '10000002', {}, { queryAda: '20000002' })).json().data;
    expect(after).toMatchObject({ total: 1, downlineSize: 1 });
    expect(after.rows[0]).toMatchObject({ maskedAda: '200******21', joinedThisPy: true, level: 1 });
  });
});
