// The import end to end on a real database (SQLite; PostgreSQL too in the PostgreSQL suite):
// each kind of refused row with its file, line and column and nothing written; re-importing
// changes nothing; a return; closed months; growing the tree; --replace keeping staff accounts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDistributor, insertStaff } from '../testing/fixtures.ts';
import { rawSqlite } from '../db/index.ts';
import { dataVersion } from '../db/data-version.ts';
import { formatSummary } from './summary.ts';
import { ImportConflictError, importDirectory, type ImportOptions } from './import.ts';
import { formatIssue, ImportRejected } from './issues.ts';
import { addNotification } from '../notifications/delivery/delivery.test-support.ts';
import { csv, dumpAll, EXAMPLES_DIR, openTestDb, TODAY, type TestDb } from './import.test-support.ts';
import { throwawayDbs } from '../testing/throwaway-db.ts';

const TREE = csv('ada,sponsor_ada,name,joined_on', '10000010,,甲一,2020-01-01', '10000011,10000010,乙二,2021-01-01');

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

/** A fresh database per test that needs one of its own. */
/** A throwaway database, closed after the file's tests. */
const fresh = throwawayDbs(openTestDb);

function run(db: TestDb, dir: string, more: Partial<ImportOptions> = {}) {
  return importDirectory(db.db, { dir, today: TODAY, ...more });
}

/** Imports the files expecting a refusal: the issues as text, and proof nothing was written. */
async function refused(db: TestDb, files: Record<string, string | Buffer>, more: Partial<ImportOptions> = {}): Promise<string[]> {
  const before = await dumpAll(db.db);
  const err = await run(db, db.folder(files), more).then(
    () => {
      throw new Error('the import was accepted');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportRejected);
  expect(await dumpAll(db.db)).toEqual(before);
  return (err as ImportRejected).issues.map(formatIssue);
}

async function count(db: TestDb, table: 'distributors' | 'orders' | 'attendance'): Promise<number> {
  return Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.db)).rows[0]!.n);
}

/** Tree columns recomputed the slow way: pre-order with siblings in the given row order. */
function expectConsistentTree(rows: { ada: string; sponsor_ada: string | null; tree_pos: number; tree_size: number; depth: number }[]) {
  const byAda = new Map(rows.map((r) => [r.ada, r]));
  const positions = rows.map((r) => r.tree_pos).sort((a, b) => a - b);
  expect(positions).toEqual(rows.map((_, i) => i));
  for (const r of rows) {
    const sponsor = r.sponsor_ada ? byAda.get(r.sponsor_ada)! : undefined;
    expect(r.depth).toBe(sponsor ? sponsor.depth + 1 : 0);
    // The downline is exactly the members whose chain of sponsors reaches r.
    const downline = rows.filter((x) => {
      for (let s = x.sponsor_ada; s; s = byAda.get(s)!.sponsor_ada) if (s === r.ada) return true;
      return false;
    });
    expect(r.tree_size).toBe(downline.length + 1);
    for (const x of downline) expect(x.tree_pos > r.tree_pos && x.tree_pos < r.tree_pos + r.tree_size).toBe(true);
  }
}

async function treeRows(db: TestDb) {
  return db.db.selectFrom('distributors').select(['ada', 'sponsor_ada', 'tree_pos', 'tree_size', 'depth']).orderBy('tree_pos').execute();
}

