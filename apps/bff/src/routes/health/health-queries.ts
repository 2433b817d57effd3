// The health checks' one read: whether the database answers at all.
import { sql } from 'kysely';
import type { DB } from '../../db/index.ts';

/** A round trip to the database (`select 1`); rejects when it does not answer. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
