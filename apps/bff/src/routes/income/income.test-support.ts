import { monthlyStatement, paymentDateOf, rulesForMonth, type StatementInput } from '@abo/plan';
import type { DB } from '../../db/index.ts';
import { insertDistributor } from '../../testing/fixtures.ts';
import { signInHeaders, useTestApp, type SuiteApp } from '../../testing/suite-app.ts';
import type { TestApp } from '../../testing/test-app.ts';

export const LEADER = '10000004';
export const LEG_A = '20000001';
export const LEG_B = '20000002';
export const STRANGER = '10000003';
export const SHORT = '10000006';
export const CARD = '6222020200112233445';
export const NATIONAL_ID = '11010519491231002X';

/** Months 2025-09 … 2026-10 (Sep 2025 to Oct 2026): 14 statements over two PYs. */
export const MONTHS = Array.from({ length: 14 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 8 + i, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
});

export async function insertMonth(
  db: DB,
  ada: string,
  month: string,
  ppv: number,
  pgpv: number,
  bracket: number,
  qLegs: number,
  pin: number,
) {
  const row: Record<string, unknown> = {
    ada,
    month,
    ppv,
    gpv: pgpv,
    pgpv,
    // Own BV as the close stores orders without a BV of their own: PV × the PY's ratio.
    bv_fen: ppv * rulesForMonth(month, { fallback: 'nearest' }).bvFenPerPv,
    bracket,
    is_q: bracket >= 21 ? 1 : 0,
    q_legs: qLegs,
    apv: pgpv,
    is_sp: 0,
    pin_code: pin,
    new_customers: 0,
    points: 0,
    compliant: 1,
    closed: 1,
  };
  await db
    .insertInto('monthly_results')
    .values(row as never)
    .execute();
}

async function seed(db: DB) {
  await insertDistributor(db, LEADER, {
    name_zh: '王小明',
    name_en: 'Wang Xiaoming',
    bank_card: CARD,
    national_id: NATIONAL_ID,
    tree_pos: 0,
    tree_size: 3,
    pin_code: 342,
  });
  await insertDistributor(db, LEG_A, { sponsor_ada: LEADER, name_zh: '李一', name_en: 'Li Yi', tree_pos: 1, depth: 1 });
  await insertDistributor(db, LEG_B, { sponsor_ada: LEADER, name_zh: '张二', name_en: 'Zhang Er', tree_pos: 2, depth: 1 });
  await insertDistributor(db, STRANGER, { tree_pos: 10, pin_code: 230 });
  for (const [i, month] of MONTHS.entries()) {
    const input: StatementInput = {
      month,
      ppv: 800 + i * 37,
      legs: [
        { id: LEG_A, gpv: 2500 + i * 410 },
        { id: LEG_B, gpv: i % 3 === 0 ? 11_000 : 3_100 + i * 90 },
      ],
      ...(i === 2 ? { adjustments: [{ code: 'RETURN', name: { zh: '退货调整', en: 'Return' }, amountFen: -1234 }] } : {}),
    };
    const s = monthlyStatement(input);
    await db
      .insertInto('statements')
      .values({
        ada: LEADER,
        month,
        pretax_fen: s.pretaxFen,
        tax_fen: s.taxFen,
        net_fen: s.netFen,
        items: JSON.stringify(s.items),
        paid_on: paymentDateOf(month),
      })
      .execute();
    await insertMonth(db, LEADER, month, s.ppv, s.pgpv, s.bracketPercent, s.qLegs, i < 4 ? 330 : 342);
  }
}

export interface IncomeApp extends SuiteApp {
  /** Signs a distributor in through the IdP; later calls as them carry its tokens. */
  signIn(ada: string): Promise<void>;
  /** POSTs /bff/v1/income/<path> as the signed-in distributor `ada`; answers the raw body and the envelope. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(ada: string, path: string, payload?: object, extra?: Record<string, string>): Promise<{ raw: string; body: any }>;
}

/**
 * A BFF for the enclosing describe with LEADER's 14 statements and months (two legs, one PY and a
 * half) and a STRANGER without statements, both signed in; `env` over the test configuration.
 */
export function useIncomeApp(env: Record<string, string> = {}): IncomeApp {
  const headers: Record<string, Record<string, string>> = {};
  const signIn = async (t: TestApp, ada: string) => {
    headers[ada] = { ...(await signInHeaders(t.app, ada)), channel: 'wec' };
  };
  const s = useTestApp(async (t) => {
    await seed(t.db);
    await signIn(t, LEADER);
    await signIn(t, STRANGER);
  }, env);
  return Object.assign(s, {
    signIn: (ada: string) => signIn(s.t, ada),
    async call(ada: string, path: string, payload: object = {}, extra: Record<string, string> = {}) {
      const res = await s.t.app.inject({
        method: 'POST',
        url: `/bff/v1/income/${path}`,
        payload: { channel: 'wec', ...payload },
        headers: { ...headers[ada], ...extra },
      });
      return { raw: res.body, body: res.json() };
    },
  });
}
