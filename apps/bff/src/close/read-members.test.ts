// The close reads the members in tree order: put at their tree positions as the rows come, or,
// when the positions have gaps, every row sorted; both give the same members.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openImportConn } from '../import/conn.ts';
import { importDirectory } from '../import/import.ts';
import { csv, openTestDb, TODAY, type TestDb } from '../import/import.test-support.ts';
import { readMembers, type Members } from './figures.ts';

// Listed out of tree order: the table's order is not the tree's.
const TREE = csv(
  'ada,sponsor_ada,name,joined_on,pin_held',
  '10000013,10000011,丁四,2022-03-15,',
  '10000010,,甲一,2020-01-01,340',
  '10000012,10000010,丙三,2021-06-01,',
  '10000011,10000010,乙二,2021-01-01,',
);

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await importDirectory(t.db, { dir: t.folder({ 'distributors.csv': TREE }), today: TODAY });
});
afterAll(() => t.close());

async function read(): Promise<Members> {
  const conn = await openImportConn(t.db);
  try {
    return await readMembers(conn);
  } finally {
    conn.release();
  }
}

const shape = (m: Members) => ({
  ada: m.ada,
  sponsor: Array.from(m.sponsor),
  joinDate: m.joinDate,
  joinMonth: Array.from(m.joinMonth),
  pinHeld: Array.from(m.pinHeld),
  index: [...m.index].sort(),
});

describe('readMembers', () => {
  it('gives the members in tree order, sponsors before their downline', async () => {
    const m = await read();
    expect(m.n).toBe(4);
    // Pre-order: the root, then each leg's whole downline before the next leg.
    expect(m.ada[0]).toBe('10000010');
    for (let i = 1; i < m.n; i++) expect(m.sponsor[i]).toBeLessThan(i);
    expect(m.ada[m.sponsor[m.index.get('10000013')!]!]).toBe('10000011');
    expect(m.joinDate[m.index.get('10000013')!]).toBe('2022-03-15');
    expect(m.pinHeld[0]).not.toBe(m.pinHeld[1]);
  });

  it('gives the same members when the tree positions have gaps', async () => {
    const dense = await read();
    await sql`update distributors set tree_pos = tree_pos * 3 + 7`.execute(t.db);
    const gaps = await read();
    expect(shape(gaps)).toEqual(shape(dense));
  });
});
