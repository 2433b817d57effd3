// Two statements compared (statement-change.ts): the causes add up to the change to the fen, and
// each names the figure that moved. Rules: income.ts header; PY 26/27 table (12 % from 2 000 PV,
// 15 % from 4 000, 21 % from 10 000; 1 PV = 11.50 yuan of BV where an order has none).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closeIncome } from './close-income.ts';
import { closeMonth } from './close.ts';
import { monthlyStatement, type StatementInput } from './income.ts';
import { PY2526 } from './rules/py2526.ts';
import { explainStatementChange, type ChangeLeg, type ChangeMonth } from './statement-change.ts';
import { text } from './text.ts';
import { closedLegs, randomBvFen, randomPvWithReturns, randomTree } from './testing.ts';
import { buildChildren } from './tree.ts';

const LIN = text('林', 'Lin');
const WANG = text('王', 'Wang');

/** Lin's and Wang's legs, of these group PVs. */
const legs = (lin: number, wang: number): ChangeLeg[] => [
  { id: 'L', label: LIN, gpv: lin },
  { id: 'W', label: WANG, gpv: wang },
];

/** A month as the BFF hands it over: the statement the close stored and what its fee is computed from. */
function month(input: Omit<StatementInput, 'legs'> & { legs: readonly ChangeLeg[] }): ChangeMonth {
  const s = monthlyStatement(input);
  return {
    month: input.month,
    items: s.items.map((i) => ({
      code: i.code,
      subCode: i.subCode ?? null,
      name: i.name,
      amountFen: i.amountFen,
      ...(i.leadership ? { inFen: i.leadership.inFen, upFen: i.leadership.upFen } : {}),
    })),
    pretaxFen: s.pretaxFen,
    taxFen: s.taxFen,
    volume: { ppv: input.ppv, ppvBvFen: input.ppvBvFen ?? input.ppv * 1150, legs: input.legs },
    ...(input.rules ? { rules: input.rules } : {}),
  };
}

describe('September against October: group PV fell 750, every bracket the same', () => {
  // Own 300 → 450 PV; Lin's leg 3 900 → 3 000 (12 % both), Wang's 2 500 (12 %); group 6 700 →
  // 5 950, own bracket 15 % both months.
  const sep = month({ month: '2026-09', ppv: 300, legs: legs(3_900, 2_500) });
  const oct = month({ month: '2026-10', ppv: 450, legs: legs(3_000, 2_500) });
  const c = explainStatementChange(sep, oct);

  it('splits the promotion fee into own orders and Lin’s leg; Wang’s unchanged leg is no cause', () => {
    // Promotion: Sep 15 % × ¥3 450 + 3 % × ¥44 850 + 3 % × ¥28 750 = ¥2 725.50; Oct 15 % × ¥5 175
    // + 3 % × ¥34 500 + 3 % × ¥28 750 = ¥2 673.75. Own +150 PV × 11.50 × 15 % = +¥258.75; Lin
    // −900 PV × 11.50 × 3 % = −¥310.50.
    expect(c.pretaxChangeFen).toBe(267_375 - 272_550);
    expect(c.parts.map((p) => [p.kind, p.legId, p.pretaxFen])).toEqual([
      ['leg', 'L', -31_050],
      ['ownVolume', null, 25_875],
      ['tax', null, 0],
    ]);
    expect(c.parts[0]!.text.en).toBe('Lin’s leg: group PV 3,900 → 3,000');
    expect(c.parts[1]!.text.zh).toBe('个人订单PV 300→450（BV ¥3,450.00→¥5,175.00）');
  });

  it('tax: 20 % of the pay less ¥800 both months, ¥10.35 less withheld; net pay moves by the rest', () => {
    // ¥2 725.50 → ¥1 925.50 taxable → ¥385.10; ¥2 673.75 → ¥1 873.75 → ¥374.75.
    const tax = c.parts.find((p) => p.kind === 'tax')!;
    expect(tax.netFen).toBe(1_035);
    expect(tax.text.en).toBe('Tax withheld ¥385.10 → ¥374.75');
    expect(c.netChangeFen).toBe(-5_175 + 1_035);
  });

  it('says it in one sentence, the largest leg named', () => {
    expect(c.summary!.en).toBe('Your group PV fell 750 PV (Lin’s leg −900): market promotion service fee −¥51.75');
    expect(c.summary!.zh).toBe('小组PV减少750（林一线−900）：市场推广服务费−¥51.75');
    expect(c.fromVolume).toEqual({ ppv: 300, gpv: 6_700, bracketPercent: 15 });
    expect(c.toVolume).toEqual({ ppv: 450, gpv: 5_950, bracketPercent: 15 });
  });
});

