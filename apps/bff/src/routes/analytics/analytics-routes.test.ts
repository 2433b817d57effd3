import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { MAX_DECODED_BYTES, MAX_EVENTS_PER_REQUEST, MAX_PROPERTIES_BYTES } from './analytics-events.ts';
import { pruneAnalyticsEvents } from '../../db/analytics-events.ts';

const ANON_ID = '1a20e9e56161165-0be22b1f88e26e8-3a56377d-14512637-1a20e9e56171b59';

/** A `$pageview` as sa-sdk-javascript 1.27 sends it from apps/web (lib/analytics.ts), super properties registered. */
function pageView(over: Record<string, unknown> = {}, properties: Record<string, unknown> = {}) {
  return {
    identities: { $identity_cookie_id: ANON_ID, $identity_anonymous_id: ANON_ID },
    distinct_id: ANON_ID,
    lib: { $lib: 'js', $lib_method: 'code', $lib_version: '1.27.11' },
    properties: {
      $timezone_offset: -480,
      $screen_height: 844,
      $screen_width: 390,
      $viewport_height: 664,
      $viewport_width: 390,
      $lib: 'js',
      $lib_version: '1.27.11',
      $latest_traffic_source_type: '直接流量',
      $latest_search_keyword: '未取到值_直接打开',
      $latest_referrer: '',
      $latest_utm_source: 'wechat',
      channel: 'wec',
      visitor_grade: '30',
      app_version: '6.3.1',
      ada: '10000001',
      $referrer: 'http://localhost:8080/front/?channel=wec&utm_source=wechat',
      $url: 'http://localhost:8080/front/income?channel=wec&utm_source=wechat',
      $url_path: '/income',
      $title: '收入',
      $utm_source: 'wechat',
      $is_first_day: true,
      $is_first_time: false,
      $referrer_host: 'localhost',
      ...properties,
    },
    anonymous_id: ANON_ID,
    type: 'track',
    event: '$pageview',
    time: 1795541592748,
    _track_id: 371312749,
    _flush_time: 1795541592749,
    ...over,
  };
}

