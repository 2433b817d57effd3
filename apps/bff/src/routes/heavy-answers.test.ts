// The answers of two heavy calls, market partners and the projection, are kept per data version
// (db/answer-cache.ts, security finding M6): a repeat is answered from memory, and replacing the
// data (markDataReplaced, as an import or a close does) answers afresh.
import { describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { markDataReplaced } from '../db/data-version.ts';
import { useMarketApp } from './incentive/market.test-support.ts';

describe('kept answers of the heavy calls', () => {
  const fx = useMarketApp();
  /** Sets a stored figure of 2026-11 behind the data version's back (it does not move). */
  const setNovember = (ada: string, values: { pgpv?: number; ppv?: number }) =>
    fx.t.db.updateTable('monthly_results').set(values).where('ada', '=', ada).where('month', '=', '2026-11').execute();

  it('partners: a repeat is the kept answer until the data is replaced', async () => {
    const pgpvs = async (as: string) => {
      const res = await fx.call('partners', as, { view: 'monthly' });
      expect(res.json().code, res.body).toBe(Code.OK);
      return res.json().data.rows.map((r: { pgpv: number }) => r.pgpv);
    };
    expect(await pgpvs('10000002')).toEqual([10100, 8000, 6500, 100]);
    await setNovember('20000002', { pgpv: 9000 });
    expect(await pgpvs('10000002')).toEqual([10100, 8000, 6500, 100]);
    // Another month or view is another answer, read afresh.
    const annual = (await fx.call('partners', '10000002', { view: 'annual' })).json().data;
    expect(annual.rows.map((r: { pgpv: number }) => r.pgpv)).toContain(9000);
    await markDataReplaced(fx.t.db);
    expect(await pgpvs('10000002')).toEqual([10100, 9000, 6500, 100]);
  });

  it('projection: a repeat is the kept answer until the data is replaced', async () => {
    const ppv = async () => {
      const res = await fx.post('/bff/v1/achievement/projection', '10000002');
      expect(res.json().code, res.body).toBe(Code.OK);
      return res.json().data.soFar.ppv as number;
    };
    expect(await ppv()).toBe(300);
    await setNovember('10000002', { ppv: 250 });
    expect(await ppv()).toBe(300);
    await markDataReplaced(fx.t.db);
    expect(await ppv()).toBe(250);
  });
});
