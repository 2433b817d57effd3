import { describe, expect, it } from 'vitest';
import { isSpMonth, paymentDateOf, pinName, planByCode, rulesForMonth } from '@abo/plan';
import { markDataReplaced } from '../../db/data-version.ts';
import { loadProfile } from '../../idp/profile.ts';
import { useDemoApp } from '../../testing/suite-app.ts';
import { DEMO_PASSWORD } from '../../seed/index.ts';

describe('home summary on the demo seed', () => {
  const demo = useDemoApp([]);
  const signedIn = new Map<string, { accessToken: string; idToken: string }>();
  // Signs in once per account (the sign-in budget counts attempts per account and minute).
  const tokensOf = async (ada: string) => {
    let tokens = signedIn.get(ada);
    if (!tokens) {
      const s = await demo.t.app.inject({ method: 'POST', url: '/idp/session', payload: { username: ada, password: DEMO_PASSWORD } });
      const x = await demo.t.app.inject({
        method: 'POST',
        url: '/bff/v1/common/idaasToken',
        payload: { sessionToken: s.json().data.sessionToken },
      });
      signedIn.set(ada, (tokens = x.json().data as { accessToken: string; idToken: string }));
    }
    return tokens;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const post = async (ada: string, url: string, payload: object = {}): Promise<any> => {
    const { accessToken, idToken } = await tokensOf(ada);
    const res = await demo.t.app.inject({
      method: 'POST',
      url,
      headers: { 'idaas-accesstoken': accessToken, 'idaas-idtoken': idToken },
      payload: { channel: 'wec', loginada: ada, ...payload },
    });
    expect(res.json().code).toBe(0);
    return res.json().data;
  };
  const summaryOf = (ada: string) => post(ada, '/bff/v1/home/summary');

  it('answers the Platinum distributor’s first questions: this seminar, last month, last pay', async () => {
    const s = await summaryOf('10000001');
    expect(s).toMatchObject({
      ada: '10000001',
      maskedAda: '100******01',
      pinCode: 330,
      py: '26/27',
      month: '2026-11',
      lastMonth: '2026-10',
    });
    expect(s.seminar).toMatchObject({ code: 'SEMINAR_2627', status: 'atRisk' });
    // Bilingual texts as one { zh, en } object each (packages/contract/src/text.ts).
    expect(s.pinName).toEqual({ zh: pinName(330).zh, en: pinName(330).en });
    expect(s.seminar.name).toEqual({ zh: planByCode('SEMINAR_2627')!.name.zh, en: planByCode('SEMINAR_2627')!.name.en });
    // Their own name, in full (README, security: names).
    const me = await demo.t.db.selectFrom('distributors').select('name_zh').where('ada', '=', '10000001').executeTakeFirstOrThrow();
    expect(s.fullName).toBe(me.name_zh);
    expect(typeof s.lastMonthQ).toBe('boolean');
    const q = await demo.t.db
      .selectFrom('monthly_results')
      .select('is_q')
      .where('ada', '=', '10000001')
      .where('month', '=', '2026-10')
      .executeTakeFirstOrThrow();
    expect(s.lastMonthQ).toBe(q.is_q === 1);
    const st = await demo.t.db
      .selectFrom('statements')
      .selectAll()
      .where('ada', '=', '10000001')
      .orderBy('month', 'desc')
      .executeTakeFirst();
    expect(s.lastNetFen).toBe(st ? Number(st.net_fen) : null);
  });

  it('shows staff the distributor’s whole ADA, as their banner does; the distributor sees it masked', async () => {
    const staff = await demo.t.app.tokens.issueStaff({ username: 'staff01', fullName: 'Staff One' });
    const res = await demo.t.app.inject({
      method: 'POST',
      url: '/bff/v1/home/summary',
      headers: { jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken, queryAda: '10000004' },
      payload: { channel: 'iinquiry' },
    });
    expect(res.json().code, res.body).toBe(0);
    const s = res.json().data;
    expect([s.ada, s.maskedAda]).toEqual(['10000004', '10000004']);
    // Other people's ADAs stay as the distributor sees them.
    if (s.legs.closest) expect(s.legs.closest.maskedAda).toContain('*');
    // The distributor's own home keeps the mask (docs/contract.md §5).
    expect((await summaryOf('10000004')).maskedAda).toBe('100******04');
  });

  it('a new member gets a summary without a seminar status or income', async () => {
    const s = await summaryOf('10000003');
    expect(s.pinCode).toBe(230);
    expect(s.lastNetFen === null || s.lastNetFen >= 0).toBe(true);
  });

  it('gives the first goal of the month as the top-up page counts it: the next bracket and the PV it takes', async () => {
    for (const ada of ['10000001', '10000002', '10000003', '10000004']) {
      const s = await summaryOf(ada);
      const topup = await post(ada, '/bff/v1/achievement/topup');
      if (topup.nextPercent === null) {
        expect(s.firstGoal, ada).toBeNull();
        continue;
      }
      expect(s.firstGoal, ada).toMatchObject({
        month: topup.month,
        groupPv: topup.gpv,
        currentPercent: topup.bracket,
        targetPercent: topup.nextPercent,
        targetMinPv: topup.nextMinPv,
        pvNeeded: topup.pvForNextBracket,
        daysLeft: topup.daysLeft,
      });
      expect(s.firstGoal.progressPct, ada).toBeGreaterThanOrEqual(0);
      expect(s.firstGoal.progressPct, ada).toBeLessThan(100);
    }
    // The new member is below the top bracket this month: home names their next step.
    expect((await summaryOf('10000003')).firstGoal).not.toBeNull();
  });

  it('the seminar card says what the seminar page says: the same status and, out of reach, the same reason', async () => {
    for (const ada of ['10000001', '10000003']) {
      const home = await summaryOf(ada);
      const plan = await post(ada, '/bff/v1/incentive/plan', { code: 'SEMINAR_2627' });
      expect(home.seminar, ada).not.toBeNull();
      expect(home.seminar.status, ada).toBe(plan.status);
      expect(home.seminar.reason ?? null, ada).toEqual(plan.status === 'outOfReach' ? plan.reason.text : null);
    }
    // The new member has no frontline yet: legs sponsored in the months left could still make the
    // FLQ months, so the seminar is at risk, never a red "cannot be reached" (issue #31).
    expect((await summaryOf('10000003')).seminar.status).toBe('atRisk');
    const flq = (await post('10000003', '/bff/v1/incentive/plan', { code: 'SEMINAR_2627' })).criteria.find(
      (c: { kind: string }) => c.kind === 'flqMonths',
    );
    expect(flq.gap.text.en).toMatch(/no frontline legs yet, so new legs would have to reach Q/);
  });

  it('shows this PY’s PQ and FLQ months as the seminar plan counts them', async () => {
    for (const ada of ['10000001', '10000002', '10000004']) {
      const s = await summaryOf(ada);
      const plan = await post(ada, '/bff/v1/incentive/plan', { route: '/incentiveplan/seminars' });
      expect(plan.code).toBe('SEMINAR_2627');
      const achieved = (kind: string) => plan.criteria.find((c: { kind: string }) => c.kind === kind).achieved;
      expect([s.pqMonths, s.flqMonths], ada).toEqual([achieved('pqMonths'), achieved('flqMonths')]);
    }
  });

  it('counts FLQ months one way on the plan page, its FLQ views and home, for demo distributors', async () => {
    const leaders = await demo.t.db.selectFrom('distributors').select('ada').orderBy('tree_size', 'desc').limit(4).execute();
    const adas = [...new Set(['10000001', '10000002', '10000003', '10000004', ...leaders.map((d) => d.ada)])];
    // Leaders other than the demo accounts have no password: tokens issued for them directly.
    const as = async (ada: string, url: string, payload: object = {}) => {
      const tokens = await demo.t.app.tokens.issue((await loadProfile(demo.t.db, ada))!);
      const headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
      const res = await demo.t.app.inject({ method: 'POST', url, headers, payload: { channel: 'wec', ...payload } });
      expect(res.json().code, res.body).toBe(0);
      return res.json().data;
    };
    let withLegs = 0;
    for (const ada of adas) {
      const plan = await as(ada, '/bff/v1/incentive/plan', { route: '/incentiveplan/seminars' });
      const criterion = plan.criteria.find((c: { kind: string }) => c.kind === 'flqMonths').achieved;
      // The FLQ subpages: the month grid (Q legs per lived month) and the legs × months matrix.
      const records = plan.records
        .filter((r: { state: string }) => r.state !== 'future')
        .reduce((n: number, r: { qLegs: number }) => n + r.qLegs, 0);
      const matrix = plan.legs.reduce((n: number, l: { months: boolean[] }) => n + l.months.filter(Boolean).length, 0);
      const home = (await as(ada, '/bff/v1/home/summary')).flqMonths;
      expect({ records, matrix, home }, ada).toEqual({ records: criterion, matrix: criterion, home: criterion });
      if (criterion > 0) withLegs++;
    }
    expect(withLegs).toBeGreaterThanOrEqual(2);
  });

  it('answers the seminar question in words: the criterion that decides it, as the seminar page states it', async () => {
    for (const ada of ['10000001', '10000002', '10000003', '10000004']) {
      const s = await summaryOf(ada);
      const plan = await post(ada, '/bff/v1/incentive/plan', { route: '/incentiveplan/seminars' });
      // The current PY's edition, which is what the seminar link opens.
      expect([s.seminar.code, s.seminar.py, s.seminar.route], ada).toEqual([plan.code, '26/27', '/incentiveplan/seminars']);
      const unmet = plan.criteria.filter((c: { met: boolean }) => !c.met);
      if (!unmet.length) {
        expect(s.seminar.binding, ada).toBeNull();
        continue;
      }
      // The binding criterion has the plan's worst status among the unmet ones, and its gap is the page's sentence.
      const c = plan.criteria.find((x: { kind: string }) => x.kind === s.seminar.binding.kind);
      expect(c.met, ada).toBe(false);
      expect(s.seminar.binding.status, ada).toBe(c.status);
      expect(unmet.map((x: { status: string }) => x.status)).toContain(plan.status === 'met' ? c.status : plan.status);
      expect(s.seminar.binding.gap, ada).toEqual(c.gap?.text ?? null);
      if (c.kind !== 'pinAtLeast' && c.kind !== 'newPin') {
        expect(s.seminar.binding.progress.en, ada).toContain(
          `${c.achieved.toLocaleString('en-US')} of ${c.required.toLocaleString('en-US')}`,
        );
        expect(s.seminar.binding.progress.zh, ada).toContain(`${c.achieved.toLocaleString('en-US')}/${c.required.toLocaleString('en-US')}`);
      }
    }
  });

  it('sends what the Q-month test read for last month, and the test on those figures gives the answer home shows', async () => {
    let answered = 0;
    for (const ada of ['10000001', '10000002', '10000003', '10000004']) {
      const s = await summaryOf(ada);
      if (s.lastMonth === null) {
        expect(s.lastMonthTest, ada).toBeNull();
        continue;
      }
      const stored = await demo.t.db
        .selectFrom('monthly_results')
        .select(['apv', 'q_legs'])
        .where('ada', '=', ada)
        .where('month', '=', s.lastMonth)
        .executeTakeFirstOrThrow();
      expect(s.lastMonthTest, ada).toEqual({ apv: stored.apv, qLegs: stored.q_legs });
      // The web's "why" works the plan engine's test out on these figures: it must say what home says.
      expect(isSpMonth(s.lastMonthTest.apv, s.lastMonthTest.qLegs, rulesForMonth(s.lastMonth, { fallback: 'nearest' })), ada).toBe(
        s.lastMonthQ,
      );
      answered++;
    }
    expect(answered).toBeGreaterThan(1);
  });

  it('names the plan whose trace explains last month, and the frontline leg closest to Q this month', async () => {
    for (const ada of ['10000001', '10000002', '10000003']) {
      const s = await summaryOf(ada);
      expect(s.lastMonthPlan, ada).toBe(s.lastMonth ? 'SEMINAR_2627' : null);
      // The market page's partners of the open month, as the distributor sees them.
      const partners = await post(ada, '/bff/v1/incentive/market/partners', { view: 'monthly' });
      expect(s.legs, ada).toMatchObject({ month: '2026-11', total: partners.frontlineCount, qSoFar: partners.summary.qThisMonth });
      expect(s.legs.qThreshold).toBe(partners.qThreshold);
      const open = partners.rows.filter((p: { isQ: boolean; gpv: number }) => !p.isQ && p.gpv > 0);
      if (!open.length) {
        expect(s.legs.closest, ada).toBeNull();
        continue;
      }
      const best = Math.max(...open.map((p: { gpv: number }) => p.gpv));
      const row = open.find((p: { ref: string }) => p.ref === s.legs.closest.ref);
      expect(row, ada).toBeDefined();
      expect(s.legs.closest, ada).toEqual({
        ref: row.ref,
        name: row.maskedName,
        maskedAda: row.maskedAda,
        gpv: best,
        pvToQ: row.pvToQ,
        progressPct: row.progressPct,
      });
    }
    // The Diamond's legs have volume this month: home names one.
    expect((await summaryOf('10000002')).legs.closest).not.toBeNull();
  });

  it('a damaged stored plan summary does not change the seminar answer: it is evaluated as the plan page does', async () => {
    const before = await summaryOf('10000001');
    const row = await demo.t.db
      .selectFrom('plan_results')
      .select('summary')
      .where('ada', '=', '10000001')
      .where('py', '=', '26/27')
      .executeTakeFirstOrThrow();
    try {
      await demo.t.db
        .updateTable('plan_results')
        .set({ summary: '{"SEMINAR_2627":' })
        .where('ada', '=', '10000001')
        .where('py', '=', '26/27')
        .execute();
      const s = await summaryOf('10000001');
      expect(s.seminar).toEqual(before.seminar);
      expect(s.pinCode).toBe(330);
    } finally {
      await demo.t.db
        .updateTable('plan_results')
        .set({ summary: row.summary })
        .where('ada', '=', '10000001')
        .where('py', '=', '26/27')
        .execute();
    }
  });

  it('shows the month’s projected pay, labelled an estimate: the estimate page’s “at this pace”', async () => {
    for (const ada of ['10000001', '10000002']) {
      const [s, p, est] = await Promise.all([
        summaryOf(ada),
        post(ada, '/bff/v1/achievement/projection'),
        post(ada, '/bff/v1/achievement/estimate'),
      ]);
      expect(s.projectedPay, ada).toEqual({
        estimate: true,
        month: '2026-11',
        daysElapsed: 21,
        daysInMonth: 30,
        paidOn: paymentDateOf('2026-11'),
        pace: { gpv: p.pace.gpv, pretaxFen: p.pace.pretaxFen, taxFen: p.pace.taxFen, netFen: p.pace.netFen },
      });
      // The estimate page's starting point: the month so far plus the pace's volumes.
      const atPace = await post(ada, '/bff/v1/achievement/estimate', { extraPpv: est.pace.extraPpv, extraLegPv: est.pace.extraLegPv });
      expect(s.projectedPay.pace, ada).toMatchObject({ pretaxFen: atPace.after.pretaxFen, netFen: atPace.after.netFen });
      expect(s.projectedPay.pace.pretaxFen, ada).toBeGreaterThan(0);
    }
  });

  it('gives the PV to the next bracket the estimate gives, a month below zero included', async () => {
    const ada = '10000003';
    const same = async () => {
      const [s, est] = await Promise.all([summaryOf(ada), post(ada, '/bff/v1/achievement/estimate')]);
      expect(s.firstGoal.groupPv).toBe(est.before.gpv);
      expect(s.firstGoal.pvNeeded).toBe(est.before.pvForNextBracket);
      return s.firstGoal;
    };
    await same();
    // Returns above the orders: the month so far at −200 group PV.
    const row = await demo.t.db
      .selectFrom('monthly_results')
      .selectAll()
      .where('ada', '=', ada)
      .where('month', '=', '2026-11')
      .executeTakeFirstOrThrow();
    const legs = Number(row.gpv) - Number(row.ppv);
    await demo.t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('monthly_results')
        .set({ ppv: -200 - legs, gpv: -200 })
        .where('ada', '=', ada)
        .where('month', '=', '2026-11')
        .execute();
      await markDataReplaced(trx);
    });
    const goal = await same();
    expect(goal).toMatchObject({ groupPv: -200, targetMinPv: rulesForMonth('2026-11').brackets[0]!.minPv });
    expect(goal.pvNeeded).toBe(goal.targetMinPv + 200);
  });
});
