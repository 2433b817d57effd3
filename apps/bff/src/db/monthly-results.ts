// The stored monthly results (written by the close): one column list, one row → domain mapping.
// The domain shape has the fields of the plan engine's MonthRecord, so a result can be handed
// to the engine as it is.
import type { Selectable } from 'kysely';
import type { DB } from './index.ts';
import type { MonthlyResultsTable } from './schema.ts';
import { preparedQuery } from './prepared-query.ts';
import { inChunks } from './in-chunks.ts';

/** Every column of a monthly result, in one place. */
export const MONTHLY_RESULT_COLUMNS = [
  'ada',
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
  'pin_code',
  'new_customers',
  'points',
  'compliant',
  'closed',
  'attended',
  'pearl_pass_pv',
  'leadership_up_fen',
  'qualification_credits',
  'gbv_fen',
  'pgbv_fen',
  'pearl_pass_bv_fen',
  'lead_legs',
  'lead_base_bv_fen',
] as const;

export type MonthlyResultRow = Selectable<MonthlyResultsTable>;

/** One distributor's month as the pages and the engine read it (flags as booleans, money in fen). */
export interface MonthlyResult {
  ada: string;
  month: string;
  ppv: number;
  gpv: number;
  pgpv: number;
  bvFen: number;
  /** The performance bracket, percent. */
  bracket: number;
  isQ: boolean;
  /** Frontline legs that were Q this month, as the close counted them. */
  qLegs: number;
  apv: number;
  isSp: boolean;
  /** The pin held at the end of the month (today's month: the current pin). */
  pinCode: number;
  newCustomers: number;
  points: number;
  compliant: boolean;
  /** False for today's month to date (partial, may still change). */
  closed: boolean;
  /** Codes of the events attended this month. */
  attended: string[];
  /** PGPV of the 21 % groups below that a Pearl above is paid on. */
  pearlPassPv: number;
  /** Leadership passed up to the sponsor, fen (today's month: so far). */
  leadershipUpFen: number;
  /** Global Award qualification credits counted when the PY closed (its last month; else 0). */
  qualificationCredits: number;
  /**
   * BV, fen: group, personal group, Pearl pass; null on a row closed before the orders' BV was
   * kept (the engine then takes PV × the PY's ratio, as it was paid).
   */
  gbvFen: number | null;
  pgbvFen: number | null;
  pearlPassBvFen: number | null;
  /** Below 21 % (returns only): the 21 % groups passed on to the first 21 % upline, and their positive PGBV. */
  leadershipLegs: number;
  leadershipBaseBvFen: number;
}

/** A stored BV that may be missing (null) as a number or null. */
function bvOrNull(v: number | string | null): number | null {
  return v === null ? null : Number(v);
}

/** The event codes of a month row's `attended` column (comma-separated, or null). */
export function attendedCodes(column: string | null): string[] {
  return column
    ? column
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean)
    : [];
}

export function toMonthlyResult(r: MonthlyResultRow): MonthlyResult {
  return {
    ada: r.ada,
    month: r.month,
    ppv: Number(r.ppv),
    gpv: Number(r.gpv),
    pgpv: Number(r.pgpv),
    bvFen: Number(r.bv_fen),
    bracket: Number(r.bracket),
    isQ: r.is_q === 1,
    qLegs: Number(r.q_legs),
    apv: Number(r.apv),
    isSp: r.is_sp === 1,
    pinCode: Number(r.pin_code),
    newCustomers: Number(r.new_customers),
    points: Number(r.points),
    compliant: r.compliant === 1,
    closed: r.closed === 1,
    attended: attendedCodes(r.attended),
    pearlPassPv: Number(r.pearl_pass_pv),
    leadershipUpFen: Number(r.leadership_up_fen),
    qualificationCredits: Number(r.qualification_credits),
    gbvFen: bvOrNull(r.gbv_fen),
    pgbvFen: bvOrNull(r.pgbv_fen),
    pearlPassBvFen: bvOrNull(r.pearl_pass_bv_fen),
    leadershipLegs: Number(r.lead_legs ?? 0),
    leadershipBaseBvFen: Number(r.lead_base_bv_fen ?? 0),
  };
}

/**
 * A frontline member's month as a leg of its sponsor's statement or what-if (the engine's
 * LegVolume): volumes, BV where stored, and what it passes up.
 */
export function legVolumeOf(m: MonthlyResult) {
  return {
    id: m.ada,
    gpv: m.gpv,
    pgpv: m.pgpv,
    ...(m.gbvFen === null ? {} : { gbvFen: m.gbvFen }),
    ...(m.pgbvFen === null ? {} : { pgbvFen: m.pgbvFen }),
    pearlPassPv: m.pearlPassPv,
    ...(m.pearlPassBvFen === null ? {} : { pearlPassBvFen: m.pearlPassBvFen }),
    leadershipUpFen: m.leadershipUpFen,
    ...(m.isQ ? {} : { leadershipLegs: m.leadershipLegs, leadershipBaseBvFen: m.leadershipBaseBvFen }),
  };
}

