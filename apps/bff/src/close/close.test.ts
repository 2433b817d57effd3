// The month close on a real database (SQLite; PostgreSQL too in the PostgreSQL suite): its figures
// equal the engine's run in memory on the same facts; it is idempotent; it never closes today's
// month, whose rows stay provisional and follow every import; a closed month takes no more
// orders; closing in steps gives what closing at once gives; the generated demo is left alone.
import { decodePlanSummary, plansFor } from '@abo/plan';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dataVersion } from '../db/data-version.ts';
import type { DB } from '../db/index.ts';
import type { MonthlyResultRow } from '../db/monthly-results.ts';
import { importDirectory } from '../import/import.ts';
import { formatIssue, ImportRejected } from '../import/issues.ts';
import { csv, dumpAll, EXAMPLES_DIR, openTestDb, TODAY, type TestDb } from '../import/import.test-support.ts';
import { seedDatabase } from '../seed/index.ts';
import { closeMonths, CloseRefusedError, CloseUsageError } from './close.ts';
import { formatCloseSummary } from './summary-line.ts';
import { readCloseState } from './state.ts';
import {
  companyFiles,
  engineRun,
  expectedPlanSummary,
  readCompany,
  syntheticCompany,
  type Company,
  type Expected,
} from './close.test-support.ts';
import { throwawayDbs } from '../testing/throwaway-db.ts';

/** A throwaway database, closed after the file's tests. */
const fresh = throwawayDbs(openTestDb);

async function load(t: TestDb, c: Company | string): Promise<void> {
  await importDirectory(t.db, { dir: typeof c === 'string' ? c : t.folder(companyFiles(c)), today: TODAY });
}

async function monthRows(db: DB): Promise<MonthlyResultRow[]> {
  const rows = await sql<MonthlyResultRow>`select * from monthly_results order by ada, month`.execute(db);
  return rows.rows.map(
    (r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && k !== 'ada' && k !== 'month' && k !== 'attended' ? Number(v) : v]),
      ) as unknown as MonthlyResultRow,
  );
}

/** The database's figures against the engine's run in memory: every month row, statement and pin. */
async function expectEngineFigures(db: DB, expected: Expected): Promise<void> {
  const rows = await monthRows(db);
  expect(rows.length).toBe(expected.months.size);
  for (const r of rows) {
    const e = expected.months.get(`${r.ada}|${r.month}`);
    expect(e, `${r.ada} ${r.month}`).toBeDefined();
    expect(
      {
        ppv: r.ppv,
        bvFen: r.bv_fen,
        gpv: r.gpv,
        pgpv: r.pgpv,
        bracket: r.bracket,
        isQ: r.is_q,
        qLegs: r.q_legs,
        isSp: r.is_sp,
        pin: r.pin_code,
        newCustomers: r.new_customers,
        closed: r.closed,
        attended: r.attended,
      },
      `${r.ada} ${r.month}`,
    ).toEqual(e);
    expect(r.apv).toBe(r.pgpv);
  }
  const statements = await db.selectFrom('statements').selectAll().orderBy('ada').orderBy('month').execute();
  expect(statements.length).toBe(expected.statements.size);
  for (const s of statements) {
    const e = expected.statements.get(`${s.ada}|${s.month}`);
    expect(e, `statement ${s.ada} ${s.month}`).toBeDefined();
    const items = JSON.parse(s.items) as { code: string; amountFen: number }[];
    expect(Object.fromEntries(items.map((i) => [i.code, i.amountFen])), `${s.ada} ${s.month}`).toEqual(e!.items);
    expect(Number(s.pretax_fen)).toBe(e!.pretax);
    expect(Number(s.pretax_fen) - Number(s.tax_fen)).toBe(Number(s.net_fen));
  }
  const pins = await db.selectFrom('distributors').select(['ada', 'pin_code', 'pin_month']).execute();
  for (const p of pins) expect({ pin: p.pin_code, month: p.pin_month }, p.ada).toEqual(expected.pins.get(p.ada));
}

