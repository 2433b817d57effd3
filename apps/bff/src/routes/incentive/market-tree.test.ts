import { describe, expect, it } from 'vitest';
import { Code, TREE_PAGE_SIZE, TREE_SEARCH_MAX_LEVEL } from '@abo/contract';
import { loadProfile } from '../../idp/profile.ts';
import { insertDistributor } from '../../testing/fixtures.ts';
import { useTestApp } from '../../testing/suite-app.ts';
import { TREE, useMarketApp } from './market.test-support.ts';

interface Node {
  ref: string;
  maskedName: { zh: string; en: string };
  maskedAda: string;
  gpv: number;
  pvToQ: number | null;
  nearQ: boolean;
  match: boolean;
  matchesBelow: number | null;
  children: number;
  downlineSize: number;
}

describe('team tree (/bff/v1/incentive/market/tree and tree/search)', () => {
  const fx = useMarketApp();

  it("lists the Diamond's frontline with figures, children and downline size, largest group PV first", async () => {
    const body = (await fx.call('tree', '10000002')).json();
    expect(body).toMatchObject({ code: 0, success: true });
    const d = body.data;
    expect(d).toMatchObject({ py: '26/27', month: '2026-11', monthOpen: true, qThreshold: 10000, ref: null, level: 1, downlineSize: 7 });
    expect(d).toMatchObject({ total: 4, offset: 0, hasMore: false });
    expect(d.nodes.map((n: Node) => [n.maskedName.zh, n.gpv, n.children, n.downlineSize])).toEqual([
      ['李一号伙伴', 10100, 2, 2],
      ['张二号伙伴', 8000, 0, 0],
      ['赵三号伙伴', 6500, 0, 0],
      ['钱四号伙伴', 100, 1, 1],
    ]);
    expect(d.nodes[0]).toMatchObject({ maskedAda: '200******01', pinCode: 310, bracket: 21, isQ: true });
    // No ADA leaves unmasked (the fixture's English names are "Member <ada>").
    for (const [ada] of TREE.slice(1)) expect(body.data.nodes.map((n: Node) => n.maskedAda)).not.toContain(ada);
  });

  it("expands a leg: the second level by the leg's reference, names masked past the frontline", async () => {
    const top = (await fx.call('tree', '10000002')).json().data;
    const leg = top.nodes[0] as Node;
    const d = (await fx.call('tree', '10000002', { ref: leg.ref })).json().data;
    expect(d).toMatchObject({ ref: leg.ref, level: 2, downlineSize: 2 });
    expect(d.nodes.map((n: Node) => [n.maskedName.zh, n.gpv, n.children])).toEqual([
      ['李*一', 2100, 0],
      ['李一***', 700, 0],
    ]);
    // A leaf has no children.
    const leaf = (await fx.call('tree', '10000002', { ref: d.nodes[0].ref })).json().data;
    expect(leaf).toMatchObject({ level: 3, downlineSize: 0, nodes: [], total: 0, hasMore: false });
  });

  it('pages the children in the same order: first page, next page, the end, with the count in all', async () => {
    const names = (d: { nodes: Node[] }) => d.nodes.map((n) => n.maskedName.zh);
    const first = (await fx.call('tree', '10000002', { pageSize: 2 })).json().data;
    expect(first).toMatchObject({ total: 4, offset: 0, hasMore: true, downlineSize: 7 });
    expect(names(first)).toEqual(['李一号伙伴', '张二号伙伴']);
    const next = (await fx.call('tree', '10000002', { pageSize: 2, offset: 2 })).json().data;
    expect(next).toMatchObject({ total: 4, offset: 2, hasMore: false });
    expect(names(next)).toEqual(['赵三号伙伴', '钱四号伙伴']);
    // A page that ends short of the last child says more follow; the last child's page says none do.
    expect((await fx.call('tree', '10000002', { pageSize: 3, offset: 0 })).json().data).toMatchObject({ hasMore: true });
    const last = (await fx.call('tree', '10000002', { pageSize: 3, offset: 3 })).json().data;
    expect(last).toMatchObject({ total: 4, offset: 3, hasMore: false });
    expect(names(last)).toEqual(['钱四号伙伴']);
    // A leg's children page the same way.
    const leg = (await fx.call('tree', '10000002', { ref: 'm1', pageSize: 1, offset: 1 })).json().data;
    expect(leg).toMatchObject({ ref: 'm1', total: 2, offset: 1, hasMore: false });
    expect(names(leg)).toEqual(['李一***']);
  });

  it('refuses an offset past the last child and a page size out of bounds, with the envelope', async () => {
    for (const payload of [
      { offset: 4 },
      { offset: 99 },
      { ref: 'm2', offset: 1 },
      { offset: -1 },
      { offset: 1.5 },
      { offset: '2' },
      { pageSize: 0 },
      { pageSize: 201 },
    ]) {
      const res = (await fx.call('tree', '10000002', payload)).json();
      expect(res, JSON.stringify(payload)).toMatchObject({ code: Code.BAD_REQUEST, success: false, data: null });
    }
    // The largest page allowed is served.
    expect((await fx.call('tree', '10000002', { pageSize: 200 })).json()).toMatchObject({ code: 0, data: { total: 4 } });
  });

  it("refuses another distributor's reference, and a reference that names no one, alike", async () => {
    // 30000001 sits at tree position 8, outside 10000002's market.
    const outside = (await fx.call('tree', '10000002', { ref: 'm8' })).json();
    const nobody = (await fx.call('tree', '10000002', { ref: 'm999' })).json();
    expect(outside).toMatchObject({ code: Code.FORBIDDEN, success: false, data: null });
    expect(nobody).toEqual(outside);
    expect(JSON.stringify(outside)).not.toMatch(/外人|30000001/);
    // The upline is outside a partner's market too.
    expect((await fx.call('tree', '20000001', { ref: 'm0' })).json()).toMatchObject({ code: Code.FORBIDDEN });
  });

  it('finds a member two levels down with the path from the frontline, by shown name or whole ADA', async () => {
    const byName = (await fx.call('tree/search', '10000002', { search: '钱四一' })).json();
    // 钱四一 is a second-level member: their name is masked to the Diamond, so it does not match…
    expect(byName).toMatchObject({ code: 0, data: { total: 0, matches: [] } });
    // …but its visible beginning does, and so does the whole ADA.
    for (const search of ['钱*', '20000041']) {
      const d = (await fx.call('tree/search', '10000002', { search })).json().data;
      expect(d.total).toBe(1);
      expect(d.matches[0]).toMatchObject({
        ref: 'm7',
        maskedName: { zh: '钱*一' },
        maskedAda: '200******41',
        level: 2,
        path: ['m6', 'm7'],
        // 钱四号伙伴 is the fourth leg by group PV; 钱四一 its only child.
        positions: [3, 0],
      });
    }
    // Frontline names are shown in full and match in full.
    const d = (await fx.call('tree/search', '10000002', { search: '李一' })).json().data;
    expect(d.matches.map((m: { ref: string; path: string[]; positions: number[] }) => [m.ref, m.path, m.positions])).toEqual([
      ['m1', ['m1'], [0]],
      // 李一二新人 (700 PV) comes after 李一一 (2 100 PV) under their sponsor.
      ['m3', ['m1', 'm3'], [0, 1]],
    ]);
    // A partner's own market: the path starts at their frontline.
    const own = (await fx.call('tree/search', '20000001', { search: '20000012' })).json().data;
    expect(own.matches[0]).toMatchObject({ ref: 'm3', level: 1, path: ['m3'] });
    // Nobody outside the market is found, not even by whole ADA.
    expect((await fx.call('tree/search', '10000002', { search: '30000001' })).json().data).toEqual({ total: 0, matches: [] });
  });

  it('reads a downline member’s tree through queryAda as the other market calls do', async () => {
    const d = (await fx.call('tree', '10000002', {}, { queryAda: '20000001' })).json().data;
    expect(d.nodes.map((n: Node) => n.maskedAda)).toEqual(['200******11', '200******12']);
    expect((await fx.call('tree', '20000001', {}, { queryAda: '10000002' })).json()).toMatchObject({ code: Code.FORBIDDEN });
  });

  it("gives each member's gap to Q this month as member tracking does, and who is near Q", async () => {
    const d = (await fx.call('tree', '10000002')).json().data;
    expect(d.qThreshold).toBe(10000);
    expect(d.matching).toBeNull();
    expect(d.nodes.map((n: Node) => [n.maskedName.zh, n.pvToQ, n.nearQ, n.match, n.matchesBelow])).toEqual([
      ['李一号伙伴', 0, false, true, null],
      // 8 000 and 6 500 of 10 000: near Q (the partners pages' 40 %); 100 is not.
      ['张二号伙伴', 2000, true, true, null],
      ['赵三号伙伴', 3500, true, true, null],
      ['钱四号伙伴', 9900, false, true, null],
    ]);
    // The same gap as the member list's row for each member.
    const rows = (await fx.call('members', '10000002', { pageSize: 100 })).json().data.rows as Array<{ ref: string; pvToQ: number }>;
    for (const n of d.nodes as Node[]) expect(rows.find((r) => r.ref === n.ref)?.pvToQ).toBe(n.pvToQ);
    // 钱四一 (4 500) is near Q two levels down.
    const leg = (await fx.call('tree', '10000002', { ref: 'm6' })).json().data;
    expect(leg.nodes[0]).toMatchObject({ maskedName: { zh: '钱*一' }, pvToQ: 5500, nearQ: true });
  });

  it('orders children closest to Q first on request (Q members last), and the search places them in that order', async () => {
    const names = (d: { nodes: Node[] }) => d.nodes.map((n) => n.maskedName.zh);
    const d = (await fx.call('tree', '10000002', { sort: 'pvToQ' })).json().data;
    expect(names(d)).toEqual(['张二号伙伴', '赵三号伙伴', '钱四号伙伴', '李一号伙伴']);
    // Pages of that order.
    const second = (await fx.call('tree', '10000002', { sort: 'pvToQ', pageSize: 2, offset: 2 })).json().data;
    expect(names(second)).toEqual(['钱四号伙伴', '李一号伙伴']);
    // The default order is unchanged beside it (a page of each is cached apart).
    expect(names((await fx.call('tree', '10000002')).json().data)).toEqual(['李一号伙伴', '张二号伙伴', '赵三号伙伴', '钱四号伙伴']);
    const found = (await fx.call('tree/search', '10000002', { search: '20000041', sort: 'pvToQ' })).json().data;
    expect(found.matches[0]).toMatchObject({ path: ['m6', 'm7'], positions: [2, 0] });
    expect((await fx.call('tree', '10000002', { sort: 'pgpv' })).json()).toMatchObject({ code: Code.BAD_REQUEST });
  });

  it("narrows the tree by the list's filters, keeping the way down to each match as context", async () => {
    // Not Q at level 2: 李一一, 李一二新人 and 钱四一, below 李一号伙伴 and 钱四号伙伴.
    const filters = { q: 'notQ', levelMin: 2 };
    const d = (await fx.call('tree', '10000002', filters)).json().data;
    expect(d).toMatchObject({ downlineSize: 7, matching: 3, total: 2, hasMore: false });
    expect(d.nodes.map((n: Node) => [n.maskedName.zh, n.match, n.matchesBelow, n.children])).toEqual([
      ['李一号伙伴', false, 2, 2],
      ['钱四号伙伴', false, 1, 1],
    ]);
    const below = (await fx.call('tree', '10000002', { ...filters, ref: 'm1' })).json().data;
    expect(below).toMatchObject({ matching: 2, total: 2 });
    expect(below.nodes.map((n: Node) => [n.maskedName.zh, n.match, n.matchesBelow, n.children])).toEqual([
      ['李*一', true, 0, 0],
      ['李一***', true, 0, 0],
    ]);
    // Joined this PY: only 李一二新人, the only child listed under their sponsor.
    const joined = (await fx.call('tree', '10000002', { joinedThisPy: true })).json().data;
    expect(joined.nodes.map((n: Node) => [n.maskedName.zh, n.match, n.children])).toEqual([['李一号伙伴', false, 1]]);
    const newcomer = (await fx.call('tree', '10000002', { joinedThisPy: true, ref: 'm1' })).json().data;
    expect(newcomer.nodes.map((n: Node) => [n.maskedName.zh, n.match])).toEqual([['李一***', true]]);
    // A member who matches and has matches below is one node; the order applies to what is listed.
    const qian = (await fx.call('tree', '10000002', { search: '钱', sort: 'pvToQ' })).json().data;
    expect(qian.nodes.map((n: Node) => [n.maskedName.zh, n.match, n.matchesBelow])).toEqual([['钱四号伙伴', true, 1]]);
    // Nobody matches: an empty frontline, the market's size still said.
    const none = (await fx.call('tree', '10000002', { search: 'zzz' })).json().data;
    expect(none).toMatchObject({ downlineSize: 7, matching: 0, total: 0, nodes: [] });
    // An upside-down range is refused as the list refuses it.
    expect((await fx.call('tree', '10000002', { levelMin: 3, levelMax: 1 })).json()).toMatchObject({ code: Code.BAD_REQUEST });
  });

  it('matches the same members in the tree as in the list for the same filters', async () => {
    const cases = [
      { q: 'notQ' },
      { q: 'q' },
      { bracketMin: 15, bracketMax: 15 },
      { levelMax: 1 },
      { joinedThisPy: true },
      { search: '李' },
    ];
    for (const filters of cases) {
      const list = (await fx.call('members', '10000002', { ...filters, pageSize: 100 })).json().data.rows as Node[];
      const matched: string[] = [];
      const walk = async (ref?: string) => {
        const d = (await fx.call('tree', '10000002', { ...filters, ...(ref ? { ref } : {}) })).json().data;
        for (const n of d.nodes as Array<Node & { match: boolean }>) {
          if (n.match) matched.push(n.ref);
          if (n.children > 0) await walk(n.ref);
        }
      };
      await walk();
      expect(matched.sort(), JSON.stringify(filters)).toEqual(list.map((r) => r.ref).sort());
    }
  });

  it('searches only the members a filtered tree lists, placed among the children it lists', async () => {
    // 李一号伙伴 leads to the newcomer; 李一一 is neither a match nor on the way to one.
    const d = (await fx.call('tree/search', '10000002', { search: '李', joinedThisPy: true })).json().data;
    expect(d.matches.map((m: { ref: string; path: string[]; positions: number[] }) => [m.ref, m.path, m.positions])).toEqual([
      ['m1', ['m1'], [0]],
      ['m3', ['m1', 'm3'], [0, 0]],
    ]);
    // The list's name filter travels as filterSearch (search is who is sought): 李一 leaves 李一一 out too.
    const named = (await fx.call('tree/search', '10000002', { search: '李', filterSearch: '李一' })).json().data;
    expect(named.matches.map((m: { ref: string; positions: number[] }) => [m.ref, m.positions])).toEqual([
      ['m1', [0]],
      ['m3', [0, 0]],
    ]);
    // Without the filter the newcomer is the second of two.
    const all = (await fx.call('tree/search', '10000002', { search: '李一' })).json().data;
    expect(all.matches.map((m: { positions: number[] }) => m.positions)).toEqual([[0], [0, 1]]);
  });

  it('answers bad input with the envelope', async () => {
    for (const [path, payload] of [
      ['tree', { ref: 'x1' }],
      ['tree', { ref: 'm1234567890' }],
      ['tree', { ref: 7 }],
      ['tree/search', {}],
      ['tree/search', { search: '   ' }],
      ['tree/search', { search: 'x'.repeat(41) }],
    ] as const) {
      const res = await fx.call(path, '10000002', payload);
      expect(res.json(), `${path} ${JSON.stringify(payload)}`).toMatchObject({ code: Code.BAD_REQUEST, success: false, data: null });
    }
  });
});

