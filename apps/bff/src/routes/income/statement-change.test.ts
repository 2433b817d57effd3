// "Why is October's fee different from September's?" asked of a small company imported as
// `npm run import` does it (SQLite; PostgreSQL in the PostgreSQL suite), against figures worked
// out by hand from the rules (packages/plan income.ts header; PY 26/27: 12 % from 2 000 PV, 15 %
// from 4 000; orders without a BV: PV × 11.50).
import { Code, type StatementChangeData, type StatementData } from '@abo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importedApp, type ImportedApp } from '../../testing/imported-app.ts';
import { LIN, smallCompany, WANG, X } from '../../testing/small-company.ts';

const URL = '/bff/v1/income/statementChange';

describe('statementChange: a statement against the one before it, cause by cause', () => {
  // X 300 → 450 PV; Lin's leg 3 900 → 3 000 (12 % both months); Wang's 2 500 both; X's group
  // 6 700 → 5 950 PV, 15 % both.
  let a: ImportedApp;
  beforeAll(async () => {
    a = await importedApp(
      smallCompany(
        [X, LIN, WANG],
        [
          ['X-9', X, '2026-09-05', '300'],
          ['L-9', LIN, '2026-09-06', '3900'],
          ['W-9', WANG, '2026-09-07', '2500'],
          ['X-10', X, '2026-10-05', '450'],
          ['L-10', LIN, '2026-10-06', '3000'],
          ['W-10', WANG, '2026-10-07', '2500'],
        ],
      ),
      '2026-11-15',
    );
  });
  afterAll(() => a.close());

  it('October against September: Lin’s leg −¥310.50, own orders +¥258.75, tax ¥10.35 less', async () => {
    const c = await a.call<StatementChangeData>(X, URL);
    expect(c).toMatchObject({ month: '2026-10', compare: '2026-09', pretaxChangeFen: -5_175, netChangeFen: -4_140 });
    expect(c.parts.map((p) => [p.kind, p.legAdaMasked, p.pretaxFen, p.netFen, p.href])).toEqual([
      ['leg', '865******02', -31_050, -31_050, '/income/promotionservicefee?month=2026-10'],
      ['ownVolume', null, 25_875, 25_875, '/income/promotionservicefee?month=2026-10'],
      ['tax', null, 0, 1_035, '/income/pretaxdetails?month=2026-10'],
    ]);
    expect(c.parts[0]!.text).toEqual({ zh: '林晓一线：小组PV 3,900→3,000', en: expect.stringMatching(/’s leg: group PV 3,900 → 3,000$/) });
    expect(c.summary!.zh).toBe('小组PV减少750（林晓一线−900）：市场推广服务费−¥51.75');
    expect(c.fromVolume).toEqual({ ppv: 300, gpv: 6_700, bracketPercent: 15 });
    expect(c.toVolume).toEqual({ ppv: 450, gpv: 5_950, bracketPercent: 15 });
  });

  it('the totals are the two statements’ as their pages show them, and the causes add up to them', async () => {
    const c = await a.call<StatementChangeData>(X, URL);
    const [sep, oct] = await Promise.all(
      ['2026-09', '2026-10'].map((month) => a.call<StatementData>(X, '/bff/v1/income/statement', { month })),
    );
    expect(c.from).toEqual({ pretaxFen: sep!.pretaxFen, taxFen: sep!.taxFen, netFen: sep!.netFen });
    expect(c.to).toEqual({ pretaxFen: oct!.pretaxFen, taxFen: oct!.taxFen, netFen: oct!.netFen });
    expect(c.pretaxChangeFen).toBe(oct!.pretaxFen - sep!.pretaxFen);
    expect(c.netChangeFen).toBe(oct!.netFen - sep!.netFen);
    expect(c.parts.reduce((s, p) => s + p.pretaxFen, 0)).toBe(c.pretaxChangeFen);
    expect(c.parts.reduce((s, p) => s + p.netFen, 0)).toBe(c.netChangeFen);
  });

  it('any two months: September against October is the same change the other way', async () => {
    const c = await a.call<StatementChangeData>(X, URL, { month: '2026-09', compare: '2026-10' });
    expect(c).toMatchObject({ month: '2026-09', compare: '2026-10', pretaxChangeFen: 5_175, netChangeFen: 4_140 });
    expect(c.parts.map((p) => [p.kind, p.netFen])).toEqual([
      ['leg', 31_050],
      ['ownVolume', -25_875],
      ['tax', -1_035],
    ]);
  });

  it('the first statement has nothing to be compared with', async () => {
    const c = await a.call<StatementChangeData>(X, URL, { month: '2026-09' });
    expect(c).toMatchObject({ month: '2026-09', compare: null, from: null, parts: [], summary: null });
    expect(c.to).toEqual({ pretaxFen: 272_550, taxFen: 38_510, netFen: 234_040 });
  });

  it('refuses a month without a statement in the envelope', async () => {
    const body = await a.post(X, URL, { compare: '2026-03' });
    expect(body.code).toBe(Code.BAD_REQUEST);
    expect(body.message).toMatch(/2026-03 cannot be queried/);
  });
});
