import type { LightMyRequestResponse } from 'fastify';
import { insertDistributor, insertStaff } from '../../testing/fixtures.ts';
import { useTestApp, type SuiteApp } from '../../testing/suite-app.ts';
import { loadProfile } from '../../idp/profile.ts';

// A small tree (tree_pos pre-order):
// 10000002 ─┬ 20000001 ─┬ 20000011
//           │           └ 20000012
//           ├ 20000002
//           ├ 20000003
//           └ 20000004 ── 20000041
// 30000001 (someone else's market)
export const TREE: Array<[string, string | null, number, number, number, string]> = [
  // ada, sponsor, pos, size, depth, name
  ['10000002', null, 0, 8, 0, '王大钻石'],
  ['20000001', '10000002', 1, 3, 1, '李一号伙伴'],
  ['20000011', '20000001', 2, 1, 2, '李一一'],
  ['20000012', '20000001', 3, 1, 2, '李一二新人'],
  ['20000002', '10000002', 4, 1, 1, '张二号伙伴'],
  ['20000003', '10000002', 5, 1, 1, '赵三号伙伴'],
  ['20000004', '10000002', 6, 2, 1, '钱四号伙伴'],
  ['20000041', '20000004', 7, 1, 2, '钱四一'],
  ['30000001', null, 8, 1, 0, '外人甲乙丙'],
];

// Personal-group PV per month (Q at ≥ 10 000).
const PGPV: Record<string, Record<string, number>> = {
  '20000001': { '2026-08': 11000, '2026-09': 12000, '2026-10': 10500, '2026-11': 10100 },
  '20000002': { '2026-09': 3000, '2026-10': 10200, '2026-11': 8000 },
  '20000003': { '2026-09': 500, '2026-10': 900, '2026-11': 6500 },
  '20000004': { '2026-11': 100 },
  '20000011': { '2026-11': 2100 },
  '20000012': { '2026-11': 700 },
  '20000041': { '2026-11': 4500 },
  '10000002': { '2026-09': 15000, '2026-10': 16000, '2026-11': 9000 },
  '30000001': { '2026-11': 20000 },
};

const bracketOf = (pv: number) =>
  pv >= 10000 ? 21 : pv >= 7000 ? 18 : pv >= 4000 ? 15 : pv >= 2000 ? 12 : pv >= 1000 ? 9 : pv >= 600 ? 6 : pv >= 200 ? 3 : 0;

export interface MarketApp extends SuiteApp {
  /** POSTs /bff/v1/incentive/market/<path> as the signed-in distributor `as`. */
  call(path: string, as: string, payload?: object, extra?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** POSTs any BFF path (`/bff/v1/...`) as the signed-in distributor `as`. */
  post(url: string, as: string, payload?: object, extra?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/**
 * A BFF for the enclosing describe with TREE and its PGPV months (November open), a staff user, and
 * tokens for 10000002 (the leader), 20000001 (a frontline partner) and 30000001 (someone else's
 * market); `env` configures the app.
 */
export function useMarketApp(env: Record<string, string> = {}): MarketApp {
  const headers: Record<string, Record<string, string>> = {};
  const s = useTestApp(async (t) => {
    for (const [ada, sponsor, pos, size, depth, name] of TREE) {
      await insertDistributor(t.db, ada, {
        sponsor_ada: sponsor,
        tree_pos: pos,
        tree_size: size,
        depth,
        name_zh: name,
        name_en: `Member ${ada}`,
        pin_code: ada === '10000002' ? 380 : 310,
        join_date: ada === '20000012' ? '2026-09-20' : '2021-03-01',
      });
      for (const [month, pgpv] of Object.entries(PGPV[ada] ?? {})) {
        await t.db
          .insertInto('monthly_results')
          .values({
            ada,
            month,
            ppv: Math.min(pgpv, 300),
            // No 21 % leg below any of them (q_legs 0), so the group is the personal group.
            gpv: pgpv,
            pgpv,
            bv_fen: pgpv * 100,
            bracket: bracketOf(pgpv),
            is_q: pgpv >= 10000 ? 1 : 0,
            q_legs: 0,
            apv: pgpv,
            is_sp: 0,
            pin_code: ada === '10000002' ? 380 : 310,
            new_customers: 0,
            points: 0,
            compliant: 1,
            closed: month === '2026-11' ? 0 : 1,
            attended: null,
          })
          .execute();
      }
    }
    await insertStaff(t.db, 'staff01');
    for (const ada of ['10000002', '20000001', '30000001']) {
      const tokens = await t.app.tokens.issue((await loadProfile(t.db, ada))!);
      headers[ada] = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
    }
  }, env);
  const post = (url: string, as: string, payload: object = {}, extra: Record<string, string> = {}) =>
    s.t.app.inject({ method: 'POST', url, headers: { ...headers[as], ...extra }, payload: { channel: 'ebiz', loginada: as, ...payload } });
  return Object.assign(s, {
    call: (path: string, as: string, payload: object = {}, extra: Record<string, string> = {}) =>
      post(`/bff/v1/incentive/market/${path}`, as, payload, extra),
    post,
  });
}
