// One policy for every answer the BFF keeps: keyed by the data version (db/data-version.ts).
//
// An answer derived from the data the BFF only reads (the tree, orders, monthly results,
// statements, plan summaries) is kept while that data stays the same, whichever process changed
// it and whether its months are closed or open: there is no time limit and no rule of its own.
// Keys carry whatever else the answer depends on (who asks, who looks, today's month, the body).
// An answer about one member (and the member's downline, which it covers) also outlives a
// change that touched other members only (an hourly import or close, markMembersChanged): the
// change lists every touched member with all their uplines, so an answer is kept exactly when
// its member is not in the list. Answers that depend on rows the BFF itself writes (settings,
// invitations) are not kept.
import type { DB } from './index.ts';
import { cacheLookups } from '../lib/observed.ts';
import { dataVersion, parseDataVersion } from './data-version.ts';

interface Entry<V> {
  version: string;
  value: V;
  /** The member whose downline the answer covers; null: the whole company (any change makes it stale). */
  member: string | null;
}

/**
 * Values per key, each kept for one data version: a stale entry is never answered (the version
 * is compared on every get, and a mismatch drops it) and the least recently used go first.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(private readonly size: number) {}

  get(key: string, version: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.version !== version) return undefined;
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, version: string, value: V, member: string | null = null): void {
    this.entries.delete(key);
    if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, value, member });
  }

  delete(key: string, value: V): void {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }

  /** Carries the entries of version `from` to `to` unless the change between them touched their member. */
  advance(from: string, to: string, touched: ReadonlySet<string>): void {
    for (const e of this.entries.values()) {
      if (e.version !== from || e.member === null || touched.has(e.member)) continue;
      e.version = to;
    }
  }
}

/** Per database: the version the caches were last carried to, and the caches. */
interface Follower {
  version: string | null;
  /** The carrying under way (changes are applied one after another). */
  pending: Promise<void>;
  readonly caches: Set<VersionedCache<unknown>>;
}

const followers = new WeakMap<DB, Follower>();

function followerOf(db: DB): Follower {
  let f = followers.get(db);
  if (!f) followers.set(db, (f = { version: null, pending: Promise.resolve(), caches: new Set() }));
  return f;
}

/**
 * Brings every cache of `db` to `version`: the entries of the version before it are carried over
 * each members' change that did not touch their member. A whole replacement, or a change this
 * process can no longer read (answer_changes keeps the last ones only), carries nothing.
 */
function follow(db: DB, version: string): Promise<void> {
  const f = followerOf(db);
  if (f.version === version) return Promise.resolve();
  f.pending = f.pending.then(async () => {
    const from = f.version;
    if (from === version) return;
    const a = from === null ? null : parseDataVersion(from);
    const b = parseDataVersion(version);
    // An older version read by a request that started earlier: the caches are past it already.
    if (a && a.base === b.base && b.seq < a.seq) return;
    f.version = version;
    if (!a || a.base !== b.base || b.seq === a.seq) return;
    const rows = await db
      .selectFrom('answer_changes')
      .select(['seq', 'adas'])
      .where('seq', '>', a.seq)
      .where('seq', '<=', b.seq)
      .orderBy('seq')
      .execute();
    // Every change between the two, or nothing is carried.
    if (rows.length !== b.seq - a.seq || rows.some((r, k) => Number(r.seq) !== a.seq + 1 + k)) return;
    let at = from!;
    for (const r of rows) {
      const next = `${b.base}#${Number(r.seq)}`;
      const touched = new Set(r.adas.split('\n'));
      for (const c of f.caches) c.advance(at, next, touched);
      at = next;
    }
  });
  // A failed read of the changes carries nothing; the next version read tries again.
  f.pending = f.pending.catch(() => undefined);
  return f.pending;
}

/**
 * Answers kept per database and key for the current data version, at most `size` per database.
 * The version is read before the answer is derived, so a kept answer is never older than its
 * version; callers asking for the same key at once share one derivation; a failure is not kept.
 */
export class AnswerCache<V> {
  private readonly perDb = new WeakMap<DB, VersionedCache<Promise<V>>>();

  constructor(private readonly size: number) {}

  /**
   * The kept answer for `key`, or the one `derive` makes (given the data version it is kept for).
   * `member`: the member whose downline the answer covers (kept over changes that did not touch
   * them); by default the whole company.
   */
  async get<T extends V>(db: DB, key: string, derive: (version: string) => Promise<T>, member: string | null = null): Promise<T> {
    let cache = this.perDb.get(db);
    if (!cache) {
      this.perDb.set(db, (cache = new VersionedCache(this.size)));
      followerOf(db).caches.add(cache as VersionedCache<unknown>);
    }
    const version = await dataVersion(db);
    await follow(db, version);
    const known = cache.get(key, version);
    // Counted for /metrics (plugins/metrics.ts): an answer still being derived is a hit too.
    cacheLookups.publish({ db, hit: known !== undefined });
    if (known) return known as Promise<T>;
    const answer = derive(version);
    cache.set(key, version, answer, member);
    const kept = cache;
    answer.catch(() => kept.delete(key, answer));
    return answer;
  }
}
