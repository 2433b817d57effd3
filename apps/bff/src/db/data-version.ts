// The version of the data the BFF only reads: every kept answer is keyed by it (db/answer-cache.ts).
import { randomBytes } from 'node:crypto';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './index.ts';
import type { Database } from './schema.ts';
import { sqliteChangeToken } from './sqlite.ts';

const compiled = new WeakMap<DB, CompiledQuery<{ v: string }>>();
/** The last fingerprint read (or being read), with the database's change token before it (SQLite). */
const lastRead = new WeakMap<DB, { token: string; version: Promise<string> }>();

/**
 * The version as one query: the last whole replacement (meta `seeded_at`) and the last change of
 * some members (answer_changes), `<seeded_at>#<seq>`. The import and the close read it too, to
 * see whether another writer moved the data under them.
 */
export const DATA_VERSION_SQL = `select coalesce((select value from meta where key = 'seeded_at'), '') || '#' ||
  coalesce(cast((select max(seq) from answer_changes) as text), '0') as v`;

/** The two parts of a data version: the last whole replacement and the last members' change. */
export function parseDataVersion(version: string): { base: string; seq: number } {
  const at = version.lastIndexOf('#');
  return at < 0 ? { base: version, seq: 0 } : { base: version.slice(0, at), seq: Number(version.slice(at + 1)) || 0 };
}

/**
 * A cheap fingerprint of the data the seed / import / close writes and the BFF only reads (the
 * tree, orders, monthly results, statements, plan summaries): when it was last replaced as a
 * whole and the last change of some members (DATA_VERSION_SQL). It changes whenever that data
 * changes, whichever process changed it, so anything derived from it may be kept while it stays
 * the same (and, for the answers about one member, while no change touched them: db/answer-cache.ts). One small
 * query, compiled once per database; on SQLite not even that while its change token says no
 * row changed since the last read (that token is taken before the read, so a change racing
 * with it only costs another read); elsewhere one read serves the calls that wait for it.
 * Whatever writes that data must call markDataReplaced or markMembersChanged, or other processes
 * keep serving what they had.
 */
export async function dataVersion(db: DB): Promise<string> {
  const token = sqliteChangeToken(db)?.();
  if (token !== undefined) {
    // Nothing changed since the token was taken for a read (done or under way): its answer holds.
    const last = lastRead.get(db);
    if (last && last.token === token) return last.version;
    const version = readVersion(db);
    lastRead.set(db, { token, version });
    version.catch(() => {
      if (lastRead.get(db)?.version === version) lastRead.delete(db);
    });
    return version;
  }
  return sharedRead(db);
}

/** Reads in flight (running), and the one to start after it (next), per database. */
const reads = new WeakMap<DB, { running: Promise<string> | null; next: Promise<string> | null }>();

/**
 * A read of the version that starts after this call (so it is as fresh as a query of the
 * caller's own), shared by every caller waiting for it: requests arriving while a read is
 * under way share the next one. Over a network (PostgreSQL) this saves most round trips of a
 * busy process, with nothing ever older than the request that asks.
 */
function sharedRead(db: DB): Promise<string> {
  let r = reads.get(db);
  if (!r) reads.set(db, (r = { running: null, next: null }));
  const state = r;
  const start = (): Promise<string> => {
    const p = readVersion(db).finally(() => {
      if (state.running === p) state.running = null;
    });
    state.running = p;
    return p;
  };
  if (!state.running) return start();
  // The read under way may have been sent before this call: wait for the next one.
  state.next ??= state.running
    .catch(() => undefined)
    .then(() => {
      state.next = null;
      return start();
    });
  return state.next;
}

const versionQuery = sql.raw<{ v: string }>(DATA_VERSION_SQL);

async function readVersion(db: DB): Promise<string> {
  let q = compiled.get(db);
  if (!q) compiled.set(db, (q = versionQuery.compile(db)));
  return (await db.executeQuery(q)).rows[0]?.v ?? '';
}

/**
 * Records that the data the BFF only reads was replaced as a whole (meta `seeded_at`), so every
 * process, this one or another, derives all its kept answers again. Call it in the transaction
 * that writes the data (`db` may be that transaction). Unique per call, even two in one millisecond.
 */
export async function markDataReplaced(db: Kysely<Database>): Promise<void> {
  const at = `${new Date().toISOString()} ${randomBytes(4).toString('hex')}`;
  await db
    .insertInto('meta')
    .values({ key: 'seeded_at', value: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: at }))
    .execute();
  // answer_changes keeps its rows: its numbers run on, so a process finds every change after this.
}

/** Changes kept for processes that have not read them yet: an hour's import and close each add one. */
const CHANGES_KEPT = 48;

/**
 * Records that the data of some members changed, and nothing else: every process derives again
 * the answers about them and about anyone whose downline holds one of them, and keeps the rest.
 * `adas` must hold every member whose own rows changed and all of their uplines (an answer about
 * a member covers the member's downline). Call it in the transaction that writes the data.
 */
export async function markMembersChanged(db: Kysely<Database>, adas: Iterable<string>): Promise<void> {
  await db
    .insertInto('answer_changes')
    .values({ adas: [...adas].join('\n') })
    .execute();
  await db
    .deleteFrom('answer_changes')
    .where('seq', '<=', sql<number>`(select max(seq) from answer_changes) - ${CHANGES_KEPT}`)
    .execute();
}

/**
 * Records a write of the data the BFF only reads, in its transaction: as a change of `touched`
 * (members with all their uplines, markMembersChanged) when given and short enough to be worth it,
 * else as a whole replacement (markDataReplaced). A list longer than half the company of
 * `members` (or than any process should read each hour) replaces the data as a whole.
 */
export async function markWritten(db: Kysely<Database>, touched: readonly string[] | null, members: number): Promise<void> {
  const worthIt = touched !== null && touched.length <= 100_000 && (touched.length <= 1000 || touched.length <= members / 2);
  if (worthIt) await markMembersChanged(db, touched);
  else await markDataReplaced(db);
}
