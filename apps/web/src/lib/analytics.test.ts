import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AnalyticsNamespace from './analytics.ts';

const sensors = { init: vi.fn(), registerPage: vi.fn(), quick: vi.fn(), registerPropertyPlugin: vi.fn() };
/** Called when the (mocked) SDK module is imported, i.e. loaded. */
const sdkLoaded = vi.fn();

type AnalyticsModule = typeof AnalyticsNamespace;
let analytics: AnalyticsModule;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  // Module state (the SDK promise) is per page: fresh modules per test, and
  // a mock registered anew so its factory shows whether the SDK was imported.
  vi.resetModules();
  vi.doMock('sa-sdk-javascript', () => {
    sdkLoaded();
    return { default: sensors };
  });
  analytics = await import('./analytics.ts');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  window.history.replaceState(null, '', '/');
});

const USER = { channel: 'wec', appVersion: '6.3.1', ada: '10000001', pinCode: 30 };

describe('initAnalytics', () => {
  it('loads the SDK on demand and starts it with the agreed settings', async () => {
    expect(sdkLoaded).not.toHaveBeenCalled();
    await expect(analytics.initAnalytics(USER)).resolves.toBe(true);
    expect(sdkLoaded).toHaveBeenCalledTimes(1);
    expect(sensors.init).toHaveBeenCalledTimes(1);
    expect(sensors.init).toHaveBeenCalledWith({
      server_url: `${window.location.origin}/bff/v1/analytics/events`,
      is_track_single_page: false,
      show_log: false,
      heatmap: false,
      send_type: 'beacon',
      use_client_time: true,
    });
  });

  it('sends to a configured collector', async () => {
    await analytics.initAnalytics({ serverUrl: 'https://collector.example/sa?project=abo' });
    expect(sensors.init).toHaveBeenCalledWith(expect.objectContaining({ server_url: 'https://collector.example/sa?project=abo' }));
  });

  it('registers channel, visitor grade, app version and ada about 200 ms after load', async () => {
    await analytics.initAnalytics(USER);
    await vi.advanceTimersByTimeAsync(analytics.SUPER_PROPERTY_DELAY_MS - 1);
    expect(sensors.registerPage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(analytics.SUPER_PROPERTY_DELAY_MS).toBe(200);
    expect(sensors.registerPage).toHaveBeenCalledWith({ channel: 'wec', visitor_grade: '30', app_version: '6.3.1', ada: '10000001' });
  });

  it('leaves out super properties that are not known', async () => {
    await analytics.initAnalytics({ channel: 'ebiz', appVersion: null });
    await vi.advanceTimersByTimeAsync(200);
    expect(sensors.registerPage).toHaveBeenCalledWith({ channel: 'ebiz' });
  });

  it('starts the SDK once however often it is called', async () => {
    await Promise.all([analytics.initAnalytics(USER), analytics.initAnalytics(USER)]);
    await analytics.initAnalytics(USER);
    expect(sensors.init).toHaveBeenCalledTimes(1);
  });

  it('is switched off by VITE_ANALYTICS=off: nothing loaded, nothing sent', async () => {
    vi.stubEnv('VITE_ANALYTICS', 'off');
    expect(analytics.isAnalyticsEnabled()).toBe(false);
    await expect(analytics.initAnalytics(USER)).resolves.toBe(false);
    analytics.trackPageView('/income', 'Income');
    analytics.updateAnalyticsUser({ pinCode: 40 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sdkLoaded).not.toHaveBeenCalled();
    expect(sensors.init).not.toHaveBeenCalled();
    expect(sensors.quick).not.toHaveBeenCalled();
  });
});

describe('updateAnalyticsUser', () => {
  it('remembers values learnt before the delay and registers later ones at once', async () => {
    await analytics.initAnalytics({ channel: 'wec' });
    analytics.updateAnalyticsUser({ ada: '10000001' });
    expect(sensors.registerPage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(sensors.registerPage).toHaveBeenLastCalledWith({ channel: 'wec', ada: '10000001' });
    analytics.updateAnalyticsUser({ pinCode: 60 });
    expect(sensors.registerPage).toHaveBeenLastCalledWith({ channel: 'wec', ada: '10000001', visitor_grade: '60' });
  });
});

describe('trackPageView', () => {
  it('sends $pageview through the SDK single-page helper with path, title and address', async () => {
    await analytics.initAnalytics(USER);
    window.history.replaceState(null, '', '/front/income?utm_source=wechat&utm_campaign=spring');
    analytics.trackPageView('/income', '收入查询');
    await vi.advanceTimersByTimeAsync(0);
    expect(sensors.quick).toHaveBeenCalledWith('autoTrackSinglePage', {
      $url: `${window.location.origin}/front/income?utm_source=wechat&utm_campaign=spring`,
      $url_path: '/income',
      $title: '收入查询',
    });
  });

  it('never reports an address with a credential in it, even one the guard missed', async () => {
    window.history.replaceState(
      null,
      '',
      '/front/?channel=iinquiry&adaToken=ada.tok&oktaIdTokenKey=kid&oktaIdToken=okta.tok&queryAda=10000004',
    );
    analytics.trackPageView('/', 'Home');
    await analytics.initAnalytics(USER);
    await vi.advanceTimersByTimeAsync(0);
    expect(sensors.quick).toHaveBeenCalledWith('autoTrackSinglePage', {
      $url: `${window.location.origin}/front/?channel=iinquiry&queryAda=10000004`,
      $url_path: '/',
      $title: 'Home',
    });

    // And every event the SDK builds itself is scrubbed before it is sent.
    const [[plugin]] = sensors.registerPropertyPlugin.mock.calls as [[{ properties: (data: object) => void }]];
    const data = {
      properties: {
        $referrer: 'https://portal.example/front/income?sessionToken=one-time&month=2026-10',
        $latest_referrer: '/front/descpage?code=PV_BV&code=wx-code&state=abo-inquiry#adaToken=x',
        $title: 'Income',
        $is_first_day: true,
      },
    };
    plugin.properties(data);
    expect(data.properties).toEqual({
      $referrer: 'https://portal.example/front/income?month=2026-10',
      $latest_referrer: '/front/descpage?code=PV_BV',
      $title: 'Income',
      $is_first_day: true,
    });
  });

  it('keeps page views sent before the SDK is ready, each with its own address', async () => {
    window.history.replaceState(null, '', '/front/');
    analytics.trackPageView('/', 'Home');
    window.history.replaceState(null, '', '/front/income');
    analytics.trackPageView('/income', 'Income');
    expect(sensors.quick).not.toHaveBeenCalled();
    await analytics.initAnalytics(USER);
    await vi.advanceTimersByTimeAsync(0);
    expect(sensors.quick.mock.calls).toEqual([
      ['autoTrackSinglePage', { $url: `${window.location.origin}/front/`, $url_path: '/', $title: 'Home' }],
      ['autoTrackSinglePage', { $url: `${window.location.origin}/front/income`, $url_path: '/income', $title: 'Income' }],
    ]);
  });
});

describe('with the real Sensors SDK', () => {
  /** Events the SDK sent: it posts `data=<base64 JSON>` by beacon (image GET where beacon is unsupported). */
  function sentEvents(beacon: ReturnType<typeof vi.fn>): Array<{ event: string; properties: Record<string, unknown> }> {
    return beacon.mock.calls.map(([, body]) => {
      const data = new URLSearchParams(String(body)).get('data')!;
      return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)))) as {
        event: string;
        properties: Record<string, unknown>;
      };
    });
  }

  /**
   * This module on the real SDK, posting by a beacon the test reads, in a browser the SDK trusts
   * with sendBeacon (it only does in browsers it recognises); `restore` undoes the browser's part.
   */
  async function withRealSdk() {
    vi.useRealTimers();
    vi.resetModules();
    vi.doUnmock('sa-sdk-javascript');
    const real = await import('./analytics.ts');
    const beacon = vi.fn((_url: string, _body: string) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const ua = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36');
    const restore = () => {
      ua.mockRestore();
      delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    };
    return { real, beacon, restore };
  }

  it('keeps utm_* on page views and adds the super properties after the delay', async () => {
    const { real, beacon, restore } = await withRealSdk();
    try {
      window.history.replaceState(null, '', '/front/?channel=wec&utm_source=wechat&utm_campaign=spring');
      await real.initAnalytics(USER);
      real.trackPageView('/', '首页');
      await new Promise((resolve) => setTimeout(resolve, real.SUPER_PROPERTY_DELAY_MS + 50));
      window.history.pushState(null, '', '/front/income');
      real.trackPageView('/income', '收入');
      await vi.waitFor(() => expect(sentEvents(beacon).filter((e) => e.event === '$pageview')).toHaveLength(2));

      expect(beacon.mock.calls[0]![0]).toBe(`${window.location.origin}/bff/v1/analytics/events`);
      const [home, income] = sentEvents(beacon).filter((e) => e.event === '$pageview');
      expect(home!.properties).toMatchObject({
        $url_path: '/',
        $title: '首页',
        $utm_source: 'wechat',
        $utm_campaign: 'spring',
        $latest_utm_source: 'wechat',
      });
      // Registered 200 ms after load: not on the first view, on every later event.
      expect(home!.properties).not.toHaveProperty('visitor_grade');
      expect(income!.properties).toMatchObject({
        $url_path: '/income',
        $title: '收入',
        $latest_utm_source: 'wechat',
        channel: 'wec',
        visitor_grade: '30',
        app_version: '6.3.1',
        ada: '10000001',
      });
    } finally {
      restore();
    }
  });

  it('sends no credential in any property, from the address or the referrer', async () => {
    // The SDK is one per page (a global): after the test above it is already started, as it
    // would be when a token slips into the address of a later page.
    const { real, beacon, restore } = await withRealSdk();
    const referrer = vi
      .spyOn(document, 'referrer', 'get')
      .mockReturnValue('https://idp.example/front/income?sessionToken=SECRET-session&month=2026-10');
    try {
      window.history.replaceState(
        null,
        '',
        '/front/?channel=iinquiry&adaToken=SECRET-ada&oktaIdTokenKey=SECRET-key&oktaIdToken=SECRET-okta',
      );
      await real.initAnalytics(USER);
      real.trackPageView('/', 'Home');
      window.history.pushState(null, '', '/front/income?channel=iinquiry&adaToken=SECRET-ada&queryAda=10000004');
      real.trackPageView('/income', 'Income');
      await vi.waitFor(() => expect(sentEvents(beacon).filter((e) => e.event === '$pageview')).toHaveLength(2));
      const sent = JSON.stringify(sentEvents(beacon));
      expect(sent).not.toContain('SECRET');
      const [, income] = sentEvents(beacon).filter((e) => e.event === '$pageview');
      expect(income!.properties).toMatchObject({ $url: `${window.location.origin}/front/income?channel=iinquiry&queryAda=10000004` });
    } finally {
      referrer.mockRestore();
      restore();
    }
  });
});
