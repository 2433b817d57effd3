// Every read behind the /bff/v1/incentive/market/* calls: the rows a market snapshot is built
// from, a frontline and its months, one member with their months, sponsor and legs, and the
// row reference of the details page (access-checked and audited).
import { sql } from 'kysely';
import { recordRead } from '../../db/audit.ts';
import { distributorOfRef, distributorOr404, findDistributor, frontlineOf, isInDownline, type Person } from '../../db/distributors.ts';
import { historyStartOf } from '../../db/history-start.ts';
import type { DB } from '../../db/index.ts';
import { frontlineMonthlyResults, monthlyResultsOf, type MonthlyResult } from '../../db/monthly-results.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';

/** One member of the tree with the volumes of one month (zeros where the month has no row). */
export interface SnapshotRow {
  ada: string;
  name_zh: string;
  name_en: string;
  sponsor_ada: string | null;
  join_date: string;
  tree_pos: number;
  member_no: number;
  tree_size: number;
  depth: number;
  /** The pin at the end of the month, else the distributor's current pin. */
  pin: number;
  ppv: number | null;
  gpv: number | null;
  pgpv: number | null;
  bracket: number | null;
  is_q: number | null;
}

/** The whole tree in pre-order with each member's volumes of `month`. */
export async function snapshotRows(db: DB, month: string): Promise<SnapshotRow[]> {
  const rows = await db
    .selectFrom('distributors as d')
    .leftJoin('monthly_results as m', (j) => j.onRef('m.ada', '=', 'd.ada').on('m.month', '=', month))
    .select([
      'd.ada',
      'd.name_zh',
      'd.name_en',
      'd.sponsor_ada',
      'd.join_date',
      'd.tree_pos',
      'd.member_no',
      'd.tree_size',
      'd.depth',
      sql<number>`coalesce(m.pin_code, d.pin_code)`.as('pin'),
      'm.ppv',
      'm.gpv',
      'm.pgpv',
      'm.bracket',
      'm.is_q',
    ])
    .orderBy('d.tree_pos')
    .execute();
  return rows as SnapshotRow[];
}

/** Every Q month between `from` and `to` (inclusive) of every member. */
export async function qMonthsBetween(db: DB, from: string, to: string): Promise<{ ada: string; month: string }[]> {
  // Distributors drive the join so each member is one primary-key range seek on (ada, month).
  const r = await sql<{ ada: string; month: string }>`
    select d.ada as ada, m.month as month
    from distributors d cross join monthly_results m
    where m.ada = d.ada and m.month >= ${from} and m.month <= ${to} and m.is_q = 1`.execute(db);
  return r.rows;
}

/** A distributor's frontline and the frontline's results from `from` to `to`. */
export async function frontlineWithMonths(
  db: DB,
  ada: string,
  from: string,
  to: string,
): Promise<{ frontline: Person[]; results: MonthlyResult[] }> {
  const [frontline, results] = await Promise.all([frontlineOf(db, ada), frontlineMonthlyResults(db, ada, from, to)]);
  return { frontline, results };
}

/** The distributor whose market is shown, or the not-found envelope. */
export function marketOwnerOr404(db: DB, ada: string) {
  return distributorOr404(db, ada, ['ada', 'depth']);
}

/** Everything the details page shows of one member from `from` to `to`. */
export interface MemberDetails {
  member: Person;
  /** The viewer's depth in the tree; undefined for staff (no place in it). */
  viewerDepth: number | undefined;
  monthly: MonthlyResult[];
  legs: Person[];
  legMonthly: MonthlyResult[];
  sponsor: { ada: string; sponsor_ada: string | null; name_zh: string; name_en: string } | undefined;
  /** The member's first month with figures (db/history-start.ts); null: none stored. */
  historyStart: string | null;
}

export async function memberDetails(db: DB, memberAda: string, viewerAda: string, from: string, to: string): Promise<MemberDetails> {
  const [member, viewer] = await Promise.all([distributorOr404(db, memberAda), findDistributor(db, viewerAda, ['ada', 'depth'])]);
  const [monthly, legs, legMonthly, sponsor, historyStart] = await Promise.all([
    monthlyResultsOf(db, memberAda, from, to),
    frontlineOf(db, memberAda),
    frontlineMonthlyResults(db, memberAda, from, to),
    member.sponsor_ada ? findDistributor(db, member.sponsor_ada, ['ada', 'sponsor_ada', 'name_zh', 'name_en']) : Promise.resolve(undefined),
    historyStartOf(db, memberAda),
  ]);
  return { member, viewerDepth: viewer?.depth, monthly, legs, legMonthly, sponsor, historyStart };
}

/**
 * The member a row reference (`m<tree position>`) names, if the viewer may see them: the
 * viewer, or someone in the viewer's downline (that read is audited, like queryAda).
 */
export async function memberOfRef(
  db: DB,
  session: { ada: string; actor: string; channel: string },
  ref: string,
  action: string,
): Promise<string> {
  const row = await distributorOfRef(db, ref);
  if (!row) throw notFound('This member no longer exists');
  if (row.ada === session.ada) return row.ada;
  if (!(await isInDownline(db, session.ada, row.ada))) throw forbidden('You can only view distributors in your own market');
  await recordRead(db, { actor: session.actor, subjectAda: row.ada, action, channel: session.channel });
  return row.ada;
}
