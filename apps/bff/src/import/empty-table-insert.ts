// A first load (or --replace) writes millions of orders into an empty table. Row by row, every
// secondary index takes each row at a random place in its B-tree, which at 10 million orders
// spends most of the import paging the indexes through SQLite's cache (bench/import.ts at
// 1 000 000 members: the write 588 of 911 s). Into an empty table it is cheaper to write the rows
// in key order without those indexes and to build each index once, from a sort, afterwards.
import type { ImportConn } from './conn.ts';

interface IndexDef {
  name: string;
  sql: string;
}

/** The table's secondary (not primary, not unique) indexes as the database has them: its own catalogue, so they cannot drift from the migrations. */
export async function secondaryIndexes(conn: ImportConn, table: string): Promise<IndexDef[]> {
  if (conn.dialect === 'sqlite') {
    // sql is null for the indexes SQLite makes itself (primary key, unique constraints).
    return conn.all<IndexDef>(
      `select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null order by name`,
      [table],
    );
  }
  return conn.all<IndexDef>(
    `select i.relname as name, pg_get_indexdef(i.oid) as sql
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where t.relname = ? and n.nspname = current_schema() and not x.indisprimary and not x.indisunique
      order by i.relname`,
    [table],
  );
}

/**
 * Runs `insert` (into `table`) without the table's secondary indexes when the table is empty,
 * then builds them again; on a table with rows, runs it as it is. Inside the import's
 * transaction: a failure puts the indexes back with everything else.
 */
export async function insertIntoTable(conn: ImportConn, table: string, insert: (empty: boolean) => Promise<number>): Promise<number> {
  const empty = (await conn.all(`select 1 from ${table} limit 1`)).length === 0;
  if (!empty) return insert(false);
  const indexes = await secondaryIndexes(conn, table);
  for (const index of indexes) await conn.run(`drop index ${index.name}`);
  const rows = await insert(true);
  for (const index of indexes) await conn.run(index.sql);
  return rows;
}
