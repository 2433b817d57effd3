import { paymentDateOf } from '@abo/plan';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/suite-app.ts';
import { paymentYears, queryableMonths } from './statements.ts';

describe('stored statements', () => {
  const s = useTestApp();

  it('lists the months with a statement of one distributor, newest first, and the years they were paid in', async () => {
    expect(await queryableMonths(s.t.db, '10000001')).toEqual([]);
    expect(await paymentYears(s.t.db, '10000001')).toEqual([]);
    const statement = { pretax_fen: 100, tax_fen: 0, net_fen: 100, items: '[]' };
    const row = (ada: string, month: string) => ({ ada, month, ...statement, paid_on: paymentDateOf(month) });
    await s.t.db
      .insertInto('statements')
      .values([row('10000001', '2026-09'), row('10000001', '2026-10'), row('10000001', '2025-12'), row('10000002', '2026-11')])
      .execute();
    expect(await queryableMonths(s.t.db, '10000001')).toEqual(['2026-10', '2026-09', '2025-12']);
    expect(await queryableMonths(s.t.db, '10000002')).toEqual(['2026-11']);
    // December 2025 is paid in January 2026: no statement was paid in 2025.
    expect(await paymentYears(s.t.db, '10000001')).toEqual(['2026']);
    expect(await paymentYears(s.t.db, '10000002')).toEqual(['2026']);
  });

  it('refuses a statement without a payment date', async () => {
    const values = { ada: '10000003', month: '2026-10', pretax_fen: 100, tax_fen: 0, net_fen: 100, items: '[]' };
    await expect(
      s.t.db
        .insertInto('statements')
        .values(values as never)
        .execute(),
    ).rejects.toThrow(/paid_on|not[- ]null/i);
  });
});
