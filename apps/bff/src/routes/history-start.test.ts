// A company whose own files start in the middle of a PY, read through the BFF (issue 29, part 5):
// the months before its history (or before a member's join month) answer as no data on every
// month series, never as closed months with 0 PV, and the plans' pace leaves them out. On SQLite,
// and on PostgreSQL in the PostgreSQL suite (TEST_DATABASE_URL, testing/test-app.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMonths } from '../close/close.ts';
import { loadProfile } from '../idp/profile.ts';
import { importDirectory } from '../import/import.ts';
import { csv } from '../import/import.test-support.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const TODAY = '2026-05-15';
const LEADER = '81000001';
/** Joined in April 2026, after the history starts. */
const NEWCOMER = '81000002';
const PY_BEFORE = ['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02'];

// The leader joined long before; the company's records start in March 2026. March 12 000 PV and
// April 11 000 PV are SP months (APV ≥ 10 000, the PY's SP rule); May so far 300 PV.
const FILES = {
  'distributors.csv': csv('ada,sponsor_ada,name,joined_on', `${LEADER},,王芳,2023-02-10`, `${NEWCOMER},${LEADER},李明,2026-04-03`),
  'orders.csv': csv(
    'order_id,ada,ordered_at,pv',
    `H-1,${LEADER},2026-03-05,12000`,
    `H-2,${LEADER},2026-04-07,11000`,
    `H-3,${NEWCOMER},2026-04-20,500`,
    `H-4,${LEADER},2026-05-06,300`,
    `H-5,${NEWCOMER},2026-05-08,200`,
  ),
};

describe('months before the imported history', () => {
  let t: TestApp;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-history-start-'));
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp({ INQUIRY_TODAY: TODAY });
    for (const [name, content] of Object.entries(FILES)) fs.writeFileSync(path.join(work, name), content);
    await importDirectory(t.db, { dir: work, today: TODAY });
    await closeMonths(t.db, { today: TODAY });
    for (const ada of [LEADER, NEWCOMER]) {
      const tokens = await t.app.tokens.issue((await loadProfile(t.db, ada))!);
      headers[ada] = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const call = async (url: string, payload: object = {}, ada = LEADER) => {
    const res = await t.app.inject({ method: 'POST', url, headers: headers[ada], payload: { channel: 'ebiz', loginada: ada, ...payload } });
    const body = res.json();
    expect(body.code, res.body).toBe(0);
    return body.data;
  };
  const statesOf = (rows: { month: string; state: string }[]) => Object.fromEntries(rows.map((r) => [r.month, r.state]));

  it('answers the PY months before March 2026 as no data on the plans’ month records, March on as closed', async () => {
    const d = await call('/bff/v1/incentive/months', { year: '25/26' });
    const states = statesOf(d.records);
    for (const m of PY_BEFORE) expect(states[m], m).toBe('noData');
    expect(states).toMatchObject({ '2026-03': 'closed', '2026-04': 'closed', '2026-05': 'open', '2026-06': 'future' });
    expect(d.historyStart).toBe('2026-03');
  });

  it('traces the seminar plan’s months before the history as no data and paces it over the months with data', async () => {
    const d = await call('/bff/v1/incentive/plan', { code: 'SEMINAR_2526' });
    expect(d.historyStart).toBe('2026-03');
    const apv = d.criteria.find((c: { kind: string }) => c.kind === 'apv');
    expect(apv.trace.slice(0, 6).map((m: { state: string }) => m.state)).toEqual(Array(6).fill('noData'));
    expect(apv.trace.slice(0, 6).some((m: { counted: boolean }) => m.counted)).toBe(false);
    // APV 12 000 + 11 500 + 500 so far = 24 000 of 60 000. Due by now at the pro-rata pace over the
    // 6 months the history holds: 60 000 × 2/6 = 20 000, so on track (over all 12 months, with
    // Sep–Feb as closed 0 months, 60 000 × 8/12 = 40 000 would make it at risk).
    expect(apv.achieved).toBe(24_000);
    expect(apv.status).toBe('onTrack');
  });

  it('answers the achievement and rank months before the history as no data', async () => {
    const months = await call('/bff/v1/achievement/months', { count: 12 });
    const states = statesOf(months.months);
    for (const m of ['2025-06', '2025-12', '2026-02']) expect(states[m], m).toBe('noData');
    expect(states['2026-03']).toBe('closed');
    const rank = await call('/bff/v1/achievement/rank');
    expect(rank.pyMonths.map((m: { month: string }) => m.month)).toEqual([...PY_BEFORE, '2026-03', '2026-04', '2026-05']);
    expect(rank.pyMonths.slice(0, 6).every((m: { state: string }) => m.state === 'noData')).toBe(true);
    const overview = await call('/bff/v1/achievement/overview');
    expect(statesOf(overview.months)['2026-01']).toBe('noData');
    const yoy = await call('/bff/v1/achievement/yearOnYear');
    expect(yoy.rows[0].thisYear).toMatchObject({ month: '2025-09', state: 'noData', present: false });
    expect(yoy.rows[0].lastYear).toMatchObject({ month: '2024-09', state: 'noData' });
  });

  it('marks the income months before the history as no data, apart from months paid nothing', async () => {
    const d = await call('/bff/v1/income/distributorannualincome', { year: '25/26' });
    const by = Object.fromEntries(d.months.map((m: { month: string }) => [m.month, m]));
    for (const m of PY_BEFORE) expect(by[m], m).toMatchObject({ noData: true, hasStatement: false });
    expect(by['2026-03']).toMatchObject({ hasStatement: true });
    expect(by['2026-03'].noData).toBeUndefined();
  });

  it('answers the member page’s months before the history as no data', async () => {
    const d = await call('/bff/v1/incentive/market/details', {});
    const states = statesOf(d.months);
    for (const m of PY_BEFORE) expect(states[m], m).toBe('noData');
    expect(states['2026-03']).toBe('closed');
  });

  it('starts a member who joined in April at April: March is no data for them, though closed for the company', async () => {
    const d = await call('/bff/v1/incentive/months', { year: '25/26' }, NEWCOMER);
    expect(statesOf(d.records)).toMatchObject({ '2026-03': 'noData', '2026-04': 'closed', '2026-05': 'open' });
    expect(d.historyStart).toBe('2026-04');
  });

  it('marks a partner’s Q months before their history as no data, not as months they missed', async () => {
    // The newcomer's history starts at joining (April): Sep–Mar no data, April closed (not Q),
    // May open (not Q yet), June on not started. The PY's first six months are the company's
    // too: no data whoever looks.
    const expected = [...Array(7).fill('noData'), false, false, ...Array(3).fill(null)];
    const partners = await call('/bff/v1/incentive/market/partners', { view: 'annual' });
    const row = partners.rows.find((r: { maskedName: { zh: string } }) => r.maskedName.zh === '李明');
    expect(row.qByMonth).toEqual(expected);
    expect(row.qMonthsPy).toBe(0);
  });
});
