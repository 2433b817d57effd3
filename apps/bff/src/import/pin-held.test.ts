// distributors.csv's optional `pin_held` (docs/data-import.md): a pin code of the plan, checked
// like every other cell (file:line:column), stored on the member (Member, 230, is the same as
// none), their pin until the close; an existing member's cannot change but with --replace.
// SQLite; PostgreSQL too in the PostgreSQL suite.
import { describe, expect, it } from 'vitest';
import { importDirectory, type ImportOptions } from './import.ts';
import { formatIssue, ImportRejected } from './issues.ts';
import { csv, dumpAll, openTestDb, TODAY, type TestDb } from './import.test-support.ts';
import { throwawayDbs } from '../testing/throwaway-db.ts';

/** A throwaway database, closed after the file's tests. */
const fresh = throwawayDbs(openTestDb);
const run = (t: TestDb, files: Record<string, string>, more: Partial<ImportOptions> = {}) =>
  importDirectory(t.db, { dir: t.folder(files), today: TODAY, ...more });

async function refused(t: TestDb, files: Record<string, string>): Promise<string[]> {
  const before = await dumpAll(t.db);
  const err = await run(t, files).then(
    () => new Error('the import was accepted'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportRejected);
  expect(await dumpAll(t.db)).toEqual(before);
  return (err as ImportRejected).issues.map(formatIssue);
}

async function pins(t: TestDb) {
  const rows = await t.db.selectFrom('distributors').select(['ada', 'pin_code', 'pin_month', 'pin_held']).orderBy('ada').execute();
  return rows.map((r) => [r.ada, Number(r.pin_code), r.pin_month, r.pin_held === null ? null : Number(r.pin_held)]);
}

const HEAD = 'ada,sponsor_ada,name,joined_on,pin_held';
const CODES = '230, 310, 320, 330, 340, 342, 365, 367, 370, 375, 380, 385, 390, 395, 400';

describe('distributors.csv pin_held', () => {
  it('refuses what is not a pin code, at its file, line and column, and writes nothing', async () => {
    const t = await fresh();
    const issues = await refused(t, {
      'distributors.csv': csv(
        HEAD,
        '86300001,,钱钻,2012-03-01,999',
        '86300002,86300001,孙银,2018-06-01,Diamond',
        '86300003,86300001,李新,2019-01-01,38',
      ),
    });
    expect(issues).toEqual([
      `distributors.csv:2:5 pin_held: "999" is not a pin code (${CODES}; empty: none before the history)`,
      `distributors.csv:3:5 pin_held: "Diamond" is not a pin code (${CODES}; empty: none before the history)`,
      `distributors.csv:4:5 pin_held: "38" is not a pin code (${CODES}; empty: none before the history)`,
    ]);
  });

  it('stores the pin held (Member or empty: none), which is the member’s pin until a close', async () => {
    const t = await fresh();
    await run(t, {
      'distributors.csv': csv(
        HEAD,
        '86300001,,钱钻,2012-03-01,380',
        '86300002,86300001,孙银,2018-06-01,230',
        '86300003,86300001,李新,2019-01-01,',
      ),
    });
    expect(await pins(t)).toEqual([
      ['86300001', 380, null, 380],
      ['86300002', 230, null, null],
      ['86300003', 230, null, null],
    ]);
  });

  it('an existing member keeps it: the same value or no column change nothing, another value needs --replace', async () => {
    const t = await fresh();
    const tree = csv(HEAD, '86300001,,钱钻,2012-03-01,380', '86300002,86300001,孙银,2018-06-01,');
    await run(t, { 'distributors.csv': tree });
    expect((await run(t, { 'distributors.csv': tree })).changed).toBe(false);
    const without = csv('ada,sponsor_ada,name,joined_on', '86300001,,钱钻,2012-03-01', '86300002,86300001,孙银,2018-06-01');
    expect((await run(t, { 'distributors.csv': without })).changed).toBe(false);
    expect(
      await refused(t, { 'distributors.csv': csv(HEAD, '86300001,,钱钻,2012-03-01,385', '86300002,86300001,孙银,2018-06-01,330') }),
    ).toEqual([
      'distributors.csv:2:5 pin_held: 86300001 held 380 before the history in the database: changing it needs --replace',
      'distributors.csv:3:5 pin_held: 86300002 held no pin before the history in the database: changing it needs --replace',
    ]);
    await run(
      t,
      { 'distributors.csv': csv(HEAD, '86300001,,钱钻,2012-03-01,385', '86300002,86300001,孙银,2018-06-01,330') },
      { replace: true },
    );
    expect(await pins(t)).toEqual([
      ['86300001', 385, null, 385],
      ['86300002', 330, null, 330],
    ]);
  });
});
