import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('DEMO_LIVE', () => {
  it('is off by default and on with demo mode', () => {
    expect(loadConfig({}).demoLive).toBe(false);
    expect(loadConfig({ DEMO: '1', DEMO_LIVE: '1' })).toMatchObject({ demoLive: true, DEMO_LIVE_INTERVAL_MS: 5000 });
    expect(loadConfig({ DEMO: 'true', DEMO_LIVE: 'true', DEMO_LIVE_INTERVAL_MS: '2500' })).toMatchObject({
      demoLive: true,
      DEMO_LIVE_INTERVAL_MS: 2500,
    });
    expect(loadConfig({ DEMO: '0', DEMO_LIVE: '0' }).demoLive).toBe(false);
  });

  it('is refused without demo mode, with a clear message', () => {
    expect(() => loadConfig({ DEMO_LIVE: '1' })).toThrow(/DEMO_LIVE=1 needs demo mode \(DEMO=1\)/);
    expect(() => loadConfig({ DEMO: '0', DEMO_LIVE: 'true' })).toThrow(/DEMO_LIVE=1 needs demo mode/);
    // Production forbids demo mode itself, so the live feed with it.
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_LIVE: '1' })).toThrow(/DEMO_LIVE=1 needs demo mode/);
  });

  it('refuses a malformed value or an interval under a second', () => {
    expect(() => loadConfig({ DEMO: '1', DEMO_LIVE: 'yes' })).toThrow(/DEMO_LIVE/);
    expect(() => loadConfig({ DEMO: '1', DEMO_LIVE: '1', DEMO_LIVE_INTERVAL_MS: '999' })).toThrow(/DEMO_LIVE_INTERVAL_MS/);
    expect(() => loadConfig({ DEMO: '1', DEMO_LIVE: '1', DEMO_LIVE_INTERVAL_MS: 'soon' })).toThrow(/DEMO_LIVE_INTERVAL_MS/);
  });
});
