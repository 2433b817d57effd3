import { describe, expect, it } from 'vitest';
import { ITEM_NAMES, monthlyStatement } from '@abo/plan';
import { groupBy4, parseItems, sumTotals } from './income-data.ts';

describe('stored statement items', () => {
  it("reads the engine's items with their legs", () => {
    const s = monthlyStatement({ month: '2026-10', ppv: 500, legs: [{ id: '20000001', gpv: 3000 }] });
    const items = parseItems(JSON.stringify(s.items));
    expect(items.map((i) => i.code)).toEqual(['PROMOTION', 'LEADERSHIP', 'RUBY', 'PEARL']);
    expect(items[0]).toMatchObject({ name: { zh: '市场推广服务费', en: 'Market promotion service fee' }, rateBp: s.bracketPercent * 100 });
    expect(items[0]!.legs).toHaveLength(2);
    expect(items.reduce((a, i) => a + i.amountFen, 0)).toBe(s.pretaxFen);
  });

  it('reads the short form and adjustments with their own names', () => {
    const items = parseItems(
      '[{"code":"PROMOTION","base":100000,"rate":900,"amount":9000},{"code":"ADJUSTMENT","subCode":"RETURN","name":{"zh":"退货","en":"Return"},"amountFen":-500}]',
    );
    expect(items[0]).toMatchObject({ baseBvFen: 100000, rateBp: 900, amountFen: 9000, legs: [] });
    expect(items[1]).toMatchObject({ subCode: 'RETURN', name: { zh: '退货', en: 'Return' }, amountFen: -500 });
  });

  it('reads a note in one language as the text of both, and no note as null', () => {
    const items = parseItems(
      '[{"code":"ADJUSTMENT","note":{"en":"Late return"}},{"code":"ADJUSTMENT","note":"补发"},{"code":"PEARL","name":{}}]',
    );
    expect(items.map((i) => i.note)).toEqual([{ zh: 'Late return', en: 'Late return' }, { zh: '补发', en: '补发' }, null]);
    expect(items[2]!.name).toEqual(ITEM_NAMES.PEARL);
  });

  it('gives no items for unreadable JSON rather than failing', () => {
    expect(parseItems('not json')).toEqual([]);
    expect(parseItems('{"x":1}')).toEqual([]);
  });

  it('groups a masked card by 4 and sums totals', () => {
    expect(groupBy4('622******45')).toBe('622* **** *45');
    expect(
      sumTotals([
        { pretaxFen: 3, taxFen: 1, netFen: 2 },
        { pretaxFen: 5, taxFen: 0, netFen: 5 },
      ]),
    ).toEqual({ pretaxFen: 8, taxFen: 1, netFen: 7 });
  });
});
