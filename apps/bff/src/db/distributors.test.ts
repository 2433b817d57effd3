import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { insertDistributor } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { distributorOfRef, distributorOr404, distributorsByAda, findDistributor, frontlineOf, isInDownline } from './distributors.ts';

// 10000001 ─┬ 20000001 ── 30000001
//           └ 20000002
// 10000009 (another tree)
describe('distributor reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, '10000001', { tree_pos: 0, tree_size: 4, name_zh: '王一' });
    await insertDistributor(t.db, '20000001', { sponsor_ada: '10000001', tree_pos: 1, tree_size: 2, depth: 1 });
    await insertDistributor(t.db, '30000001', { sponsor_ada: '20000001', tree_pos: 2, depth: 2 });
    await insertDistributor(t.db, '20000002', { sponsor_ada: '10000001', tree_pos: 3, depth: 1 });
    await insertDistributor(t.db, '10000009', { tree_pos: 4 });
  });
  afterAll(() => t.close());

  it('finds a distributor with the person columns or the ones named, and answers not-found in the envelope', async () => {
    const d = await distributorOr404(t.db, '10000001');
    expect(d).toMatchObject({ ada: '10000001', name_zh: '王一', tree_pos: 0, tree_size: 4, depth: 0, sponsor_ada: null });
    expect(d).not.toHaveProperty('bank_card');
    expect(await findDistributor(t.db, '20000002', ['ada', 'bank_card'])).toEqual({ ada: '20000002', bank_card: '6222020200112233445' });
    expect(await findDistributor(t.db, '99999999')).toBeUndefined();
    await expect(distributorOr404(t.db, '99999999')).rejects.toMatchObject({ code: Code.NOT_FOUND, message: 'Distributor not found' });
  });

  it('tells whether a member is in a leader’s downline (not the leader, not another tree, not upward)', async () => {
    expect(await isInDownline(t.db, '10000001', '30000001')).toBe(true);
    expect(await isInDownline(t.db, '20000001', '30000001')).toBe(true);
    expect(await isInDownline(t.db, '20000001', '20000002')).toBe(false);
    expect(await isInDownline(t.db, '30000001', '10000001')).toBe(false);
    expect(await isInDownline(t.db, '10000001', '10000001')).toBe(false);
    expect(await isInDownline(t.db, '10000001', '10000009')).toBe(false);
    expect(await isInDownline(t.db, '10000001', '99999999')).toBe(false);
  });

  it('reads a frontline in tree order, a member reference and many distributors at once', async () => {
    expect((await frontlineOf(t.db, '10000001')).map((d) => d.ada)).toEqual(['20000001', '20000002']);
    expect(await distributorOfRef(t.db, 'm2')).toEqual({ ada: '30000001' });
    expect(await distributorOfRef(t.db, 'm99')).toBeUndefined();
    // More names than one IN list takes: read in chunks.
    const many = [...Array.from({ length: 1200 }, (_, i) => String(50_000_000 + i)), '20000002', '10000009'];
    const rows = await distributorsByAda(t.db, many, ['ada', 'depth']);
    expect(rows.sort((a, b) => a.ada.localeCompare(b.ada))).toEqual([
      { ada: '10000009', depth: 0 },
      { ada: '20000002', depth: 1 },
    ]);
  });
});
