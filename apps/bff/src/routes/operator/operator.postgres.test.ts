// The operators' import page on PostgreSQL with two BFF processes (two apps, a pool each, one
// database and one shared DATA_DIR): a run one of them works on is busy for both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ImportRun } from '@abo/contract';
import { importDirectory } from '../../import/import.ts';
import { insertStaff } from '../../testing/fixtures.ts';
import { openThrowawayDb, type ThrowawayDb } from '../../testing/throwaway-db.ts';
import { call, exampleParts, operatorApp, settled, staffHeaders, upload, type OperatorApp } from './operator.test-support.ts';

describe('the import page with two processes on one PostgreSQL database', () => {
  let t: ThrowawayDb;
  let one: OperatorApp;
  let two: OperatorApp;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let started: () => void = () => undefined;
  const running = new Promise<void>((resolve) => (started = resolve));

  beforeAll(async () => {
    t = await openThrowawayDb({ kind: 'postgres', name: 'operator-pg' });
    // Process one holds its import until the test lets it go.
    one = await operatorApp(
      {
        importDirectory: async (db, opts) => {
          if (!opts.checkOnly) {
            started();
            await held;
          }
          return importDirectory(db, opts);
        },
      },
      { on: { t, db: t.db } },
    );
    two = await operatorApp(undefined, { on: { t, db: t.another() } });
    await insertStaff(t.db, 'ops01', 'operator');
  });
  afterAll(async () => {
    release();
    await two.close();
    await t.close(() => one.app.close());
  });

  it('checks, imports and closes the examples; a second upload or confirmation is refused in the other process meanwhile', async () => {
    const h1 = await staffHeaders(one.app, 'ops01');
    const h2 = await staffHeaders(two.app, 'ops01');
    const first = await settled(one.app, h1, (await upload(one.app, h1, exampleParts())).json().data.run.id);
    expect(first).toMatchObject({
      status: 'checked',
      check: { distributors: { rows: 12, added: 12, updated: 0 }, orders: { rows: 38, added: 38 }, changed: true },
    });
    const second = await settled(two.app, h2, (await upload(two.app, h2, exampleParts())).json().data.run.id);
    expect(second.status).toBe('checked');

    expect((await call(one.app, h1, '/bff/v1/operator/imports/confirm', { id: first.id })).json().code).toBe(Code.OK);
    await running;
    const busy = expect.stringMatching(new RegExp(`^another import is under way \\(run ${first.id}\\)`));
    const refusedUpload = await upload(two.app, h2, exampleParts());
    expect(refusedUpload.statusCode).toBe(409);
    expect(refusedUpload.json()).toMatchObject({ code: Code.BAD_REQUEST, message: busy });
    const refusedConfirm = await call(two.app, h2, '/bff/v1/operator/imports/confirm', { id: second.id });
    expect(refusedConfirm.json()).toMatchObject({ code: Code.BAD_REQUEST, message: busy });
    expect((await call(two.app, h2, '/bff/v1/operator/imports/list')).json().data.busy).toBe(first.id);

    release();
    const done = (await settled(two.app, h2, first.id)) as ImportRun;
    expect(done).toMatchObject({ status: 'done', imported: { orders: { rows: 38, added: 38 }, changed: true } });
    expect(done.close!.summary).toMatch(/^closed 2026-08 to 2026-10 \(3 months\) for 12 distributors/);
    const august = await t.db
      .selectFrom('monthly_results')
      .select('bv_fen')
      .where('ada', '=', '86000002')
      .where('month', '=', '2026-08')
      .executeTakeFirstOrThrow();
    expect(Number(august.bv_fen)).toBeGreaterThanOrEqual(145_000);

    // The slot is free: process two confirms its run, which now writes nothing new.
    expect((await call(two.app, h2, '/bff/v1/operator/imports/confirm', { id: second.id })).json().code).toBe(Code.OK);
    const again = await settled(two.app, h2, second.id);
    expect(again).toMatchObject({ status: 'done', imported: { changed: false } });
    expect((await call(one.app, h1, '/bff/v1/operator/imports/list')).json().data.busy).toBeNull();
  }, 120_000);
});
