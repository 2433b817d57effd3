// The projection and year-on-year calls on the demo seed: the year-on-year figures are the
// monthly pages' figures for the same months (achievement months, income months, composition,
// estimate), and the projections are labelled estimates that follow the engine.
import { countsSoFar, monthProjection, paymentDateOf, previousPy, pyMonths } from '@abo/plan';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../testing/suite-app.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers read as JSON, checked figure by figure */

const PLATINUM = '10000001';
const DIAMOND = '10000002';

describe('projection and year-on-year calls (demo seed, today 2026-11-21)', () => {
  const demo = useDemoApp([PLATINUM, DIAMOND]);
  const send = (ada: string, url: string, payload: object = {}) =>
    demo.t.app.inject({ method: 'POST', url, headers: demo.headers(ada), payload: { channel: 'wec', loginada: ada, ...payload } });
  const call = async (ada: string, url: string, payload: object = {}): Promise<any> => {
    const res = await send(ada, url, payload);
    expect(res.json().code, `${url} ${res.body}`).toBe(0);
    return res.json().data;
  };

  for (const ada of [PLATINUM, DIAMOND]) {
    it(`${ada}: the year-on-year view shows the monthly pages’ figures`, async () => {
      const [yoy, ach, incomeThis, incomeLast] = await Promise.all([
        call(ada, '/bff/v1/achievement/yearOnYear'),
        call(ada, '/bff/v1/achievement/months', { count: 15 }),
        call(ada, '/bff/v1/income/distributorannualincome'),
        call(ada, '/bff/v1/income/distributorannualincome', { year: '25/26' }),
      ]);
      expect(yoy).toMatchObject({ py: '26/27', prevPy: '25/26', today: '2026-11' });
      expect(yoy.rows.map((r: any) => r.thisYear.month)).toEqual(pyMonths('26/27'));
      expect(yoy.rows.map((r: any) => r.lastYear.month)).toEqual(pyMonths('25/26'));
      const achBy = new Map(ach.months.map((m: any) => [m.month, m]));
      const incomeBy = new Map([...incomeThis.months, ...incomeLast.months].map((m: any) => [m.month, m]));
      let compared = 0;
      for (const r of yoy.rows) {
        for (const m of [r.thisYear, r.lastYear]) {
          const a: any = achBy.get(m.month);
          if (a) {
            compared++;
            expect({ month: m.month, ppv: m.ppv, gpv: m.gpv, apv: m.apv, isQ: m.isQ, state: m.state }).toEqual({
              month: a.month,
              ppv: a.ppv,
              gpv: a.gpv,
              apv: a.apv,
              isQ: a.isSp,
              state: a.state,
            });
          }
          const i: any = incomeBy.get(m.month);
          expect({ month: m.month, pretax: m.pretaxFen, net: m.netFen }).toEqual({
            month: m.month,
            pretax: i.hasStatement ? i.pretaxFen : null,
            net: i.hasStatement ? i.netFen : null,
          });
        }
      }
      expect(compared).toBe(15);
      // Totals: this PY so far, and the same months of the last PY.
      const counted = yoy.rows.filter((r: any) => countsSoFar(r.thisYear.state));
      expect(yoy.totals.thisYear.qMonths).toBe(counted.filter((r: any) => r.thisYear.isQ).length);
      const withStatement = counted.filter((r: any) => r.thisYear.netFen !== null);
      expect(yoy.totals.lastYear.netFen).toBe(withStatement.reduce((n: number, r: any) => n + (r.lastYear.netFen ?? 0), 0));
      expect(yoy.totals.lastYear.gpv).toBe(counted.reduce((n: number, r: any) => n + r.lastYear.gpv, 0));
    });

    it(`${ada}: active legs are the frontline legs with PV that month, as the estimate and composition list them`, async () => {
      const [yoy, est, comp] = await Promise.all([
        call(ada, '/bff/v1/achievement/yearOnYear'),
        call(ada, '/bff/v1/achievement/estimate'),
        call(ada, '/bff/v1/achievement/composition', { month: '2026-10' }),
      ]);
      const row = (m: string) => yoy.rows.find((r: any) => r.thisYear.month === m).thisYear;
      expect(row('2026-11').activeLegs).toBe(est.legs.length);
      if (comp.otherLegs.count === 0) expect(row('2026-10').activeLegs).toBe(comp.legs.filter((l: any) => l.gpv > 0).length);
      expect(row('2026-12')).toMatchObject({ state: 'future', present: false, activeLegs: 0, pretaxFen: null });
    });
  }

  it('the Diamond’s downline has members joining: new members per month sum over the PY', async () => {
    const yoy = await call(DIAMOND, '/bff/v1/achievement/yearOnYear', { year: '25/26' });
    expect(yoy).toMatchObject({ py: '25/26', prevPy: '24/25' });
    const all = yoy.rows.reduce((n: number, r: any) => n + r.thisYear.newMembers, 0);
    expect(all).toBe(yoy.totals.thisYear.newMembers);
  });

  it('refuses a PY it does not offer', async () => {
    const res = await send(PLATINUM, '/bff/v1/achievement/yearOnYear', { year: '19/20' });
    expect(res.json().success).toBe(false);
  });

  for (const ada of [PLATINUM, DIAMOND]) {
    it(`${ada}: the projection is an estimate at this month’s pace, from the month so far`, async () => {
      const [p, overview, est, lastYear] = await Promise.all([
        call(ada, '/bff/v1/achievement/projection'),
        call(ada, '/bff/v1/achievement/overview'),
        call(ada, '/bff/v1/achievement/estimate'),
        call(ada, '/bff/v1/achievement/months', { count: 13 }),
      ]);
      expect(p).toMatchObject({
        estimate: true,
        month: '2026-11',
        py: '26/27',
        daysElapsed: 21,
        daysInMonth: 30,
        lastYearMonth: '2025-11',
      });
      expect(p.soFar).toMatchObject({ ppv: overview.current.ppv, gpv: overview.current.gpv, bracket: overview.current.bracket });
      expect(p.soFar.promotionFen).toBe(est.before.promotionFen);
      expect(p.lastYearGpv).toBe(lastYear.months[0].gpv);
      // The engine's projection of the same inputs.
      const e = monthProjection({
        month: '2026-11',
        today: '2026-11-21',
        ppv: est.before.ppv,
        legs: est.legs.map((l: any) => ({ id: l.id, gpv: l.gpv, pgpv: l.pgpv })),
        lastYearGpv: p.lastYearGpv,
      });
      expect(p.pace.gpv).toBe(e.pace!.gpv);
      expect(p.pace.bracket).toBe(e.pace!.bracketPercent);
      // Each volume scaled on its own (a leg's group PV, own PV).
      const scaled = (v: number) => (v > 0 ? Math.round((v * 30) / 21) : v);
      expect(p.pace.gpv).toBe(scaled(est.before.ppv) + est.legs.reduce((n: number, l: any) => n + scaled(l.gpv), 0));
      expect(p.lastYear.gpv).toBe(Math.max(p.lastYearGpv, p.soFar.gpv));
      // Q months: the PY's closed months (Sep, Oct) set the pace over 12.
      expect(p.qMonths).toMatchObject({ monthsElapsed: 2, monthsInPeriod: 12, monthsLeft: 10, lastMonth: '2027-08' });
      expect(p.qMonths.projected).toBeGreaterThanOrEqual(p.qMonths.soFar);
    });
  }

  for (const ada of [PLATINUM, DIAMOND]) {
    it(`${ada}: the projection and the estimate give one figure for the same volumes`, async () => {
      const [p, est] = await Promise.all([call(ada, '/bff/v1/achievement/projection'), call(ada, '/bff/v1/achievement/estimate')]);
      expect(p.soFar.promotionFen).toBe(est.before.promotionFen);
      expect(p.soFar).toMatchObject({ pretaxFen: est.before.pretaxFen, netFen: est.before.netFen });
      // The pace's volumes (21 of 30 days), worked out here, entered on the estimate.
      const f = 30 / 21;
      const extraLegPv = Object.fromEntries(est.legs.filter((l: any) => l.gpv > 0).map((l: any) => [l.id, Math.round(l.gpv * f) - l.gpv]));
      const what = await call(ada, '/bff/v1/achievement/estimate', { extraPpv: Math.round(est.ppv * f) - est.ppv, extraLegPv });
      expect(p.pace).toMatchObject({
        gpv: what.after.gpv,
        promotionFen: what.after.promotionFen,
        pretaxFen: what.after.pretaxFen,
        taxFen: what.after.taxFen,
        netFen: what.after.netFen,
        paidOn: paymentDateOf('2026-11'),
      });
      // The estimate starts from the same pace.
      expect(est.pace).toMatchObject({ daysElapsed: 21, daysInMonth: 30, extraLegPv });
      expect(est.paidOn).toBe(p.pace.paidOn);
    });
  }

  it('plan criteria carry their projection at this pace, in words', async () => {
    const plan = await call(PLATINUM, '/bff/v1/incentive/plan', { route: '/incentiveplan/seminars' });
    const pq = plan.criteria.find((c: any) => c.kind === 'pqMonths');
    expect(pq.projection).toMatchObject({ monthsElapsed: 2, monthsInPeriod: 12, required: pq.required, lastMonth: '2027-08' });
    expect(pq.projection.text.en).toMatch(/^At this pace: \d+ (of \d+ )?PQ months? by 31 Aug 2027( \(\d+ needed\))?$/);
    expect(pq.projection.reaches).toBe(pq.projection.projected >= pq.required);
    const pin = plan.criteria.find((c: any) => c.kind === 'pinAtLeast');
    if (pin) expect(pin.projection).toBeUndefined();
    expect(previousPy(plan.py)).toBe('25/26');
  });
});
