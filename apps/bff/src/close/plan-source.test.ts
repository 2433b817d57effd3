// The plans evaluated on a worker thread give exactly the rows the close's own thread gives, on
// the facts of a seeded demo read back as the close reads them.
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
import type { PlanRow } from './plans.ts';
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
      expect(fromWorker).toEqual(await collect(inlinePlanRows(plans)));
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
