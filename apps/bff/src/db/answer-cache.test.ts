import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, migrateToLatest, openSqlite, type DB } from './index.ts';
import { markDataReplaced, markMembersChanged } from './data-version.ts';
import { AnswerCache, VersionedCache } from './answer-cache.ts';

describe('the versioned cache', () => {
  it('answers an entry only for its version and forgets the least recently used first', () => {
    const c = new VersionedCache<number>(2);
    c.set('a', 'v1', 1);
    c.set('b', 'v1', 2);
    expect(c.get('a', 'v1')).toBe(1);
    c.set('c', 'v1', 3); // 'b' is the least recently used
    expect(c.get('b', 'v1')).toBeUndefined();
    expect(c.get('a', 'v1')).toBe(1);
    expect(c.get('c', 'v2')).toBeUndefined();
    expect(c.get('c', 'v1')).toBeUndefined(); // a stale entry is dropped when met
  });

  it('deletes an entry only while it still holds the value', () => {
    const c = new VersionedCache<number>(2);
    c.set('a', 'v1', 1);
    c.delete('a', 2);
    expect(c.get('a', 'v1')).toBe(1);
    c.delete('a', 1);
    expect(c.get('a', 'v1')).toBeUndefined();
  });
});

describe('the answer cache', () => {
  let dir: string;
  let file: string;
  let db: DB;
  /** A second connection to the same file: another BFF process, or the seed. */
  let other: DB;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-answer-cache-'));
    file = path.join(dir, 'test.sqlite');
    db = openSqlite(file);
    await migrateToLatest(db);
    other = openSqlite(file);
  });
  afterAll(async () => {
    await closeDatabase(db);
    await closeDatabase(other);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const counter = () => {
    let n = 0;
    return { derive: async () => ++n, count: () => n };
  };

  it('derives an answer once per data version and key', async () => {
    const cache = new AnswerCache<number>(10);
    const c = counter();
    expect(await cache.get(db, 'k', c.derive)).toBe(1);
    expect(await cache.get(db, 'k', c.derive)).toBe(1);
    expect(await cache.get(db, 'other key', c.derive)).toBe(2);
    await markDataReplaced(db);
    expect(await cache.get(db, 'k', c.derive)).toBe(3);
  });

  it('derives again once another connection (another process) replaced the data', async () => {
    const cache = new AnswerCache<number>(10);
    const c = counter();
    await cache.get(db, 'k', c.derive);
    expect(await cache.get(db, 'k', c.derive)).toBe(1);
    await markDataReplaced(other);
    // Another process's commit is seen from the next turn of the event loop (db/sqlite.ts, the
    // change token): as the next request would.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get(db, 'k', c.derive)).toBe(2);
  });

  it('has no time limit: an answer stays until the data changes', async () => {
    const cache = new AnswerCache<number>(10);
    const c = counter();
    await cache.get(db, 'k', c.derive);
    const now = Date.now();
    const later = Object.assign(() => now + 365 * 24 * 3600_000, { restore: Date.now });
    Date.now = later;
    try {
      expect(await cache.get(db, 'k', c.derive)).toBe(1);
    } finally {
      Date.now = later.restore;
    }
  });

  it('shares one derivation between callers asking at once, and keeps no failure', async () => {
    const cache = new AnswerCache<number>(10);
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    expect(await Promise.all([cache.get(db, 's', slow), cache.get(db, 's', slow), cache.get(db, 's', slow)])).toEqual([1, 1, 1]);
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('down');
      return 7;
    };
    await expect(cache.get(db, 'f', flaky)).rejects.toThrow('down');
    fail = false;
    expect(await cache.get(db, 'f', flaky)).toBe(7);
  });

  it('keeps the answers about members a change did not touch, in this process and another', async () => {
    const cache = new AnswerCache<string>(10);
    const ask = (key: string, member: string | null) => cache.get(db, key, async () => `${key} derived ${++n}`, member);
    let n = 0;
    await markDataReplaced(db);
    await ask('A', 'A');
    await ask('B', 'B');
    await ask('company', null);
    // B and its uplines changed (another process's hourly import).
    await markMembersChanged(other, ['B', 'UP']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await ask('A', 'A')).toBe('A derived 1');
    expect(await ask('B', 'B')).toBe('B derived 4');
    expect(await ask('company', null)).toBe('company derived 5');
    // And over several changes, this process's own among them.
    await markMembersChanged(db, ['NEW', 'UP']);
    await markMembersChanged(other, ['B', 'UP']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await ask('A', 'A')).toBe('A derived 1');
    expect(await ask('B', 'B')).toBe('B derived 6');
  });

  it('keeps nothing over changes it can no longer read', async () => {
    const cache = new AnswerCache<string>(10);
    let n = 0;
    const ask = () => cache.get(db, 'A', async () => `derived ${++n}`, 'A');
    await ask();
    // More changes than answer_changes keeps, none about A: this process missed some of them.
    await db.transaction().execute(async (k) => {
      for (let i = 0; i < 60; i++) await markMembersChanged(k, [`X${i}`]);
    });
    expect(await ask()).toBe('derived 2');
    await markMembersChanged(db, ['Y']);
    expect(await ask()).toBe('derived 2');
  });

  it('keeps answers apart per database and at most `size` of them', async () => {
    const cache = new AnswerCache<string>(2);
    expect(await cache.get(db, 'k', async () => 'mine')).toBe('mine');
    expect(await cache.get(other, 'k', async () => 'theirs')).toBe('theirs');
    expect(await cache.get(db, 'k', async () => 'again')).toBe('mine');
    await cache.get(db, 'b', async () => 'b');
    await cache.get(db, 'c', async () => 'c'); // 'k' is the least recently used
    expect(await cache.get(db, 'k', async () => 'derived anew')).toBe('derived anew');
  });
});
