// Shared reads and pure derivations behind the /bff/v1/achievement/* calls.
import type { AchMonth } from '@abo/contract';
import {
  addMonths,
  explainPins,
  pyMonths,
  pyOf,
  rulesFor,
  type PinExplanation,
  type PinMonthInput,
  type PyName,
  type RuleTable,
} from '@abo/plan';
import type { DB } from '../../db/index.ts';
import type { MonthlyResultsTable } from '../../db/schema.ts';

export const rulesOf = (py: PyName): RuleTable => rulesFor(py, { fallback: 'nearest' });

export type MonthRow = Pick<
  MonthlyResultsTable,
  'month' | 'ppv' | 'gpv' | 'pgpv' | 'bv_fen' | 'bracket' | 'is_q' | 'q_legs' | 'apv' | 'is_sp' | 'new_customers' | 'compliant'
>;

export const MONTH_COLUMNS = [
  'month',
  'ppv',
  'gpv',
  'pgpv',
  'bv_fen',
  'bracket',
  'is_q',
  'q_legs',
  'apv',
  'is_sp',
  'new_customers',
  'compliant',
] as const;

/** A stored month as the contract shows it; months before `current` are closed. */
export function toAchMonth(r: MonthRow, current: string): AchMonth {
  return {
    month: r.month,
    closed: r.month < current,
    ppv: Number(r.ppv),
    bvFen: Number(r.bv_fen),
    gpv: Number(r.gpv),
    pgpv: Number(r.pgpv),
    apv: Number(r.apv),
    bracket: Number(r.bracket),
    isQ: r.is_q === 1,
    qLegs: Number(r.q_legs),
    isSp: r.is_sp === 1,
    newCustomers: Number(r.new_customers),
    compliant: r.compliant === 1,
  };
}

/** An empty month (no orders yet): shown as zeros so charts keep every month. */
export function emptyMonth(month: string, current: string): AchMonth {
  return {
    month,
    closed: month < current,
    ppv: 0,
    bvFen: 0,
    gpv: 0,
    pgpv: 0,
    apv: 0,
    bracket: 0,
    isQ: false,
    qLegs: 0,
    isSp: false,
    newCustomers: 0,
    compliant: false,
  };
}

/** `count` consecutive months ending with `last`, oldest first. */
export function monthsEnding(last: string, count: number): string[] {
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) out.push(addMonths(last, -i));
  return out;
}

export async function loadMonths(db: DB, ada: string, from: string, to: string): Promise<MonthRow[]> {
  return db
    .selectFrom('monthly_results')
    .select([...MONTH_COLUMNS])
    .where('ada', '=', ada)
    .where('month', '>=', from)
    .where('month', '<=', to)
    .orderBy('month')
    .execute();
}

/** Every listed month, filled with zeros where nothing is stored. */
export function fillMonths(rows: readonly MonthRow[], months: readonly string[], current: string): AchMonth[] {
  const by = new Map(rows.map((r) => [r.month, r]));
  return months.map((m) => {
    const r = by.get(m);
    return r ? toAchMonth(r, current) : emptyMonth(m, current);
  });
}

/** Frontline legs that were Q, per closed month from `from` on. */
export async function frontlineQByMonth(db: DB, ada: string, from: string, before: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('distributors as l')
    .innerJoin('monthly_results as m', 'm.ada', 'l.ada')
    .select(['m.month', 'm.ada'])
    .where('l.sponsor_ada', '=', ada)
    .where('m.is_q', '=', 1)
    .where('m.month', '>=', from)
    .where('m.month', '<', before)
    .execute();
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.month);
    if (list) list.push(r.ada);
    else out.set(r.month, [r.ada]);
  }
  return out;
}

/** Closed months and their frontline Q legs as the engine's pin rules read them. */
export function pinMonthsOf(closed: readonly AchMonth[], legsQ: Map<string, string[]>): PinMonthInput[] {
  return closed.map((m) => ({
    month: m.month,
    isSp: m.isSp,
    apv: m.apv,
    pgpv: m.pgpv,
    legs: (legsQ.get(m.month) ?? []).map((id) => ({ id, isQ: true })),
  }));
}

/** Replays the closed months with the engine, for the pin's evidence and history. */
export function explainHistory(closed: readonly AchMonth[], legsQ: Map<string, string[]>): PinExplanation {
  return explainPins(pinMonthsOf(closed, legsQ), { rules: rulesOf });
}

export function pyMonthList(py: PyName): string[] {
  return pyMonths(py);
}

export { pyOf };

/**
 * A small in-process cache for answers that scan many rows (a downline range, a whole month).
 * A closed month never changes, so its answers live until evicted; anything touching the
 * month-to-date is kept for `openTtlMs` only. Oldest entries go first beyond `max`.
 */
export function createScanCache(max = 2000, openTtlMs = 60_000) {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, closed: boolean, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      const value = load();
      entries.delete(key);
      entries.set(key, { expires: closed ? Number.POSITIVE_INFINITY : now + openTtlMs, value });
      value.catch(() => entries.delete(key));
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
  };
}
