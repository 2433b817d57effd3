// Kept answers follow the data when another process replaces it (a re-seed, an import, the
// close of another BFF process): here a second connection to the same database writes new
// figures and marks the data replaced, and the next request answers the new figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile } from '../idp/profile.ts';
import { insertDistributor } from '../testing/fixtures.ts';
import { createTestApp, nextRequest, secondConnection, type TestApp } from '../testing/test-app.ts';
import { markDataReplaced } from './data-version.ts';
import { closeDatabase, type DB } from './index.ts';

const LEADER = '10000002';
const LEG = '20000001';

describe('kept answers after another process replaced the data', () => {
  let t: TestApp;
  let other: DB;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, LEADER, { tree_pos: 0, tree_size: 2, pin_code: 330 });
    await insertDistributor(t.db, LEG, { sponsor_ada: LEADER, tree_pos: 1, depth: 1, pin_code: 310 });
    for (const [ada, month, pgpv] of [
      [LEADER, '2026-09', 12_000],
      [LEADER, '2026-10', 11_000],
      [LEADER, '2026-11', 3_000],
      [LEG, '2026-11', 2_500],
    ] as const) {
      await t.db
        .insertInto('monthly_results')
        .values({
          ...{ ada, month, ppv: 500, gpv: pgpv, pgpv, bv_fen: 50_000, bracket: 12, is_q: pgpv >= 10_000 ? 1 : 0, q_legs: 0 },
          ...{ apv: pgpv, is_sp: 0, pin_code: 330, new_customers: 0, points: 0, compliant: 1, closed: month < '2026-11' ? 1 : 0 },
          attended: null,
        })
        .execute();
    }
    const items = JSON.stringify([{ code: 'PROMOTION', baseBvFen: 100_000, rateBp: 1200, amountFen: 12_000 }]);
    await t.db
      .insertInto('statements')
      .values({ ada: LEADER, month: '2026-10', pretax_fen: 12_000, tax_fen: 0, net_fen: 12_000, items, paid_on: '2026-11-15' })
      .execute();
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, LEADER))!);
    headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
    other = await secondConnection(t);
  });
  afterAll(async () => {
    await closeDatabase(other);
    await t.close();
  });

  const call = async (url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers, payload: { channel: 'ebiz', loginada: LEADER, ...payload } });
    const body = res.json();
    expect(body.code, res.body).toBe(0);
    return body.data;
  };

  /** What a re-seed does, from the other connection: new figures, then the data marked replaced. */
  const reseed = async (write: (db: DB) => Promise<unknown>) => {
    await other.transaction().execute(async (trx) => {
      await write(trx);
      await markDataReplaced(trx);
    });
    await nextRequest();
  };

  it('answers a statement with the new figures', async () => {
    const before = await call('/bff/v1/income/statement', { month: '2026-10' });
    expect(before.pretaxFen).toBe(12_000);
    expect(await call('/bff/v1/income/statement', { month: '2026-10' })).toEqual(before); // kept
    const items = JSON.stringify([{ code: 'PROMOTION', baseBvFen: 100_000, rateBp: 900, amountFen: 9_000 }]);
    await reseed((db) =>
      db
        .updateTable('statements')
        .set({ pretax_fen: 9_000, net_fen: 9_000, items })
        .where('ada', '=', LEADER)
        .where('month', '=', '2026-10')
        .execute(),
    );
    const after = await call('/bff/v1/income/statement', { month: '2026-10' });
    expect(after).toMatchObject({ pretaxFen: 9_000, items: [expect.objectContaining({ amountFen: 9_000 })] });
  });

  it('answers a member-tracking page (and the market snapshot under it) with the new figures', async () => {
    const page = { page: 1, pageSize: 20 };
    const before = await call('/bff/v1/incentive/market/members', page);
    expect(before.rows).toEqual([expect.objectContaining({ pgpv: 2_500, isQ: false })]);
    await reseed((db) =>
      db.updateTable('monthly_results').set({ pgpv: 10_400, is_q: 1 }).where('ada', '=', LEG).where('month', '=', '2026-11').execute(),
    );
    const after = await call('/bff/v1/incentive/market/members', page);
    expect(after.rows).toEqual([expect.objectContaining({ pgpv: 10_400, isQ: true, qMonthsPy: 1 })]);
  });

  it('answers the achievement overview with the new figures of a closed month', async () => {
    const ppvOf = (d: { months: { month: string; ppv: number }[] }) => d.months.find((m) => m.month === '2026-10')?.ppv;
    expect(ppvOf(await call('/bff/v1/achievement/overview'))).toBe(500);
    await reseed((db) =>
      db.updateTable('monthly_results').set({ ppv: 777 }).where('ada', '=', LEADER).where('month', '=', '2026-10').execute(),
    );
    expect(ppvOf(await call('/bff/v1/achievement/overview'))).toBe(777);
  });

  it('answers the downline’s outstanding performers with the new figures', async () => {
    const ppvs = async () =>
      ((await call('/bff/v1/achievement/outstanding', { month: '2026-11' })).performers as { ppv: number }[]).map((p) => p.ppv);
    expect(await ppvs()).toEqual([500]);
    await reseed((db) =>
      db.updateTable('monthly_results').set({ ppv: 900 }).where('ada', '=', LEG).where('month', '=', '2026-11').execute(),
    );
    expect(await ppvs()).toEqual([900]);
  });

  it('answers the plan page with the new figures', async () => {
    const apvOf = async () => {
      const plan = await call('/bff/v1/incentive/plan', { route: '/incentiveplan/seminars' });
      return (plan.criteria as { kind: string; achieved: number }[]).find((c) => c.kind === 'apv')?.achieved;
    };
    const before = await apvOf();
    await reseed((db) =>
      db.updateTable('monthly_results').set({ apv: 12_345 }).where('ada', '=', LEADER).where('month', '=', '2026-10').execute(),
    );
    expect(await apvOf()).toBe(before! - 11_000 + 12_345);
  });
});
