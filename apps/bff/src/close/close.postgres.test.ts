// PostgreSQL parity (the PostgreSQL suite): the same facts closed on PostgreSQL and on SQLite give
// the same rows, month by month and once more after an import into the open month; a second
// close writes nothing there either. (close.test.ts runs on PostgreSQL too in this suite.)
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dataVersion } from '../db/data-version.ts';
import type { DB } from '../db/index.ts';
import { importDirectory } from '../import/import.ts';
import { csv, openTestDb, TODAY } from '../import/import.test-support.ts';
import { closeMonths } from './close.ts';
import { companyFiles, syntheticCompany } from './close.test-support.ts';
import { throwawayDbs } from '../testing/throwaway-db.ts';

const open = throwawayDbs(openTestDb);

/** Every row of the tables the close writes, numbers as numbers (PostgreSQL's bigint comes as text). */
async function closed(db: DB): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of ['monthly_results', 'statements', 'plan_results', 'distributors']) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2`.execute(db)).rows;
    out[table] = rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /_fen$/.test(k) ? Number(v) : v])),
    );
  }
  return out;
}

describe('the close on PostgreSQL', () => {
  it('writes exactly the rows it writes to SQLite, and nothing the second time', async () => {
    const pg = await open('postgres');
    const lite = await open('sqlite');
    const company = syntheticCompany(TODAY);
    const more = {
      'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '70000900,70000011,新一,2026-11-02'),
      'orders.csv': csv(
        'order_id,ada,ordered_at,pv,bv,customer_id',
        'P-1,70000900,2026-11-03T09:00:00,900,,C-77',
        'P-2,70000011,2026-11-04,-200,,',
      ),
    };
    for (const t of [pg, lite]) {
      await importDirectory(t.db, { dir: t.folder(companyFiles(company)), today: TODAY });
      expect(await closeMonths(t.db, { today: TODAY, through: '2026-07' })).toMatchObject({ changed: true, closedThrough: '2026-07' });
      expect(await closeMonths(t.db, { today: TODAY })).toMatchObject({ changed: true, closed: ['2026-08', '2026-09', '2026-10'] });
      const version = await dataVersion(t.db);
      expect(await closeMonths(t.db, { today: TODAY })).toMatchObject({ changed: false });
      expect(await dataVersion(t.db)).toBe(version);
      await importDirectory(t.db, { dir: t.folder(more), today: TODAY });
      expect(await closeMonths(t.db, { today: TODAY })).toMatchObject({ changed: true, closed: [], open: ['2026-11'] });
    }
    const [a, b] = [await closed(pg.db), await closed(lite.db)];
    for (const table of Object.keys(a)) {
      expect(a[table]!.length, table).toBeGreaterThan(0);
      expect(a[table], table).toEqual(b[table]);
    }
  });
});

describe('the first close on PostgreSQL, in runs of a few months', () => {
  /** The keys and indexes of the tables the close fills, as PostgreSQL defines them. */
  const indexes = async (db: DB) =>
    (
      await sql<{ def: string }>`select indexdef as def from pg_indexes
        where schemaname = current_schema() and tablename in ('monthly_results', 'statements', 'plan_results') order by indexname`.execute(
        db,
      )
    ).rows.map((r) => r.def);

  it('leaves the tables it filled with their keys and indexes, and with planner statistics', async () => {
    const t = await open('postgres');
    const before = await indexes(t.db);
    expect(before.join('\n')).toContain('monthly_results_pk');
    await importDirectory(t.db, { dir: t.folder(companyFiles(syntheticCompany(TODAY))), today: TODAY });
    expect(await closeMonths(t.db, { today: TODAY, segmentMonths: 2 })).toMatchObject({ changed: true, closedThrough: '2026-10' });
    expect(await indexes(t.db)).toEqual(before);
    // The key is checked again: a second row of a member and month is refused.
    await expect(
      sql`insert into monthly_results select * from monthly_results where month = '2026-10' limit 1`.execute(t.db),
    ).rejects.toThrow(/monthly_results_pk/);
    const analyzed = await sql<{ table: string }>`select distinct tablename as table from pg_stats
      where schemaname = current_schema() and tablename in ('monthly_results', 'statements', 'plan_results') order by 1`.execute(t.db);
    expect(analyzed.rows.map((r) => r.table)).toEqual(['monthly_results', 'plan_results', 'statements']);
  });
});
