// The version of the data the BFF only reads: every kept answer is keyed by it (db/answer-cache.ts).
import { randomBytes } from 'node:crypto';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { dialectOf, type DB } from './index.ts';
import type { Database } from './schema.ts';
import { sqliteChangeToken } from './sqlite.ts';

const compiled = new WeakMap<DB, CompiledQuery<{ v: string }>>();
/** The last fingerprint read (or being read), with the database's change token before it (SQLite). */
const lastRead = new WeakMap<DB, { token: string; version: Promise<string> }>();

/** The fingerprint query: each max() in its own subquery so the database reads one end of a B-tree. */
function versionQuery(db: DB, withRowid: boolean): CompiledQuery<{ v: string }> {
  const treeAndSeed = sql`coalesce(cast((select max(tree_pos) from distributors) as text), '') || '|' ||
      coalesce((select value from meta where key = 'seeded_at'), '')`;
  // SQLite's rowid also moves when a member is added without re-numbering the tree.
  return withRowid
    ? sql<{ v: string }>`select ${treeAndSeed} || '|' ||
        coalesce(cast((select max(rowid) from distributors) as text), '') as v`.compile(db)
    : sql<{ v: string }>`select ${treeAndSeed} as v`.compile(db);
}

/**
 * A cheap fingerprint of the data the seed / close writes and the BFF only reads (the tree,
 * monthly results, statements, plan summaries): the tree's last position and row id and when
 * the dataset was (re)seeded. It changes whenever that data is replaced, whichever process
 * replaced it, so anything derived from it may be kept while it stays the same. One small
 * query, compiled once per database; on SQLite not even that while its change token says no
 * row changed since the last read (that token is taken before the read, so a change racing
 * with it only costs another read); elsewhere one read serves the calls that wait for it.
 * Whatever replaces that data without renumbering the tree (a re-seed, an import, a close)
 * must call markDataReplaced, or other processes keep serving what they had.
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

async function readVersion(db: DB): Promise<string> {
  const known = compiled.get(db);
  if (known) return (await db.executeQuery(known)).rows[0]?.v ?? '';
  let q = versionQuery(db, dialectOf(db) === 'sqlite');
  let r;
  try {
    r = await db.executeQuery(q);
  } catch (err) {
    // A table without rowid: the tree's last position and the seeding time only (kept once
    // that works; an unreachable database fails both and decides nothing).
    q = versionQuery(db, false);
    r = await db.executeQuery(q).catch(() => {
      throw err;
    });
  }
  compiled.set(db, q);
  return r.rows[0]?.v ?? '';
}

/**
 * Records that the data the BFF only reads was replaced (meta `seeded_at`), so every process,
 * this one or another, derives its kept answers again. Call it in the transaction that writes
 * the data (`db` may be that transaction). Unique per call, even two in one millisecond.
 */
export async function markDataReplaced(db: Kysely<Database>): Promise<void> {
  const at = `${new Date().toISOString()} ${randomBytes(4).toString('hex')}`;
  await db
    .insertInto('meta')
    .values({ key: 'seeded_at', value: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: at }))
    .execute();
}
