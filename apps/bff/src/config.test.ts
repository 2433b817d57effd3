import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig } from './config.ts';

describe('switches (DEMO and the other flags)', () => {
  it('read yes/on and no/off as 1 and 0, in any case', () => {
    for (const on of ['1', 'true', 'yes', 'on', 'YES', ' On ']) expect(loadConfig({ DEMO: on }).demo, on).toBe(true);
    for (const off of ['0', 'false', 'no', 'off', 'No']) expect(loadConfig({ DEMO: off }).demo, off).toBe(false);
    expect(loadConfig({ DEMO: 'yes', DEMO_LIVE: 'on' }).demoLive).toBe(true);
    expect(loadConfig({ NOTIFY_WORKER: 'off' }).notifyWorker).toBe(false);
    expect(loadConfig({ ANALYTICS_STORE: 'no' }).ANALYTICS_STORE).toBe('0');
  });

  it('refuse anything else, naming the variable', () => {
    expect(() => loadConfig({ DEMO: 'y' })).toThrow(/DEMO: expected 1\/0, true\/false, yes\/no or on\/off/);
    expect(() => loadConfig({ DEMO: '' })).toThrow(/DEMO:/);
  });
});

describe('INQUIRY_TODAY', () => {
  it('accepts a real calendar day', () => {
    expect(loadConfig({ INQUIRY_TODAY: '2028-02-29' }).today().toISOString()).toBe('2028-02-29T04:00:00.000Z');
  });

  it('refuses a day that does not exist, at start rather than as "Invalid time value" later', () => {
    for (const day of ['2026-13-45', '2026-02-30', '2027-02-29', '2026-00-10', '2026-1-5', 'today']) {
      expect(() => loadConfig({ INQUIRY_TODAY: day }), day).toThrow(/INQUIRY_TODAY: expected a real calendar day, YYYY-MM-DD/);
    }
  });
});

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
    expect(() => loadConfig({ DEMO: '1', DEMO_LIVE: 'maybe' })).toThrow(/DEMO_LIVE: expected 1\/0, true\/false, yes\/no or on\/off/);
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
    const keys = { title: 'thing1', body: 'thing2', time: 'time3' };
    expect(loadConfig({ WECHAT_TEMPLATE_IDS: 'Tpl_all-1' }).wechatTemplateIds).toEqual({ byKind: {}, fallback: { id: 'Tpl_all-1', keys } });
    expect(loadConfig({ WECHAT_TEMPLATE_IDS: '{"monthClosed":"tplA","default":"tplB"}' }).wechatTemplateIds).toEqual({
      byKind: { monthClosed: { id: 'tplA', keys } },
      fallback: { id: 'tplB', keys },
    });
    expect(() => loadConfig({ WECHAT_TEMPLATE_IDS: '{"monthClosing":"tplA"}' })).toThrow(/unknown kind monthClosing/);
    expect(() => loadConfig({ WECHAT_TEMPLATE_IDS: '{"monthClosed":' })).toThrow(/WECHAT_TEMPLATE_IDS: not valid JSON/);
    expect(() => loadConfig({ WECHAT_TEMPLATE_IDS: 'two words' })).toThrow(/WECHAT_TEMPLATE_IDS/);
  });

  it('takes the data keys of a template in WECHAT_TEMPLATE_IDS, the default ones for those left out', () => {
    const value = JSON.stringify({
      monthClosed: { id: 'tplA', keys: { title: 'thing4', body: 'thing5', time: 'time6' } },
      pinReached: { id: 'tplB', keys: { time: 'time1' } },
      planProgress: { id: 'tplC' },
      default: 'tplD',
    });
    expect(loadConfig({ WECHAT_TEMPLATE_IDS: value }).wechatTemplateIds).toEqual({
      byKind: {
        monthClosed: { id: 'tplA', keys: { title: 'thing4', body: 'thing5', time: 'time6' } },
        pinReached: { id: 'tplB', keys: { title: 'thing1', body: 'thing2', time: 'time1' } },
        planProgress: { id: 'tplC', keys: { title: 'thing1', body: 'thing2', time: 'time3' } },
      },
      fallback: { id: 'tplD', keys: { title: 'thing1', body: 'thing2', time: 'time3' } },
    });
  });

  it('stops at a malformed template in WECHAT_TEMPLATE_IDS, saying where', () => {
    const refused = (templates: unknown) => {
      try {
        loadConfig({ WECHAT_TEMPLATE_IDS: JSON.stringify(templates) });
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ monthClosed: { id: 'tplA', keys: { title: 'name1' } } })).toBe(
      'Invalid configuration:\n  WECHAT_TEMPLATE_IDS.monthClosed.keys.title: expected a `thing` key (thing1, thing2, …): only those take free text',
    );
    expect(refused({ default: { keys: { time: 'time2' } } })).toMatch(
      /^Invalid configuration:\n {2}WECHAT_TEMPLATE_IDS\.default\.id: missing id$/,
    );
    expect(refused({ monthClosed: { id: 'tplA', keys: { time: 'date2' } } })).toMatch(
      /WECHAT_TEMPLATE_IDS\.monthClosed\.keys\.time: expected a `time` key/,
    );
    expect(refused({ monthClosed: { id: 'tplA', keys: { body: 'thing1' } } })).toMatch(
      /WECHAT_TEMPLATE_IDS\.monthClosed\.keys: title and body both go in thing1/,
    );
    expect(refused({ monthClosed: { id: 'tplA', key: {} } })).toMatch(/WECHAT_TEMPLATE_IDS\.monthClosed: Unrecognized key: "key"/);
    expect(refused({ monthClosed: 7 })).toMatch(/WECHAT_TEMPLATE_IDS\.monthClosed: expected a template id, or \{"id"/);
    expect(refused({ monthClosed: 'two words' })).toMatch(/WECHAT_TEMPLATE_IDS\.monthClosed: not a template id/);
    expect(refused(['tplA'])).toMatch(/WECHAT_TEMPLATE_IDS: expected a JSON object/);
    // Every problem, one line each.
    expect(refused({ monthClosed: { id: 'a b' }, pinReached: { id: 'tplB', keys: { title: 'thing' } } }).split('\n')).toEqual([
      'Invalid configuration:',
      '  WECHAT_TEMPLATE_IDS.monthClosed.id: not a template id (letters, digits, _ and -)',
      '  WECHAT_TEMPLATE_IDS.pinReached.keys.title: expected a `thing` key (thing1, thing2, …): only those take free text',
    ]);
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
    expect(() => loadConfig({ NOTIFY_WORKER: 'sometimes' })).toThrow(/NOTIFY_WORKER/);
  });
});

