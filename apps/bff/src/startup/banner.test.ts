import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setPassword } from '../idp/accounts.ts';
import { insertStaff } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bannerLines, demoSignIns } from './banner.ts';

describe('the demo sign-ins the start prints', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('are the demo accounts that still sign in with the published password, and only those', async () => {
    expect(await demoSignIns(t.db)).toEqual([]);
    await insertStaff(t.db, 'staff01');
    await insertStaff(t.db, 'staff02');
    expect((await demoSignIns(t.db)).map((a) => a.username)).toEqual(['staff01']);
    await setPassword(t.db, 'staff01', 'a real passphrase now');
    expect(await demoSignIns(t.db)).toEqual([]);
  });
});

describe('the banner', () => {
  const base = { base: 'http://localhost:8080', standIns: false, liveIntervalMs: null };

  it('says so instead of listing sign-ins that no longer work', () => {
    const text = bannerLines({ ...base, demo: true, signIns: [] }).join('\n');
    expect(text).toContain('ABO Inquiry is running: http://localhost:8080/front/');
    expect(text).not.toContain('Demo sign-ins');
    expect(text).toMatch(/No demo account signs in with demo1234/);
  });

  it('lists no sign-ins outside demo mode', () => {
    expect(bannerLines({ ...base, demo: false, signIns: [] }).join('\n')).toMatch(/Demo mode is off/);
  });
});
