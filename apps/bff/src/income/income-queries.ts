// Every read behind the /bff/v1/income/* calls and the documents rendered from the same figures
// (documents/), each mapped from rows to the shapes the presenter takes: stored statements (their
// items parsed), the month's volume, the people a promotion line names, the payee, pins and plans
// of a year. Which months can be queried is read through db/statements.ts (common's
// generate/queryable/month checks the same list); a month outside it is refused here, the same
// way for a page and a document.
import { promotionFee, pyMonths, rulesForMonth, type LegVolume } from '@abo/plan';
import { distributorOr404, distributorsByAda, PERSON_COLUMNS } from '../db/distributors.ts';
import type { DB } from '../db/index.ts';
import { frontlineMonthlyResults, legVolumeOf, monthlyResultOf, monthlyResultsOf, type MonthlyResult } from '../db/monthly-results.ts';
import { planSummaryOf } from '../db/plan-results.ts';
import { queryableMonths } from '../db/statements.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { parseItems, type ParsedItem, type ParsedLeg, type Totals } from './income-data.ts';

/** One month's statement figures (fen) and when it is paid. */
export interface StatementTotals extends Totals {
  month: string;
  /** Payment date, `YYYY-MM-DD`. */
  paidOn: string;
}

/** One month's statement with its items. */
export interface StoredStatement extends StatementTotals {
  items: ParsedItem[];
}

type StatementRow = { month: string; pretax_fen: number; tax_fen: number; net_fen: number; paid_on: string };

const totalsOf = (s: StatementRow): StatementTotals => ({
  month: s.month,
  paidOn: s.paid_on,
  pretaxFen: Number(s.pretax_fen),
  taxFen: Number(s.tax_fen),
  netFen: Number(s.net_fen),
});

const withItems = (s: StatementRow & { items: string }): StoredStatement => ({ ...totalsOf(s), items: parseItems(s.items) });

const TOTAL_COLUMNS = ['month', 'pretax_fen', 'tax_fen', 'net_fen', 'paid_on'] as const;
const STATEMENT_COLUMNS = [...TOTAL_COLUMNS, 'items'] as const;

const statementRow = preparedQuery((db, p: { ada: string; month: string }) =>
  db.selectFrom('statements').select(STATEMENT_COLUMNS).where('ada', '=', p.ada).where('month', '=', p.month),
);

const statementRange = preparedQuery((db, p: { ada: string; from: string; to: string }) =>
  db
    .selectFrom('statements')
    .select(TOTAL_COLUMNS)
    .where('ada', '=', p.ada)
    .where('month', '>=', p.from)
    .where('month', '<=', p.to)
    .orderBy('month'),
);

// A distributor has a few dozen statements: filtering on the payment date within (ada, …) needs no index.
const statementsPaidBetween = preparedQuery((db, p: { ada: string; from: string; to: string }) =>
  db
    .selectFrom('statements')
    .select(TOTAL_COLUMNS)
    .where('ada', '=', p.ada)
    .where('paid_on', '>=', p.from)
    .where('paid_on', '<=', p.to)
    .orderBy('paid_on')
    .orderBy('month'),
);

function rejectMonth(month: string, months: readonly string[]) {
  return badRequest(
    months.length === 0
      ? `Month ${month} cannot be queried: there are no service-fee statements yet`
      : `Month ${month} cannot be queried; choose a month from generate/queryable/month (${months.at(-1)} to ${months[0]})`,
  );
}

/** The month asked for (checked against the queryable months) or the latest one; null when none exist. */
export async function resolveMonth(db: DB, ada: string, month: string | undefined) {
  const months = await queryableMonths(db, ada);
  if (month !== undefined && !months.includes(month)) throw rejectMonth(month, months);
  return { months, month: month ?? months[0] ?? null };
}

/** Checks a range of months: both ends queryable statement months, the start not after the end. */
export async function checkMonthRange(db: DB, ada: string, from: string, to: string): Promise<void> {
  const months = await queryableMonths(db, ada);
  if (!months.includes(from)) throw rejectMonth(from, months);
  if (!months.includes(to)) throw rejectMonth(to, months);
  if (from > to) throw badRequest(`The start month ${from} is after the end month ${to}`);
}

/** One month's statement, or the not-found envelope. */
export async function statementOr404(db: DB, ada: string, month: string): Promise<StoredStatement> {
  const [s] = await statementRow(db, { ada, month });
  if (!s) throw notFound(`No statement for ${month}`);
  return withItems(s);
}

/** The statement figures of the months from `from` to `to` (inclusive), oldest first. */
export async function statementTotalsBetween(db: DB, ada: string, from: string, to: string): Promise<StatementTotals[]> {
  return (await statementRange(db, { ada, from, to })).map(totalsOf);
}

/** A PY's statement figures, its 12 months in order. */
export function pyStatementTotals(db: DB, ada: string, py: string): Promise<StatementTotals[]> {
  const pm = pyMonths(py);
  return statementTotalsBetween(db, ada, pm[0]!, pm[11]!);
}