describe('heavy-call limits and load shedding', () => {
  it('are on by default, off at 0, and refuse what is not a count', () => {
    expect(loadConfig({})).toMatchObject({
      HEAVY_RATE_LIMIT: 120,
      HEAVY_CONCURRENCY: 2,
      MAX_EVENT_LOOP_DELAY_MS: 300,
      EVENT_LOOP_SAMPLE_MS: 1000,
    });
    expect(loadConfig({ HEAVY_RATE_LIMIT: '0', HEAVY_CONCURRENCY: '0', MAX_EVENT_LOOP_DELAY_MS: '0' })).toMatchObject({
      HEAVY_RATE_LIMIT: 0,
      HEAVY_CONCURRENCY: 0,
      MAX_EVENT_LOOP_DELAY_MS: 0,
    });
    expect(() => loadConfig({ HEAVY_RATE_LIMIT: 'lots' })).toThrow(/HEAVY_RATE_LIMIT/);
    expect(() => loadConfig({ HEAVY_CONCURRENCY: '-1' })).toThrow(/HEAVY_CONCURRENCY/);
    expect(() => loadConfig({ EVENT_LOOP_SAMPLE_MS: '5' })).toThrow(/EVENT_LOOP_SAMPLE_MS/);
  });
});

describe('.env.example', () => {
  const example = fs.readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
  const listed = [...example.matchAll(/^# ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);

  it('lists every variable the configuration reads, and no other', () => {
    expect([...listed].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('sets nothing when copied to .env as it is (every line commented out)', () => {
    expect(example.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'))).toEqual([]);
  });
});
