// Every read and write behind the /bff/v1/achievement/* calls, mapped from rows to the shapes the
// engine step and the presenter take: a distributor's closed months and frontline Q legs, a
// month's frontline, the downline scans (markets abroad, outstanding performers), a month's
// marketing stars and the shops.
import { addMonths } from '@abo/plan';
import { frontlineOf, type Person } from '../../db/distributors.ts';
import type { DB } from '../../db/index.ts';
import { frontlineMonthlyResults, frontlineQMonths, monthlyResultsOf, type MonthlyResult } from '../../db/monthly-results.ts';
import type { ShopsTable } from '../../db/schema.ts';

/** Before any stored month. */
const FIRST_MONTH = '0000-00';

const byAdaAsc = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every month up to `lastClosed` with the frontline legs that were Q in it (by month). */
export async function closedMonthsOf(
  db: DB,
  ada: string,
  lastClosed: string,
): Promise<{ results: MonthlyResult[]; legsQ: Map<string, string[]> }> {
  const [results, legRows] = await Promise.all([
    monthlyResultsOf(db, ada, FIRST_MONTH, lastClosed),
    frontlineQMonths(db, ada, FIRST_MONTH, lastClosed),
  ]);
  const legsQ = new Map<string, string[]>();
  for (const r of legRows) {
    const list = legsQ.get(r.month);
    if (list) list.push(r.ada);
    else legsQ.set(r.month, [r.ada]);
  }
  return { results, legsQ };
}

/** A frontline member with their result of one month. */
export interface LegOfMonth {
  person: Person;
  result: MonthlyResult;
}

/** The frontline members with a result in `month`, the largest PGPV first (then by ADA). */
export async function frontlineOfMonth(db: DB, ada: string, month: string): Promise<LegOfMonth[]> {
  const [people, results] = await Promise.all([frontlineOf(db, ada), frontlineMonthlyResults(db, ada, month, month)]);
  return legsOfMonth(people, results);
}

/** The frontline `people` paired with their `results` of one month, as frontlineOfMonth orders them. */
export function legsOfMonth(people: readonly Person[], results: readonly MonthlyResult[]): LegOfMonth[] {
  const by = new Map(people.map((p) => [p.ada, p]));
  return results
    .flatMap((result) => {
      const person = by.get(result.ada);
      return person ? [{ person, result }] : [];
    })
    .sort((a, b) => b.result.pgpv - a.result.pgpv || byAdaAsc(a.person.ada, b.person.ada));
}

