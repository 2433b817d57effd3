import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
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

  it('masks every name and ADA and never sends a full value', async () => {
    const res = await call('partners', '10000002', { view: 'annual' });
    const text = res.body;
    for (const [ada, , , , , name] of TREE.slice(1)) {
      expect(text).not.toContain(ada);
      expect(text).not.toContain(name);
    }
    const row = res.json().data.rows.find((r: { maskedAda: string }) => r.maskedAda === '200******01');
    expect(row).toMatchObject({ maskedName: '李一***伴', maskedNameEn: 'Mem******01' });
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
    const byAda = (await call('members', '10000002', { search: '2000001' })).json().data; // 20000011, 20000012
    expect(byAda.total).toBe(2);
    const byName = (await call('members', '10000002', { search: '钱四' })).json().data;
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
      sponsorMaskedName: '王大***石',
    });
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
    expect(ok).toMatchObject({ code: 0, data: { member: { maskedAda: '200******41', level: 2 } } });

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
