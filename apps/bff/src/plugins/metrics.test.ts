// /metrics: Prometheus text that a strict reading of the exposition format accepts, with request
// latency by route pattern, the outbox as it is, the answer cache's hits and the close's time;
// guarded by METRICS_TOKEN, and off in production without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMonths } from '../close/close.ts';
import { AnswerCache } from '../db/answer-cache.ts';
import { NO_WECHAT_ADDRESS } from '../notifications/delivery/outbox.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { TEST_TODAY } from '../testing/today.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Family {
  type: string;
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"`;
// Prometheus reads values with Go's ParseFloat, which takes NaN in any case (prom-client writes `Nan`).
const VALUE = '(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]?Inf|[Nn][Aa][Nn])';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (${VALUE})(?: -?\\d+)?$`);
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

/**
 * The text exposition format (version 0.0.4), read strictly: every line a HELP, a TYPE or a
 * sample of a family declared before it; a histogram's buckets cumulative, ending at +Inf = count.
 */
function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (sample: string) => {
    for (const [name, f] of families) {
      if ((SUFFIXES[f.type] ?? ['']).some((suffix) => name + suffix === sample)) return f;
    }
    return undefined;
  };
  expect(text.endsWith('\n'), 'ends with a line feed').toBe(true);
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta;
      expect(name, line).toMatch(new RegExp(`^${NAME}$`));
      const f = families.get(name!) ?? { type: 'untyped', help: '', samples: [] };
      if (kind === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped'], line).toContain(rest);
        f.type = rest!;
      } else f.help = rest!;
      families.set(name!, f);
      continue;
    }
    const m = SAMPLE.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m![2] ?? '').matchAll(new RegExp(LABEL, 'g'))) {
      expect(labels, `label ${key} twice: ${line}`).not.toHaveProperty(key!);
      labels[key!] = value!;
    }
    const family = familyOf(m![1]!);
    expect(family, `a sample of no declared family: ${line}`).toBeDefined();
    family!.samples.push({ name: m![1]!, labels, value: Number(m![m!.length - 1]!.replace('Inf', 'Infinity')) });
  }
  for (const [name, f] of families) {
    if (f.type !== 'histogram') continue;
    const series = new Map<string, Sample[]>();
    for (const s of f.samples.filter((s) => s.name === `${name}_bucket`)) {
      const { le: _, ...rest } = s.labels;
      const key = JSON.stringify(rest);
      series.set(key, [...(series.get(key) ?? []), s]);
    }
    for (const [key, buckets] of series) {
      const values = buckets.map((b) => b.value);
      expect(values, `${name} ${key} cumulative`).toEqual([...values].sort((a, b) => a - b));
      expect(buckets.at(-1)!.labels.le, `${name} ${key} ends at +Inf`).toBe('+Inf');
      const count = f.samples.find((s) => s.name === `${name}_count` && JSON.stringify(s.labels) === key);
      expect(count?.value, `${name} ${key} count`).toBe(buckets.at(-1)!.value);
    }
  }
  return families;
}

const sampleValue = (families: Map<string, Family>, family: string, name: string, labels: Record<string, string> = {}) =>
  families
    .get(family)
    ?.samples.find(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v) && (labels.le !== undefined || !s.labels.le),
    )?.value;

describe('/metrics', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(res.body);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('times requests by route pattern, method and status class, never by address', async () => {
    await t.app.inject({ method: 'POST', url: '/bff/v1/common/getConfig', payload: {} });
    const token = 'a'.repeat(40);
    await t.app.inject({ method: 'GET', url: `/bff/files/${token}` });
    const families = await scrape();
    const latency = families.get('abo_http_request_duration_seconds');
    expect(latency?.type).toBe('histogram');
    const count = (route: string, method: string) =>
      sampleValue(families, 'abo_http_request_duration_seconds', 'abo_http_request_duration_seconds_count', { route, method });
    expect(count('/bff/v1/common/getConfig', 'POST')).toBe(1);
    expect(count('/bff/files/:token', 'GET')).toBe(1);
    for (const s of latency!.samples) {
      expect(s.labels.route).not.toContain(token);
      expect(s.labels.status_class).toMatch(/^[1-5]xx$/);
    }
  });

  it('reports the event-loop delay of the process', async () => {
    const families = await scrape();
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
  });

  it('reads the notification outbox at scrape time: pending, failed, age of the oldest pending push', async () => {
    const empty = await scrape();
    expect(sampleValue(empty, 'abo_notification_outbox_pending', 'abo_notification_outbox_pending')).toBe(0);
    expect(
      sampleValue(empty, 'abo_notification_outbox_oldest_pending_age_seconds', 'abo_notification_outbox_oldest_pending_age_seconds'),
    ).toBe(0);

    const createdAt = new Date(Date.now() - 600_000).toISOString();
    const { id } = await t.db
      .insertInto('notifications')
      .values({
        ada: '10000001',
        kind: 'k',
        event_key: 'e1',
        month: null,
        title: '{}',
        body: '{}',
        link: '/',
        params: '{}',
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const push = (channel: string, status: string) => ({
      notification_id: id,
      ada: '10000001',
      channel,
      idempotency_key: `${id}:${channel}`,
      status,
      due_at: createdAt,
    });
    await t.db
      .insertInto('notification_outbox')
      .values([push('wec', 'pending'), push('ca', 'pending'), push('sms', 'failed')])
      .execute();

    const queued = await scrape();
    expect(sampleValue(queued, 'abo_notification_outbox_pending', 'abo_notification_outbox_pending')).toBe(2);
    expect(sampleValue(queued, 'abo_notification_outbox_failed', 'abo_notification_outbox_failed')).toBe(1);
    const age = sampleValue(
      queued,
      'abo_notification_outbox_oldest_pending_age_seconds',
      'abo_notification_outbox_oldest_pending_age_seconds',
    );
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(700);

    // A push of days ago waiting for a WeChat sign-in is pending, but no backlog: not the oldest.
    const { id: older } = await t.db
      .insertInto('notifications')
      .values({
        ada: '10000001',
        kind: 'k',
        event_key: 'e2',
        month: null,
        title: '{}',
        body: '{}',
        link: '/',
        params: '{}',
        created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('notification_outbox')
      .values({
        notification_id: older,
        ada: '10000001',
        channel: 'wec',
        idempotency_key: `${older}:wec`,
        status: 'pending',
        due_at: new Date(Date.now() + 86_400_000).toISOString(),
        last_error: `${NO_WECHAT_ADDRESS} (waiting until …)`,
      })
      .execute();
    const waiting = await scrape();
    expect(sampleValue(waiting, 'abo_notification_outbox_pending', 'abo_notification_outbox_pending')).toBe(3);
    expect(
      sampleValue(waiting, 'abo_notification_outbox_oldest_pending_age_seconds', 'abo_notification_outbox_oldest_pending_age_seconds'),
    ).toBeLessThan(700);
  });

  it('counts the answer cache’s hits and misses on this app’s database only', async () => {
    const lookups = (families: Map<string, Family>, result: string) =>
      sampleValue(families, 'abo_answer_cache_lookups_total', 'abo_answer_cache_lookups_total', { result }) ?? 0;
    const before = await scrape();
    const cache = new AnswerCache<number>(4);
    await cache.get(t.db, 'k', async () => 1);
    await cache.get(t.db, 'k', async () => 2);
    await cache.get(t.db, 'k', async () => 3);
    const after = await scrape();
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(1);
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(2);
  });

  it('times the month close run in this process, by outcome', async () => {
    await closeMonths(t.db, { today: TEST_TODAY }).catch(() => undefined);
    const families = await scrape();
    expect(families.get('abo_close_duration_seconds')?.type).toBe('histogram');
    const runs = families.get('abo_close_duration_seconds')!.samples.filter((s) => s.name === 'abo_close_duration_seconds_count');
    expect(runs.reduce((sum, s) => sum + s.value, 0)).toBe(1);
    expect(['ok', 'failed']).toContain(runs[0]!.labels.outcome);
  });
});

describe('/metrics protection', () => {
  const token = 'metrics-token-0123456789';

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const t = await createTestApp({ METRICS_TOKEN: token });
    try {
      const none = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
      expect(wrong.statusCode).toBe(401);
      const right = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('# TYPE abo_http_request_duration_seconds histogram');
    } finally {
      await t.close();
    }
  });

  it('is off in production unless a token is set, and then guarded', async () => {
    const off = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const on = await createTestApp({ NODE_ENV: 'production', METRICS_TOKEN: token });
    try {
      expect((await on.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const res = await on.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
    } finally {
      await on.close();
    }
  });
});
