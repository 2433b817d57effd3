// The plans evaluated on a worker thread (alone, or sharing the chunks with the close's thread)
// give exactly the rows the close's own thread gives, on the facts of a seeded demo read back as
// the close reads them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pyOf } from '@abo/plan';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openSqlite } from '../db/index.ts';
import { openImportConn } from '../import/conn.ts';
import { seedDatabase } from '../seed/index.ts';
import { closeCalendar, closeFigures, firstFactMonth, readMembers, readMonthFacts } from './figures.ts';
import { inlinePlanRows, workerPlanRows, type PlanRowSource } from './plan-source.ts';
import { pinsBeforeWindows, windowStart, type PlanRow } from './plans.ts';
import { TEST_TODAY as TODAY } from '../testing/today.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-plan-source-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('plan rows', () => {
  it('the worker thread gives exactly the rows the close thread gives', async () => {
    const db = openSqlite(path.join(dir, 'inquiry.sqlite'));
    try {
      await migrateToLatest(db);
      await seedDatabase(db, { distributors: 300, seed: 4, today: TODAY }, { fresh: true });
      const conn = await openImportConn(db);
      const members = await readMembers(conn);
      const cal = closeCalendar((await firstFactMonth(conn))!, TODAY.slice(0, 7), '2026-10');
      const facts = await readMonthFacts(conn, members, cal);
      conn.release();
      const { plans } = closeFigures(members, cal, facts, 0, ['25/26', pyOf(TODAY)], TODAY);
      const collect = async (src: PlanRowSource) => {
        const out: PlanRow[] = [];
        for (let c = await src.next(); c; c = await src.next()) out.push(...c);
        await src.close();
        return out;
      };
      const worker = workerPlanRows(plans);
      const fromWorker = await collect(worker);
      expect(worker.mode).toBe('worker');
      expect(fromWorker.length).toBeGreaterThan(300);
      const inline = await collect(inlinePlanRows(plans));
      expect(fromWorker).toEqual(inline);

      // Shared with this thread, chunk by chunk (odd chunks here), with what the worker finished
      // taken between them as the writer does: the same rows, in the same order.
      const shared = workerPlanRows(plans, { share: true, chunk: 40 });
      const out: PlanRow[] = [];
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        for (const c of shared.take()) out.push(...c);
        const c = await shared.next();
        if (!c) break;
        out.push(...c);
      }
      await shared.close();
      expect(shared.mode).toBe('worker');
      expect(out).toEqual(inline);

      // Step by step, PY by PY as a close in segments tells them, the PYs told last shared with
      // this thread: each PY's rows as this thread alone gives them, in the order told, though
      // each PY's histories start where its plans start reading.
      const [early, late] = plans.cal.pys;
      const held = { ...plans, byMonth: [...plans.byMonth] };
      const pinsBefore = [...pinsBeforeWindows(plans)];
      const nothing = { months: [], pinsBefore: [], attended: [], credits: [] };
      const stepwise = workerPlanRows(held, { stepwise: true, chunk: 40 });
      stepwise.ready([early!], { ...nothing, pinsBefore });
      while (stepwise.done === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const steps: PlanRow[] = [];
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const taken = stepwise.take();
        for (const c of taken) steps.push(...c);
        if (taken.length === 0) break;
      }
      // Once the worker has started, this thread lets go of the months only the early PY read.
      stepwise.ready([], nothing);
      const lateFrom = windowStart(plans.cal, [late!]);
      expect(lateFrom).toBeGreaterThan(0);
      expect(held.byMonth.findIndex((m) => m !== undefined)).toBe(lateFrom);
      stepwise.ready([late!], nothing, true);
      stepwise.finish();
      for (;;) {
        for (const c of stepwise.take()) steps.push(...c);
        const c = await stepwise.next();
        if (!c) break;
        steps.push(...c);
      }
      await stepwise.close();
      const onePy = (py: string) => collect(inlinePlanRows({ ...plans, cal: { ...plans.cal, pys: [py] } }));
      expect(steps).toEqual([...(await onePy(early!)), ...(await onePy(late!))]);
      expect(steps.filter((r) => r[1] === late).length).toBeGreaterThan(100);

      // Some members only (an hourly close's): the same as this thread alone.
      const only = new Uint8Array(plans.n);
      for (let i = 0; i < plans.n; i += 3) only[i] = 1;
      const some = { ...plans, only };
      expect(await collect(workerPlanRows(some, { share: true, chunk: 25 }))).toEqual(await collect(inlinePlanRows(some)));
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
