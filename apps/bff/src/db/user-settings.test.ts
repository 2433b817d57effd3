import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { saveSettings, settingsOf } from './user-settings.ts';

describe('user settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('saves one setting at a time, keeping the others, and answers the time written', async () => {
    expect(await settingsOf(t.db, '10000001')).toBeUndefined();
    expect(await saveSettings(t.db, '10000001', { target_pin: 350 }, '2026-11-01T00:00:00.000Z')).toBe('2026-11-01T00:00:00.000Z');
    await saveSettings(t.db, '10000001', { shop_code: 'SH01' }, '2026-11-02T00:00:00.000Z');
    await saveSettings(t.db, '10000001', { biennial_tag: 'DIAMOND' }, '2026-11-03T00:00:00.000Z');
    expect(await settingsOf(t.db, '10000001')).toEqual({
      targetPin: 350,
      shopCode: 'SH01',
      biennialTag: 'DIAMOND',
      updatedAt: '2026-11-03T00:00:00.000Z',
    });
    await saveSettings(t.db, '10000001', { target_pin: 360 }, '2026-11-04T00:00:00.000Z');
    expect(await settingsOf(t.db, '10000001')).toMatchObject({ targetPin: 360, shopCode: 'SH01', biennialTag: 'DIAMOND' });
    // Another distributor's row is its own.
    await saveSettings(t.db, '10000002', { shop_code: 'BJ02' });
    expect(await settingsOf(t.db, '10000002')).toMatchObject({ targetPin: null, shopCode: 'BJ02', biennialTag: null });
  });
});
