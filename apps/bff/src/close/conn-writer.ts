// The close's writers (write.ts) write through a BulkWriter. The close writes inside a
// transaction of its own connection (import/conn.ts), next to deletes and updates: this
// BulkWriter sends the rows through that connection, in multi-row INSERTs, and leaves commit to
// the transaction.
// Rows wait for flush() (the writers call it every few thousand members) and go out one
// statement at a time: a PostgreSQL client takes one query at a time.
import type { BulkInserter, BulkWriter, SqlValue as BulkValue } from '../db/bulk.ts';
import type { ImportConn, SqlValue } from '../import/conn.ts';

export function connBulkWriter(conn: ImportConn, into: (table: string) => string = (table) => table): BulkWriter {
  const tables: { ins: ReturnType<ImportConn['inserter']>; queue: SqlValue[][] }[] = [];
  const flush = async () => {
    for (const t of tables) {
      const rows = t.queue;
      t.queue = [];
      for (const row of rows) {
        const sent = t.ins.add(row);
        if (sent) await sent;
      }
      await t.ins.flush();
    }
  };
  return {
    dialect: conn.dialect,
    inserter(table, columns): BulkInserter {
      const t = { ins: conn.inserter(into(table), columns), queue: [] as SqlValue[][] };
      tables.push(t);
      let rows = 0;
      return {
        add(row: readonly BulkValue[]) {
          if (row.length !== columns.length) throw new RangeError(`expected ${columns.length} values, got ${row.length}`);
          // Copied: the writers reuse one array for every row. They give no bigint.
          t.queue.push(row.slice() as SqlValue[]);
          rows++;
        },
        get rows() {
          return rows;
        },
      };
    },
    flush,
    commit: flush,
    rollback: async () => {
      for (const t of tables) t.queue = [];
    },
  };
}
