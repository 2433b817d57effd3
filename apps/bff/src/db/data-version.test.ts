import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { dataVersion, markDataReplaced } from './data-version.ts';

describe('the data version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stays while nothing is replaced and moves when the data is', async () => {
    const v0 = await dataVersion(t.db);
    expect(await dataVersion(t.db)).toBe(v0);
    await t.db.insertInto('audit_log').values({ actor: 'a', subject_ada: 'b', action: 'c', channel: 'ebiz', at: 'now' }).execute();
    expect(await dataVersion(t.db)).toBe(v0);
    await markDataReplaced(t.db);
    expect(await dataVersion(t.db)).not.toBe(v0);
  });

  it('moves on every mark, even two in the same millisecond, and inside a transaction', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      await markDataReplaced(t.db);
      seen.add(await dataVersion(t.db));
    }
    await t.db.transaction().execute((trx) => markDataReplaced(trx));
    seen.add(await dataVersion(t.db));
    expect(seen.size).toBe(4);
  });

  it('is never older than the call: a change made while a read is under way shows in the next call', async () => {
    const v0 = await dataVersion(t.db);
    const earlier = dataVersion(t.db);
    await markDataReplaced(t.db);
    const later = await dataVersion(t.db);
    expect(later).not.toBe(v0);
    expect([v0, later]).toContain(await earlier);
  });

  it('answers calls waiting at the same time with one or two reads', async () => {
    await dataVersion(t.db);
    await markDataReplaced(t.db);
    const reads = vi.spyOn(t.db, 'executeQuery');
    try {
      const all = await Promise.all(Array.from({ length: 20 }, () => dataVersion(t.db)));
      expect(new Set(all).size).toBe(1);
      expect(reads.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      reads.mockRestore();
    }
  });
});
