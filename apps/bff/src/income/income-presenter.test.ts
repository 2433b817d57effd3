import { describe, expect, it } from 'vitest';
import { applyBp, paymentDateOf, serviceFeeAnnualTax } from '@abo/plan';
import type { ParsedItem } from './income-data.ts';
import { annualReviewData, annualTaxableData, pysOf, statementData, twelveMonths, type ReviewInput } from './income-presenter.ts';

const row = (month: string, netFen: number, taxFen = 0) => ({
  month,
  paidOn: paymentDateOf(month),
  pretaxFen: netFen + taxFen,
  taxFen,
  netFen,
});
const person = { ada: '10000004', sponsor_ada: null, name_zh: '张建国', name_en: 'Zhang Jianguo', pin_code: 342, pin_month: '2025-07' };

describe('the income presenter', () => {
  it('lists the PYs with statements and the current one, newest first', () => {
    expect(pysOf('26/27', ['2026-10', '2026-08', '2025-09', '2024-12'])).toEqual(['26/27', '25/26', '24/25']);
  });

  it('gives all 12 months of a PY, zeros where there is no statement', () => {
    const months = twelveMonths('26/27', [row('2026-10', 500)]);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: '2026-09', pretaxFen: 0, taxFen: 0, netFen: 0, hasStatement: false, paidOn: null });
    expect(months[1]).toEqual({ month: '2026-10', pretaxFen: 500, taxFen: 0, netFen: 500, hasStatement: true, paidOn: '2026-11-15' });
  });

  it("shows a year's comprehensive income with the engine's ratio and tax", () => {
    const tax = serviceFeeAnnualTax(10_000_000, 250_000);
    const d = annualTaxableData('2026', ['2026', '2025'], [row('2026-02', 9_750_000, 250_000)], tax, '2026-11');
    expect(d).toMatchObject({ incomeRatioPercent: 80, incomeFen: 8_000_000, taxableFen: 2_000_000, complete: false });
    // February's statement is paid on 15 March: the chart shows it in March, the list by its own month.
    expect(d.months[1]).toEqual({ month: '2026-02', grossFen: 0, withheldFen: 0, hasStatement: false });
    expect(d.months[2]).toEqual({ month: '2026-03', grossFen: 10_000_000, withheldFen: 250_000, hasStatement: true });
    expect(d.statements).toEqual([{ month: '2026-02', paidOn: '2026-03-15', pretaxFen: 10_000_000, taxFen: 250_000, netFen: 9_750_000 }]);
    expect(annualTaxableData('2025', [], [], serviceFeeAnnualTax(0, 0), '2026-11').complete).toBe(true);
  });

  it('reviews a year: like-for-like growth, pins that rose within the PY, plans met', () => {
    const input: ReviewInput = {
      py: '26/27',
      prevPy: '25/26',
      pys: ['26/27', '25/26'],
      person,
      twelve: twelveMonths('26/27', [row('2026-09', 1_000), row('2026-10', 3_000)]),
      prevRows: [row('2025-09', 1_000), row('2025-10', 1_000), row('2025-11', 9_000)],
      // The month before the PY sets what was held; rises inside the PY count.
      pinRows: [
        { month: '2026-08', pinCode: 330 },
        { month: '2026-09', pinCode: 330 },
        { month: '2026-10', pinCode: 342 },
      ],
      planStatuses: new Map([
        ['UNKNOWN-PLAN', 'met'],
        ['OTHER', 'missed'],
      ]),
    };
    const d = annualReviewData(input, { ada: person.ada });
    expect(d).toMatchObject({ netFen: 4_000, monthsPaid: 2, comparedMonths: 2, previousSamePeriod: { netFen: 2_000 }, growthPercent: 100 });
    expect(d.previous).toMatchObject({ py: '25/26', netFen: 11_000 });
    expect(d.bestMonth).toEqual({ month: '2026-10', paidOn: '2026-11-15', pretaxFen: 3_000, taxFen: 0, netFen: 3_000 });
    expect(d.pinsReached).toEqual([expect.objectContaining({ code: '342', month: '2026-10' })]);
    expect(d.plansMet).toEqual([{ code: 'UNKNOWN-PLAN', name: { zh: 'UNKNOWN-PLAN', en: 'UNKNOWN-PLAN' } }]);
    expect(d.plansEvaluated).toBe(2);
    expect(d.displayName).toBe('张建国');
  });
});

