// How fresh the month figures are: the answer follows what the month close (and the demo seed)
// recorded: the months closed and when, and when the open month was last computed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMonths } from '../../close/close.ts';
import { loadProfile } from '../../idp/profile.ts';
import { importDirectory } from '../../import/import.ts';
import { csv, EXAMPLES_DIR, TODAY } from '../../import/import.test-support.ts';
import { seedDatabase } from '../../seed/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { FRESHNESS_MONTHS } from './freshness-presenter.ts';

const URL = '/bff/v1/common/freshness';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function signedIn(t: TestApp, ada: string) {
  const tokens = await t.app.tokens.issue((await loadProfile(t.db, ada))!);
  return async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken },
      payload: { channel: 'ebiz', loginada: ada },
    });
    const body = res.json();
    expect(body.code, res.body).toBe(0);
    return body.data;
  };
}

/** The clock moves on (timestamps have millisecond resolution). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('freshness of imported data', () => {
  let t: TestApp;
  let call: () => Promise<Record<string, unknown>>;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-freshness-'));

  beforeAll(async () => {
    t = await createTestApp({ INQUIRY_TODAY: TODAY });
    await importDirectory(t.db, { dir: EXAMPLES_DIR, today: TODAY });
    call = await signedIn(t, '86000001');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { channel: 'ebiz' } });
    expect(res.json()).toMatchObject({ code: 9900401, success: false });
  });

  it('before any close: today’s month is open, nothing computed or closed yet', async () => {
    expect(await call()).toEqual({
      openMonth: '2026-11',
      openComputedAt: null,
      closedThrough: null,
      closedAt: {},
      nextCloseAfter: '2026-12-01',
    });
  });

  it('after a close: the months closed and when; after another import and close, the open month’s time moves', async () => {
    const before = Date.now();
    await closeMonths(t.db, { today: TODAY, through: '2026-09' });
    const first = await call();
    expect(first).toMatchObject({ openMonth: '2026-11', closedThrough: '2026-09', nextCloseAfter: '2026-12-01' });
    const closedAt = first['closedAt'] as Record<string, string>;
    expect(closedAt['2026-09']).toMatch(ISO);
    expect(Date.parse(closedAt['2026-09']!)).toBeGreaterThanOrEqual(before);
    expect(closedAt['2026-10']).toBeUndefined();
    expect(first['openComputedAt']).toBe(closedAt['2026-09']);

    await tick();
    const dir = path.join(work, 'more');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'orders.csv'), csv('order_id,ada,ordered_at,pv', 'F-1,86000001,2026-11-20T18:00:00,100'));
    await importDirectory(t.db, { dir, today: TODAY });
    await closeMonths(t.db, { today: TODAY });
    const second = await call();
    const closedAt2 = second['closedAt'] as Record<string, string>;
    expect(second).toMatchObject({ openMonth: '2026-11', closedThrough: '2026-10' });
    // September keeps its closing time; October was closed by the second close.
    expect(closedAt2['2026-09']).toBe(closedAt['2026-09']);
    expect(Date.parse(closedAt2['2026-10']!)).toBeGreaterThan(Date.parse(closedAt['2026-09']!));
    expect(Date.parse(second['openComputedAt'] as string)).toBeGreaterThan(Date.parse(first['openComputedAt'] as string));
  });
});

describe('freshness of the generated demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INQUIRY_TODAY: TODAY });
  });
  afterAll(() => t.close());

  it('answers the months the seed closed, each in the night after it ended: the last 24 of them', async () => {
    const before = Date.now();
    await seedDatabase(t.db, { distributors: 300, seed: 5, today: TODAY });
    const data = await (await signedIn(t, '10000001'))();
    expect(data).toMatchObject({ openMonth: '2026-11', closedThrough: '2026-10', nextCloseAfter: '2026-12-01' });
    const at = data['openComputedAt'] as string;
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before);
    const closedAt = data['closedAt'] as Record<string, string>;
    const months = Object.keys(closedAt);
    expect(months).toHaveLength(FRESHNESS_MONTHS);
    expect(months.at(-1)).toBe('2026-10');
    expect(months[0]).toBe('2024-11');
    // As a live system would have closed them (the seed runs after all of these nights).
    expect(closedAt['2026-10']).toBe('2026-10-31T18:00:00.000Z');
    expect(closedAt['2024-11']).toBe('2024-11-30T18:00:00.000Z');
  });
});