const oneMonth = preparedQuery((db, p: { ada: string; month: string }) =>
  db.selectFrom('monthly_results').select(MONTHLY_RESULT_COLUMNS).where('ada', '=', p.ada).where('month', '=', p.month),
);

const monthRange = preparedQuery((db, p: { ada: string; from: string; to: string }) =>
  db
    .selectFrom('monthly_results')
    .select(MONTHLY_RESULT_COLUMNS)
    .where('ada', '=', p.ada)
    .where('month', '>=', p.from)
    .where('month', '<=', p.to)
    .orderBy('month'),
);

const frontlineRange = preparedQuery((db, p: { sponsor: string; from: string; to: string }) =>
  db
    .selectFrom('distributors as d')
    .innerJoin('monthly_results as m', 'm.ada', 'd.ada')
    .select(MONTHLY_RESULT_COLUMNS.map((c) => `m.${c}` as const))
    .where('d.sponsor_ada', '=', p.sponsor)
    .where('m.month', '>=', p.from)
    .where('m.month', '<=', p.to),
);

const pinBefore = preparedQuery((db, p: { ada: string; before: string }) =>
  db
    .selectFrom('monthly_results')
    .select((eb) => eb.fn.max('pin_code').as('pin'))
    .where('ada', '=', p.ada)
    .where('month', '<', p.before),
);

const frontlineQ = preparedQuery((db, p: { sponsor: string; from: string; to: string }) =>
  db
    .selectFrom('distributors as l')
    .innerJoin('monthly_results as m', 'm.ada', 'l.ada')
    .select(['l.ada', 'l.name_zh', 'l.name_en', 'm.month'])
    .where('l.sponsor_ada', '=', p.sponsor)
    .where('m.month', '>=', p.from)
    .where('m.month', '<=', p.to)
    .where('m.is_q', '=', 1),
);

/** One distributor's result of one month, or undefined. */
export async function monthlyResultOf(db: DB, ada: string, month: string): Promise<MonthlyResult | undefined> {
  const [row] = await oneMonth(db, { ada, month });
  return row ? toMonthlyResult(row) : undefined;
}

/** One distributor's results from `from` to `to` (inclusive, 'YYYY-MM'), oldest first. */
export async function monthlyResultsOf(db: DB, ada: string, from: string, to: string): Promise<MonthlyResult[]> {
  return (await monthRange(db, { ada, from, to })).map(toMonthlyResult);
}

/** The results of a distributor's frontline (the people they sponsored) from `from` to `to`, in no particular order. */
export async function frontlineMonthlyResults(db: DB, sponsorAda: string, from: string, to: string): Promise<MonthlyResult[]> {
  return (await frontlineRange(db, { sponsor: sponsorAda, from, to })).map(toMonthlyResult);
}

/** The month's results of the frontlines of several members (in chunks), by sponsor. */
export async function frontlinesOfMonth(db: DB, sponsorAdas: readonly string[], month: string): Promise<Map<string, MonthlyResult[]>> {
  const rows = await inChunks(sponsorAdas, (chunk) =>
    db
      .selectFrom('distributors as d')
      .innerJoin('monthly_results as m', 'm.ada', 'd.ada')
      .select([...MONTHLY_RESULT_COLUMNS.map((c) => `m.${c}` as const), 'd.sponsor_ada'])
      .where('d.sponsor_ada', 'in', chunk)
      .where('m.month', '=', month)
      .execute(),
  );
  const by = new Map<string, MonthlyResult[]>();
  for (const r of rows) {
    const list = by.get(r.sponsor_ada!) ?? [];
    list.push(toMonthlyResult(r));
    by.set(r.sponsor_ada!, list);
  }
  return by;
}

/**
 * The highest pin held at the end of any month before `before` ('YYYY-MM'), 0 without one: one
 * max() instead of every row since joining.
 */
export async function highestPinBefore(db: DB, ada: string, before: string): Promise<number> {
  const [row] = await pinBefore(db, { ada, before });
  return Number(row?.pin ?? 0);
}

/** A frontline member's month in which they were Q (the close's flag), with their names. */
export interface FrontlineQMonth {
  ada: string;
  nameZh: string;
  nameEn: string;
  month: string;
}

/**
 * The months from `from` to `to` (inclusive) in which each member of a distributor's frontline
 * was Q, in no particular order: the Q legs the engine's FLQ and pin rules count.
 */
export async function frontlineQMonths(db: DB, sponsorAda: string, from: string, to: string): Promise<FrontlineQMonth[]> {
  return (await frontlineQ(db, { sponsor: sponsorAda, from, to })).map((r) => ({
    ada: r.ada,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    month: r.month,
  }));
}

/** Results keyed by `ada|month`. */
export function byAdaMonth(results: readonly MonthlyResult[]): Map<string, MonthlyResult> {
  return new Map(results.map((m) => [`${m.ada}|${m.month}`, m]));
}

/** Results grouped by distributor (each group in the order given). */
export function byAda(results: readonly MonthlyResult[]): Map<string, MonthlyResult[]> {
  const out = new Map<string, MonthlyResult[]>();
  for (const m of results) {
    const list = out.get(m.ada);
    if (list) list.push(m);
    else out.set(m.ada, [m]);
  }
  return out;
}
