// The composition page reads which frontline legs are 21 % legs from what the close wrote (their
// group PV at the top bracket, packages/plan close.ts), and the estimate agrees with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/index.ts';
import { loadProfile } from '../../idp/profile.ts';
import { insertDistributor } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { useAchievementApp } from './achievement.test-support.ts';

const ME = '10000001';

async function month(db: DB, ada: string, r: { ppv: number; gpv: number; pgpv: number; is_q: number; apv?: number }) {
  await db
    .insertInto('monthly_results')
    .values({
      ...{ ada, month: '2026-11', ppv: r.ppv, gpv: r.gpv, pgpv: r.pgpv, bv_fen: r.ppv * 1_150, bracket: 0, is_q: r.is_q, q_legs: 0 },
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
      // The second leg reaches 21 % through its own 21 % leg: a small personal group, a big group.
      ['10000011', { ppv: 100, gpv: 9_000, pgpv: 9_000, is_q: 0 }],
      ['10000012', { ppv: 100, gpv: 10_500, pgpv: 400, is_q: 1 }],
      ['10000013', { ppv: 100, gpv: 500, pgpv: 500, is_q: 0 }],
    ] as const;
    for (const [i, [ada, r]] of legs.entries()) {
      await insertDistributor(t.db, ada, { sponsor_ada: ME, tree_pos: i + 1, depth: 1, pin_code: 230 });
      await month(t.db, ada, r);
    }
    // What the close makes of it: own 300 PV plus the legs that are not Q.
    await month(t.db, ME, { ppv: 300, gpv: 300 + 9_000 + 10_500 + 500, pgpv: 300 + 9_000 + 500, is_q: 1 });
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, ME))!);
    headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
  });
  afterAll(() => t.close());

  it('counts a leg as 21 % by its group PV, and agrees with the estimate', async () => {
    const c = await call('composition', { month: '2026-11' });
    expect(c.legs.map((l: { gpv: number; isQ: boolean; counted: boolean }) => [l.gpv, l.isQ, l.counted])).toEqual([
      [9_000, false, true],
      [500, false, true],
      [10_500, true, false],
    ]);
    const counted = c.legs.filter((l: { counted: boolean }) => l.counted).reduce((s: number, l: { gpv: number }) => s + l.gpv, 0);
    expect(c.ppv + counted).toBe(c.apv);
    expect(c).toMatchObject({ legsCounted: 2, qLegsPv: 10_500 });
    const e = await call('estimate');
    expect(e.before).toMatchObject({ pgpv: c.apv, gpv: c.gpv, qLegs: 1, bracketPercent: 21 });
  });
});

describe('achievement calls: volume of the downline', () => {
  const fx = useAchievementApp();

  it('composes APV from own PV and non-Q legs, the frontline named in full', async () => {
    const r = await fx.call('composition', { month: '2026-11' });
    expect(r.data.ppv).toBe(300);
    expect(r.data.legs).toHaveLength(3);
    expect(r.data.legs[0]).toMatchObject({ pgpv: 1000, counted: true });
    // In Latin letters for English pages; a leg without a Latin name keeps its Chinese one.
    expect(r.data.legs[0].maskedName).toEqual({ zh: '李四海', en: 'Li Sihai' });
    expect(r.data.legs.find((l: { maskedAda: string }) => l.maskedAda === '100******12').maskedName).toEqual({
      zh: '测试会员',
      en: '测试会员',
    });
    expect(JSON.stringify(r.data)).not.toContain('10000011');
    expect(r.data.ppv + r.data.legs.reduce((s: number, l: { pgpv: number }) => s + l.pgpv, 0)).toBe(r.data.apv);
    expect((await fx.call('composition', { month: '2024-01' })).success).toBe(false);
  });

  it('reports oversea volume from downline in other markets', async () => {
    const r = await fx.call('oversea');
    expect(r.data.markets).toEqual([{ market: 'TW', distributors: 1, pv: 350 }]);
    expect(r.data.totalPv).toBe(350);
    expect(r.data.downlineCount).toBe(4);
  });

  it('lists the whole market from the leader’s own GPV', async () => {
    const r = await fx.call('overallmarket');
    expect(r.data.months.at(-1)).toMatchObject({ month: '2026-11', gpv: 1800 });
    expect(r.data.frontlineCount).toBe(3);
  });
});
