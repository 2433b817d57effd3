import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { uniqueSchemaName } from '../../testing/throwaway-db.ts';
import {
  closeDatabase,
  dialectOf,
  MIGRATION_NAMES,
  migrateToLatest,
  migrationsNamed,
  openPostgres,
  openSqlite,
  type DB,
} from '../index.ts';
import * as m0001 from './0001-initial.ts';
import * as m0002 from './0002-analytics-retention.ts';
import * as m0003 from './0003-orders-and-attendance.ts';
import * as m0004 from './0004-statement-payment-date.ts';
import * as m0005 from './0005-open-month-passed-up.ts';
import * as m0006 from './0006-document-links.ts';
import * as m0007 from './0007-notifications.ts';
import * as m0008 from './0008-watchlist.ts';
import * as m0009 from './0009-pin-held.ts';
import * as m0010 from './0010-order-bv.ts';
import * as m0011 from './0011-close-checkpoint.ts';

const BEFORE = { '0001-initial': m0001, '0002-analytics-retention': m0002, '0003-orders-and-attendance': m0003 };
const WITH_0004 = { ...BEFORE, '0004-statement-payment-date': m0004 };
const WITH_0007 = { ...WITH_0004, '0005-open-month-passed-up': m0005, '0006-document-links': m0006, '0007-notifications': m0007 };
const WITH_0008 = { ...WITH_0007, '0008-watchlist': m0008 };
const WITH_0011 = { ...WITH_0008, '0009-pin-held': m0009, '0010-order-bv': m0010, '0011-close-checkpoint': m0011 };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** An empty database of the suite's dialect (PostgreSQL: a schema of its own). */
function fresh(): DB {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const schema = uniqueSchemaName('mig');
    const db = openPostgres(pgUrl, { schema, poolSize: 2 });
    cleanups.push(async () => {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
      await closeDatabase(db);
    });
    return db;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-migrations-'));
  const db = openSqlite(path.join(dir, 'inquiry.sqlite'));
  cleanups.push(async () => {
    await closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return db;
}

const legacy = (ada: string, month: string, pretax: number) =>
  sql`insert into statements (ada, month, pretax_fen, tax_fen, net_fen, items) values (${ada}, ${month}, ${pretax}, 0, ${pretax}, '[]')`;

describe('migration 0004: statements get their payment date', () => {
  it('back-fills the statements already stored by the rule, keeps them and their key, and then requires a date', async () => {
    const db = fresh();
    await migrateToLatest(db, BEFORE);
    for (const [ada, month, pretax] of [
      ['10000004', '2025-12', 12_345],
      ['10000004', '2026-08', 99_000],
      ['10000001', '2026-10', 500],
    ] as const) {
      await legacy(ada, month, pretax).execute(db);
    }

    expect(await migrateToLatest(db, WITH_0004)).toEqual(['0004-statement-payment-date']);

    const rows = await db
      .selectFrom('statements')
      .select(['ada', 'month', 'pretax_fen', 'paid_on'])
      .orderBy('ada')
      .orderBy('month')
      .execute();
    expect(rows.map((r) => ({ ...r, pretax_fen: Number(r.pretax_fen) }))).toEqual([
      { ada: '10000001', month: '2026-10', pretax_fen: 500, paid_on: '2026-11-15' },
      { ada: '10000004', month: '2025-12', pretax_fen: 12_345, paid_on: '2026-01-15' },
      { ada: '10000004', month: '2026-08', pretax_fen: 99_000, paid_on: '2026-09-15' },
    ]);
    // Still keyed on (ada, month), and a statement without a payment date is refused.
    const row = { ada: '10000004', month: '2025-12', pretax_fen: 1, tax_fen: 0, net_fen: 1, items: '[]', paid_on: '2026-01-15' };
    await expect(db.insertInto('statements').values(row).execute()).rejects.toThrow(/unique|duplicate|primary/i);
    await expect(legacy('10000009', '2026-10', 1).execute(db)).rejects.toThrow(/not[- ]null|paid_on/i);
    if (dialectOf(db) === 'sqlite') {
      // Rebuilt clustered on its key, as 0001 made it.
      const { rows: ddl } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'statements'`.execute(db);
      expect(ddl[0]?.sql).toMatch(/without rowid/i);
    }
  });

  it('migrates an empty statements table', async () => {
    const db = fresh();
    await migrateToLatest(db, BEFORE);
    expect(await migrateToLatest(db, WITH_0004)).toEqual(['0004-statement-payment-date']);
    expect(await db.selectFrom('statements').selectAll().execute()).toEqual([]);
    const row = { ada: '10000004', month: '2026-10', pretax_fen: 1, tax_fen: 0, net_fen: 1, items: '[]', paid_on: '2026-11-15' };
    await db.insertInto('statements').values(row).execute();
    expect(await db.selectFrom('statements').select('paid_on').execute()).toEqual([{ paid_on: '2026-11-15' }]);
  });
});

describe('migration 0005: what each month passes up', () => {
  it('adds the columns with 0 for the rows already there, until the next close writes them', async () => {
    const db = fresh();
    await migrateToLatest(db, WITH_0004);
    await sql`insert into monthly_results (ada, month, ppv, gpv, pgpv, bv_fen, bracket, is_q, q_legs, apv, is_sp, pin_code, new_customers, points, compliant)
      values ('10000002', '2026-10', 100, 20000, 12000, 115000, 21, 1, 3, 12000, 1, 380, 0, 20, 1)`.execute(db);
    expect((await migrateToLatest(db))[0]).toBe('0005-open-month-passed-up');
    const row = await db
      .selectFrom('monthly_results')
      .select(['ada', 'gpv', 'pearl_pass_pv', 'leadership_up_fen', 'qualification_credits'])
      .executeTakeFirstOrThrow();
    expect({ ...row, leadership_up_fen: Number(row.leadership_up_fen) }).toEqual({
      ada: '10000002',
      gpv: 20_000,
      pearl_pass_pv: 0,
      leadership_up_fen: 0,
      qualification_credits: 0,
    });
  });
});

describe('migration 0008: the market watchlist', () => {
  it('adds the watchlist to a database with data, keyed on the distributor and the member, with an empty note by default', async () => {
    const db = fresh();
    await migrateToLatest(db, WITH_0007);
    const at = '2026-11-01T00:00:00.000Z';
    await sql`insert into notification_preferences (ada, kinds, channels, updated_at) values ('10000002', '{}', '{}', ${at})`.execute(db);
    expect(await migrateToLatest(db, WITH_0008)).toEqual(['0008-watchlist']);
    expect(await db.selectFrom('notification_preferences').select('ada').execute()).toEqual([{ ada: '10000002' }]);
    const row = { ada: '10000002', member_ada: '20000001', created_at: '2026-11-02T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z' };
    await db.insertInto('watchlist').values(row).execute();
    expect(await db.selectFrom('watchlist').selectAll().execute()).toEqual([{ ...row, note: '' }]);
    await expect(db.insertInto('watchlist').values(row).execute()).rejects.toThrow(/unique|duplicate|primary/i);
  });
});

describe('migration 0009: the pin held before the imported history', () => {
  it('adds pin_held, empty (none) for the distributors already there, who keep their pins', async () => {
    const db = fresh();
    await migrateToLatest(db, WITH_0008);
    await sql`insert into distributors (ada, name_zh, name_en, phone, national_id, bank_card, bank_name, sponsor_ada, join_date,
      user_type, market, shop_code, tree_pos, tree_size, depth, pin_code, pin_month, head_image)
      values ('10000002', '王', 'Wang', '', '', '', '', null, '2015-01-01', 'ABO', 'CN', null, 0, 1, 0, 380, '2024-05', null)`.execute(db);
    expect(await migrateToLatest(db)).toContain('0009-pin-held');
    expect(await db.selectFrom('distributors').select(['ada', 'pin_code', 'pin_month', 'pin_held']).execute()).toEqual([
      { ada: '10000002', pin_code: 380, pin_month: '2024-05', pin_held: null },
    ]);
    await db.updateTable('distributors').set({ pin_held: 385 }).where('ada', '=', '10000002').execute();
    expect((await db.selectFrom('distributors').select('pin_held').executeTakeFirstOrThrow()).pin_held).toBe(385);
  });
});

describe('migration 0012: the saved state of the close in binary parts', () => {
  it('drops the state kept per distributor (the next close runs from the first month once) and keeps parts as bytes', async () => {
    const db = fresh();
    await migrateToLatest(db, WITH_0011);
    await sql`insert into close_checkpoint (ada, sponsor_ada, join_date, pin_held, pin_code, pin_month, qualified, sp_months, sp_run,
      max_sp_run, side_volume_months, q_months, qualified_legs, founders_legs, best_pgpv, units, q_group_pgbv_fen, debit_fen, debit_since)
      values ('10000002', null, '2015-01-01', null, 380, 300, 230, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1)`.execute(db);
    await sql`insert into meta (key, value) values ('close_checkpoint', '{"month":"2026-09","py":"26/27","pinsPy":"26/27","lastMonth":320}')`.execute(
      db,
    );
    expect(await migrateToLatest(db)).toContain('0012-close-checkpoint-parts');
    expect(await db.selectFrom('close_checkpoint').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('meta').select('key').where('key', '=', 'close_checkpoint').execute()).toEqual([]);
    const data = Buffer.from(new Float64Array([1.5, NaN, -2]).buffer);
    await db.insertInto('close_checkpoint').values({ part: 'open.values', data }).execute();
    const back = await db.selectFrom('close_checkpoint').select('data').executeTakeFirstOrThrow();
    expect(Buffer.from(back.data).equals(data)).toBe(true);
  });
});

describe('migration 0017: staff roles and import runs', () => {
  it('makes every staff account customer service, leaves distributors without a role, and allows one busy import run', async () => {
    const db = fresh();
    await migrateToLatest(db, migrationsNamed(MIGRATION_NAMES.filter((n) => n < '0017')));
    await sql`insert into credentials (username, ada, kind, display_name, password_hash)
      values ('staff01', 'staff01', 'staff', 'S', 'h'), ('10000001', '10000001', 'distributor', 'D', 'h')`.execute(db);
    expect(await migrateToLatest(db)).toContain('0017-operator-imports');
    expect(await db.selectFrom('credentials').select(['username', 'role']).orderBy('username').execute()).toEqual([
      { username: '10000001', role: '' },
      { username: 'staff01', role: 'service' },
    ]);
    const run = (id: string, busy: number | null) => ({
      id,
      status: busy ? 'checking' : 'checked',
      replace: 0,
      files: '[]',
      uploaded_by: 'ops01',
      uploaded_at: '2026-11-21T00:00:00.000Z',
      busy_slot: busy,
    });
    await db
      .insertInto('import_runs')
      .values([run('a', 1), run('b', null), run('c', null)])
      .execute();
    await expect(db.insertInto('import_runs').values(run('d', 1)).execute()).rejects.toThrow(/unique|duplicate/i);
  });
});

describe('migration 0018: issued certificates', () => {
  it('keeps one code per person, kind, period and digest', async () => {
    const db = fresh();
    await migrateToLatest(db, migrationsNamed(MIGRATION_NAMES.filter((n) => n < '0018')));
    expect(await migrateToLatest(db)).toContain('0018-certificate-issues');
    const row = (code: string, digest: string) => ({
      code,
      ada: '10000001',
      kind: 'pyCertificate',
      period: '25/26',
      issued_at: '2026-11-21T04:00:00.000Z',
      issued_on: '2026-11-21',
      last_issued_at: '2026-11-21T04:00:00.000Z',
      last_issued_on: '2026-11-21',
      digest,
      totals: '{}',
    });
    await db
      .insertInto('certificate_issues')
      .values([row('AAAA', 'd1'), row('BBBB', 'd2')])
      .execute();
    await expect(db.insertInto('certificate_issues').values(row('CCCC', 'd1')).execute()).rejects.toThrow(/unique|duplicate/i);
    await expect(db.insertInto('certificate_issues').values(row('AAAA', 'd3')).execute()).rejects.toThrow(/unique|duplicate|primary/i);
  });
});