// A frontline wider than a page: 250 legs with group PV falling by 10 from 5 000 (legs 100 and 101
// tie, so tree order decides), and leg 230 (by group PV) with one child.
const LEGS = 250;
const legAda = (n: number) => String(30_000_000 + n);
const legPv = (n: number) => (n === 101 ? 5000 - 100 * 10 : 5000 - n * 10);

describe('team tree of a frontline wider than a page', () => {
  const headers: Record<string, string> = {};
  const s = useTestApp(async (t) => {
    await insertDistributor(t.db, '10000009', { tree_pos: 0, tree_size: LEGS + 2, depth: 0, pin_code: 380 });
    const legs = Array.from({ length: LEGS }, (_, n) => n);
    // Tree positions in ADA order, the child of leg 230 right after it.
    let pos = 1;
    const rows = legs.map((n) => {
      const row = {
        ada: legAda(n),
        name_zh: `腿${n}`,
        name_en: `Leg ${n}`,
        phone: '13800138000',
        national_id: '11010519491231002X',
        bank_card: '6222020200112233445',
        bank_name: '工商银行',
        sponsor_ada: '10000009',
        join_date: '2021-03-01',
        user_type: 'ABO',
        market: 'CN',
        shop_code: null,
        tree_pos: pos,
        member_no: pos,
        tree_size: n === 230 ? 2 : 1,
        depth: 1,
        pin_code: 310,
        pin_month: '2025-02',
        head_image: null,
      };
      pos += row.tree_size;
      return row;
    });
    const child = { ...rows[230]!, ada: '39999999', name_zh: '腿下一', name_en: 'Below', sponsor_ada: legAda(230) };
    Object.assign(child, { tree_pos: rows[230]!.tree_pos + 1, member_no: rows[230]!.tree_pos + 1, tree_size: 1, depth: 2 });
    // Shuffled into the database: the order comes from group PV, not from insertion.
    await t.db
      .insertInto('distributors')
      .values([...rows.reverse(), child])
      .execute();
    await t.db
      .insertInto('monthly_results')
      .values(
        legs.map((n) => ({
          ada: legAda(n),
          month: '2026-11',
          ppv: 100,
          gpv: legPv(n),
          pgpv: legPv(n),
          bv_fen: 0,
          bracket: 3,
          is_q: 0,
          q_legs: 0,
          apv: 0,
          is_sp: 0,
          pin_code: 310,
          new_customers: 0,
          points: 0,
          compliant: 1,
          closed: 0,
          attended: null,
        })),
      )
      .execute();
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, '10000009'))!);
    Object.assign(headers, { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken });
  });
  const call = (path: string, payload: object) =>
    s.t.app.inject({
      method: 'POST',
      url: `/bff/v1/incentive/market/${path}`,
      headers,
      payload: { channel: 'ebiz', loginada: '10000009', ...payload },
    });

  it(`answers the first ${TREE_PAGE_SIZE} legs by default, and the pages after it hold every leg once in order`, async () => {
    const first = (await call('tree', {})).json();
    expect(first).toMatchObject({ code: 0, data: { total: LEGS, offset: 0, hasMore: true, downlineSize: LEGS + 1 } });
    expect(first.data.nodes).toHaveLength(TREE_PAGE_SIZE);
    const seen: string[] = first.data.nodes.map((n: Node) => n.maskedName.zh);
    let page = first.data;
    while (page.hasMore) {
      page = (await call('tree', { offset: page.offset + page.nodes.length })).json().data;
      seen.push(...page.nodes.map((n: Node) => n.maskedName.zh));
    }
    expect(page).toMatchObject({ offset: 200, hasMore: false });
    // Group PV descending, the tie (legs 100 and 101) in tree order.
    expect(seen).toEqual(Array.from({ length: LEGS }, (_, n) => `腿${n}`));
    expect((await call('tree', { offset: LEGS })).json()).toMatchObject({ code: Code.BAD_REQUEST });
  });

  it('search names the place of each member on the path, so the tree loads the page holding them', async () => {
    const d = (await call('tree/search', { search: '39999999' })).json().data;
    expect(d.matches[0]).toMatchObject({ level: 2, positions: [230, 0] });
    const [legRef, ref] = d.matches[0].path as string[];
    // Leg 230 is on the third page, 31st; its child is the first of its children.
    const page = (await call('tree', { offset: 200 })).json().data;
    expect(page.nodes[30]).toMatchObject({ ref: legRef, maskedName: { zh: '腿230' }, children: 1 });
    expect((await call('tree', { ref: legRef })).json().data.nodes[0]).toMatchObject({ ref });
    // A leg found by name: its place among the frontline.
    expect((await call('tree/search', { search: '腿249' })).json().data.matches[0]).toMatchObject({ positions: [249] });
  });
});

