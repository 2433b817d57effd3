import { insertDistributor, insertStaff } from '../../testing/fixtures.ts';
import { signInHeaders, useTestApp, type SuiteApp } from '../../testing/suite-app.ts';
import type { TestApp } from '../../testing/test-app.ts';

interface Row {
  ada: string;
  month: string;
  ppv: number;
  pgpv: number;
  gpv?: number;
  is_q?: number;
  q_legs?: number;
  is_sp?: number;
  new_customers?: number;
}

async function insertMonth(t: TestApp, r: Row): Promise<void> {
  const bracket =
    r.pgpv >= 10000
      ? 21
      : r.pgpv >= 7000
        ? 18
        : r.pgpv >= 4000
          ? 15
          : r.pgpv >= 2000
            ? 12
            : r.pgpv >= 1000
              ? 9
              : r.pgpv >= 600
                ? 6
                : r.pgpv >= 200
                  ? 3
                  : 0;
  const values: Record<string, unknown> = {
    ada: r.ada,
    month: r.month,
    ppv: r.ppv,
    gpv: r.gpv ?? r.pgpv,
    pgpv: r.pgpv,
    bv_fen: r.ppv * 100,
    bracket,
    is_q: r.is_q ?? (r.pgpv >= 10000 ? 1 : 0),
    q_legs: r.q_legs ?? 0,
    apv: r.pgpv,
    is_sp: r.is_sp ?? 0,
    pin_code: 330,
    new_customers: r.new_customers ?? 0,
    points: 0,
    compliant: r.ppv >= 150 ? 1 : 0,
  };
  values['closed'] = r.month < '2026-11' ? 1 : 0;
  await t.db
    .insertInto('monthly_results')
    .values(values as never)
    .execute();
}

async function seed(t: TestApp): Promise<void> {
  // 10000001 ─┬ 10000011 ── 10000111
  //           ├ 10000012
  //           └ 10000013 (market TW)
  await insertDistributor(t.db, '10000001', { tree_pos: 0, tree_size: 5, pin_code: 330, name_zh: '王小明' });
  await insertDistributor(t.db, '10000011', {
    sponsor_ada: '10000001',
    tree_pos: 1,
    tree_size: 2,
    depth: 1,
    pin_code: 310,
    name_zh: '李四海',
    name_en: 'Li Sihai',
  });
  await insertDistributor(t.db, '10000111', {
    sponsor_ada: '10000011',
    tree_pos: 2,
    tree_size: 1,
    depth: 2,
    pin_code: 230,
    name_zh: '欧阳明月',
    name_en: 'Ouyang Mingyue',
  });
  // No name in Latin letters (name_en is optional).
  await insertDistributor(t.db, '10000012', { sponsor_ada: '10000001', tree_pos: 3, tree_size: 1, depth: 1, pin_code: 230, name_en: '' });
  await insertDistributor(t.db, '10000013', {
    sponsor_ada: '10000001',
    tree_pos: 4,
    tree_size: 1,
    depth: 1,
    pin_code: 230,
    market: 'TW',
  });
  await insertDistributor(t.db, '20000001', { tree_pos: 10, tree_size: 1, pin_code: 230, name_zh: '陈志强', name_en: 'Chen Zhiqiang' });
  await insertStaff(t.db, 'staff01');
  await t.db
    .insertInto('shops')
    .values({
      code: 'SH001',
      name_zh: '上海体验馆',
      name_en: 'Shanghai Centre',
      city_zh: '上海',
      city_en: 'Shanghai',
      address: 'addr',
      phone: '021',
    })
    .execute();
  // Sep, Oct closed; Nov month-to-date.
  await insertMonth(t, { ada: '10000001', month: '2026-09', ppv: 1200, pgpv: 6000, gpv: 6000, is_sp: 1, new_customers: 3 });
  await insertMonth(t, { ada: '10000001', month: '2026-10', ppv: 800, pgpv: 4500, gpv: 4500, is_sp: 0, new_customers: 1 });
  await insertMonth(t, { ada: '10000001', month: '2026-11', ppv: 300, pgpv: 1800, gpv: 1800 });
  await insertMonth(t, { ada: '10000011', month: '2026-11', ppv: 500, pgpv: 1000, gpv: 1000 });
  await insertMonth(t, { ada: '10000111', month: '2026-11', ppv: 500, pgpv: 500 });
  await insertMonth(t, { ada: '10000012', month: '2026-11', ppv: 300, pgpv: 300 });
  await insertMonth(t, { ada: '10000013', month: '2026-11', ppv: 200, pgpv: 200 });
  await insertMonth(t, { ada: '10000013', month: '2026-10', ppv: 150, pgpv: 150 });
  await insertMonth(t, { ada: '20000001', month: '2026-10', ppv: 3000, pgpv: 3000, new_customers: 5 });
}

export interface AchievementApp extends SuiteApp {
  /** POSTs /bff/v1/achievement/<path> as a signed-in distributor (10000001 unless named); answers the envelope. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(path: string, payload?: object, ada?: string, extra?: Record<string, string>): Promise<any>;
}

/**
 * A BFF for the enclosing describe with a small tree under 10000001 (a frontline of three, one in
 * another market, and one second level), a stranger 20000001 who is a marketing star, a staff user and
 * a shop; both distributors signed in through the IdP.
 */
export function useAchievementApp(): AchievementApp {
  const headers: Record<string, Record<string, string>> = {};
  const s = useTestApp(async (t) => {
    await seed(t);
    for (const ada of ['10000001', '20000001']) headers[ada] = await signInHeaders(t.app, ada);
  });
  return Object.assign(s, {
    async call(path: string, payload: object = {}, ada = '10000001', extra: Record<string, string> = {}) {
      const res = await s.t.app.inject({
        method: 'POST',
        url: `/bff/v1/achievement/${path}`,
        payload: { channel: 'wec', ...payload },
        headers: { ...headers[ada], ...extra },
      });
      return res.json();
    },
  });
}