describe('a bracket step and a leg reaching 21 %', () => {
  // Oct: own 1 000, Lin 9 000 (18 %), Wang 3 500 (12 %): 13 500 → 21 %. Nov: Lin 10 500 (21 %: it
  // leaves the personal group, 4 500 PV → 15 %: part of the leadership kept), 15 000 → 21 % still.
  // Jan: Lin 300, Wang 2 500: a group of 3 800 (12 %).
  const oct = month({ month: '2026-10', ppv: 1_000, legs: legs(9_000, 3_500) });
  const nov = month({ month: '2026-11', ppv: 1_000, legs: legs(10_500, 3_500) });

  it('Lin’s leg at 21 % pays no differential here, and the leadership it passes up is its own cause', () => {
    const c = explainStatementChange(oct, nov);
    const lin = c.parts.find((p) => p.legId === 'L')!;
    // October: (21 − 18) % × 9 000 × 11.50 = ¥3 105.00 on Lin's leg, none in November.
    expect(lin.pretaxFen).toBe(-310_500);
    expect(lin.text.en).toBe('Lin’s leg: group PV 9,000 → 10,500, reached 21 %: paid through leadership instead');
    const lead = c.parts.find((p) => p.kind === 'leadership')!;
    expect(lead.pretaxFen).toBeGreaterThan(0);
    expect(lead.text.en).toMatch(/^Leadership kept ¥0\.00 → ¥[\d,.]+ \(received from 21 % legs ¥0\.00 → ¥[\d,.]+, passed up/);
    expect(c.parts.some((p) => p.kind === 'bracket')).toBe(false);
  });

  it('the own bracket falling from 21 % to 12 % is one cause on every line', () => {
    const jan = month({ month: '2027-01', ppv: 1_000, legs: legs(300, 2_500) });
    const c = explainStatementChange(oct, jan);
    const bracket = c.parts.find((p) => p.kind === 'bracket')!;
    // At October's volumes, 9 % less on each line: own 1 000, Lin 9 000 and Wang 3 500 PV × 11.50.
    expect(bracket.pretaxFen).toBe(-103_500 - 931_500 - 362_250);
    expect(bracket.text.en).toBe('Your bracket 21 % → 12 % (group PV 13,500 → 3,800)');
    const sum = c.parts.reduce((s, p) => s + p.pretaxFen, 0);
    expect(sum).toBe(c.pretaxChangeFen);
  });
});

describe('months the rule cannot rebuild', () => {
  it('a stored fee that is not the rule’s, or a month without volume, gives one promotion part', () => {
    const a = month({ month: '2026-09', ppv: 300, legs: [{ id: 'L', label: LIN, gpv: 3_900 }] });
    const b = month({ month: '2026-10', ppv: 450, legs: [{ id: 'L', label: LIN, gpv: 3_000 }] });
    const c = explainStatementChange(a, { ...b, volume: null });
    expect(c.parts.filter((p) => p.itemCode === 'PROMOTION').map((p) => p.kind)).toEqual(['promotion']);
    expect(c.parts.reduce((s, p) => s + p.netFen, 0)).toBe(c.netChangeFen);
  });

  it('the same statement twice: no cause, no sentence', () => {
    const a = month({ month: '2026-09', ppv: 300, legs: [{ id: 'L', label: LIN, gpv: 3_900 }] });
    const c = explainStatementChange(a, a);
    expect(c).toMatchObject({ pretaxChangeFen: 0, netChangeFen: 0, parts: [], summary: null });
  });
});

describe('random companies, any two months', () => {
  const cases = fc.tuple(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 3 }));

  it('the parts add up to the change in pre-tax and net pay to the fen, and the fee is split by leg', () => {
    fc.assert(
      fc.property(cases, ([n, seed, roots]) => {
        const sponsor = randomTree(n, seed, Math.min(n, roots));
        const ch = buildChildren(sponsor);
        const closed = [0, 1].map((k) => {
          const ppv = randomPvWithReturns(n, seed + 7 * k + 1).map((v) => v * (2 + k * 3));
          const bv = randomBvFen(ppv, seed + k);
          const close = closeMonth(sponsor, ppv, PY2526, undefined, bv);
          return { ppv, bv, close, inc: closeIncome(sponsor, close, PY2526) };
        });
        for (let i = 0; i < n; i++) {
          const [from, to] = closed.map((m, k) =>
            month({
              month: k === 0 ? '2026-03' : '2026-05',
              ppv: m.ppv[i]!,
              ppvBvFen: m.bv[i]!,
              legs: closedLegs(ch, i, m.close, m.inc).map((l) => ({ ...l, label: text(l.id, l.id) })),
              rules: PY2526,
            }),
          );
          const c = explainStatementChange(from!, to!);
          let pretax = 0;
          let net = 0;
          for (const p of c.parts) {
            pretax += p.pretaxFen;
            net += p.netFen;
            expect(p.netFen).not.toBe(0);
          }
          expect(pretax).toBe(to!.pretaxFen - from!.pretaxFen);
          expect(net).toBe(to!.pretaxFen - to!.taxFen - (from!.pretaxFen - from!.taxFen));
          expect(c.parts.some((p) => p.kind === 'promotion')).toBe(false);
          expect(c.parts.some((p) => p.itemCode === 'OTHER')).toBe(false);
        }
      }),
      { seed: 3101, numRuns: 120 },
    );
  });
});

describe('the sentence names the leg that moved the pay most', () => {
  it('not the one whose PV moved most: a leg at a higher bracket gives a smaller differential', () => {
    // Own 18 % both months (8 000 → 7 500 PV). Lin 6 000 → 5 700 PV (15 %: 3 % on −300 PV =
    // −¥103.50); Wang 1 500 → 1 300 PV (9 %: 9 % on −200 PV = −¥207.00). Wang moved the pay more.
    const c = explainStatementChange(
      month({ month: '2026-09', ppv: 500, legs: legs(6_000, 1_500) }),
      month({ month: '2026-10', ppv: 500, legs: legs(5_700, 1_300) }),
    );
    expect(c.parts.slice(0, 2).map((p) => [p.legId, p.pretaxFen])).toEqual([
      ['W', -20_700],
      ['L', -10_350],
    ]);
    expect(c.summary!.en).toBe('Your group PV fell 500 PV (Wang’s leg −200): market promotion service fee −¥310.50');
  });
});
