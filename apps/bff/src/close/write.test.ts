// What the close's writers put in the statements table beyond the engine's figures (those are
// held against the engine in close.test.ts): each statement's payment date.
import { paymentDateOf } from '@abo/plan';
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