const PROFILE_SET_ONCE = {
  distinct_id: ANON_ID,
  lib: { $lib: 'js', $lib_method: 'code', $lib_version: '1.27.11' },
  properties: {
    $first_visit_time: '2026-11-21 17:33:07.494',
    $first_referrer: 'http://localhost:8080/idp/login?redirect_uri=x',
    $first_referrer_host: 'localhost',
    $first_browser_language: 'zh-cn',
    $first_browser_charset: 'UTF-8',
    $first_traffic_source_type: '引荐流量',
    $first_search_keyword: '未取到值',
    $timezone_offset: -480,
    $utm_source: 'wechat',
  },
  anonymous_id: ANON_ID,
  type: 'profile_set_once',
  time: 1795541592446,
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('analytics ingestion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ANALYTICS_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.db.deleteFrom('analytics_events').execute();
  });

  /** What the SDK's beacon posts: `data=<base64 JSON>&ext=crc%3D…` as text/plain. */
  const beacon = (events: unknown, extra = '') =>
    t.app.inject({
      method: 'POST',
      url: '/bff/v1/analytics/events',
      headers: { 'content-type': 'text/plain' },
      payload: `data=${encodeURIComponent(b64(events))}&ext=crc%3D123${extra}`,
    });
  const stored = async () =>
    (await t.db.selectFrom('analytics_events').selectAll().orderBy('id').execute()).map((r) => ({
      ...r,
      properties: JSON.parse(r.properties) as Record<string, unknown>,
    }));

  it('stores the web SDK’s page views and first-visit profile, as it sends them (beacon, image GET, ajax form)', async () => {
    expect((await beacon(pageView())).statusCode).toBe(204);
    expect((await beacon(PROFILE_SET_ONCE)).statusCode).toBe(204);
    const get = await t.app.inject({ method: 'GET', url: `/bff/v1/analytics/events?data=${encodeURIComponent(b64(pageView()))}` });
    expect(get.statusCode).toBe(204);
    const form = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/analytics/events',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `data_list=${encodeURIComponent(gzipSync(JSON.stringify([pageView(), pageView()])).toString('base64'))}&gzip=1`,
    });
    expect(form.statusCode).toBe(204);

    const rows = await stored();
    expect(rows.map((r) => r.event)).toEqual(['$pageview', 'profile_set_once', '$pageview', '$pageview', '$pageview']);
    expect(rows[0]).toMatchObject({ distinct_id: ANON_ID });
    // Every property the app and the SDK send is kept as sent (empty ones are left out).
    expect(rows[0]!.properties).toEqual(Object.fromEntries(Object.entries(pageView().properties).filter(([, v]) => v !== '')));
    expect(rows[1]!.properties).toEqual({
      ...PROFILE_SET_ONCE.properties,
      // The address is kept without its query: redirect_uri is not on the list of kept parameters.
      $first_referrer: 'http://localhost:8080/idp/login',
    });
  });

  it('never stores a credential from the address: only known, harmless query parameters are kept', async () => {
    const withTokens =
      'http://localhost:8080/front/?channel=iinquiry&adaToken=abc123&oktaIdToken=def456&OktaIdTokenKey=k789&queryAda=10000004#x=1';
    await beacon(
      pageView(
        {},
        {
          $url: withTokens,
          $referrer: 'http://localhost:8080/front/?sessionToken=s3cr3t&code=wx-c0de&state=st4te&lang=en',
          $latest_landing_page: withTokens,
          $url_path: '/?adaToken=abc123',
        },
      ),
    );
    const [row] = await stored();
    expect(row!.properties).toMatchObject({
      $url: 'http://localhost:8080/front/?channel=iinquiry',
      $referrer: 'http://localhost:8080/front/?lang=en',
      $latest_landing_page: 'http://localhost:8080/front/?channel=iinquiry',
      $url_path: '/',
    });
    const text = JSON.stringify(await stored());
    for (const secret of ['abc123', 'def456', 'k789', '10000004', 's3cr3t', 'wx-c0de', 'st4te']) expect(text).not.toContain(secret);
  });

  it('drops unknown events and unknown or malformed properties', async () => {
    await beacon([
      pageView({ event: 'evil_event' }),
      pageView({ type: 'profile_set', event: undefined }),
      pageView({ type: 'track_signup', event: '$SignUp' }),
      pageView({}, { password: 'x', nested: { deep: 1 }, channel: '<script>', $screen_width: 'wide' }),
    ]);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.properties).not.toHaveProperty('password');
    expect(rows[0]!.properties).not.toHaveProperty('nested');
    expect(rows[0]!.properties).not.toHaveProperty('channel');
    expect(rows[0]!.properties).not.toHaveProperty('$screen_width');
    expect(rows[0]!.properties).toMatchObject({ $url_path: '/income', visitor_grade: '30' });
  });

  it('drops events whose distinct_id is not the SDK’s id or an ADA', async () => {
    await beacon([
      pageView({ distinct_id: '' }),
      pageView({ distinct_id: 'x'.repeat(97) }),
      pageView({ distinct_id: '<img src=x>' }),
      pageView({ distinct_id: 12345 }),
      pageView({ distinct_id: undefined }),
      pageView({ distinct_id: '10000001' }),
    ]);
    expect((await stored()).map((r) => r.distinct_id)).toEqual(['10000001']);
  });

  it('stores at most the caps, whatever a small gzip payload inflates to', async () => {
    // About 1 KB of gzip that inflates to megabytes: refused at MAX_DECODED_BYTES, nothing stored.
    const bomb = gzipSync(JSON.stringify([pageView({}, { $title: 'x'.repeat(4_000_000) })]), { level: 9 });
    expect(bomb.length).toBeLessThan(8 * 1024);
    const big = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/analytics/events',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `data_list=${encodeURIComponent(bomb.toString('base64'))}&gzip=1`,
    });
    expect(big.statusCode).toBe(204);
    expect(await stored()).toHaveLength(0);

    // Under the decoded cap: events with every known key filled to the brim, and more events than a request may hold.
    const long = `http://e/${'a'.repeat(1000)}`;
    const fat = pageView(
      {},
      {
        $url: long,
        $referrer: long,
        $latest_referrer: long,
        $latest_landing_page: long,
        $first_referrer: long,
        ...Object.fromEntries(['$title', '$utm_campaign', '$utm_content', '$latest_search_keyword'].map((k) => [k, '汉'.repeat(300)])),
      },
    );
    const lists = [Array.from({ length: 5 }, () => fat), Array.from({ length: 30 }, () => pageView())];
    for (const list of lists) {
      expect(Buffer.byteLength(JSON.stringify(list))).toBeLessThan(MAX_DECODED_BYTES);
      await t.app.inject({
        method: 'POST',
        url: '/bff/v1/analytics/events',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `data_list=${encodeURIComponent(gzipSync(JSON.stringify(list)).toString('base64'))}&gzip=1`,
      });
    }
    const rows = await stored();
    expect(rows).toHaveLength(5 + MAX_EVENTS_PER_REQUEST);
    for (const row of rows) expect(Buffer.byteLength(JSON.stringify(row.properties))).toBeLessThanOrEqual(MAX_PROPERTIES_BYTES);
    // The most useful keys come first and are kept; what does not fit is left out.
    expect(rows[0]!.properties).toMatchObject({ $url_path: '/income', channel: 'wec', ada: '10000001' });
    const total = rows.reduce((n, r) => n + Buffer.byteLength(JSON.stringify(r)), 0);
    expect(total).toBeLessThanOrEqual((5 + MAX_EVENTS_PER_REQUEST) * (MAX_PROPERTIES_BYTES + 256));
  });

  it('refuses bodies over the size cap with the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/analytics/events',
      headers: { 'content-type': 'text/plain' },
      payload: `data=${'A'.repeat(200 * 1024)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false });
    expect(await stored()).toHaveLength(0);
  });

  it('prunes events older than the retention window, in batches', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    const row = (daysAgo: number) => ({
      at: new Date(now.getTime() - daysAgo * day).toISOString(),
      event: '$pageview',
      distinct_id: ANON_ID,
      properties: '{}',
    });
    await t.db
      .insertInto('analytics_events')
      .values([...Array.from({ length: 7 }, () => row(45)), row(31), row(29), row(1)])
      .execute();
    expect(await pruneAnalyticsEvents(t.db, 30, now, 3)).toBe(8);
    expect((await stored()).map((r) => r.at)).toEqual([row(29).at, row(1).at]);
    // The housekeeping run prunes with ANALYTICS_RETENTION_DAYS (30 by default).
    await t.db.insertInto('analytics_events').values(row(40)).execute();
    const results = await t.app.housekeeping.run(now);
    expect(results.find((r) => r.task === 'analytics retention')).toEqual({ task: 'analytics retention', ok: true, result: 1 });
    expect(await stored()).toHaveLength(2);
  });
});

describe('analytics rate limit and switch', () => {
  it('answers 429 with the envelope after ANALYTICS_RATE_LIMIT requests a minute from one address, GET and POST together', async () => {
    const t = await createTestApp({ ANALYTICS_RATE_LIMIT: '3' });
    try {
      const data = encodeURIComponent(b64(pageView()));
      const send = (i: number, ip = '203.0.113.7') =>
        i % 2
          ? t.app.inject({ method: 'GET', url: `/bff/v1/analytics/events?data=${data}`, remoteAddress: ip })
          : t.app.inject({
              method: 'POST',
              url: '/bff/v1/analytics/events',
              headers: { 'content-type': 'text/plain' },
              payload: `data=${data}`,
              remoteAddress: ip,
            });
      for (let i = 0; i < 3; i++) expect((await send(i)).statusCode).toBe(204);
      const over = await send(3);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: Code.RATE_LIMITED, success: false });
      expect(over.body).not.toMatch(/\bat .+\(|\.ts:\d+/);
      expect((await send(4)).statusCode).toBe(429);
      // Another address has its own budget.
      expect((await send(0, '198.51.100.9')).statusCode).toBe(204);
      expect(await t.db.selectFrom('analytics_events').select('id').execute()).toHaveLength(4);
    } finally {
      await t.close();
    }
  });

  it('stores nothing with ANALYTICS_STORE=0 (events go to a collector of the deployment’s own)', async () => {
    const t = await createTestApp({ ANALYTICS_STORE: '0' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/bff/v1/analytics/events',
        headers: { 'content-type': 'text/plain' },
        payload: `data=${encodeURIComponent(b64(pageView()))}`,
      });
      expect(res.statusCode).toBe(204);
      expect(await t.db.selectFrom('analytics_events').select('id').execute()).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
