import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertStaff } from '../testing/fixtures.ts';
import { setPassword } from '../idp/accounts.ts';
import { prepareData, StartupRefused } from './prepare-data.ts';

describe('what a start does to the data', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());
  const base = { DATA_DIR: '/tmp', INQUIRY_TODAY: '2026-11-21', SEED_DISTRIBUTORS: '150', SEED: '3' };

  it('outside demo mode creates no account and no data', async () => {
    const lines: string[] = [];
    await prepareData(t.db, loadConfig(base), (l) => lines.push(l));
    expect(await t.db.selectFrom('credentials').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('distributors').selectAll().execute()).toEqual([]);
    expect(lines.join('\n')).toMatch(/no distributors yet.*add-staff/s);
  });

  it('outside demo mode refuses to start while an account has the demo password', async () => {
    await insertStaff(t.db, 'staff01');
    const config = loadConfig({ ...base, DEMO: '0' });
    await expect(prepareData(t.db, config, () => {})).rejects.toThrow(StartupRefused);
    await expect(prepareData(t.db, config, () => {})).rejects.toThrow(/staff01.*demo password/);
    await setPassword(t.db, 'staff01', 'a real passphrase now');
    await expect(prepareData(t.db, config, () => {})).resolves.toBeUndefined();
  });

  it('in demo mode creates the demo dataset with its accounts', async () => {
    await prepareData(t.db, loadConfig({ ...base, DEMO: '1' }), () => {});
    const staff = await t.db.selectFrom('credentials').select('username').where('kind', '=', 'staff').execute();
    expect(staff.map((s) => s.username)).toEqual(['staff01']);
  }, 60_000);

  it('in demo mode a start in a new month closes the month before, through the month close', async () => {
    await prepareData(t.db, loadConfig({ ...base, DEMO: '1' }), () => {});
    const closedThrough = async () =>
      (
        await t.db
          .selectFrom('monthly_results')
          .select((e) => e.fn.max('month').as('m'))
          .where('closed', '=', 1)
          .executeTakeFirstOrThrow()
      ).m;
    expect(await closedThrough()).toBe('2026-10');
    const lines: string[] = [];
    await prepareData(t.db, loadConfig({ ...base, DEMO: '1', INQUIRY_TODAY: '2026-12-03' }), (l) => lines.push(l));
    expect(await closedThrough()).toBe('2026-11');
    expect(lines.join('\n')).toMatch(/closed 2026-11 for 150 distributors; 2026-12 so far is provisional/);
    // The same day again: nothing to do, nothing said.
    lines.length = 0;
    await prepareData(t.db, loadConfig({ ...base, DEMO: '1', INQUIRY_TODAY: '2026-12-03' }), (l) => lines.push(l));
    expect(lines).toEqual([]);
  }, 60_000);

  it('never allows demo mode in production', () => {
    expect(() => loadConfig({ ...base, DEMO: '1', NODE_ENV: 'production' })).toThrow(/DEMO=1 is not allowed with NODE_ENV=production/);
    expect(loadConfig({ ...base, DEMO: '1' }).demo).toBe(true);
    expect(loadConfig(base).demo).toBe(false);
  });
});
