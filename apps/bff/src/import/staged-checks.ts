// The checks that need every row: sponsor cycles among the file's members, and plain SQL
// over the staging tables (an order id twice, a row imported before, a closed month).
import type { ImportConn, SqlValue } from './conn.ts';
import type { FileIssues, StagedFile } from './checks.ts';
import { D, O, ORDER_COLUMNS } from './fields.ts';
import { shown, type IssueList, type IssueSink } from './issues.ts';
import { findCycles } from './tree.ts';
import type { MemberRow } from './members.ts';

/**
 * Sponsor cycles among the file's rows, each reported once at its first line (the database's tree
 * has none, and an import cannot change an existing member's sponsor).
 */
export function reportCycles(rows: readonly MemberRow[], sink: IssueSink, column: number): void {
  const index = new Map<string, number>();
  rows.forEach((m, i) => index.set(m.values[D.ada]!, i));
  const sponsor = Int32Array.from(rows, (m) => index.get(m.values[D.sponsor]!) ?? -1);
  const cycles = findCycles(sponsor).map((c) => {
    const first = c.reduce((a, b) => (rows[b]!.line < rows[a]!.line ? b : a));
    return { first, lines: c.map((i) => rows[i]!.line).sort((a, b) => a - b) };
  });
  cycles.sort((a, b) => rows[a.first]!.line - rows[b.first]!.line);
  for (const { first, lines } of cycles) {
    const chain: string[] = [rows[first]!.values[D.ada]!];
    for (let i = sponsor[first]!; i !== first; i = sponsor[i]!) chain.push(rows[i]!.values[D.ada]!);
    chain.push(chain[0]!);
    sink.add({
      file: 'distributors.csv',
      line: rows[first]!.line,
      column,
      field: 'sponsor_ada',
      message: `sponsor cycle ${chain.join(' → ')} (lines ${lines.join(', ')}): every member must lead up to the top of a tree`,
    });
  }
}

/** `a.k = b.k and …` over a staged file's key. */
const sameKey = (f: StagedFile, a: string, b: string) => f.key.map((c) => `${a}.${c} = ${b}.${c}`).join(' and ');

/** The ADA of every staged row not imported before: whom the import touches. */
export function newRowsAdaSql(f: StagedFile): string {
  return `select s.ada from ${f.staging} s where not exists (select 1 from ${f.stored} o where ${sameKey(f, 'o', 's')})`;
}

/** How many staged rows insertNewSql would insert (an import's check: import.ts, checkOnly). */
export function countNewSql(f: StagedFile): string {
  return `select count(*) from ${f.staging} s where not exists (select 1 from ${f.stored} o where ${sameKey(f, 'o', 's')})`;
}

/** Inserts the staged rows not imported before; answers how many. */
export function insertNewSql(f: StagedFile, { keyOrder = false }: { keyOrder?: boolean } = {}): string {
  const columns = f.columns.join(', ');
  // In key order, rows go to the end of a table clustered on its key (an empty one, a first load).
  return `insert into ${f.stored} (${columns}) select ${columns} from ${f.staging} s
    where not exists (select 1 from ${f.stored} o where ${sameKey(f, 'o', 's')})${keyOrder ? ` order by ${f.key.map((c) => `s.${c}`).join(', ')}` : ''}`;
}

interface StagedChecks {
  readonly replace: boolean;
  /** The last closed month (null: none). */
  readonly closed: string | null;
  /** The staged files, each with where its issues go. */
  readonly staged: readonly (readonly [StagedFile, FileIssues])[];
  /** Where orders.csv's issues go. */
  readonly orders: FileIssues;
}

/** Order columns as stored → the file's column (index into ORDER_COLUMNS) and how to show them. */
const ORDER_FIELDS: readonly { key: string; k: number; show: (v: unknown) => string }[] = [
  { key: 'ada', k: O.ada, show: String },
  { key: 'ordered_at', k: O.orderedAt, show: String },
  { key: 'pv', k: O.pv, show: String },
  { key: 'bv_fen', k: O.bv, show: (v) => (Number(v) / 100).toFixed(2) },
  { key: 'customer_id', k: O.customerId, show: (v) => (v === null ? '(none)' : String(v)) },
];

