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

describe('notification delivery settings', () => {
  it('has every adapter off and the worker on by default', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ notifyWorker: true, NOTIFY_WORKER_INTERVAL_MS: 2000, NOTIFY_BATCH: 100, wechatTemplateIds: null });
    expect(c.WECHAT_APP_SECRET).toBeUndefined();
    expect(c.PUSH_WEBHOOK_URL).toBeUndefined();
    expect(loadConfig({ NOTIFY_WORKER: '0' }).notifyWorker).toBe(false);
  });

  it('reads WECHAT_TEMPLATE_IDS as a map of kinds (with a default) or one id for all', () => {
    expect(loadConfig({ WECHAT_TEMPLATE_IDS: 'Tpl_all-1' }).wechatTemplateIds).toEqual({ byKind: {}, fallback: 'Tpl_all-1' });
    expect(loadConfig({ WECHAT_TEMPLATE_IDS: '{"monthClosed":"tplA","default":"tplB"}' }).wechatTemplateIds).toEqual({
      byKind: { monthClosed: 'tplA' },
      fallback: 'tplB',
    });
    expect(() => loadConfig({ WECHAT_TEMPLATE_IDS: '{"monthClosing":"tplA"}' })).toThrow(/unknown kind monthClosing/);
    expect(() => loadConfig({ WECHAT_TEMPLATE_IDS: '{"monthClosed":' })).toThrow(/WECHAT_TEMPLATE_IDS: not valid JSON/);
    expect(() => loadConfig({ WECHAT_TEMPLATE_IDS: 'two words' })).toThrow(/WECHAT_TEMPLATE_IDS/);
  });

  it('needs the app id and the templates with a WeChat secret (outside demo mode)', () => {
    expect(() => loadConfig({ WECHAT_APP_SECRET: 's' })).toThrow(/WECHAT_APP_SECRET needs WECHAT_TEMPLATE_IDS/);
    expect(() => loadConfig({ WECHAT_APP_SECRET: 's', WECHAT_TEMPLATE_IDS: 't' })).toThrow(/WECHAT_APP_SECRET needs WECHAT_APP_ID/);
    expect(loadConfig({ WECHAT_APP_SECRET: 's', WECHAT_TEMPLATE_IDS: 't', WECHAT_APP_ID: 'wx1234' }).WECHAT_APP_SECRET).toBe('s');
    // Demo mode has demo templates and the demo app id.
    expect(loadConfig({ DEMO: '1', WECHAT_APP_SECRET: 's' }).WECHAT_APP_SECRET).toBe('s');
    expect(() => loadConfig({ WECHAT_API_BASE: 'not a url' })).toThrow(/WECHAT_API_BASE/);
  });

  it('takes the push webhook URL and secret together, a secret of 16 characters at least', () => {
    expect(() => loadConfig({ PUSH_WEBHOOK_URL: 'https://push.example.com/hook' })).toThrow(
      /PUSH_WEBHOOK_URL and PUSH_WEBHOOK_SECRET must be set together/,
    );
    expect(() => loadConfig({ PUSH_WEBHOOK_SECRET: 'x'.repeat(32) })).toThrow(/must be set together/);
    expect(() => loadConfig({ PUSH_WEBHOOK_URL: 'https://push.example.com/hook', PUSH_WEBHOOK_SECRET: 'short' })).toThrow(/at least 16/);
    expect(loadConfig({ PUSH_WEBHOOK_URL: 'https://push.example.com/hook', PUSH_WEBHOOK_SECRET: 'x'.repeat(32) })).toMatchObject({
      PUSH_WEBHOOK_URL: 'https://push.example.com/hook',
    });
  });

  it('refuses a worker interval under 100 ms or a batch over 1000', () => {
    expect(() => loadConfig({ NOTIFY_WORKER_INTERVAL_MS: '50' })).toThrow(/NOTIFY_WORKER_INTERVAL_MS/);
    expect(() => loadConfig({ NOTIFY_BATCH: '5000' })).toThrow(/NOTIFY_BATCH/);
    expect(() => loadConfig({ NOTIFY_WORKER: 'yes' })).toThrow(/NOTIFY_WORKER/);
  });
});
