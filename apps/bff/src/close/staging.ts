// SQLite has one writer at a time, and another process's write (a sign-in, a saved watchlist)
// waits for the lock at most its busy timeout, 5 s (issue #30: writers share SQLite fairly). So on
// SQLite the close builds its rows into temporary tables of its own connection first — writing
// them takes no lock on the database — and its transaction only moves them in: the lock is held
// for the deletes and the copies, not for evaluating the plans and building the rows.
// PostgreSQL writes in place, inside the transaction: its writers take row locks, not one lock.
import { quoteIdent, type BulkWriter } from '../db/bulk.ts';
import type { ImportConn } from '../import/conn.ts';
import { connBulkWriter } from './conn-writer.ts';

/** The tables the close writes row by row. */
const WRITTEN = ['monthly_results', 'statements', 'plan_results', 'close_checkpoint'] as const;
type Written = (typeof WRITTEN)[number];

const staging = (table: string) => `close_stage_${table}`;

/** The primary keys of the tables written in segments. */
const KEYS: Partial<Record<Written, string>> = { monthly_results: 'ada, month', statements: 'ada, month', plan_results: 'ada, py' };

export interface CloseRowWriter {
  readonly writer: BulkWriter;
  /** Whether rows go to staging tables first (SQLite), to be moved in by moveIn(). */
  readonly staged: boolean;
  /** Creates the (empty) staging tables; nothing on PostgreSQL. */
  open(): Promise<void>;
  /**
   * Inside the close's transaction: moves the staged rows of each table in; answers rows moved.
   * `sort`: the rows were not staged in key order (a close in segments, segments.ts): sorted on
   * the way in, so SQLite appends to the tables' B-trees instead of splitting pages all over them.
   */
  moveIn(opts?: { readonly sort?: boolean }): Promise<number>;
  /** Drops the staging tables (after the transaction, or after a failure). */
  close(): Promise<void>;
}

export function closeRowWriter(conn: ImportConn): CloseRowWriter {
  const staged = conn.dialect === 'sqlite';
  const columns = new Map<Written, readonly string[]>();
  const base = connBulkWriter(conn, staged ? staging : undefined);
  const writer: BulkWriter = {
    ...base,
    inserter(table, cols) {
      if (!(WRITTEN as readonly string[]).includes(table)) throw new Error(`the close does not write ${table} row by row`);
      columns.set(table as Written, cols);
      return base.inserter(table, cols);
    },
  };
  const drop = async () => {
    for (const table of WRITTEN) await conn.run(`drop table if exists temp.${staging(table)}`);
  };
  return {
    writer,
    staged,
    async open() {
      if (!staged) return;
      await drop();
      // Same columns as the table; no keys or indexes: the copy into the table checks those.
      for (const table of WRITTEN) await conn.run(`create temporary table ${staging(table)} as select * from main.${table} where 0`);
    },
    async moveIn(opts = {}) {
      if (!staged) return 0;
      let moved = 0;
      for (const [table, cols] of columns) {
        const list = cols.join(', ');
        const key = opts.sort ? KEYS[table] : undefined;
        const order = key ? ` order by ${key}` : '';
        moved += await conn.run(`insert into main.${table} (${list}) select ${list} from temp.${staging(table)}${order}`);
      }
      return moved;
    },
    close: () => (staged ? drop() : Promise.resolve()),
  };
}

/**
 * Drops a table's own indexes and answers the statements that make them again, as the schema has
 * them — for a bulk write into an emptied table, where building an index once after the rows are
 * in costs one sort instead of a random insert per row. SQLite keeps its primary key (the rows are
 * moved in sorted by it); PostgreSQL drops it too (the rows of a close in segments come a few
 * months at a time, so each run would insert all over its B-tree) and the statement that adds it
 * back checks it. On PostgreSQL, inside the close's transaction: until it commits, others wait
 * for the table instead of reading it empty (only the first close, when there is nothing to read).
 */
export async function dropIndexes(conn: ImportConn, table: string): Promise<string[]> {
  if (conn.dialect === 'postgres') {
    const keys = await conn.all<{ name: string; def: string }>(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = ?::regclass and contype in ('p', 'u') order by conname`,
      [table],
    );
    const indexes = await conn.all<{ name: string; def: string }>(
      `select i.relname as name, pg_get_indexdef(i.oid) as def from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = ?::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.oid)
        order by i.relname`,
      [table],
    );
    for (const { name } of keys) await conn.run(`alter table ${quoteIdent(table)} drop constraint ${quoteIdent(name)}`);
    for (const { name } of indexes) await conn.run(`drop index ${quoteIdent(name)}`);
    return [
      ...keys.map(({ name, def }) => `alter table ${quoteIdent(table)} add constraint ${quoteIdent(name)} ${def}`),
      ...indexes.map((i) => i.def),
    ];
  }
  const indexes = await conn.all<{ name: string; sql: string }>(
    `select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null order by name`,
    [table],
  );
  for (const { name } of indexes) await conn.run(`drop index main.${quoteIdent(name)}`);
  return indexes.map((i) => i.sql);
}
