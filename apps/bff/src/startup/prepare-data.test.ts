import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertStaff } from '../testing/fixtures.ts';
import { setPassword } from '../idp/accounts.ts';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { openPostgres, openSqlite } from '../db/index.ts';
import { postgresSchema } from '../db/postgres.ts';
import { importDirectory } from '../import/import.ts';
import { EXAMPLES_DIR } from '../import/import.test-support.ts';
import { attachLiveFeed } from '../live/live-feed.ts';
import { prepareData, StartupRefused } from './prepare-data.ts';
import { TEST_TODAY } from '../testing/today.ts';

describe('what a start does to the data', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());
  const base = { DATA_DIR: '/tmp', INQUIRY_TODAY: TEST_TODAY, SEED_DISTRIBUTORS: '150', SEED: '3' };

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
    await expect(prepareData(t.db, config, () => {})).resolves.toMatchObject({ demo: false });
  });

  it('in demo mode creates the demo dataset with its accounts', async () => {
    await prepareData(t.db, loadConfig({ ...base, DEMO: '1' }), () => {});
    const staff = await t.db
      .selectFrom('credentials')
      .select(['username', 'role'])
      .where('kind', '=', 'staff')
      .orderBy('username')
      .execute();
    expect(staff).toEqual([
      { username: 'ops01', role: 'operator' },
      { username: 'staff01', role: 'service' },
    ]);
    // A demo dataset seeded before the operator account existed gets it at the next start.
    await t.db.deleteFrom('credentials').where('username', '=', 'ops01').execute();
    const lines: string[] = [];
    await prepareData(t.db, loadConfig({ ...base, DEMO: '1' }), (l) => lines.push(l));
    expect(lines).toContain('Demo sign-in added: ops01');
    expect(await t.db.selectFrom('credentials').select('role').where('username', '=', 'ops01').executeTakeFirst()).toEqual({
      role: 'operator',
    });
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

  /** What a caller of the started server meets: the stand-ins' page and whether a live feed runs. */
  async function served(config: Awaited<ReturnType<typeof prepareData<ReturnType<typeof loadConfig>>>>) {
    // A connection of its own: the app closes its database when it closes.
    const schema = postgresSchema(t.db);
    const db = schema
      ? openPostgres(process.env.TEST_DATABASE_URL!, { schema, poolSize: 2 })
      : openSqlite(path.join(t.config.dataDir, 'test.sqlite'));
    const app = await buildApp({ config, db, logger: false });
    try {
      // A feed's worker opens the database its environment names: the test's own folder.
      const env = { ...base, DATA_DIR: t.config.dataDir, DEMO: '1', DEMO_LIVE: '1', LOG_LEVEL: 'silent' };
      const live = attachLiveFeed(app, config, env) !== null;
      const standIn = (await app.inject({ method: 'GET', url: '/stand-in/' })).statusCode;
      return { standIn, live };
    } finally {
      await app.close();
    }
  }

  it("keeps demo mode, the stand-ins and the live feed off on a company's imported data, saying why in one line", async () => {
    await importDirectory(t.db, { dir: EXAMPLES_DIR, today: '2026-11-21' });
    const distributors = (await t.db.selectFrom('distributors').select('ada').execute()).length;
    const lines: string[] = [];
    const config = await prepareData(t.db, loadConfig({ ...base, DEMO: '1', DEMO_LIVE: '1' }), (l) => lines.push(l));
    expect(config).toMatchObject({ demo: false, demoLive: false });
    expect(lines.filter((l) => /Demo mode off/.test(l))).toHaveLength(1);
    expect(lines.find((l) => /Demo mode off/.test(l))).toMatch(/not the demo dataset.*live feed/);
    // Nothing of the demo was written into the company's data.
    expect(await t.db.selectFrom('credentials').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('distributors').select('ada').execute()).toHaveLength(distributors);
    expect(await served(config)).toEqual({ standIn: 404, live: false });
  });

  it('runs the demo on the demo dataset; an import of a company folder into it ends demo mode', async () => {
    const demo = await prepareData(t.db, loadConfig({ ...base, DEMO: '1', DEMO_LIVE: '1' }), () => {});
    expect(demo).toMatchObject({ demo: true, demoLive: true });
    expect(await served(demo)).toEqual({ standIn: 200, live: true });
    // Started again on it: still the demo.
    expect(await prepareData(t.db, loadConfig({ ...base, DEMO: '1' }), () => {})).toMatchObject({ demo: true });

    await importDirectory(t.db, { dir: EXAMPLES_DIR, today: '2026-11-21', replace: true });
    const lines: string[] = [];
    // Off, and then refused while the demo's staff account keeps its published password.
    await expect(prepareData(t.db, loadConfig({ ...base, DEMO: '1', DEMO_LIVE: '1' }), (l) => lines.push(l))).rejects.toThrow(
      StartupRefused,
    );
    expect(lines).toEqual([expect.stringMatching(/^Demo mode off: this database is not the demo dataset/)]);
  }, 60_000);

  it('never allows demo mode in production', () => {
    expect(() => loadConfig({ ...base, DEMO: '1', NODE_ENV: 'production' })).toThrow(/DEMO=1 is not allowed with NODE_ENV=production/);
    expect(loadConfig({ ...base, DEMO: '1' }).demo).toBe(true);
    expect(loadConfig(base).demo).toBe(false);
  });
});