describe('closing imported data', () => {
  it('gives the engine’s figures for the example folder: results, statements, pins, plan summaries', async () => {
    const t = await fresh();
    await load(t, EXAMPLES_DIR);
    const s = await closeMonths(t.db, { today: TODAY });
    expect(s).toMatchObject({ changed: true, closed: ['2026-08', '2026-09', '2026-10'], closedThrough: '2026-10', open: ['2026-11'] });
    expect(formatCloseSummary(s)).toMatch(
      /^closed 2026-08 to 2026-10 \(3 months\) for 12 distributors; 2026-11 so far is provisional; \d+ notifications \(\d+ pushes queued\); in \d+\.\d s$/,
    );
    await expectEngineFigures(t.db, engineRun(readCompany(EXAMPLES_DIR), TODAY, '2026-10'));
    const plans = await t.db.selectFrom('plan_results').selectAll().where('py', '=', '26/27').execute();
    expect(plans.length).toBe(12);
    for (const p of plans) expect(decodePlanSummary(p.summary).size).toBe(plansFor('26/27').length);
  });

  it('gives the engine’s figures on a bigger company: Q legs, a pin, the annual bonus, a month of net returns', async () => {
    const t = await fresh();
    const company = syntheticCompany(TODAY);
    await load(t, company);
    await closeMonths(t.db, { today: TODAY });
    const expected = engineRun(company, TODAY, '2026-10');
    await expectEngineFigures(t.db, expected);
    // The case is what it says: the leader rose to Emerald and was paid the annual bonus with August.
    // The case is what it says: the leader rose through Emerald to Founders Emerald (every month of
    // 25/26 an SP month) and was paid the annual bonus with August; a member returned more than bought.
    expect(expected.months.get('70000001|2026-02')!.pin).toBe(370);
    expect(expected.pins.get('70000001')).toEqual({ pin: 375, month: '2026-08' });
    expect(expected.statements.get('70000001|2026-08')?.items).toHaveProperty('EMERALD_ANNUAL');
    expect(expected.statements.get('70000001|2026-08')?.items).toHaveProperty('LEADERSHIP');
    expect(expected.months.get('70000105|2026-10')!.ppv).toBeLessThan(0);
    // A month of net returns earns no points for its PV (new customers still count).
    const returns = (await monthRows(t.db)).find((r) => r.ada === '70000105' && r.month === '2026-10')!;
    expect(returns.points).toBe(30 * returns.new_customers);
    // Every plan summary is the evaluation of the engine's history of that member and PY.
    const plans = await t.db.selectFrom('plan_results').selectAll().orderBy('ada').orderBy('py').execute();
    expect(plans.length).toBeGreaterThan(company.members.length);
    for (const py of ['25/26', '26/27']) {
      for (const m of company.members) {
        const stored = plans.find((p) => p.ada === m.ada && p.py === py)?.summary ?? null;
        expect(stored, `${m.ada} ${py}`).toBe(expectedPlanSummary(company, expected, m.ada, py, TODAY));
      }
    }
  });

  it('is idempotent: a second close writes nothing and keeps the data version', async () => {
    const t = await fresh();
    await load(t, syntheticCompany(TODAY));
    expect((await closeMonths(t.db, { today: TODAY })).changed).toBe(true);
    const before = await dumpAll(t.db);
    const version = await dataVersion(t.db);
    const again = await closeMonths(t.db, { today: TODAY });
    expect(again).toMatchObject({ changed: false, unchanged: 'up to date', closed: [], closedThrough: '2026-10' });
    expect(formatCloseSummary(again)).toMatch(/^close: nothing changed \(closed through 2026-10; 2026-11 so far is up to date\)/);
    expect(await dumpAll(t.db)).toEqual(before);
    expect(await dataVersion(t.db)).toBe(version);
    // Re-importing the same files changes nothing either, so the close after it writes nothing.
    await load(t, syntheticCompany(TODAY));
    expect((await closeMonths(t.db, { today: TODAY })).changed).toBe(false);
    expect(await dumpAll(t.db)).toEqual(before);
  });

  it('never closes today’s month: its rows are provisional and follow the next import', async () => {
    const t = await fresh();
    await load(t, EXAMPLES_DIR);
    await expect(closeMonths(t.db, { today: TODAY, through: '2026-11' })).rejects.toThrow(CloseUsageError);
    await expect(closeMonths(t.db, { today: TODAY, through: '2027-01' })).rejects.toThrow(
      /2027-01 cannot be closed: today \(2026-11-21\) is in 2026-11/,
    );
    await expect(closeMonths(t.db, { today: TODAY, through: '2026-13' })).rejects.toThrow(/must be a month/);
    await closeMonths(t.db, { today: TODAY });
    const november = (await monthRows(t.db)).filter((r) => r.month === '2026-11');
    expect(november.length).toBe(12);
    expect(november.every((r) => r.closed === 0)).toBe(true);
    expect(await t.db.selectFrom('statements').selectAll().where('month', '=', '2026-11').execute()).toEqual([]);
    const closedBefore = (await monthRows(t.db)).filter((r) => r.closed === 1);
    const stateBefore = await readCloseState(t.db);

    // Another import: a new member in November with an order, and one more order of 86000002.
    await load(
      t,
      t.folder({
        'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '86000013,86000002,新一,2026-11-03'),
        'orders.csv': csv('order_id,ada,ordered_at,pv', 'N-1,86000013,2026-11-05T10:00:00,700', 'N-2,86000002,2026-11-18,400'),
      }),
    );
    const s = await closeMonths(t.db, { today: TODAY });
    expect(s).toMatchObject({ changed: true, closed: [], open: ['2026-11'] });
    expect(formatCloseSummary(s)).toMatch(
      /^no month to close \(closed through 2026-10\) for 13 distributors; 2026-11 so far is provisional/,
    );
    const rows = await monthRows(t.db);
    const of = (ada: string) => rows.find((r) => r.ada === ada && r.month === '2026-11')!;
    expect(of('86000013')).toMatchObject({ ppv: 700, gpv: 700, closed: 0 });
    expect(of('86000002')).toMatchObject({ ppv: 1210 + 400, closed: 0 });
    expect(of('86000001').gpv).toBe(november.find((r) => r.ada === '86000001')!.gpv + 1100);
    // The closed months were not touched.
    expect(rows.filter((r) => r.closed === 1)).toEqual(closedBefore);
    const state = await readCloseState(t.db);
    expect(state).toMatchObject({ through: '2026-10', open: '2026-11', closedOn: stateBefore!.closedOn });
    expect(state!.updatedAt >= stateBefore!.updatedAt).toBe(true);
  });

  it('closes the month that ended once today moves on, and an order dated in a closed month is then refused', async () => {
    const t = await fresh();
    await load(t, EXAMPLES_DIR);
    await closeMonths(t.db, { today: TODAY });
    // December: November is complete now.
    const s = await closeMonths(t.db, { today: '2026-12-02' });
    expect(s).toMatchObject({ changed: true, closed: ['2026-11'], closedThrough: '2026-11', open: ['2026-12'] });
    const company = readCompany(EXAMPLES_DIR);
    await expectEngineFigures(t.db, engineRun(company, '2026-12-02', '2026-11'));

    const late = t.folder({
      'orders.csv': csv('order_id,ada,ordered_at,pv', 'L-1,86000001,2026-11-30T20:00:00,300', 'L-2,86000001,2026-12-01,300'),
      'attendance.csv': csv('ada,event_code,attended_on', '86000001,SEM2627-ONLINE,2026-10-30'),
    });
    const before = await dumpAll(t.db);
    const err = await importDirectory(t.db, { dir: late, today: '2026-12-02' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportRejected);
    expect((err as ImportRejected).issues.map(formatIssue)).toEqual([
      'orders.csv:2:3 ordered_at: 2026-11 is already closed (closed through 2026-11): it cannot change any more',
      'attendance.csv:2:3 attended_on: 2026-10 is already closed (closed through 2026-11): it cannot change any more',
    ]);
    expect(await dumpAll(t.db)).toEqual(before);
  });

  it('closing month by month gives exactly what closing at once gives; months left open are provisional', async () => {
    // From March 2024: the later closes keep only the months their plans read (from September
    // 2025), with the pins reached before them.
    const company = syntheticCompany(TODAY, '2024-03');
    const stepwise = await fresh();
    await load(stepwise, company);
    const first = await closeMonths(stepwise.db, { today: TODAY, through: '2026-06' });
    expect(first).toMatchObject({ closedThrough: '2026-06', open: ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11'] });
    const provisional = (await monthRows(stepwise.db)).filter((r) => r.month > '2026-06');
    expect(provisional.length).toBeGreaterThan(0);
    expect(provisional.every((r) => r.closed === 0)).toBe(true);
    // Months left open carry the pins as they stand after the last closed month.
    const held = (await monthRows(stepwise.db)).find((r) => r.ada === '70000001' && r.month === '2026-06')!.pin_code;
    expect(provisional.filter((r) => r.ada === '70000001').every((r) => r.pin_code === held)).toBe(true);
    expect(await stepwise.db.selectFrom('statements').select('month').where('month', '>', '2026-06').execute()).toEqual([]);
    // An earlier month than what is closed closes nothing more.
    const earlier = await closeMonths(stepwise.db, { today: TODAY, through: '2026-03' });
    expect(earlier).toMatchObject({ changed: false, closedThrough: '2026-06' });
    expect(formatCloseSummary(earlier)).toMatch(
      /^close: nothing changed \(closed through 2026-06; 2026-07, 2026-08, 2026-09, 2026-10, 2026-11 so far is up to date\)/,
    );
    await closeMonths(stepwise.db, { today: TODAY, through: '2026-08' });
    await closeMonths(stepwise.db, { today: TODAY });

    const atOnce = await fresh();
    await load(atOnce, company);
    await closeMonths(atOnce.db, { today: TODAY });
    for (const table of ['monthly_results', 'statements', 'plan_results', 'distributors'] as const) {
      const rows = async (db: DB) => (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2`.execute(db)).rows;
      expect(await rows(stepwise.db), table).toEqual(await rows(atOnce.db));
    }
  });

  it('recomputes everything after --replace', async () => {
    const t = await fresh();
    await load(t, EXAMPLES_DIR);
    await closeMonths(t.db, { today: TODAY });
    const closed = await dumpAll(t.db);
    await importDirectory(t.db, { dir: EXAMPLES_DIR, today: TODAY, replace: true });
    expect(await monthRows(t.db)).toEqual([]);
    expect((await closeMonths(t.db, { today: TODAY })).closed).toEqual(['2026-08', '2026-09', '2026-10']);
    const again = await dumpAll(t.db);
    for (const table of ['monthly_results', 'statements', 'plan_results', 'distributors'])
      expect(again[table], table).toEqual(closed[table]);
  });

  it('writes provisional rows for members without any order yet', async () => {
    const t = await fresh();
    await load(
      t,
      t.folder({
        'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '10000010,,甲一,2020-01-01', '10000011,10000010,乙二,2026-11-02'),
      }),
    );
    const s = await closeMonths(t.db, { today: TODAY });
    expect(s).toMatchObject({ changed: true, closed: [], closedThrough: null, open: ['2026-11'] });
    expect((await monthRows(t.db)).map((r) => [r.ada, r.month, r.ppv, r.closed])).toEqual([
      ['10000010', '2026-11', 0, 0],
      ['10000011', '2026-11', 0, 0],
    ]);
  });
});

describe('the generated demo', () => {
  it('comes through the import and the close, and goes on with the next import like any company', async () => {
    const t = await fresh();
    await seedDatabase(t.db, { distributors: 300, seed: 3, today: TODAY });
    // The seed closed every complete month from its orders: closing again has nothing to do.
    expect(await closeMonths(t.db, { today: TODAY })).toMatchObject({ changed: false, unchanged: 'up to date', closedThrough: '2026-10' });
    const ppv = async (month: string) =>
      (
        await t.db
          .selectFrom('monthly_results')
          .select('ppv')
          .where('ada', '=', '10000001')
          .where('month', '=', month)
          .executeTakeFirstOrThrow()
      ).ppv;
    const [open, closed] = [await ppv('2026-11'), await ppv('2026-10')];
    const closedRows = await t.db
      .selectFrom('monthly_results')
      .selectAll()
      .where('closed', '=', 1)
      .orderBy('ada')
      .orderBy('month')
      .execute();

    await load(t, t.folder({ 'orders.csv': csv('order_id,ada,ordered_at,pv', 'D-1,10000001,2026-11-20,100') }));
    expect(await closeMonths(t.db, { today: TODAY })).toMatchObject({ changed: true, closed: [], open: ['2026-11'] });
    expect(await ppv('2026-11')).toBe(open + 100);
    expect(await ppv('2026-10')).toBe(closed);
    expect(await t.db.selectFrom('monthly_results').selectAll().where('closed', '=', 1).orderBy('ada').orderBy('month').execute()).toEqual(
      closedRows,
    );
  });

  it('closed months no imported fact explains are left as they are, and refused to continue', async () => {
    const t = await fresh();
    await seedDatabase(t.db, { distributors: 300, seed: 3, today: TODAY });
    // A database whose figures came from elsewhere: closed months, no orders or attendance.
    await t.db.deleteFrom('orders').execute();
    await t.db.deleteFrom('attendance').execute();
    const before = await dumpAll(t.db);
    expect(await closeMonths(t.db, { today: TODAY })).toMatchObject({ changed: false });
    expect(await dumpAll(t.db)).toEqual(before);

    await load(t, t.folder({ 'orders.csv': csv('order_id,ada,ordered_at,pv', 'D-1,10000001,2026-11-20,100') }));
    const afterImport = await dumpAll(t.db);
    await expect(closeMonths(t.db, { today: TODAY })).rejects.toThrow(CloseRefusedError);
    expect(await dumpAll(t.db)).toEqual(afterImport);
  });
});