describe('importing the example folder (docs/examples)', () => {
  it('imports cleanly, then a second time writes nothing at all', async () => {
    const db = await fresh();
    const first = await run(db, EXAMPLES_DIR);
    expect(first).toMatchObject({
      distributors: { rows: 12, added: 12, updated: 0 },
      orders: { rows: 38, added: 38 },
      attendance: { rows: 5, added: 5 },
      changed: true,
      months: ['2026-08', '2026-09', '2026-10', '2026-11'],
    });
    expect(formatSummary(first)).toMatch(
      /^imported 12 distributors \(12 new, 0 updated\), 38 orders \(38 new\), 5 attendance rows \(5 new\) in \d+\.\d s$/,
    );
    expectConsistentTree(await treeRows(db));
    const root = await db.db.selectFrom('distributors').selectAll().where('ada', '=', '86000001').executeTakeFirstOrThrow();
    expect(root).toMatchObject({
      name_zh: '张伟',
      name_en: 'Zhang Wei',
      phone: '13800138001',
      market: 'CN',
      user_type: 'ABO',
      pin_code: 230,
      tree_size: 12,
    });

    const before = await dumpAll(db.db);
    const again = await run(db, EXAMPLES_DIR);
    expect(again).toMatchObject({ distributors: { added: 0, updated: 0 }, orders: { added: 0 }, attendance: { added: 0 }, changed: false });
    expect(formatSummary(again)).toMatch(/; nothing changed$/);
    // Not even the data version moved: kept answers stay valid.
    expect(await dumpAll(db.db)).toEqual(before);
  });

  it('keeps a return (negative PV and BV), derives a missing BV from the PY rule and stores China time', async () => {
    const db = await fresh();
    await run(db, EXAMPLES_DIR);
    const ret = await db.db.selectFrom('orders').selectAll().where('order_id', '=', 'EX-2026-09-0010').executeTakeFirstOrThrow();
    expect(ret).toEqual({
      order_id: 'EX-2026-09-0010',
      ada: '86000010',
      ordered_at: '2026-09-28T10:30:00+08:00',
      month: '2026-09',
      pv: -300,
      bv_fen: -30000,
      customer_id: null,
    });
    // No bv column value: PV × the 26/27 rule's fen per PV.
    const derived = await db.db
      .selectFrom('orders')
      .select(['pv', 'bv_fen', 'ordered_at'])
      .where('order_id', '=', 'EX-2026-08-0003')
      .executeTakeFirstOrThrow();
    const { rulesForMonth } = await import('@abo/plan');
    expect(derived).toEqual({ pv: 880, bv_fen: 880 * rulesForMonth('2026-08').bvFenPerPv, ordered_at: '2026-08-07T00:00:00+08:00' });
  });
});

