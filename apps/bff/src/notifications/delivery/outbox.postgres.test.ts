// The outbox claim on PostgreSQL (the PostgreSQL suite): several processes (pools) claiming at
// the same moment take disjoint rows, and a claim skips rows another transaction has locked
// instead of waiting for them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDue } from './outbox.ts';
import {
  acceptedByKey,
  addNotification,
  openTestDb,
  standInRig,
  T0,
  testWorker,
  type StandInRig,
  type TestDb,
} from './delivery.test-support.ts';

const now = () => T0;
let t: TestDb;
let rig: StandInRig;
beforeEach(async () => {
  t = await openTestDb();
  rig = await standInRig(now);
});
afterEach(async () => {
  await rig.close();
  await t.close();
});

describe('outbox on PostgreSQL', () => {
  it('claims from several pools at once never overlap, and together take every row', async () => {
    for (let i = 0; i < 100; i++) await addNotification(t.db, { ada: `1000${String(i).padStart(4, '0')}` });
    const pools = [t.db, t.another(), t.another(), t.another()];
    const claimed: number[] = [];
    const loop = async (db: (typeof pools)[number]) => {
      for (;;) {
        const c = await claimDue(db, { now: T0, limit: 7, leaseMs: 60_000 });
        if (c.rows.length === 0) return;
        claimed.push(...c.rows.map((r) => r.id));
      }
    };
    await Promise.all(pools.flatMap((db) => [loop(db), loop(db)]));
    expect(claimed).toHaveLength(200);
    expect(new Set(claimed).size).toBe(200);
  });

  it('skips rows another transaction holds locked instead of waiting', async () => {
    for (let i = 0; i < 5; i++) await addNotification(t.db, { ada: `1000100${i}`, channels: ['ca'] });
    const other = t.another();
    await t.db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('notification_outbox').select('id').orderBy('id').limit(2).forUpdate().execute();
      const c = await claimDue(other, { now: T0, limit: 10, leaseMs: 60_000 });
      expect(c.rows.map((r) => r.id).sort()).toEqual(
        (await other.selectFrom('notification_outbox').select('id').orderBy('id').execute())
          .map((r) => Number(r.id))
          .filter((id) => !locked.some((l) => Number(l.id) === id)),
      );
    });
  });

  it('three workers on three pools send every message once', async () => {
    for (let i = 0; i < 60; i++) await addNotification(t.db, { ada: `1000200${String(i).padStart(2, '0')}` });
    const workers = [t.db, t.another(), t.another()].map((db) => testWorker(db, rig.fetch, now, { batch: 9 }));
    for (;;) {
      const reports = await Promise.all(workers.map((w) => w.runOnce()));
      if (reports.every((r) => r.claimed === 0)) break;
    }
    const accepted = acceptedByKey(rig.standIn);
    expect(accepted.size).toBe(120);
    expect([...accepted.values()].every((n) => n === 1)).toBe(true);
    expect(rig.standIn.receipts()).toHaveLength(120);
  });
});
