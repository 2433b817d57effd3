// The analytics events the collector endpoint stores (routes/analytics): one insert, and the
// pruning the housekeeping plugin runs.
import type { Insertable } from 'kysely';
import type { DB } from './index.ts';
import type { AnalyticsEventsTable } from './schema.ts';

/** Stores a batch of events (one statement); an empty batch writes nothing. */
export async function insertAnalyticsEvents(db: DB, rows: readonly Insertable<AnalyticsEventsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('analytics_events').values(rows).execute();
}

/**
 * Deletes events older than the retention window, in batches so that SQLite (whose driver
 * blocks the process while it works) lets requests through between them. Returns how many.
 */
export async function pruneAnalyticsEvents(db: DB, retentionDays: number, now = new Date(), batch = 5000): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom('analytics_events')
      .where('id', 'in', db.selectFrom('analytics_events').select('id').where('at', '<', cutoff).limit(batch))
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < batch) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
