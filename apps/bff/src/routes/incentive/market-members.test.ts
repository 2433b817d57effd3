import { describe, expect, it } from 'vitest';
import { Code, type LocalText } from '@abo/contract';
import { insertDistributor } from '../../testing/fixtures.ts';
import { useMarketApp } from './market.test-support.ts';

describe('market pages (/bff/v1/incentive/market/*): member tracking', () => {
  const fx = useMarketApp();

  it('names the frontline in full and masks deeper levels in member tracking; the cached page follows the viewer', async () => {
    const names = (d: { rows: { maskedAda: string; maskedName: LocalText }[] }) =>
      Object.fromEntries(d.rows.map((r) => [r.maskedAda, [r.maskedName.zh, r.maskedName.en]]));
    const leader = names((await fx.call('members', '10000002', { pageSize: 50 })).json().data);
    expect(leader['200******01']).toEqual(['李一号伙伴', 'Member 20000001']);
    expect(leader['200******04']).toEqual(['钱四号伙伴', 'Member 20000004']);
    expect(leader['200******11']).toEqual(['李*一', 'Member 2***']);
    expect(leader['200******12']).toEqual(['李一***', 'Member 2***']);
    expect(leader['200******41']).toEqual(['钱*一', 'Member 2***']);
    // 20000001's own page (cached per data version) names their frontline in full…
    // (Bodies without the optional loginada: the cache key must not depend on a client sending it.)
    const same = { pageSize: 50, loginada: undefined };
    const own = names((await fx.call('members', '20000001', same)).json().data);
    expect(own['200******11']).toEqual(['李一一', 'Member 20000011']);
    // …and the same page read by the leader through queryAda is not that cached answer.
    const read = await fx.call('members', '10000002', same, { queryAda: '20000001' });
    expect(names(read.json().data)['200******11']).toEqual(['李*一', 'Member 2***']);
    expect(read.body).not.toContain('李一一');
    expect(read.body).not.toContain('李一二新人');
    // Staff answer a distributor's questions from the distributor's own view.
    const staff = await fx.t.app.tokens.issueStaff({ username: 'staff01', fullName: 'Staff One' });
    const byStaff = await fx.t.app.inject({
      method: 'POST',
      url: '/bff/v1/incentive/market/members',
      headers: { channel: 'iinquiry', jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken, queryAda: '20000001' },
      payload: { channel: 'iinquiry', pageSize: 50 },
    });
    expect(names(byStaff.json().data)).toEqual(own);
  });

  it('searches only what the viewer sees: a whole ADA, or the visible beginning of a name', async () => {
    const total = async (search: string, as = '10000002', extra: Record<string, string> = {}) =>
      (await fx.call('members', as, { search }, extra)).json().data.total as number;
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

  it('pages, filters and sorts the whole downline', async () => {
    const all = (await fx.call('members', '10000002', { pageSize: 50 })).json().data;
    expect(all).toMatchObject({ total: 7, downlineSize: 7, maxLevel: 2, month: '2026-11' });
    expect(all.rows.map((r: { pgpv: number }) => r.pgpv)).toEqual([10100, 8000, 6500, 4500, 2100, 700, 100]);

    const page2 = (await fx.call('members', '10000002', { pageSize: 3, page: 2, sort: 'pgpv', order: 'asc' })).json().data;
    expect(page2.rows.map((r: { pgpv: number }) => r.pgpv)).toEqual([4500, 6500, 8000]);

    const level2 = (await fx.call('members', '10000002', { levelMin: 2, levelMax: 2 })).json().data;
    expect(level2.total).toBe(3);
    const q = (await fx.call('members', '10000002', { q: 'q' })).json().data;
    expect(q.total).toBe(1);
    const bracket = (await fx.call('members', '10000002', { bracketMin: 15, bracketMax: 18 })).json().data;
    expect(bracket.total).toBe(3);
    const joined = (await fx.call('members', '10000002', { joinedThisPy: true })).json().data;
    expect(joined.rows).toHaveLength(1);
    expect(joined.rows[0]).toMatchObject({ joinedThisPy: true, maskedAda: '200******12' });
    const byAda = (await fx.call('members', '10000002', { search: '20000011' })).json().data;
    expect(byAda.total).toBe(1);
    const byName = (await fx.call('members', '10000002', { search: '钱' })).json().data;
    expect(byName.total).toBe(2);
  });

  it('lists "closest to Q" nearest first by default, the members already Q (no gap) last, in either order', async () => {
    type Row = { pvToQ: number; isQ: boolean };
    const gaps = (d: { rows: Row[] }) => d.rows.map((r) => (r.isQ ? 'Q' : r.pvToQ));
    // No order given: the sort's own, nearest first (as a link from a plan's FLQ gap asks for it).
    const closest = (await fx.call('members', '10000002', { sort: 'pvToQ', pageSize: 50 })).json().data;
    expect(gaps(closest)).toEqual([2000, 3500, 5500, 7900, 9300, 9900, 'Q']);
    const asc = (await fx.call('members', '10000002', { sort: 'pvToQ', order: 'asc', pageSize: 2 })).json().data;
    expect(gaps(asc)).toEqual([2000, 3500]);
    const desc = (await fx.call('members', '10000002', { sort: 'pvToQ', order: 'desc', pageSize: 50 })).json().data;
    expect(gaps(desc)).toEqual([9900, 9300, 7900, 5500, 3500, 2000, 'Q']);
    // The frontline not yet Q this month, closest first: the legs that can close an FLQ gap.
    const legs = (await fx.call('members', '10000002', { sort: 'pvToQ', q: 'notQ', levelMax: 1 })).json().data;
    expect(legs.rows.every((r: Row & { level: number }) => r.level === 1 && !r.isQ)).toBe(true);
    expect(legs.rows.map((r: Row) => r.pvToQ)).toEqual([...legs.rows.map((r: Row) => r.pvToQ)].sort((a, b) => a - b));
    // A desktop page of 100.
    expect((await fx.call('members', '10000002', { pageSize: 100 })).json()).toMatchObject({ code: 0, data: { pageSize: 100 } });
  });

  it('sees only their own downline in member tracking', async () => {
    const res = (await fx.call('members', '20000001')).json().data;
    expect(res.total).toBe(2);
    expect(res.rows.every((r: { level: number }) => r.level === 1)).toBe(true);
  });

  it('rejects bad paging and filters with a clear error', async () => {
    const big = (await fx.call('members', '10000002', { pageSize: 101 })).json();
    expect(big).toMatchObject({ code: Code.BAD_REQUEST, success: false });
    const inverted = (await fx.call('members', '10000002', { levelMin: 3, levelMax: 1 })).json();
    expect(inverted).toMatchObject({ code: Code.BAD_REQUEST, success: false });
    const year = (await fx.call('members', '10000002', { year: '19/20' })).json();
    expect(year).toMatchObject({ code: Code.BAD_REQUEST, success: false });
  });

  it('follows the data: a newly sponsored member appears at once', async () => {
    const before = (await fx.call('members', '10000002', {}, { queryAda: '20000002' })).json().data;
    expect(before.total).toBe(0);
    // Re-number the tree as a close would: 20000002 (pos 4) gets a child at pos 9.
    await fx.t.db.updateTable('distributors').set({ tree_size: 2 }).where('ada', '=', '20000002').execute();
    await fx.t.db.updateTable('distributors').set({ tree_size: 9 }).where('ada', '=', '10000002').execute();
    await insertDistributor(fx.t.db, '20000021', {
      sponsor_ada: '20000002',
      tree_pos: 9,
      tree_size: 1,
      depth: 2,
      name_zh: '新来的伙伴',
      join_date: '2026-11-02',
    });
    // Positions stay pre-order for the slice: move the new member right after its sponsor.
    await fx.t.db.updateTable('distributors').set({ tree_pos: 100 }).where('ada', '=', '30000001').execute();
    for (const [ada, pos] of [
      ['20000003', 6],
      ['20000004', 7],
      ['20000041', 8],
      ['20000021', 5],
    ] as const) {
      await fx.t.db.updateTable('distributors').set({ tree_pos: pos }).where('ada', '=', ada).execute();
    }
    const after = (await fx.call('members', '10000002', {}, { queryAda: '20000002' })).json().data;
    expect(after).toMatchObject({ total: 1, downlineSize: 1 });
    expect(after.rows[0]).toMatchObject({ maskedAda: '200******21', joinedThisPy: true, level: 1 });
  });
});
