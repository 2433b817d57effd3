import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalText } from '@abo/contract';
import { monthlyStatement, paymentDateOf } from '@abo/plan';
import { insertDistributor } from '../../testing/fixtures.ts';
import { insertMonth, LEG_A, LEADER, SHORT, useIncomeApp } from './income.test-support.ts';

describe('income calls: the promotion service fee', () => {
  const fx = useIncomeApp();

  beforeAll(async () => {
    // A statement stored in the short form without leg lines: the lines are rebuilt from the legs' months.
    await insertDistributor(fx.t.db, SHORT, { tree_pos: 20, tree_size: 3 });
    await insertDistributor(fx.t.db, '20000006', { sponsor_ada: SHORT, tree_pos: 21, depth: 1, name_zh: '赵六' });
    await insertDistributor(fx.t.db, '20000007', { sponsor_ada: SHORT, tree_pos: 22, depth: 1 });
    const st = monthlyStatement({
      month: '2026-10',
      ppv: 900,
      legs: [
        { id: '20000006', gpv: 3000 },
        { id: '20000007', gpv: 12_000 },
      ],
    });
    const short = st.items.map((i) => ({ code: i.code, base: i.baseBvFen, rate: i.rateBp, amount: i.amountFen }));
    await fx.t.db
      .insertInto('statements')
      .values({
        ada: SHORT,
        month: '2026-10',
        pretax_fen: st.pretaxFen,
        tax_fen: st.taxFen,
        net_fen: st.netFen,
        items: JSON.stringify(short),
        paid_on: paymentDateOf('2026-10'),
      })
      .execute();
    await insertMonth(fx.t.db, SHORT, '2026-10', 900, st.pgpv, st.bracketPercent, st.qLegs, 330);
    await insertMonth(fx.t.db, '20000006', '2026-10', 500, 3000, 12, 0, 320);
    await insertMonth(fx.t.db, '20000007', '2026-10', 500, 12_000, 21, 0, 330);
    await fx.signIn(SHORT);
  });

  it('breaks the promotion fee into per-leg lines that add up, legs masked', async () => {
    const { body, raw } = await fx.call(LEADER, 'promotionservicefee', { month: '2026-01' });
    const d = body.data;
    expect(d.lines).toHaveLength(3);
    expect(d.lines[0].legAdaMasked).toBeNull();
    expect(d.lines.reduce((a: number, l: { amountFen: number }) => a + l.amountFen, 0)).toBe(d.amountFen);
    expect(d.lines.map((l: { legName: LocalText | null }) => l.legName?.zh)).toContain('李一');
    expect(raw).not.toContain(LEG_A);
    expect(d.lines.some((l: { legAdaMasked: string }) => l.legAdaMasked === '200******01')).toBe(true);
  });

  it('names a promotion leg in full only while it is the frontline; a leg that moved, or is known by name only, is masked', async () => {
    const MOVER = '10000008';
    await insertDistributor(fx.t.db, MOVER, { tree_pos: 30, tree_size: 3, name_zh: '周八', name_en: 'Zhou Ba' });
    await insertDistributor(fx.t.db, '20000081', {
      sponsor_ada: MOVER,
      tree_pos: 31,
      tree_size: 2,
      depth: 1,
      name_zh: '吴八一',
      name_en: 'Wu Bayi',
    });
    // Sponsored by 20000081 now (it was a leg of MOVER when the statement was made).
    await insertDistributor(fx.t.db, '20000811', {
      sponsor_ada: '20000081',
      tree_pos: 32,
      depth: 2,
      name_zh: '郑八一一',
      name_en: 'Zheng Bayiyi',
    });
    const leg = (legId: string | null, pv: number, name?: string) => ({
      legId,
      ...(name ? { name } : {}),
      pv,
      bvFen: pv * 100,
      legPercent: 0,
      isQ: false,
      differentialPercent: 3,
      amountFen: pv * 3,
    });
    const items = [
      {
        code: 'PROMOTION',
        baseBvFen: 190_000,
        rateBp: 300,
        amountFen: 5_700,
        legs: [leg(null, 100), leg('20000081', 1000), leg('20000811', 500, '郑八一一'), leg('29999999', 300, '孙悟空')],
      },
    ];
    await fx.t.db
      .insertInto('statements')
      .values({
        ada: MOVER,
        month: '2026-10',
        pretax_fen: 5_700,
        tax_fen: 0,
        net_fen: 5_700,
        items: JSON.stringify(items),
        paid_on: '2026-11-15',
      })
      .execute();
    await fx.signIn(MOVER);
    const { body, raw } = await fx.call(MOVER, 'promotionservicefee', { month: '2026-10' });
    const byLeg = Object.fromEntries(
      body.data.lines.map((l: { legAdaMasked: string | null; legName: LocalText | null }) => [
        l.legAdaMasked,
        [l.legName?.zh ?? null, l.legName?.en ?? null],
      ]),
    );
    expect(byLeg).toEqual({
      null: [null, null],
      '200******81': ['吴八一', 'Wu Bayi'],
      '200******11': ['郑八**', 'Zheng B***'],
      '299******99': ['孙*空', '孙*空'],
    });
    for (const hidden of ['郑八一一', 'Zheng Bayiyi', '孙悟空']) expect(raw).not.toContain(hidden);
  });

  it('rebuilds per-leg lines with the plan engine when the stored item has none', async () => {
    const { body } = await fx.call(SHORT, 'promotionservicefee');
    const d = body.data;
    expect(d.lines).toHaveLength(3);
    expect(d.lines.reduce((a: number, l: { amountFen: number }) => a + l.amountFen, 0)).toBe(d.amountFen);
    expect(d.lines.find((l: { isQ: boolean }) => l.isQ).amountFen).toBe(0);
    expect(d.lines.map((l: { legName: LocalText | null }) => l.legName?.zh)).toContain('赵六');
    const s = (await fx.call(SHORT, 'statement')).body.data;
    expect(s.items.reduce((a: number, i: { amountFen: number }) => a + i.amountFen, 0)).toBe(s.pretaxFen);
    expect(s.items[0]).toMatchObject({ name: { zh: '市场推广服务费', en: 'Market promotion service fee' }, baseBvFen: expect.any(Number) });
  });
});
