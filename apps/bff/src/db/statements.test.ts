import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/suite-app.ts';
import { queryableMonths } from './statements.ts';

describe('stored statements', () => {
  const s = useTestApp();

  it('lists the months with a statement of one distributor, newest first', async () => {
    expect(await queryableMonths(s.t.db, '10000001')).toEqual([]);
    const statement = { pretax_fen: 100, tax_fen: 0, net_fen: 100, items: '[]' };
    await s.t.db
      .insertInto('statements')
      .values([
        { ada: '10000001', month: '2026-09', ...statement },
        { ada: '10000001', month: '2026-10', ...statement },
        { ada: '10000001', month: '2025-12', ...statement },
        { ada: '10000002', month: '2026-11', ...statement },
      ])
      .execute();
    expect(await queryableMonths(s.t.db, '10000001')).toEqual(['2026-10', '2026-09', '2025-12']);
    expect(await queryableMonths(s.t.db, '10000002')).toEqual(['2026-11']);
  });
});
