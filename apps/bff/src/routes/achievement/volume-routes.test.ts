// The composition page decides which frontline legs are Q by the engine's rule (their PGPV at the
// top bracket, packages/plan bracket.ts), as the close and the estimate do, not by a flag beside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/index.ts';
import { loadProfile } from '../../idp/profile.ts';
import { insertDistributor } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const ME = '10000001';

async function month(db: DB, ada: string, r: { ppv: number; pgpv: number; is_q: number; apv?: number }) {
  await db
    .insertInto('monthly_results')
    .values({
      ...{ ada, month: '2026-11', ppv: r.ppv, gpv: r.pgpv, pgpv: r.pgpv, bv_fen: 0, bracket: 0, is_q: r.is_q, q_legs: 0 },
      ...{ apv: r.apv ?? r.pgpv, is_sp: 0, pin_code: 310, new_customers: 0, points: 0, compliant: 1, closed: 0, attended: null },
    })
    .execute();
}

describe('composition of APV', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (path: string, payload: object = {}): Promise<any> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/bff/v1/achievement/${path}`,
      headers,
      payload: { channel: 'wec', ...payload },
    });
    expect(res.json().code, res.body).toBe(0);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, ME, { tree_pos: 0, tree_size: 4, pin_code: 330 });
    const legs = [
      // A stale flag either way: the PGPV decides.
      ['10000011', { ppv: 100, pgpv: 9_000, is_q: 1 }],
      ['10000012', { ppv: 100, pgpv: 10_500, is_q: 0 }],
      ['10000013', { ppv: 100, pgpv: 500, is_q: 0 }],
    ] as const;
    for (const [i, [ada, r]] of legs.entries()) {
      await insertDistributor(t.db, ada, { sponsor_ada: ME, tree_pos: i + 1, depth: 1, pin_code: 230 });
      await month(t.db, ada, r);
    }
    // What the close makes of it: own 300 PV plus the legs that are not Q.
    await month(t.db, ME, { ppv: 300, pgpv: 300 + 9_000 + 500, is_q: 0 });
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, ME))!);
    headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
  });
  afterAll(() => t.close());

  it('counts a leg as Q by its PGPV, and agrees with the estimate', async () => {
    const c = await call('composition', { month: '2026-11' });
    expect(c.legs.map((l: { pgpv: number; isQ: boolean; counted: boolean }) => [l.pgpv, l.isQ, l.counted])).toEqual([
      [10_500, true, false],
      [9_000, false, true],
      [500, false, true],
    ]);
    const counted = c.legs.filter((l: { counted: boolean }) => l.counted).reduce((s: number, l: { pgpv: number }) => s + l.pgpv, 0);
    expect(c.ppv + counted).toBe(c.apv);
    expect(c).toMatchObject({ legsCounted: 2, qLegsPv: 10_500 });
    const e = await call('estimate');
    expect(e.before).toMatchObject({ pgpv: c.apv, qLegs: 1 });
  });
});
