import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dumpAll, EXAMPLES_DIR, openTestDb, TODAY, type TestDb } from './import.test-support.ts';
import { importDirectory } from './import.ts';
import { ImportRejected } from './issues.ts';
import type { ImportSummary } from './summary.ts';

const opened: TestDb[] = [];
afterAll(async () => {
  for (const d of opened) await d.close();
});
const fresh = async () => {
  const d = await openTestDb();
  opened.push(d);
  return d;
};
const examples = (name: string) => fs.readFileSync(path.join(EXAMPLES_DIR, name), 'utf8');
/** What an import answers, without its time. */
const counts = ({ seconds: _s, ...rest }: ImportSummary) => rest;

describe('checkOnly: the import read and checked, nothing written, what it would write counted', () => {
  it('counts what the import then writes, on an empty database and on one with the examples', async () => {
    const d = await fresh();
    const before = await dumpAll(d.db);
    const checked = await importDirectory(d.db, { dir: EXAMPLES_DIR, today: TODAY, checkOnly: true });
    expect(await dumpAll(d.db)).toEqual(before);
    expect(counts(checked)).toEqual(counts(await importDirectory(d.db, { dir: EXAMPLES_DIR, today: TODAY })));

    // A name changed, a member joining this month under 86000002, one new order: updated, added, new.
    const members = examples('distributors.csv')
      .replace('86000002,86000001,王芳,', '86000002,86000001,王芳芳,')
      .concat('86000099,86000002,新人,New Person,2026-11-02,,,,ABO\n');
    const orders = `${examples('orders.csv')}EX-NEW-1,86000099,2026-11-03T09:00:00,100,,\n`;
    const dir = d.folder({ 'distributors.csv': members, 'orders.csv': orders, 'attendance.csv': examples('attendance.csv') });
    const after = await dumpAll(d.db);
    const second = await importDirectory(d.db, { dir, today: TODAY, checkOnly: true });
    expect(await dumpAll(d.db)).toEqual(after);
    expect(counts(second)).toMatchObject({
      distributors: { rows: 13, added: 1, updated: 1 },
      orders: { rows: 39, added: 1 },
      attendance: { rows: 5, added: 0 },
      changed: true,
    });
    expect(counts(second)).toEqual(counts(await importDirectory(d.db, { dir, today: TODAY })));

    // The same files again: nothing would change.
    const third = await importDirectory(d.db, { dir, today: TODAY, checkOnly: true });
    expect(counts(third)).toMatchObject({ distributors: { added: 0, updated: 0 }, orders: { added: 0 }, changed: false });
  }, 60_000);

  it('counts a --replace as the replace writes it', async () => {
    const d = await fresh();
    await importDirectory(d.db, { dir: EXAMPLES_DIR, today: TODAY });
    const before = await dumpAll(d.db);
    const checked = await importDirectory(d.db, { dir: EXAMPLES_DIR, today: TODAY, replace: true, checkOnly: true });
    expect(await dumpAll(d.db)).toEqual(before);
    expect(counts(checked)).toEqual(counts(await importDirectory(d.db, { dir: EXAMPLES_DIR, today: TODAY, replace: true })));
  }, 60_000);

  it('rejects what the import rejects, with the same issues', async () => {
    const d = await fresh();
    const dir = d.folder({ 'orders.csv': 'order_id,ada,ordered_at,pv\nX-1,86000001,2026-08-03,abc\n' });
    const check = await importDirectory(d.db, { dir, today: TODAY, checkOnly: true }).catch((e: unknown) => e);
    const real = await importDirectory(d.db, { dir, today: TODAY }).catch((e: unknown) => e);
    expect(check).toBeInstanceOf(ImportRejected);
    expect((check as ImportRejected).message).toBe((real as ImportRejected).message);
  });
});