describe('refused rows: every issue names the file, line and column, and nothing is written', () => {
  it('distributors.csv: ADA, duplicate, sponsor, name, dates, shape', async () => {
    const issues = await refused(t, {
      'distributors.csv': csv(
        'ada,sponsor_ada,name,joined_on,phone',
        '10000010,,甲一,2020-01-01,',
        '123,10000010,乙二,2021-01-01,',
        '10000010,,丙三,2020-01-01,',
        '10000012,10000099,丁四,2021-01-01,',
        '10000013,10000010,,2021-01-01,',
        '10000014,10000010,戊五,2021-02-30,',
        '10000015,10000010,己六,2026-11-22,',
        '10000016,10000010,庚七',
        '10000017,10000017,辛八,2021-01-01,',
        '10000018,10000010,壬九,2021-01-01,phone?',
      ),
    });
    expect(issues).toEqual([
      'distributors.csv:3:1 ada: "123" is not an ADA (8 to 12 digits)',
      'distributors.csv:4:1 ada: duplicate ADA 10000010 (first on line 2)',
      'distributors.csv:5:2 sponsor_ada: unknown sponsor 10000099: not in distributors.csv nor in the database',
      'distributors.csv:6:3 name: a name is needed',
      'distributors.csv:7:4 joined_on: "2021-02-30" is not a date (YYYY-MM-DD)',
      'distributors.csv:8:4 joined_on: 2026-11-22 is after today (2026-11-21)',
      'distributors.csv:9: 3 fields, the header has 5',
      'distributors.csv:10:2 sponsor_ada: 10000017 cannot sponsor itself',
      'distributors.csv:11:5 phone: "phone?" is not a phone number',
    ]);
  });

  it('counts lines exactly across blank lines, CRLF endings and a quoted line break', async () => {
    const issues = await refused(t, {
      'distributors.csv': [
        'ada,sponsor_ada,name,joined_on',
        '10000010,,甲一,2020-01-01',
        '',
        '10000011,10000010,"乙',
        '二",2021-01-01',
        ',,,',
        '10000012,10000010,丙三,2021-13-01',
        '',
      ].join('\r\n'),
    });
    expect(issues).toEqual([
      'distributors.csv:4:3 name: a line break inside a field',
      'distributors.csv:7:4 joined_on: "2021-13-01" is not a date (YYYY-MM-DD)',
    ]);
  });

  it('distributors.csv: a sponsor cycle, named with its lines', async () => {
    const issues = await refused(t, {
      'distributors.csv': csv(
        'ada,sponsor_ada,name,joined_on',
        '10000010,,甲一,2020-01-01',
        '10000012,10000014,丙三,2021-01-01',
        '10000013,10000012,丁四,2021-01-01',
        '10000014,10000013,戊五,2021-01-01',
      ),
    });
    expect(issues).toEqual([
      'distributors.csv:3:2 sponsor_ada: sponsor cycle 10000012 → 10000014 → 10000013 → 10000012 (lines 3, 4, 5): every member must lead up to the top of a tree',
    ]);
  });

  it('the header: unknown, repeated and missing columns (the rows are still checked)', async () => {
    const issues = await refused(t, {
      'distributors.csv': csv('ada,sponsor_ada,name,joined_on,colour,Name', '1234,,甲一,2020-01-01,red,x'),
      'orders.csv': csv('order_id,ada,pv', 'O-1,10000010,10'),
    });
    expect(issues).toEqual([
      'distributors.csv:1:5 colour: unknown column "colour" (the columns are ada, sponsor_ada, name, name_en, joined_on, phone, national_id, bank_card, bank_name, shop_code, user_type, pin_held)',
      'distributors.csv:1:6 name: column name appears twice (also column 3)',
      'distributors.csv:2:1 ada: "1234" is not an ADA (8 to 12 digits)',
      'orders.csv:1: required column ordered_at is missing',
    ]);
  });

  it('orders.csv: order id, ADA, dates, PV, BV, customer, and the same order id twice', async () => {
    const issues = await refused(t, {
      'distributors.csv': TREE,
      'orders.csv': csv(
        'order_id,ada,ordered_at,pv,bv,customer_id',
        'O-1,10000010,2026-10-01,abc,,',
        'O-2,10000010,2026-10-01,10,1.234,',
        'O-3,10000010,2026-10-32,10,,',
        'O-4,10000099,2026-10-01,10,,',
        'O-5,1000001,2026-10-01,10,,',
        'O-6,10000011,2020-06-01T10:00:00,10,,',
        'O-7,10000010,2026-11-22T00:30:00,10,,',
        ',10000010,2026-10-01,10,,',
        'O-8,10000010,2026-10-01,10,,',
        'O-8,10000011,2026-10-02,20,,',
        'O-9,10000010,2026-10-01,12.5,,',
        'O-10,10000010,2026-10-01T25:00,5,,',
      ),
    });
    expect(issues).toEqual([
      'orders.csv:2:4 pv: "abc" is not a whole number of PV',
      'orders.csv:3:5 bv: "1.234" is not an amount in CNY (e.g. 128.50)',
      'orders.csv:4:3 ordered_at: "2026-10-32" is not a date or date-time (2026-10-05 or 2026-10-05T14:30:00)',
      'orders.csv:5:2 ada: unknown ADA 10000099: not in distributors.csv nor in the database',
      'orders.csv:6:2 ada: "1000001" is not an ADA (8 to 12 digits)',
      'orders.csv:7:3 ordered_at: 2020-06-01 is before 10000011 joined (2021-01-01)',
      'orders.csv:8:3 ordered_at: 2026-11-22 is after today (2026-11-21)',
      'orders.csv:9:1 order_id: an order id is needed',
      'orders.csv:11:1 order_id: duplicate order id "O-8" (first on line 10)',
      'orders.csv:12:4 pv: "12.5" is not a whole number of PV',
      'orders.csv:13:3 ordered_at: "2026-10-01T25:00" is not a date or date-time (2026-10-05 or 2026-10-05T14:30:00)',
    ]);
  });

  it('attendance.csv: ADA, event code, date, the same row twice', async () => {
    const issues = await refused(t, {
      'distributors.csv': TREE,
      'attendance.csv': csv(
        'event_code,attended_on,ada',
        'SEM2627-ONLINE,2026-10-01,10000010',
        'SEM2627-ONLINE,2026-10-01,10000010',
        'SEM 2627,2026-10-01,10000010',
        'SEM2627-ONLINE,01/10/2026,10000010',
        'SEM2627-ONLINE,2026-10-01,10000099',
      ),
    });
    expect(issues).toEqual([
      'attendance.csv:3:1 event_code: the same attendance as line 2',
      'attendance.csv:4:1 event_code: "SEM 2627" is not an event code (letters, digits, - _ .)',
      'attendance.csv:5:2 attended_on: "01/10/2026" is not a date (YYYY-MM-DD)',
      'attendance.csv:6:3 ada: unknown ADA 10000099: not in distributors.csv nor in the database',
    ]);
  });

  it('files that are not UTF-8 CSV, and a file that does not belong in the folder', async () => {
    // "张三" in GBK, as Excel on a Chinese Windows saves it.
    const gbk = Buffer.concat([
      Buffer.from('ada,sponsor_ada,name,joined_on\n10000010,,'),
      Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]),
      Buffer.from(',2020-01-01\n'),
    ]);
    expect(await refused(t, { 'distributors.csv': gbk })).toEqual([
      'distributors.csv:2:3 name: not UTF-8 text (save the file as UTF-8, not GBK or another code page)',
    ]);
    const quote = await refused(t, {
      'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '10000010,,甲一,2020-01-01', '10000011,10000010,"乙二,2021-01-01'),
    });
    expect(quote).toHaveLength(1);
    expect(quote[0]).toMatch(/^distributors\.csv:\d+: not valid CSV: .*quote/i);
    expect(await refused(t, { 'distributors.csv': TREE, 'order.csv': 'x\n' })).toEqual([
      'order.csv: not a file of an import (they are distributors.csv, orders.csv, attendance.csv)',
    ]);
    expect(await refused(t, { 'orders.csv': '' })).toEqual(['orders.csv: the file is empty: it needs a header row']);
  });

  it('reads only regular files: a link, a pipe or a folder under a file name is refused, not followed', async () => {
    const secret = t.folder({ 'secret.txt': 'root:$6$hash:19000:0:99999:7:::\n' });
    const linked = t.folder({ 'distributors.csv': TREE });
    fs.symlinkSync(path.join(secret, 'secret.txt'), path.join(linked, 'orders.csv'));
    const links = await refused(t, {}, { dir: linked });
    expect(links).toEqual(['orders.csv: not a regular file (a link, a pipe, a folder…): put the file itself in the folder']);
    expect(links.join('\n')).not.toContain('root');
    // A pipe would wait for a writer forever.
    const piped = t.folder({ 'distributors.csv': TREE });
    execFileSync('mkfifo', [path.join(piped, 'attendance.csv')]);
    expect(await refused(t, {}, { dir: piped })).toEqual([
      'attendance.csv: not a regular file (a link, a pipe, a folder…): put the file itself in the folder',
    ]);
    const folder = t.folder({ 'distributors.csv': TREE });
    fs.mkdirSync(path.join(folder, 'orders.csv'));
    expect(await refused(t, {}, { dir: folder })).toEqual([
      'orders.csv: not a regular file (a link, a pipe, a folder…): put the file itself in the folder',
    ]);
  });

  it('refuses two files whose names differ only in case, rather than reading one of them', async () => {
    const orders = csv('order_id,ada,ordered_at,pv', 'A1,10000010,2026-10-05,100');
    expect(await refused(t, { 'distributors.csv': TREE, 'Orders.csv': orders, 'orders.csv': orders })).toEqual([
      'orders.csv: two files named orders.csv: Orders.csv and orders.csv (names are not case sensitive): keep one',
    ]);
  });

  it('reads UTF-16 with a byte-order mark, as the guide says', async () => {
    const d = await fresh();
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TREE, 'utf16le')]);
    await run(d, d.folder({ 'distributors.csv': utf16 }));
    const names = await d.db.selectFrom('distributors').select(['ada', 'name_zh']).orderBy('ada').execute();
    expect(names).toEqual([
      { ada: '10000010', name_zh: '甲一' },
      { ada: '10000011', name_zh: '乙二' },
    ]);
  });

  it('lists the first 50 issues, then how many there are', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `O-${i},10000010,2026-10-01,x${i},`);
    const err = (await run(t, t.folder({ 'distributors.csv': TREE, 'orders.csv': csv('order_id,ada,ordered_at,pv,bv', ...lines) })).catch(
      (e: unknown) => e,
    )) as ImportRejected;
    expect(err).toBeInstanceOf(ImportRejected);
    expect(err.total).toBe(120);
    expect(err.issues).toHaveLength(50);
    expect(err.issues.map((i) => i.line)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    expect(err.message).toMatch(/\n… and 70 more\n120 errors; nothing was imported\.$/);
  });

  it('lists the earliest lines first even when a later check finds them', async () => {
    // Row checks find 60 bad phones; the sponsor check, which runs after the file was read, line 2.
    const rows = Array.from({ length: 60 }, (_, i) => `${10000100 + i},10000010,甲${i},2021-01-01,bad`);
    const err = (await run(
      t,
      t.folder({ 'distributors.csv': csv('ada,sponsor_ada,name,joined_on,phone', '10000010,10000099,甲一,2020-01-01,', ...rows) }),
    ).catch((e: unknown) => e)) as ImportRejected;
    expect(err.total).toBe(61);
    expect(formatIssue(err.issues[0]!)).toBe(
      'distributors.csv:2:2 sponsor_ada: unknown sponsor 10000099: not in distributors.csv nor in the database',
    );
    expect(err.issues.at(-1)!.line).toBe(51);
  });
});

