import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openSqlite } from '../db/index.ts';
import { standInOpenId } from '../notifications/addresses.ts';
import { DEMO_ACCOUNTS, ensureSeeded } from './index.ts';
import { TEST_TODAY } from '../testing/today.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-ensure-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('ensureSeeded', () => {
  it('seeds the configured dataset once, on an empty database', async () => {
    const config = loadConfig({
      DATA_DIR: dir,
      INQUIRY_TODAY: TEST_TODAY,
      SEED_DISTRIBUTORS: '200',
      SEED: '3',
      WECHAT_APP_ID: 'wxensure00000001',
    });
    const db = openSqlite(path.join(dir, 'inquiry.sqlite'));
    try {
      await migrateToLatest(db);
      const lines: string[] = [];
      const report = await ensureSeeded(db, config, (l) => lines.push(l));
      expect(report?.distributors).toBe(200);
      expect(report?.options).toEqual({ distributors: 200, seed: 3, today: '2026-11-21' });
      expect(lines.join('\n')).toMatch(/Seeding the demo dataset: 200 distributors/);
      expect(await ensureSeeded(db, config, () => {})).toBeNull();
      const meta = await db.selectFrom('meta').selectAll().orderBy('key').execute();
      // `close`: the months the seed closed, as the month close records them (close/state.ts), and
      // `close_checkpoint`: the engine's state after the last of them, where the next close resumes.
      expect(meta.map((m) => m.key)).toEqual(['close', 'close_checkpoint', 'seed', 'seeded_at', 'today']);
      expect(meta.find((m) => m.key === 'today')?.value).toBe('2026-11-21');
      const prompts = await db.selectFrom('prompts').selectAll().execute();
      expect(prompts.every((p) => p.year === '26/27' && p.month === '2026-11')).toBe(true);
      // The demo's distributor accounts have the WeChat stand-in's openid on the configured official
      // account, as their WeChat sign-in would record it; nobody else has an address.
      const addresses = await db.selectFrom('notification_addresses').select(['ada', 'channel', 'address']).orderBy('ada').execute();
      const distributors = DEMO_ACCOUNTS.filter((a) => a.kind === 'distributor').map((a) => a.ada);
      expect(distributors).toHaveLength(4);
      expect(addresses).toEqual(distributors.map((ada) => ({ ada, channel: 'wec', address: standInOpenId(config.WECHAT_APP_ID, ada) })));
    } finally {
      await db.destroy();
    }
  });
});
