import { describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { TREE, useMarketApp } from './market-test-support.ts';

interface Node {
  ref: string;
  maskedName: { zh: string; en: string };
  maskedAda: string;
  gpv: number;
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
    expect(leaf).toMatchObject({ level: 3, downlineSize: 0, nodes: [] });
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
      });
    }
    // Frontline names are shown in full and match in full.
    const d = (await fx.call('tree/search', '10000002', { search: '李一' })).json().data;
    expect(d.matches.map((m: { ref: string; path: string[] }) => [m.ref, m.path])).toEqual([
      ['m1', ['m1']],
      ['m3', ['m1', 'm3']],
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
