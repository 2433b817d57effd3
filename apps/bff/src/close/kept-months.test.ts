// The closed months the plans look back to, kept as checkpoint parts (kept-months.ts): a close
// reading them from the parts writes exactly what it writes reading them from monthly_results,
// it does read them from the parts, and only the months a later close reads back are kept.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/index.ts';
import { importDirectory } from '../import/import.ts';
import { openTestDb } from '../import/import.test-support.ts';
import { throwawayDbs } from '../testing/throwaway-db.ts';
import { closeMonths } from './close.ts';
import { filesBetween, randomCompany } from './close.test-support.ts';

const fresh = throwawayDbs(openTestDb);

/** The rows a close writes, numbers as numbers; of close_checkpoint, all but the kept months. */
async function written(db: DB, from = '0000-00'): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of ['monthly_results', 'statements', 'plan_results', 'distributors', 'close_checkpoint']) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2`.execute(db)).rows;
    out[table] = rows
      .filter((row) => !(table === 'close_checkpoint' && String(row['part']).startsWith('kept.')))
      .filter((row) => table !== 'monthly_results' || String(row['month']) >= from)
      .map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && k !== 'ada' ? Number(v) : v]),
        ),
      );
  }
  return out;
}

async function keptMonths(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('close_checkpoint').select('part').where('part', 'like', 'kept.%').orderBy('part').execute();
  return rows.map((r) => r.part.slice('kept.'.length));
}

/** The stored list the parts are of, as bytes and as ADAs. */
async function keptMembers(db: DB): Promise<{ data: Uint8Array; ada: string[] }> {
  const row = await db.selectFrom('close_checkpoint').select('data').where('part', '=', 'kept.members').executeTakeFirstOrThrow();
  return { data: Buffer.from(row.data), ada: JSON.parse(inflateRawSync(row.data).toString('utf8')) as string[] };
}

/** Import and close days: within a month, across month ends and a PY end (31 August → 1 September). */
const DAYS = ['2026-06-20', '2026-07-03', '2026-08-30', '2026-09-02', '2026-10-14', '2026-11-02', '2026-11-10', '2026-12-01'];

describe('the closed months kept as parts', () => {
  it('give a close exactly what monthly_results gives, month end after month end', async () => {
    const company = randomCompany(11, DAYS.at(-1)!);
    // `parts` keeps them; `table` loses them before each close, so reads every kept month back from monthly_results.
    const parts = await fresh();
    const table = await fresh();
    let known = '0000-00-00';
    for (const today of DAYS) {
      for (const t of [parts, table]) await importDirectory(t.db, { dir: t.folder(filesBetween(company, known, today)), today });
      known = today;
      await table.db.deleteFrom('close_checkpoint').where('part', 'like', 'kept.%').execute();
      const a = await closeMonths(parts.db, { today, notify: false });
      const b = await closeMonths(table.db, { today, notify: false });
      expect(a.rows).toEqual(b.rows);
      expect(await written(parts.db)).toEqual(await written(table.db));
    }
    expect(await keptMonths(parts.db)).not.toEqual([]);
  });

  it('are what a month’s end reads: with their rows gone from the table, the plans come out the same', async () => {
    const company = randomCompany(12, '2026-11-02');
    const parts = await fresh();
    const table = await fresh();
    let known = '0000-00-00';
    for (const today of ['2026-10-14', '2026-10-30', '2026-11-02']) {
      for (const t of [parts, table]) await importDirectory(t.db, { dir: t.folder(filesBetween(company, known, today)), today });
      known = today;
      // Before the month's end, the rows of the months kept as parts leave monthly_results, but
      // the last closed month's (where the close finds what is closed).
      if (today === '2026-11-02') {
        const kept = await keptMonths(parts.db);
        expect(kept).toHaveLength(15);
        const gone = kept.filter((m) => m !== 'members' && m < '2026-09');
        await parts.db.deleteFrom('monthly_results').where('month', 'in', gone).execute();
      }
      const a = await closeMonths(parts.db, { today, notify: false });
      const b = await closeMonths(table.db, { today, notify: false });
      expect(a.resumedAfter).toBe(b.resumedAfter);
    }
    // October closes now; plan_results and the months written from October on as a close reading the table writes them.
    expect(await written(parts.db, '2026-10')).toEqual(await written(table.db, '2026-10'));
  });

  it('are kept by the first month’s end of a database that has none, of the months it reads back', async () => {
    const company = randomCompany(14, '2026-11-02');
    const t = await fresh();
    let known = '0000-00-00';
    for (const today of ['2026-10-14', '2026-10-30', '2026-11-02']) {
      await importDirectory(t.db, { dir: t.folder(filesBetween(company, known, today)), today });
      known = today;
      // As a database closed before the parts were: none kept.
      if (today === '2026-11-02') await t.db.deleteFrom('close_checkpoint').where('part', 'like', 'kept.%').execute();
      await closeMonths(t.db, { today, notify: false });
    }
    // Read back from the table, September 2025 to September 2026, and October closing now; of August
    // 2025 the close reads only the pin held before, for all but the first month's end of a database.
    const months = await keptMonths(t.db);
    expect(months[0]).toBe('2025-09');
    expect(months.at(-2)).toBe('2026-10');
    expect(months).toHaveLength(15);
  });

  it('are of a list of members written again only when members joined, appended in ADA order', async () => {
    // Its members joined by May 2026; two more join in November.
    const base = randomCompany(17, '2026-12-01');
    const joining = [
      { ada: '80009002', sponsor: '80000001', joined: '2026-11-10' },
      { ada: '80009001', sponsor: '80009002', joined: '2026-11-20' },
    ];
    const company = { ...base, members: [...base.members, ...joining] };
    const t = await fresh();
    const everyone = async () => (await t.db.selectFrom('distributors').select('ada').execute()).map((r) => r.ada).sort();
    let known = '0000-00-00';
    const closeOn = async (today: string) => {
      await importDirectory(t.db, { dir: t.folder(filesBetween(company, known, today)), today });
      known = today;
      await closeMonths(t.db, { today, notify: false });
    };
    await closeOn('2026-10-14');
    const first = await keptMembers(t.db);
    expect(first.ada).toEqual(await everyone());
    // The same list stored as other bytes: a close that writes it again shows.
    const marked = deflateRawSync(Buffer.from(JSON.stringify(first.ada)), { level: 9 });
    expect(marked).not.toEqual(first.data);
    await t.db.updateTable('close_checkpoint').set({ data: marked }).where('part', '=', 'kept.members').execute();

    // October closes with no member new since: the list is left as it was.
    await closeOn('2026-11-02');
    expect((await keptMembers(t.db)).data).toEqual(marked);

    // November brings new members: appended, after those listed, in ADA order.
    await closeOn('2026-12-01');
    const now = await keptMembers(t.db);
    expect(now.ada.slice(0, first.ada.length)).toEqual(first.ada);
    expect(now.ada.slice(first.ada.length)).toEqual(['80009001', '80009002']);
    expect([...now.ada].sort()).toEqual(await everyone());
  });

  it('keep only the months a later close reads back, and start again after the history is replaced', async () => {
    const company = randomCompany(13, '2026-12-01');
    const t = await fresh();
    let known = '0000-00-00';
    for (const today of ['2025-10-02', '2026-08-30', '2026-09-02', '2026-12-01']) {
      await importDirectory(t.db, { dir: t.folder(filesBetween(company, known, today)), today });
      known = today;
      await closeMonths(t.db, { today, notify: false });
    }
    // At 1 December the plans of PY 2027 (from September 2026) look back one PY more, two-year
    // plans included: September 2025 on, and August 2025 for the pin held before it.
    const kept = await keptMonths(t.db);
    expect(kept[0]).toBe('2025-08');
    expect(kept.at(-2)).toBe('2026-11');
    expect(kept.at(-1)).toBe('members');
    expect(kept).toHaveLength(17);

    await importDirectory(t.db, { dir: t.folder(filesBetween(company, '0000-00-00', '2026-12-01')), today: '2026-12-01', replace: true });
    expect(await keptMonths(t.db)).toEqual([]);
    await closeMonths(t.db, { today: '2026-12-01', notify: false });
    expect(await keptMonths(t.db)).toEqual(kept);
  });
});