/** How many people a distributor sponsored. */
export async function frontlineCount(db: DB, ada: string): Promise<number> {
  const row = await db
    .selectFrom('distributors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sponsor_ada', '=', ada)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A downline: the tree positions strictly inside a leader's range. */
export interface Downline {
  tree_pos: number;
  tree_size: number;
}

/** The downline abroad: members per market, and PV and active members per month and market from `from` to `to`. */
export async function downlineAbroad(db: DB, d: Downline, from: string, to: string) {
  const lo = d.tree_pos;
  const hi = d.tree_pos + d.tree_size;
  const [markets, byMonth] = await Promise.all([
    db
      .selectFrom('distributors')
      .select(['market', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tree_pos', '>', lo)
      .where('tree_pos', '<', hi)
      .where('market', '<>', 'CN')
      .groupBy('market')
      .execute(),
    db
      .selectFrom('distributors as x')
      .innerJoin('monthly_results as m', 'm.ada', 'x.ada')
      .select(['m.month', 'x.market', (eb) => eb.fn.sum<number>('m.ppv').as('pv'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('x.tree_pos', '>', lo)
      .where('x.tree_pos', '<', hi)
      .where('x.market', '<>', 'CN')
      .where('m.month', '>=', from)
      .where('m.month', '<=', to)
      .where('m.ppv', '>', 0)
      .groupBy(['m.month', 'x.market'])
      .execute(),
  ]);
  return {
    markets: markets.map((x) => ({ market: x.market, distributors: Number(x.n) })),
    byMonth: byMonth.map((x) => ({ month: x.month, market: x.market, pv: Number(x.pv), active: Number(x.n) })),
  };
}

export type DownlineAbroad = Awaited<ReturnType<typeof downlineAbroad>>;

/** A downline member's month, as the outstanding performers list shows it. */
export interface Performer {
  ada: string;
  sponsor_ada: string | null;
  name_zh: string;
  name_en: string;
  depth: number;
  pinCode: number;
  ppv: number;
  apv: number;
  bracket: number;
  isQ: boolean;
  newCustomers: number;
}

/** The 20 downline members with the largest PPV (or APV) in `month`, then by ADA. */
export async function topPerformers(db: DB, d: Downline, month: string, by: 'ppv' | 'apv'): Promise<Performer[]> {
  const rows = await db
    .selectFrom('distributors as x')
    .innerJoin('monthly_results as r', (j) => j.onRef('r.ada', '=', 'x.ada').on('r.month', '=', month))
    .select([
      'x.ada',
      'x.sponsor_ada',
      'x.name_zh',
      'x.name_en',
      'x.depth',
      'x.pin_code',
      'r.ppv',
      'r.apv',
      'r.bracket',
      'r.is_q',
      'r.new_customers',
    ])
    .where('x.tree_pos', '>', d.tree_pos)
    .where('x.tree_pos', '<', d.tree_pos + d.tree_size)
    .where(by === 'ppv' ? 'r.ppv' : 'r.apv', '>', 0)
    .orderBy(by === 'ppv' ? 'r.ppv' : 'r.apv', 'desc')
    .orderBy('x.ada')
    .limit(20)
    .execute();
  // Who they are as selected (ADA, sponsor, names); the figures as numbers.
  return rows.map(({ depth, pin_code, ppv, apv, bracket, is_q, new_customers, ...who }) => ({
    ...who,
    depth: Number(depth),
    pinCode: Number(pin_code),
    ppv: Number(ppv),
    apv: Number(apv),
    bracket: Number(bracket),
    isQ: is_q === 1,
    newCustomers: Number(new_customers),
  }));
}

/** A marketing star of a month: who, with their PPV and new customers. */
export interface Star {
  ada: string;
  sponsor_ada: string | null;
  name_zh: string;
  name_en: string;
  ppv: number;
  newCustomers: number;
}

/** Everyone whose month meets the marketing-star condition, best first (PPV, new customers, ADA). */
export async function marketingStarsOf(db: DB, month: string, condition: { ppv: number; newCustomers: number }): Promise<Star[]> {
  const rows = await db
    .selectFrom('monthly_results as r')
    .innerJoin('distributors as x', 'x.ada', 'r.ada')
    .select(['x.ada', 'x.sponsor_ada', 'x.name_zh', 'x.name_en', 'r.ppv', 'r.new_customers'])
    .where('r.month', '=', month)
    .where('r.ppv', '>=', condition.ppv)
    .where('r.new_customers', '>=', condition.newCustomers)
    .orderBy('r.ppv', 'desc')
    .orderBy('r.new_customers', 'desc')
    .orderBy('x.ada')
    .execute();
  return rows.map(({ ppv, new_customers, ...who }) => ({ ...who, ppv: Number(ppv), newCustomers: Number(new_customers) }));
}

export type Shop = ShopsTable;

/** One shop of the shop list, or undefined. */
export async function shopOf(db: DB, code: string): Promise<Shop | undefined> {
  return db.selectFrom('shops').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Members of a downline (tree positions inside the leader's range) who joined per month from `from` to `to`. */
export async function joinsPerMonth(
  db: DB,
  d: { tree_pos: number; tree_size: number },
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('distributors')
    .select(['join_date'])
    .where('tree_pos', '>', d.tree_pos)
    .where('tree_pos', '<', d.tree_pos + d.tree_size)
    .where('join_date', '>=', `${from}-01`)
    .where('join_date', '<', `${addMonths(to, 1)}-01`)
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) {
    const m = r.join_date.slice(0, 7);
    out.set(m, (out.get(m) ?? 0) + 1);
  }
  return out;
}