describe('how each statement item is worked out (derivation)', () => {
  const item = (code: string, x: Partial<ParsedItem>): ParsedItem => ({
    code,
    subCode: null,
    name: { zh: code, en: code },
    baseBvFen: 0,
    rateBp: 0,
    amountFen: 0,
    note: null,
    legs: [],
    passedUp: null,
    share: null,
    ...x,
  });
  const derivations = (items: ParsedItem[]) =>
    statementData({ month: '2026-10', paidOn: '2026-11-15', pretaxFen: 0, taxFen: 0, netFen: 0, items }, ['2026-10'], undefined).items.map(
      (i) => [i.code, i.derivation],
    );
  const leg = {
    legId: null,
    name: null,
    pv: 300,
    bvFen: 3_000_000,
    legPercent: 0,
    isQ: false,
    differentialPercent: 21,
    amountFen: 630_000,
  };

  it('says base × rate only where it holds to the fen: the promotion differential and an unmet condition are no product', () => {
    expect(
      derivations([
        // Issue #31: ¥149,960.00 at 21 % beside ¥16,497.90: the differential, not base × rate.
        item('PROMOTION', { baseBvFen: 14_996_000, rateBp: 2100, amountFen: 1_649_790, legs: [leg] }),
        item('RUBY', { baseBvFen: 25_300_000, rateBp: 200, amountFen: 506_000 }),
        // Ruby and Pearl in a month their condition is not met: a rate, a base, nothing paid.
        item('RUBY', { baseBvFen: 10_000_000, rateBp: 200, amountFen: 0 }),
        item('PEARL', { baseBvFen: 0, rateBp: 100, amountFen: 0 }),
        item('ADJUSTMENT', { subCode: 'RETURN', amountFen: -500 }),
        item('DEBIT_CARRIED_FORWARD', { amountFen: 414_000 }),
        // Stored with a rounding that is not the engine's: shown as stored, with no "×".
        item('RUBY', { baseBvFen: 10_000_001, rateBp: 200, amountFen: 200_001 }),
      ]),
    ).toEqual([
      ['PROMOTION', { kind: 'differential', baseTimesRate: false }],
      ['RUBY', { kind: 'product', baseTimesRate: true }],
      ['RUBY', { kind: 'unmet', baseTimesRate: false }],
      ['PEARL', { kind: 'unmet', baseTimesRate: false }],
      ['ADJUSTMENT', { kind: 'stated', baseTimesRate: false }],
      ['DEBIT_CARRIED_FORWARD', { kind: 'stated', baseTimesRate: false }],
      ['RUBY', { kind: 'stated', baseTimesRate: false }],
    ]);
    expect(applyBp(14_996_000, 2100)).not.toBe(1_649_790);
  });

  it('a promotion fee that is its base × rate (no leg below the own bracket) says so', () => {
    expect(derivations([item('PROMOTION', { baseBvFen: 1_000_000, rateBp: 300, amountFen: 30_000, legs: [leg] })])).toEqual([
      ['PROMOTION', { kind: 'product', baseTimesRate: true }],
    ]);
  });

  it('works leadership out as received + own − passed up and an annual bonus as its share, each saying whether base × rate starts it', () => {
    const [lead, held, emerald, diamond] = statementData(
      {
        month: '2026-08',
        paidOn: '2026-09-15',
        pretaxFen: 0,
        taxFen: 0,
        netFen: 0,
        items: [
          item('LEADERSHIP', { baseBvFen: 3_750_000, rateBp: 400, amountFen: 120_000, passedUp: { inFen: 150_000, upFen: 30_000 } }),
          // What the legs passed up is not this month's 4 % of their base (they kept part of it).
          item('LEADERSHIP', { baseBvFen: 3_750_000, rateBp: 400, amountFen: 90_000, passedUp: { inFen: 90_000, upFen: 0 } }),
          item('EMERALD_ANNUAL', {
            baseBvFen: 100_000_000,
            rateBp: 25,
            amountFen: 75_000,
            share: { fundFen: 250_000, units: 3, totalUnits: 10 },
          }),
          item('DIAMOND_ANNUAL', { baseBvFen: 100_000_000, rateBp: 25, amountFen: 0, share: { fundFen: 0, units: 0, totalUnits: 0 } }),
        ],
      },
      ['2026-08'],
      undefined,
    ).items;
    expect(lead).toMatchObject({
      leadership: { inFen: 150_000, ownFen: 0, upFen: 30_000 },
      derivation: { kind: 'leadership', baseTimesRate: true },
    });
    expect(held!.derivation).toEqual({ kind: 'leadership', baseTimesRate: false });
    expect(emerald!.derivation).toEqual({ kind: 'share', baseTimesRate: true });
    expect(diamond!.derivation).toEqual({ kind: 'share', baseTimesRate: false });
  });
});
