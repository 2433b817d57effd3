import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { encodePlanSummary } from '@abo/plan';
import { buildApp } from '../../app.ts';
import type { DB } from '../../db/index.ts';
import type { MonthlyResultRow } from '../../db/monthly-results.ts';
import { evaluatePy } from '../../close/plans.ts';
import { insertDistributor, insertStaff, markDataReplaced } from '../../testing/fixtures.ts';
import { loadHistory } from './plan-queries.ts';
import { legsFor } from './plan-presenter.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { loadProfile } from '../../idp/profile.ts';

// Today is 2026-11-21: PY 26/27 open, Sep and Oct 2026 closed, Nov month-to-date.
const ME = '10000001';
const LEG_A = '10000011';
const LEG_B = '10000012';
const STRANGER = '10000099';

type Row = Partial<MonthlyResultRow>;

async function month(db: DB, ada: string, m: string, r: Row = {}) {
  await db
    .insertInto('monthly_results')
    .values({
      ada,
      month: m,
      ppv: 200,
      gpv: 12_000,
      pgpv: 11_000,
      bv_fen: 0,
      bracket: 21,
      is_q: 1,
      q_legs: 0,
      apv: 11_000,
      is_sp: 1,
      pin_code: 330,
      new_customers: 1,
      points: 10,
      compliant: 1,
      closed: m < '2026-11' ? 1 : 0,
      attended: null,
      ...r,
    } as never)
    .execute();
}

