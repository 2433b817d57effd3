// The rows behind the market watchlist (migration 0008; packages/contract/src/watchlist.ts): who a
// member reference names when the viewer may star them, the stars still in the viewer's market,
// and the writes (each idempotent).
import { sql } from 'kysely';
import { distributorOfRef, isInDownline } from '../../db/distributors.ts';
import { dialectOf, type DB } from '../../db/index.ts';
import { forbidden } from '../../lib/app-error.ts';

/** The one answer for a reference to someone the viewer may not star, whether they exist or not. */
const NOT_IN_MARKET = 'You can only watch members of your own market';

/**
 * The ADA of the member `ref` names, if they are in `ada`'s downline. No one at that position
 * and someone outside the downline are refused alike (contract watchlist.ts).
 */
export async function watchableMember(db: DB, ada: string, ref: string): Promise<string> {
  const row = await distributorOfRef(db, ref);
  if (!row || !(await isInDownline(db, ada, row.ada))) throw forbidden(NOT_IN_MARKET);
  return row.ada;
}

/** A distributor's stars, oldest first (members who have since left their market included). */
export function starsOf(db: DB, ada: string): Promise<{ member_ada: string; note: string }[]> {
  return db
    .selectFrom('watchlist')
    .select(['member_ada', 'note'])
    .where('ada', '=', ada)
    .orderBy('created_at')
    .orderBy('member_ada')
    .execute();
}

/** Stars on members still in the distributor's downline: what the list shows and the cap counts. */
export async function starCount(db: DB, ada: string): Promise<number> {
  const r = await sql<{ n: number | string }>`
    select count(*) as n
    from watchlist w
    join distributors o on o.ada = w.ada
    join distributors m on m.ada = w.member_ada
    where w.ada = ${ada} and m.tree_pos > o.tree_pos and m.tree_pos < o.tree_pos + o.tree_size`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export async function isStarred(db: DB, ada: string, memberAda: string): Promise<boolean> {
  const row = await db.selectFrom('watchlist').select('ada').where('ada', '=', ada).where('member_ada', '=', memberAda).executeTakeFirst();
  return row !== undefined;
}

/**
 * Stars a member unless the distributor already has `max` stars: false then, nothing written.
 * Starring again keeps the first star and its note (and is fine at the cap). The count and the
 * insert run under a lock per distributor, so parallel stars cannot all see room below the cap
 * (PostgreSQL runs them at once; SQLite's one connection already runs transactions one by one).
 */
export async function star(db: DB, ada: string, memberAda: string, at: string, max: number): Promise<boolean> {
  const postgres = dialectOf(db) === 'postgres';
  return db.transaction().execute(async (trx) => {
    if (postgres) await sql`select pg_advisory_xact_lock(hashtext(${`abo-inquiry-watchlist:${ada}`}))`.execute(trx);
    if (await isStarred(trx, ada, memberAda)) return true;
    if ((await starCount(trx, ada)) >= max) return false;
    await trx
      .insertInto('watchlist')
      .values({ ada, member_ada: memberAda, note: '', created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['ada', 'member_ada']).doNothing())
      .execute();
    return true;
  });
}

/** Unstars a member (with their note); unstarring one not starred changes nothing. */
export async function unstar(db: DB, ada: string, memberAda: string): Promise<void> {
  await db.deleteFrom('watchlist').where('ada', '=', ada).where('member_ada', '=', memberAda).execute();
}

/** Saves the note of a starred member; false when the member is not starred (nothing written). */
export async function saveNote(db: DB, ada: string, memberAda: string, note: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('watchlist')
    .set({ note, updated_at: at })
    .where('ada', '=', ada)
    .where('member_ada', '=', memberAda)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