async function count(conn: ImportConn, text: string, params: readonly SqlValue[] = []): Promise<number> {
  return Number((await conn.all<{ n: number }>(text, params))[0]?.n ?? 0);
}

/** A row twice in a staged file: each later one, at the line of its first. */
async function reportDuplicates(conn: ImportConn, issues: IssueList, f: StagedFile, fi: FileIssues): Promise<void> {
  const key = f.key.join(', ');
  const groups = `select ${key}, min(line) as first from ${f.staging} group by ${key} having count(*) > 1`;
  const dup = await conn.all<Record<string, unknown> & { line: number; first: number }>(
    `select s.line, ${f.key.map((c) => `s.${c}`).join(', ')}, f.first from ${f.staging} s join (${groups}) f on ${sameKey(f, 'f', 's')}
     where s.line > f.first order by s.line limit 50`,
  );
  if (dup.length === 0) return;
  const n = await count(
    conn,
    `select coalesce(sum(c - 1), 0) as n from (select count(*) as c from ${f.staging} group by ${key} having count(*) > 1) x`,
  );
  issues.sink().addCounted(
    dup.map((d) => fi.at(Number(d.line), f.duplicateAt, f.duplicate(d))),
    n,
  );
}

/** A new row of a staged file in a closed month (`closed`: the last one): its statements have been paid. */
async function reportClosed(conn: ImportConn, issues: IssueList, f: StagedFile, fi: FileIssues, closed: string): Promise<void> {
  // The same row imported before (a file sent again) changes nothing and is skipped.
  const rows = `from ${f.staging} s where ${f.month} <= ? and not exists (select 1 from ${f.stored} o where ${sameKey(f, 'o', 's')})`;
  const found = await conn.all<{ line: number; month: string }>(`select s.line, ${f.month} as month ${rows} order by s.line limit 50`, [
    closed,
  ]);
  if (found.length === 0) return;
  issues.sink().addCounted(
    found.map((r) =>
      fi.at(Number(r.line), f.closedAt, `${r.month} is already closed (closed through ${closed}): it cannot change any more`),
    ),
    await count(conn, `select count(*) as n ${rows}`, [closed]),
  );
}

/** The checks that need every row: plain SQL over the staging tables (indexed first). */
export async function checkStaged(conn: ImportConn, issues: IssueList, c: StagedChecks): Promise<void> {
  for (const [f] of c.staged) await conn.run(`create index ${f.staging}_key on ${f.staging} (${f.key.join(', ')})`);

  for (const [f, fi] of c.staged) await reportDuplicates(conn, issues, f, fi);

  // An order imported before with other content: orders are facts; a correction is a new order.
  if (!c.replace) {
    const differs = `o.ada <> s.ada or o.ordered_at <> s.ordered_at or o.pv <> s.pv or o.bv_fen <> s.bv_fen
      or o.customer_id is distinct from s.customer_id`;
    const rows = await conn.all<Record<string, unknown> & { line: number; order_id: string }>(
      `select s.line, s.order_id, s.ada, s.ordered_at, s.pv, s.bv_fen, s.customer_id, o.ada as o_ada, o.ordered_at as o_ordered_at,
         o.pv as o_pv, o.bv_fen as o_bv_fen, o.customer_id as o_customer_id
       from import_orders s join orders o on o.order_id = s.order_id where ${differs} order by s.line limit 50`,
    );
    if (rows.length > 0) {
      const n = await count(conn, `select count(*) as n from import_orders s join orders o on o.order_id = s.order_id where ${differs}`);
      issues.sink().addCounted(
        rows.map((r) => {
          const f = ORDER_FIELDS.find((x) => String(r[x.key]) !== String(r[`o_${x.key}`]))!;
          return c.orders.at(
            Number(r.line),
            f.k,
            `order ${shown(r.order_id)} was imported before with ${ORDER_COLUMNS[f.k]!.name} ${f.show(r[`o_${f.key}`])}, ` +
              `now ${f.show(r[f.key])}: send a change as a new order (a return has negative PV)`,
          );
        }),
        n,
      );
    }
  }

  if (c.closed !== null) for (const [f, fi] of c.staged) await reportClosed(conn, issues, f, fi, c.closed);
}
