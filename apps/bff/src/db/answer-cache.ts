// One policy for every answer the BFF keeps: keyed by the data version (db/data-version.ts).
//
// An answer derived from the data the BFF only reads (the tree, monthly results, statements,
// plan summaries) is kept while that data stays the same, whichever process replaced it and
// whether its months are closed or open: there is no time limit and no rule of its own. Keys
// carry whatever else the answer depends on (who asks, who looks, today's month, the body).
// Answers that depend on rows the BFF itself writes (settings, invitations) are not kept.
import type { DB } from './index.ts';
import { dataVersion } from './data-version.ts';

/**
 * Values per key, each kept for one data version: a stale entry is never answered (the version
 * is compared on every get, and a mismatch drops it) and the least recently used go first.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: string; value: V }>();

  constructor(private readonly size: number) {}

  get(key: string, version: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.version !== version) return undefined;
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, version: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, value });
  }

  delete(key: string, value: V): void {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }
}

/**
 * Answers kept per database and key for the current data version, at most `size` per database.
 * The version is read before the answer is derived, so a kept answer is never older than its
 * version; callers asking for the same key at once share one derivation; a failure is not kept.
 */
export class AnswerCache<V> {
  private readonly perDb = new WeakMap<DB, VersionedCache<Promise<V>>>();

  constructor(private readonly size: number) {}

  /** The kept answer for `key`, or the one `derive` makes (given the data version it is kept for). */
  async get<T extends V>(db: DB, key: string, derive: (version: string) => Promise<T>): Promise<T> {
    let cache = this.perDb.get(db);
    if (!cache) this.perDb.set(db, (cache = new VersionedCache(this.size)));
    const version = await dataVersion(db);
    const known = cache.get(key, version);
    if (known) return known as Promise<T>;
    const answer = derive(version);
    cache.set(key, version, answer);
    const kept = cache;
    answer.catch(() => kept.delete(key, answer));
    return answer;
  }
}