describe('/bff/v1/incentive', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const call = (url: string, payload: object = {}, h = headers) =>
    t.app.inject({ method: 'POST', url: `/bff/v1/incentive/${url}`, headers: h, payload: { channel: 'wec', ...payload } });

  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, ME, { name_zh: '王大明', pin_code: 330, pin_month: '2026-02', tree_pos: 0, tree_size: 3 });
    await insertDistributor(t.db, LEG_A, {
      name_zh: '李小红',
      name_en: 'Li Xiaohong',
      sponsor_ada: ME,
      tree_pos: 1,
      tree_size: 1,
      depth: 1,
    });
    // No name in Latin letters: English pages show the Chinese one.
    await insertDistributor(t.db, LEG_B, { name_zh: '赵四', name_en: '', sponsor_ada: ME, tree_pos: 2, tree_size: 1, depth: 1 });
    await insertDistributor(t.db, STRANGER, { tree_pos: 3, tree_size: 1 });
    // 25/26: a Platinum year; legs Q in some months.
    await month(t.db, ME, '2025-08', { pin_code: 320 });
    await month(t.db, ME, '2026-06', { pin_code: 330, attended: 'SEM2526-BRIEF' });
    for (const [i, m] of ['2025-09', '2025-10', '2025-11', '2025-12'].entries()) {
      await month(t.db, ME, m, { q_legs: i < 2 ? 2 : 0, pin_code: i < 2 ? 320 : 330 });
    }
    await month(t.db, LEG_A, '2025-09');
    await month(t.db, LEG_A, '2025-10');
    await month(t.db, LEG_B, '2025-09');
    await month(t.db, LEG_B, '2025-10');
    // 26/27 so far: Sep, Oct closed, Nov month-to-date.
    await month(t.db, ME, '2026-09', { q_legs: 2 });
    await month(t.db, ME, '2026-10', { q_legs: 1, is_q: 0, pgpv: 8_000, apv: 8_000, bracket: 18 });
    await month(t.db, ME, '2026-11', { q_legs: 0, is_q: 0, pgpv: 3_000, apv: 3_000, bracket: 12 });
    await month(t.db, LEG_A, '2026-09');
    await month(t.db, LEG_A, '2026-10');
    await month(t.db, LEG_B, '2026-09');
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, ME))!);
    headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
  });
  afterAll(() => t.close());

  it('shows the Chinese name where a member has no Latin one: in the team tree and the member list', async () => {
    const ask = (url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/bff/v1/incentive/${url}`, headers, payload: { channel: 'wec', ...payload } });
    const tree = (await ask('market/tree')).json();
    expect(tree.code).toBe(Code.OK);
    const inTree = tree.data.nodes.map((n: { maskedName: { zh: string; en: string } }) => n.maskedName);
    expect(inTree).toContainEqual({ zh: '赵四', en: '赵四' });
    expect(inTree).toContainEqual({ zh: '李小红', en: 'Li Xiaohong' });
    const members = (await ask('market/members', { pageSize: 20 })).json();
    expect(members.data.rows.map((r: { maskedName: { zh: string; en: string } }) => r.maskedName)).toContainEqual({
      zh: '赵四',
      en: '赵四',
    });
  });

  it('lists this and last PY plans with status and a headline', async () => {
    const res = await call('plans');
    const body = res.json();
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ today: '2026-11', py: '26/27', lastPy: '25/26' });
    const codes = body.data.plans.map((p: { code: string }) => p.code);
    expect(codes).toContain('SEMINAR_2627');
    expect(codes).toContain('SEMINAR_2526');
    expect(codes.some((c: string) => c.endsWith('2425'))).toBe(false);
    const sem = body.data.plans.find((p: { code: string }) => p.code === 'SEMINAR_2627');
    expect(sem.route).toBe('/incentiveplan/seminars');
    expect(sem.periodState).toBe('open');
    expect(sem.remainingMonths).toBe(10);
    expect(sem.headline).not.toBeNull();
    const all = (await call('plans', { scope: 'all' })).json().data.plans.map((p: { code: string }) => p.code);
    expect(all).toContain('PPTRACK_2324');
    expect(all).toContain('BIENNIAL_2425');
  });

  it('plan cards from the stored per-PY summaries equal the live evaluation', async () => {
    const live = (await call('plans')).json().data;
    const person = { pin_code: 330, pin_month: '2026-02' };
    const loaded = await loadHistory(t.db, ME, '2025-09', '2026-11', person);
    for (const py of ['25/26', '26/27']) {
      const summary = encodePlanSummary(evaluatePy(loaded.history, py, '2026-11-21'));
      await t.db
        .insertInto('plan_results')
        .values({ ada: ME, py, summary } as never)
        .execute();
    }
    try {
      const fromStore = (await call('plans')).json().data;
      expect(fromStore).toEqual(live);
      // Ahead of pace on every criterion, the briefing still to come (June): on track.
      expect(live.plans.find((p: { code: string }) => p.code === 'SEMINAR_2627').status).toBe('onTrack');
      // A stored status wins over live evaluation: the list really reads the store.
      await t.db
        .updateTable('plan_results')
        .set({
          summary: encodePlanSummary(evaluatePy(loaded.history, '26/27', '2026-11-21')).replace(
            '"SEMINAR_2627":["t"',
            '"SEMINAR_2627":["r"',
          ),
        })
        .where('ada', '=', ME)
        .where('py', '=', '26/27')
        .execute();
      const patched = (await call('plans')).json().data.plans.find((p: { code: string }) => p.code === 'SEMINAR_2627');
      expect(patched.status).toBe('atRisk');
      // Entries the codec cannot read are evaluated live, the rest still come from the store.
      const damaged = JSON.parse(encodePlanSummary(evaluatePy(loaded.history, '26/27', '2026-11-21'))) as Record<string, unknown>;
      damaged['SEMINAR_2627'] = { status: 'done', achieved: [1] };
      damaged['TRAVEL_2627'] = { status: 'met', achieved: ['1', '2', '3'] };
      damaged['ELITE_2627'] = { status: 'met' };
      await t.db
        .updateTable('plan_results')
        .set({ summary: JSON.stringify(damaged) })
        .where('ada', '=', ME)
        .where('py', '=', '26/27')
        .execute();
      const res = await call('plans');
      expect(res.json().code).toBe(Code.OK);
      expect(res.json().data).toEqual(live);
    } finally {
      await t.db.deleteFrom('plan_results').where('ada', '=', ME).execute();
    }
  });

  it('evaluates one plan: figures reconcile with the month rows, legs (own frontline) named in full, ADAs masked', async () => {
    const res = await call('plan', { route: '/incentiveplan/seminars' });
    const body = res.json();
    expect(body.code).toBe(Code.OK);
    const d = body.data;
    expect(d.code).toBe('SEMINAR_2627');
    expect(d.editions.map((e: { py: string }) => e.py)).toEqual(['26/27', '25/26']);
    const flq = d.criteria.find((c: { kind: string }) => c.kind === 'flqMonths');
    // Sep: A + B, Oct: A (Nov month-to-date: none).
    expect(flq.achieved).toBe(3);
    expect(flq.required).toBe(8);
    expect(flq.gap.stillNeeded).toBe(5);
    expect(flq.gap.remainingMonths).toBe(10);
    expect(flq.trace.slice(0, 3).map((m: { value: number }) => m.value)).toEqual([2, 1, 0]);
    expect(flq.trace.map((m: { state: string }) => m.state).slice(0, 3)).toEqual(['closed', 'closed', 'open']);
    const pq = d.criteria.find((c: { kind: string }) => c.kind === 'pqMonths');
    expect(pq.achieved).toBe(d.records.filter((r: { isPq: boolean }) => r.isPq).length);
    const apv = d.criteria.find((c: { kind: string }) => c.kind === 'apv');
    expect(apv.achieved).toBe(11_000 + 8_000 + 3_000);
    expect(d.records).toHaveLength(12);
    expect(d.records[2]).toMatchObject({ month: '2026-11', state: 'open', present: true, pgpv: 3_000 });
    expect(d.records[3]).toMatchObject({ month: '2026-12', state: 'future', present: false });
    expect(d.legs).toHaveLength(2);
    // The legs are the distributor's own frontline: their names in full (README, security: names).
    expect(d.legs[0]).toMatchObject({ maskedAda: '100******11', maskedName: { zh: '李小红', en: 'Li Xiaohong' }, qMonths: 2 });
    expect(d.legs[1]).toMatchObject({ maskedAda: '100******12', maskedName: { zh: '赵四', en: '赵四' } });
    expect(res.body).not.toContain(LEG_A);
    // Gaps and month needs go out as figures and sentences only, as before they were data (issue #34).
    expect(Object.keys(flq.gap)).toEqual(['stillNeeded', 'remainingMonths', 'perMonth', 'possible', 'text']);
    expect(Object.keys(flq.trace.find((m: { need?: unknown }) => m.need))).toEqual([
      'month',
      'state',
      'value',
      'counted',
      'cumulative',
      'need',
    ]);
    expect(res.body).not.toMatch(/"(note|needNote|params)":/);
  });

  it('gives the engine the frontline size: more legs than the frontline has is at risk while new legs can still make it', async () => {
    // Two frontline legs (A, B); the FEM travel plan needs 3 LDD markets, the EM travel plan an Emerald (3 legs).
    // In November a leg sponsored now can still be Q the months an LDD market needs: at risk, not out of reach.
    const fem = (await call('plan', { code: 'FEM_TRAVEL_2627' })).json().data;
    const ldd = fem.criteria.find((c: { kind: string }) => c.kind === 'lddMarkets');
    expect(ldd.status).toBe('atRisk');
    expect(ldd.reason).toBeUndefined();
    expect(ldd.gap.text.en).toMatch(
      /: your current frontline can give at most 2; the rest needs new legs, each Q in \d+ of the 10 months left$/,
    );
    expect(ldd.gap.text.zh).toMatch(/现有一线最多2条能达到\d+个Q月，其余需新推荐的一线/);
    expect(fem.status).not.toBe('outOfReach');
    const em = (await call('plan', { code: 'EM_TRAVEL_2627' })).json().data;
    // The Emerald's third leg likewise can still be sponsored and qualify.
    expect(em.criteria[0]).toMatchObject({ kind: 'pinAtLeast', status: 'atRisk' });
    // The card says the same (the list evaluates live here: nothing stored for this distributor).
    const cards = (await call('plans')).json().data.plans;
    expect(cards.find((p: { code: string }) => p.code === 'FEM_TRAVEL_2627').status).toBe(fem.status);
  });

  it('names the legs in full only for their sponsor: anyone else sees them masked', async () => {
    const loaded = await loadHistory(t.db, ME, '2026-09', '2026-11', { pin_code: 330, pin_month: '2026-02' });
    const months = ['2026-09', '2026-10', '2026-11'];
    expect(legsFor(loaded, months, 1, { ada: ME }).map((l) => l.maskedName)).toEqual([
      { zh: '李小红', en: 'Li Xiaohong' },
      { zh: '赵四', en: '赵四' },
    ]);
    expect(legsFor(loaded, months, 1, { ada: '10000000' }).map((l) => l.maskedName)).toEqual([
      { zh: '李*红', en: 'Li X***' },
      { zh: '赵*', en: '赵*' },
    ]);
  });

  it('serves a past edition with ?year and by code; the closed year is final', async () => {
    const byYear = (await call('plan', { route: '/incentiveplan/seminars', year: '25/26' })).json();
    expect(byYear.data.code).toBe('SEMINAR_2526');
    expect(byYear.data.periodState).toBe('closed');
    expect(byYear.data.remainingMonths).toBe(0);
    const flq = byYear.data.criteria.find((c: { kind: string }) => c.kind === 'flqMonths');
    expect(flq.achieved).toBe(4);
    expect(flq.status).toBe('missed');
    const att = byYear.data.criteria.find((c: { kind: string }) => c.kind === 'attendance');
    expect(att.events.find((e: { code: string }) => e.code === 'SEM2526-BRIEF')).toMatchObject({ attended: true, month: '2026-06' });
    expect(att.achieved).toBe(1);
    expect(byYear.data.pins.initialPin).toBe(320);
    expect(byYear.data.pins.events).toEqual([{ month: '2025-11', pinCode: 330 }]);
    const byCode = (await call('plan', { code: 'SEMINAR_2526' })).json();
    expect(byCode.data.criteria).toEqual(byYear.data.criteria);
  });

  it('answers bad input with a clear error envelope', async () => {
    expect((await call('plan', {})).json()).toMatchObject({ success: false });
    expect((await call('plan', { route: '/somewhere/else' })).json()).toMatchObject({ success: false });
    const none = (await call('plan', { route: '/incentiveplan/nothinghere' })).json();
    expect(none).toMatchObject({ success: false, code: Code.NOT_FOUND });
    expect((await call('plan', { code: 'NO_SUCH_PLAN' })).json()).toMatchObject({ success: false, code: Code.NOT_FOUND });
    expect((await call('plan', { route: '/incentiveplan/seminars', year: '19/20' })).json()).toMatchObject({ success: false });
    expect((await call('months', { year: '30/31' })).json()).toMatchObject({ success: false });
  });

  it("refuses another distributor's data", async () => {
    const res = await call('plan', { route: '/incentiveplan/seminars' }, { ...headers, queryAda: STRANGER });
    expect(res.json()).toMatchObject({ success: false, code: Code.FORBIDDEN });
  });

  it('serves the month records of a PY', async () => {
    const d = (await call('months', { year: '26/27' })).json().data;
    expect(d.records).toHaveLength(12);
    expect(d.compliancePpv).toBe(150);
    expect(d.years[0]).toBe('26/27');
    expect(d.records[0]).toMatchObject({ month: '2026-09', state: 'closed', isQ: true, qLegs: 2 });
  });

  it('staff read a distributor through queryAda but cannot choose their track', async () => {
    await insertStaff(t.db, 'staff01');
    const staff = await t.app.tokens.issueStaff({ username: 'staff01', fullName: 'Staff One' });
    const h = { channel: 'iinquiry', jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken, queryAda: ME };
    const plan = (await call('plan', { route: '/incentiveplan/seminars', year: '25/26' }, h)).json();
    expect(plan).toMatchObject({ success: true, data: { code: 'SEMINAR_2526' } });
    // Staff see what the distributor sees: the distributor's frontline named in full.
    const own = (await call('plan', { route: '/incentiveplan/seminars', year: '25/26' })).json();
    expect(plan.data.legs.map((l: { maskedName: { zh: string } }) => l.maskedName.zh)).toEqual(['李小红', '赵四']);
    expect(plan.data.legs).toEqual(own.data.legs);
    const write = (await call('biennial/settag', { track: 'GROWTH' }, h)).json();
    expect(write).toMatchObject({ success: false, code: Code.FORBIDDEN });
    expect(await t.db.selectFrom('user_settings').selectAll().where('ada', '=', ME).execute()).toHaveLength(0);
  });

  it('saves the biennial track: validated, idempotent, nothing changed on bad input', async () => {
    const before = (await call('plan', { route: '/incentiveplan/biennialaward' })).json().data;
    expect(before.chosenTrack).toBeNull();
    expect(before.levelsMode).toBe('tracks');
    const bad = (await call('biennial/settag', { track: 'NOPE' })).json();
    expect(bad.success).toBe(false);
    expect((await t.db.selectFrom('user_settings').selectAll().where('ada', '=', ME).execute()).length).toBe(0);
    const first = (await call('biennial/settag', { track: 'LEADERSHIP' })).json();
    expect(first).toMatchObject({ success: true, data: { track: 'LEADERSHIP' } });
    const again = (await call('biennial/settag', { track: 'LEADERSHIP' })).json();
    expect(again.data.updatedAt).toBe(first.data.updatedAt);
    const after = (await call('plan', { route: '/incentiveplan/biennialaward' })).json().data;
    expect(after.chosenTrack).toBe('LEADERSHIP');
    const rows = await t.db.selectFrom('user_settings').selectAll().where('ada', '=', ME).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.biennial_tag).toBe('LEADERSHIP');
  });

  it('keeps a plan answer only while it holds: a track saved by another process, or new data, shows at once', async () => {
    // A second BFF process on the same database (its own caches, the same rows).
    const other = await buildApp({ config: t.config, db: t.db, logger: false });
    const ask = (app: FastifyInstance, route: string) =>
      app.inject({ method: 'POST', url: '/bff/v1/incentive/plan', headers, payload: { channel: 'wec', route } });
    const first = await ask(t.app, '/incentiveplan/biennialaward');
    const again = await ask(t.app, '/incentiveplan/biennialaward');
    expect(again.body).toBe(first.body);
    const track = first.json().data.chosenTrack === 'GROWTH' ? 'CUSTOMER' : 'GROWTH';
    const saved = await other.inject({
      method: 'POST',
      url: '/bff/v1/incentive/biennial/settag',
      headers,
      payload: { channel: 'wec', track },
    });
    expect(saved.json()).toMatchObject({ success: true, data: { track } });
    expect((await ask(t.app, '/incentiveplan/biennialaward')).json().data.chosenTrack).toBe(track);

    // Results are replaced by the seed / close, which records when (meta seeded_at): the data
    // version moves and the next answer is evaluated again.
    const november = (body: string) =>
      (JSON.parse(body) as { data: { records: Array<{ month: string; pgpv: number }> } }).data.records.find((r) => r.month === '2026-11');
    expect(november((await ask(t.app, '/incentiveplan/seminars')).body)?.pgpv).toBe(3_000);
    await t.db.updateTable('monthly_results').set({ pgpv: 4_321 }).where('ada', '=', ME).where('month', '=', '2026-11').execute();
    await markDataReplaced(t.db);
    expect(november((await ask(t.app, '/incentiveplan/seminars')).body)?.pgpv).toBe(4_321);
    expect(november((await ask(other, '/incentiveplan/seminars')).body)?.pgpv).toBe(4_321);
  });

  it('sends a plan answer compressed when the browser accepts it: the same JSON, a fraction of the bytes', async () => {
    const ask = (encoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/bff/v1/incentive/plan',
        headers: { ...headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
        payload: { channel: 'wec', route: '/incentiveplan/seminars' },
      });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().success).toBe(true);
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(br.headers['vary']).toContain('Accept-Encoding');
    const gzip = await ask('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // Answered from the kept answer: compressed once, the same bytes again.
    expect((await ask('br')).rawPayload.equals(br.rawPayload)).toBe(true);
  });
});
