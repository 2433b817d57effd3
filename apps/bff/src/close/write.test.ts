// What the close's writers put in the statements table beyond the engine's figures (those are
// held against the engine in close.test.ts): each statement's payment date.
import { paymentDateOf } from '@abo/plan';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { importDirectory } from '../import/import.ts';
import { openTestDb, TODAY } from '../import/import.test-support.ts';
import { closeMonths } from './close.ts';
import { companyFiles, syntheticCompany } from './close.test-support.ts';
import { throwawayDbs } from '../testing/throwaway-db.ts';

const fresh = throwawayDbs(openTestDb);

describe('the statements the close writes', () => {
  it('carry their payment date: the 15th of the month after, December in January, August with its annual bonuses in September', async () => {
    const t = await fresh();
    await importDirectory(t.db, { dir: t.folder(companyFiles(syntheticCompany(TODAY))), today: TODAY });
    await closeMonths(t.db, { today: TODAY });
    const rows = await t.db.selectFrom('statements').select(['ada', 'month', 'paid_on', 'items']).orderBy('ada').orderBy('month').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.paid_on, `${r.ada} ${r.month}`).toBe(paymentDateOf(r.month));
    expect(new Set(rows.filter((r) => r.month === '2025-12').map((r) => r.paid_on))).toEqual(new Set(['2026-01-15']));
    const annual = rows.filter((r) => r.items.includes('_ANNUAL'));
    expect(annual.length).toBeGreaterThan(0);
    for (const r of annual) expect([r.month, r.paid_on]).toEqual(['2026-08', '2026-09-15']);
  });
});

// SQLite's own: the first close's index rebuild is on its staged path (close/staging.ts).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the month rows of a first close (SQLite)', () => {
  it('leave the (month, ada) index as the schema has it, and month look-ups use it', async () => {
    const t = await fresh();
    const indexes = async () =>
      (
        await sql<{
          name: string;
          sql: string;
        }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'monthly_results' and sql is not null order by name`.execute(
          t.db,
        )
      ).rows;
    const before = await indexes();
    expect(before.map((i) => i.name)).toEqual(['monthly_results_month']);
    await importDirectory(t.db, { dir: t.folder(companyFiles(syntheticCompany(TODAY))), today: TODAY });
    const progress: string[] = [];
    await closeMonths(t.db, { today: TODAY, progress: (p) => progress.push(p.phase) });
    // The index was built after the rows went in, not kept while they did.
    expect(progress).toContain('index');
    expect(await indexes()).toEqual(before);
    const plan = await sql<{ detail: string }>`explain query plan select ada from monthly_results where month = '2025-12'`.execute(t.db);
    expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/monthly_results_month/);
    const rows = await t.db
      .selectFrom('monthly_results')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('month', '=', '2025-12')
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBeGreaterThan(0);
  });
});