describe('against what the database holds', () => {
  it('refuses an order or attendance in a closed month, and a new member joining in one', async () => {
    const db = await fresh();
    await run(db, db.folder({ 'distributors.csv': TREE }));
    // The close wrote September: months up to it are closed.
    await db.db
      .insertInto('monthly_results')
      .values({
        ada: '10000010',
        month: '2026-09',
        ppv: 0,
        gpv: 0,
        pgpv: 0,
        bv_fen: 0,
        bracket: 0,
        is_q: 0,
        q_legs: 0,
        apv: 0,
        is_sp: 0,
        pin_code: 230,
        new_customers: 0,
        points: 0,
        compliant: 0,
        closed: 1,
        attended: null,
      })
      .execute();
    const issues = await refused(db, {
      'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '10000012,10000010,丙三,2026-08-15', '10000013,10000010,丁四,2026-10-02'),
      'orders.csv': csv(
        'order_id,ada,ordered_at,pv',
        'O-1,10000010,2026-09-30T23:59:59,10',
        'O-2,10000010,2026-10-01,10',
        'O-3,10000011,2026-03-01,10',
      ),
      'attendance.csv': csv('ada,event_code,attended_on', '10000010,SEM2627-ONLINE,2026-09-20'),
    });
    expect(issues).toEqual([
      'distributors.csv:2:4 joined_on: a new member cannot join in a month that is already closed (closed through 2026-09)',
      'orders.csv:2:3 ordered_at: 2026-09 is already closed (closed through 2026-09): it cannot change any more',
      'orders.csv:4:3 ordered_at: 2026-03 is already closed (closed through 2026-09): it cannot change any more',
      'attendance.csv:2:3 attended_on: 2026-09 is already closed (closed through 2026-09): it cannot change any more',
    ]);
    // The open month takes them; a time given in another zone counts in China's month.
    const ok = await run(
      db,
      db.folder({
        'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '10000013,10000010,丁四,2026-10-02'),
        'orders.csv': csv('order_id,ada,ordered_at,pv', 'O-2,10000010,2026-10-01,10', 'O-4,10000010,2026-09-30T16:30:00Z,5'),
      }),
    );
    expect(ok).toMatchObject({ distributors: { added: 1 }, orders: { added: 2 }, months: ['2026-10'] });
    const o4 = await db.db.selectFrom('orders').select(['ordered_at', 'month']).where('order_id', '=', 'O-4').executeTakeFirstOrThrow();
    expect(o4).toEqual({ ordered_at: '2026-10-01T00:30:00+08:00', month: '2026-10' });
  });

  it('refuses an order id imported before with other content, and a member moved or re-dated', async () => {
    const db = await fresh();
    await run(
      db,
      db.folder({
        'distributors.csv': TREE,
        'orders.csv': csv(
          'order_id,ada,ordered_at,pv,bv,customer_id',
          'O-1,10000010,2026-10-01,10,,',
          'O-2,10000011,2026-10-02T08:00:00,20,30.00,C1',
        ),
      }),
    );
    const issues = await refused(db, {
      'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '10000012,,丙三,2020-01-01', '10000011,10000012,乙二,2021-01-02'),
      'orders.csv': csv(
        'customer_id,order_id,ada,ordered_at,pv,bv',
        ',O-1,10000010,2026-10-01,12,',
        'C2,O-2,10000011,2026-10-02T08:00:00,20,30.00',
        ',O-3,10000010,2026-10-03,5,',
      ),
    });
    expect(issues).toEqual([
      'distributors.csv:3:2 sponsor_ada: 10000011 is sponsored by 10000010 in the database: moving a member needs --replace',
      'distributors.csv:3:4 joined_on: 10000011 joined on 2021-01-01 in the database: changing it needs --replace',
      'orders.csv:2:5 pv: order "O-1" was imported before with pv 10, now 12: send a change as a new order (a return has negative PV)',
      'orders.csv:3:1 customer_id: order "O-2" was imported before with customer_id C1, now C2: send a change as a new order (a return has negative PV)',
    ]);
  });

  it('adds members anywhere in the tree, renumbers it, and updates names and contact fields it is given', async () => {
    const db = await fresh();
    await run(db, EXAMPLES_DIR);
    const before = await treeRows(db);
    const res = await run(
      db,
      db.folder({
        // phone given (one changed), bank_name not: that column is left alone.
        'distributors.csv': csv(
          'ada,sponsor_ada,name,name_en,joined_on,phone',
          '86000002,86000001,王芳芳,Wang Fang,2019-06-03,13800138002',
          '86000005,86000002,陈静,Chen Jing,2022-02-08,13900000005',
          '86000013,86000002,新一,,2026-11-01,',
          '86000014,86000012,新二,,2026-11-02,',
          '86000015,86000014,新三,,2026-11-03,',
        ),
        'orders.csv': csv('order_id,ada,ordered_at,pv', 'EX-2026-11-0100,86000015,2026-11-03T12:00:00,150'),
      }),
    );
    expect(res).toMatchObject({ distributors: { rows: 5, added: 3, updated: 2 }, orders: { rows: 1, added: 1 } });
    const after = await treeRows(db);
    expectConsistentTree(after);
    expect(after).toHaveLength(15);
    // Existing siblings keep their order; the new member comes after its sponsor's other children.
    const order = (rows: { ada: string }[]) => rows.map((r) => r.ada).filter((a) => a <= '86000012');
    expect(order(after)).toEqual(order(before));
    const wang = await db.db.selectFrom('distributors').selectAll().where('ada', '=', '86000002').executeTakeFirstOrThrow();
    expect(wang).toMatchObject({ name_zh: '王芳芳', bank_name: '招商银行', phone: '13800138002' });
    const chen = await db.db.selectFrom('distributors').selectAll().where('ada', '=', '86000005').executeTakeFirstOrThrow();
    expect(chen).toMatchObject({ phone: '13900000005', bank_name: '建设银行' });
    expect(
      (await db.db.selectFrom('distributors').select('tree_size').where('ada', '=', '86000001').executeTakeFirstOrThrow()).tree_size,
    ).toBe(15);
  });

  // SQLite only: the change has to land between the checks and the write, from inside the progress callback.
  it.skipIf(process.env.TEST_DATABASE_URL)('writes nothing when another writer changed the data while the files were checked', async () => {
    const db = await fresh();
    const sqlite = rawSqlite(db.db)!;
    const err = await run(db, db.folder({ 'distributors.csv': TREE }), {
      progress: (p) => {
        // Another import, a seed or a close committing meanwhile moves the data version.
        if (p.phase === 'write' && p.done === 0) sqlite.prepare(`insert into meta (key, value) values ('seeded_at', 'elsewhere')`).run();
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportConflictError);
    expect(await count(db, 'distributors')).toBe(0);
  });

  it('moves the data version when it writes, so running servers drop kept answers', async () => {
    const db = await fresh();
    const v0 = await dataVersion(db.db);
    await run(db, db.folder({ 'distributors.csv': TREE }));
    const v1 = await dataVersion(db.db);
    expect(v1).not.toBe(v0);
    await run(db, db.folder({ 'orders.csv': csv('order_id,ada,ordered_at,pv', 'O-1,10000010,2026-10-01,10') }));
    expect(await dataVersion(db.db)).not.toBe(v1);
  });

  it('names whom the hourly files touch, with their uplines, so the answers about the others are kept', async () => {
    const db = await fresh();
    const tree = csv(
      'ada,sponsor_ada,name,joined_on',
      '10000010,,甲一,2020-01-01',
      '10000011,10000010,乙二,2021-01-01',
      '10000012,10000011,丙三,2021-02-01',
      '10000013,10000010,丁四,2021-03-01',
      '10000014,,戊五,2021-04-01',
    );
    await run(db, db.folder({ 'distributors.csv': tree }));
    const changes = () => db.db.selectFrom('answer_changes').select('adas').orderBy('seq').execute();
    const replaced = async () => (await db.db.selectFrom('meta').select('value').where('key', '=', 'seeded_at').executeTakeFirst())?.value;
    // The first load replaces the data as a whole.
    expect(await changes()).toEqual([]);
    const first = await replaced();
    expect(first).toBeDefined();
    await run(db, db.folder({ 'orders.csv': csv('order_id,ada,ordered_at,pv', 'O-1,10000012,2026-10-01,10') }));
    const [orders] = await changes();
    expect(orders!.adas.split('\n').sort()).toEqual(['10000010', '10000011', '10000012']);
    // Re-imported, nothing is new: nothing is marked.
    await run(db, db.folder({ 'orders.csv': csv('order_id,ada,ordered_at,pv', 'O-1,10000012,2026-10-01,10') }));
    expect(await changes()).toHaveLength(1);
    // A member joining names them and their uplines, wherever the tree puts them; and takes the next number.
    await run(db, db.folder({ 'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '10000015,10000014,己六,2026-10-02') }));
    expect((await changes())[1]!.adas.split('\n').sort()).toEqual(['10000014', '10000015']);
    await run(db, db.folder({ 'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '10000016,10000013,庚七,2026-10-03') }));
    expect((await changes())[2]!.adas.split('\n').sort()).toEqual(['10000010', '10000013', '10000016']);
    const numbers = await db.db.selectFrom('distributors').select(['ada', 'member_no', 'tree_pos']).orderBy('member_no').execute();
    // Numbered in tree order at the first load; each later joiner the next number, while positions moved.
    expect(numbers.map((d) => [d.ada, d.member_no])).toEqual([
      ['10000010', 0],
      ['10000011', 1],
      ['10000012', 2],
      ['10000013', 3],
      ['10000014', 4],
      ['10000015', 5],
      ['10000016', 6],
    ]);
    expect(numbers.find((d) => d.ada === '10000014')!.tree_pos).toBe(5);
    // A member's own details changing replaces the data as a whole (an answer may show an upline's name).
    expect(await replaced()).toBe(first);
    await run(db, db.folder({ 'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '10000014,,戊五改,2021-04-01') }));
    expect(await changes()).toHaveLength(3);
    expect(await replaced()).not.toBe(first);
  });
});

describe('--replace', () => {
  it('replaces distributors, orders, attendance and all derived from them; staff accounts stay', async () => {
    const db = await fresh();
    await insertDistributor(db.db, '10000001');
    // The same person as in the files (name 张伟): what is theirs stays.
    await insertDistributor(db.db, '86000001', {
      name_zh: '张伟',
      market: 'HK',
      head_image: 'https://thirdwx.qlogo.cn/a.png',
      pin_code: 340,
    });
    await insertStaff(db.db, 'staff01');
    const now = new Date().toISOString();
    await db.db
      .insertInto('user_settings')
      .values([
        { ada: '10000001', target_pin: 330, shop_code: null, biennial_tag: null, updated_at: now },
        { ada: '86000001', target_pin: 340, shop_code: null, biennial_tag: null, updated_at: now },
      ])
      .execute();
    await db.db.insertInto('plan_results').values({ ada: '10000001', py: '26/27', summary: '{}' }).execute();
    await db.db
      .insertInto('session_tokens')
      .values([
        { token_hash: 'a', ada: '10000001', kind: 'distributor', expires_at: now, used_at: null },
        { token_hash: 'b', ada: 'staff01', kind: 'staff', expires_at: now, used_at: null },
      ])
      .execute();
    await run(
      db,
      db.folder({ 'distributors.csv': TREE, 'orders.csv': csv('order_id,ada,ordered_at,pv', 'OLD-1,10000010,2026-10-01,10') }),
      {},
    );

    const res = await run(db, EXAMPLES_DIR, { replace: true });
    expect(res).toMatchObject({ replaced: true, distributors: { rows: 12, added: 11 }, orders: { added: 38 }, attendance: { added: 5 } });
    expect(formatSummary(res)).toMatch(/^replaced the data with 12 distributors \(11 new\), 38 orders \(38 new\)/);
    expect(await count(db, 'distributors')).toBe(12);
    expect(await count(db, 'orders')).toBe(38);
    const creds = await db.db.selectFrom('credentials').select(['username', 'kind']).orderBy('username').execute();
    expect(creds).toEqual([
      { username: '86000001', kind: 'distributor' },
      { username: 'staff01', kind: 'staff' },
    ]);
    expect(await db.db.selectFrom('user_settings').select('ada').execute()).toEqual([{ ada: '86000001' }]);
    // What the files do not carry stays with a member still there; pins wait for the close.
    const kept = await db.db
      .selectFrom('distributors')
      .select(['market', 'head_image', 'pin_code', 'name_zh'])
      .where('ada', '=', '86000001')
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ market: 'HK', head_image: 'https://thirdwx.qlogo.cn/a.png', pin_code: 230, name_zh: '张伟' });
    expect(await db.db.selectFrom('plan_results').selectAll().execute()).toEqual([]);
    expect(await db.db.selectFrom('session_tokens').select('token_hash').execute()).toEqual([{ token_hash: 'b' }]);
    expectConsistentTree(await treeRows(db));
    // Replacing with the same files again: the same rows.
    const before = await dumpAll(db.db);
    await run(db, EXAMPLES_DIR, { replace: true });
    const after = await dumpAll(db.db);
    expect({ ...after, meta: [] }).toEqual({ ...before, meta: [] });
  });

  it('drops all of those who left and of a reused ADA; pushes of those who stay are cancelled', async () => {
    const db = await fresh();
    const head = 'ada,sponsor_ada,name,joined_on,national_id';
    await run(
      db,
      db.folder({
        'distributors.csv': csv(
          head,
          '10000010,,甲一,2020-01-01,110105194912310021',
          '10000011,10000010,乙二,2021-01-01,110105195001010022',
          '10000012,10000010,丙三,2021-02-01,110105195001010023',
        ),
      }),
    );
    const everyone = ['10000010', '10000011', '10000012'];
    const now = new Date().toISOString();
    for (const ada of everyone) {
      await db.db
        .insertInto('credentials')
        .values({ username: ada, ada, kind: 'distributor', display_name: ada, password_hash: 'x' })
        .execute();
      await addNotification(db.db, { ada, eventKey: `closed-${ada}` });
      await db.db
        .insertInto('notification_preferences')
        .values({ ada, kinds: '{}', channels: '{}', quiet_from: null, quiet_to: null, updated_at: now })
        .execute();
      await db.db
        .insertInto('document_links')
        .values({
          token_hash: `t-${ada}`,
          cookie_hash: 'c',
          actor: ada,
          ada,
          channel: 'wec',
          staff: 0,
          request: '{}',
          created_at: now,
          expires_at: now,
          used_at: null,
        })
        .execute();
    }
    await db.db
      .insertInto('watchlist')
      .values({ ada: '10000010', member_ada: '10000011', note: '乙二: call back', created_at: now, updated_at: now })
      .execute();

    // 10000011 now belongs to someone else; 10000012 left.
    await run(
      db,
      db.folder({
        'distributors.csv': csv(
          head,
          '10000010,,甲一,2020-01-01,110105194912310021',
          '10000011,10000010,孙四,2024-05-01,320102198001010021',
        ),
      }),
      { replace: true },
    );
    const adas = async (
      table:
        'credentials' | 'notifications' | 'notification_outbox' | 'notification_preferences' | 'notification_addresses' | 'document_links',
    ) => [...new Set((await db.db.selectFrom(table).select('ada').execute()).map((r) => r.ada))].sort();
    for (const table of [
      'credentials',
      'notifications',
      'notification_outbox',
      'notification_preferences',
      'notification_addresses',
      'document_links',
    ] as const) {
      expect(await adas(table), table).toEqual(['10000010']);
    }
    expect(await db.db.selectFrom('watchlist').selectAll().execute()).toEqual([]);
    // Figures rewritten: a push queued on the old ones is not sent.
    const pushes = await db.db.selectFrom('notification_outbox').select(['status', 'last_error']).execute();
    expect(pushes).toEqual([
      { status: 'skipped', last_error: 'the data was replaced (import --replace)' },
      { status: 'skipped', last_error: 'the data was replaced (import --replace)' },
    ]);
  });

  it('needs distributors.csv, and checks sponsors against the file alone', async () => {
    const db = await fresh();
    await run(db, db.folder({ 'distributors.csv': TREE }));
    await expect(run(db, db.folder({ 'orders.csv': csv('order_id,ada,ordered_at,pv') }), { replace: true })).rejects.toThrow(
      /--replace replaces the whole tree/,
    );
    const issues = await refused(
      db,
      { 'distributors.csv': csv('ada,sponsor_ada,name,joined_on', '10000012,10000010,丙三,2021-01-01') },
      { replace: true },
    );
    expect(issues).toEqual([
      'distributors.csv:2:2 sponsor_ada: unknown sponsor 10000010: not in distributors.csv (--replace: the file is the whole tree)',
    ]);
  });
});

describe('the demo dataset and a company import', () => {
  const claim = async (d: TestDb) => (await d.db.selectFrom('meta').select('value').where('key', '=', 'seed').executeTakeFirst())?.value;

  it("a company's import that writes removes the seed's claim; the demo's own rows and an import writing nothing keep it", async () => {
    const d = await fresh();
    await d.db.insertInto('meta').values({ key: 'seed', value: '{"seed":42}' }).execute();
    await run(d, d.folder({ 'distributors.csv': TREE }), { demoRows: true });
    expect(await claim(d)).toBe('{"seed":42}');
    await run(d, d.folder({ 'distributors.csv': TREE }));
    expect(await claim(d)).toBe('{"seed":42}');
    // Demo mode keys on the claim (startup/prepare-data.ts): the database is a company's now.
    await run(d, EXAMPLES_DIR);
    expect(await claim(d)).toBeUndefined();
  });
});