describe('team tree search in a very deep chain', () => {
  const DEPTH = TREE_SEARCH_MAX_LEVEL + 50;
  const headers: Record<string, string> = {};
  const s = useTestApp(async (t) => {
    await insertDistributor(t.db, '10000009', { tree_pos: 0, tree_size: DEPTH + 1, depth: 0 });
    // One member per level, each sponsoring the next: 50000001 at level 1 … 50000150 at 150.
    const base = { name_zh: '链条', name_en: 'Chain', phone: '', national_id: '', bank_card: '', bank_name: '', join_date: '2021-03-01' };
    const more = { user_type: 'ABO', market: 'CN', shop_code: null, pin_code: 230, pin_month: null, head_image: null };
    const rows = Array.from({ length: DEPTH }, (_, n) => ({
      ...base,
      ...more,
      ada: String(50000001 + n),
      sponsor_ada: n === 0 ? '10000009' : String(50000000 + n),
      tree_pos: n + 1,
      member_no: n + 1,
      tree_size: DEPTH - n,
      depth: n + 1,
    }));
    await t.db.insertInto('distributors').values(rows).execute();
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, '10000009'))!);
    Object.assign(headers, { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken });
  });
  const search = async (term: string) =>
    (
      await s.t.app.inject({
        method: 'POST',
        url: '/bff/v1/incentive/market/tree/search',
        headers,
        payload: { channel: 'ebiz', loginada: '10000009', search: term },
      })
    ).json();

  it(`opens the way down to level ${TREE_SEARCH_MAX_LEVEL}, and finds a member deeper without a path`, async () => {
    const reachable = (await search(String(50000000 + TREE_SEARCH_MAX_LEVEL))).data.matches[0];
    expect(reachable.level).toBe(TREE_SEARCH_MAX_LEVEL);
    expect(reachable.path).toHaveLength(TREE_SEARCH_MAX_LEVEL);
    expect(reachable.positions).toEqual(Array.from({ length: TREE_SEARCH_MAX_LEVEL }, () => 0));
    const deep = await search(String(50000000 + DEPTH));
    expect(deep).toMatchObject({ code: 0, data: { total: 1, matches: [{ level: DEPTH, path: [], positions: [] }] } });
    // Every member of the chain matches the name: the answer stays small however deep it goes.
    const all = await search('链');
    expect(all.data.total).toBe(DEPTH);
    expect(JSON.stringify(all).length).toBeLessThan(40_000);
  });
});