/**
 * The statement figures paid in a calendar year (by payment date, not by the month they pay
 * for), in the order they were paid.
 */
export async function statementTotalsPaidIn(db: DB, ada: string, year: string): Promise<StatementTotals[]> {
  return (await statementsPaidBetween(db, { ada, from: `${year}-01-01`, to: `${year}-12-31` })).map(totalsOf);
}

/** The statements with their items from `from` to `to` (inclusive), oldest first. */
export async function statementsBetween(db: DB, ada: string, from: string, to: string): Promise<StoredStatement[]> {
  const rows = await db
    .selectFrom('statements')
    .select(STATEMENT_COLUMNS)
    .where('ada', '=', ada)
    .where('month', '>=', from)
    .where('month', '<=', to)
    .orderBy('month')
    .execute();
  return rows.map(withItems);
}

/** The newest statement, or undefined when there is none. */
export async function latestStatement(db: DB, ada: string): Promise<StoredStatement | undefined> {
  const row = await db
    .selectFrom('statements')
    .select(STATEMENT_COLUMNS)
    .where('ada', '=', ada)
    .orderBy('month', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && withItems(row);
}

/** The distributor's own result of a month (volume, bracket, Q legs), or undefined. */
export function volumeOf(db: DB, ada: string, month: string): Promise<MonthlyResult | undefined> {
  return monthlyResultOf(db, ada, month);
}

/**
 * What the promotion fee of a month is computed from: own PPV and BV, and the frontline legs with
 * volume (a return's negative volume too), with their BV where the close stored it.
 */
export async function promotionInputs(
  db: DB,
  ada: string,
  month: string,
): Promise<{ ppv: number; ppvBvFen: number; legs: LegVolume[] } | null> {
  const [own, frontline] = await Promise.all([monthlyResultOf(db, ada, month), frontlineMonthlyResults(db, ada, month, month)]);
  if (!own) return null;
  return { ppv: own.ppv, ppvBvFen: own.bvFen, legs: frontline.filter((l) => l.gpv !== 0).map(legVolumeOf) };
}

/** A month's stored statement and what its promotion fee is computed from (null: not closed), for a comparison. */
export async function changeInputs(
  db: DB,
  ada: string,
  month: string,
): Promise<{ statement: StoredStatement; inputs: Awaited<ReturnType<typeof promotionInputs>> }> {
  const [statement, inputs] = await Promise.all([statementOr404(db, ada, month), promotionInputs(db, ada, month)]);
  return { statement, inputs };
}

/**
 * The per-leg lines of a month's promotion item: as stored, or, for a stored item that carries
 * none, recomputed by the plan engine from the frontline's monthly results (same rule, same
 * rounding as the statement). No item, no lines.
 */
export async function promotionLegs(db: DB, ada: string, month: string, promo: ParsedItem | undefined): Promise<ParsedLeg[]> {
  if (!promo) return [];
  if (promo.legs.length > 0) return promo.legs;
  const input = await promotionInputs(db, ada, month);
  if (!input) return [];
  const fee = promotionFee(input.ppv, input.legs, rulesForMonth(month, { fallback: 'nearest' }), input.ppvBvFen);
  return fee.lines.map((l) => ({ ...l, name: null }));
}

/** A promotion leg as it sits in the tree today (its sponsor decides whose frontline it is). */
export interface LegPerson {
  sponsor_ada: string | null;
  name_zh: string;
  name_en: string;
}

/** The named legs still in the tree, by ADA. */
export async function legPeople(db: DB, ids: readonly string[]): Promise<Map<string, LegPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await distributorsByAda(db, ids, ['ada', 'sponsor_ada', 'name_zh', 'name_en']);
  return new Map(rows.map((d) => [d.ada, d] as const));
}

const PAYEE_COLUMNS = ['ada', 'sponsor_ada', 'name_zh', 'name_en', 'bank_card', 'bank_name', 'national_id'] as const;

/** The distributor as the payee of a statement (bank card and national ID unmasked: the presenter masks them). */
export function payeeOr404(db: DB, ada: string) {
  return distributorOr404(db, ada, PAYEE_COLUMNS);
}

/** The distributor, or the not-found envelope. */
export function personOr404(db: DB, ada: string) {
  return distributorOr404(db, ada, PERSON_COLUMNS);
}

/** The pin held at the end of each stored month from `from` to `to`, oldest first. */
export async function pinMonths(db: DB, ada: string, from: string, to: string): Promise<{ month: string; pinCode: number }[]> {
  return (await monthlyResultsOf(db, ada, from, to)).map((m) => ({ month: m.month, pinCode: m.pinCode }));
}

/** The status of each plan in the stored summary of a PY (plan code → status). */
export async function planStatuses(db: DB, ada: string, py: string): Promise<Map<string, string>> {
  const summary = await planSummaryOf(db, ada, py);
  return new Map([...summary].map(([code, entry]) => [code, entry.status]));
}
