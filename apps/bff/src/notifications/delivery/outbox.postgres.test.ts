// The outbox claim on PostgreSQL (the PostgreSQL suite): several processes (pools) claiming at
// the same moment take disjoint rows, and a claim skips rows another transaction has locked
// instead of waiting for them; a WeChat push waiting for an address is sent once a sign-in in
// another process records it, whichever commits first.
import { describe, expect, it } from 'vitest';
import { recordAddress } from '../addresses.ts';
import { ADDRESS_RECHECK_MS, claimDue, NO_WECHAT_ADDRESS, recordResults, wakeWaiting } from './outbox.ts';
import { acceptedByKey, addNotification, outboxRow, standInsEachTest, T0, testDbEachTest, testWorker } from './delivery.test-support.ts';

const now = () => T0;
const t = testDbEachTest();
const rig = standInsEachTest(now);

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

  it('a push waiting for a WeChat address goes out after a sign-in in another process, whichever commits first', async () => {
    const worker = testWorker(t.another(), rig.fetch, now);
    const early = await addNotification(t.db, { ada: '10003001', openid: null, channels: ['wec'] });
    const late = await addNotification(t.db, { ada: '10003002', openid: null, channels: ['wec'] });
    expect(await worker.runOnce()).toMatchObject({ claimed: 2, waiting: 2 });
    expect(await outboxRow(t.db, early.outbox.wec!)).toMatchObject({
      status: 'pending',
      attempts: 0,
      due_at: new Date(T0.getTime() + ADDRESS_RECHECK_MS).toISOString(),
    });
    expect((await outboxRow(t.db, early.outbox.wec!)).last_error).toContain(NO_WECHAT_ADDRESS);

    // The sign-in (another pool) wakes the row; the worker sends it.
    await recordAddress(t.db, '10003001', 'wec', 'o-early', now());
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });

    // A worker holds the row, and the sign-in's address is not committed when the worker records
    // it waiting: the wake after the commit makes it due again.
    await t.db.updateTable('notification_outbox').set({ due_at: T0.toISOString() }).where('id', '=', late.outbox.wec!).execute();
    const other = t.another();
    const claim = await claimDue(other, { now: T0, limit: 10, leaseMs: 60_000 });
    expect(claim.rows.map((r) => r.id)).toEqual([late.outbox.wec]);
    const note = `${NO_WECHAT_ADDRESS} (waiting)`;
    const dueAt = new Date(T0.getTime() + ADDRESS_RECHECK_MS).toISOString();
    await t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notification_addresses')
        .values({ ada: '10003002', channel: 'wec', address: 'o-late', updated_at: T0.toISOString() })
        .execute();
      expect(await recordResults(other, claim, [{ id: late.outbox.wec!, outcome: 'waiting', dueAt, note }], T0)).toEqual({
        recorded: 1,
        lost: 0,
      });
    });
    expect((await outboxRow(t.db, late.outbox.wec!)).due_at).toBe(dueAt);
    expect(await wakeWaiting(t.db, '10003002', 'wec', T0)).toBe(1);
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });

    expect(rig.standIn.receipts().map((r) => (r.message as { touser: string }).touser)).toEqual(['o-early', 'o-late']);
    expect([...acceptedByKey(rig.standIn).values()]).toEqual([1, 1]);
  });
});
