// The pages agree: the same figure read from home, the plan pages, achievement, market details
// and income, for the open month (so far) and the last closed month, on the demo seed. The
// figures are compared with each other, never with amounts, so the seed may change under them.
import { countMonths, countsSoFar, pyOf, toMonthKey } from '@abo/plan';
import { describe, expect, it } from 'vitest';
import { markDataReplaced } from '../testing/fixtures.ts';
import { useDemoApp } from '../testing/suite-app.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers read as JSON, checked figure by figure */

const PLATINUM = '10000001';
const DIAMOND = '10000002';

describe('every page shows the open and the closed months the same way (demo seed, today 2026-11-21)', () => {
  const demo = useDemoApp([PLATINUM, DIAMOND]);
  const call = async (ada: string, url: string, payload: object = {}): Promise<any> => {
    const h = demo.headers(ada);
    const res = await demo.t.app.inject({ method: 'POST', url, headers: h, payload: { channel: 'wec', loginada: ada, ...payload } });
    expect(res.json().code, `${url} ${res.body}`).toBe(0);
    return res.json().data;
  };

  /** Everything the pages say about one distributor, read once. */
  const pagesOf = async (ada: string) => {
    const [home, seminar, star, overview, rank, months, starDetail, topup, details, statement, statements, annual] = await Promise.all([
      call(ada, '/bff/v1/home/summary'),
      call(ada, '/bff/v1/incentive/plan', { route: '/incentiveplan/seminars' }),
      call(ada, '/bff/v1/incentive/plan', { route: '/incentiveplan/annualawardmarketingstar' }),
      call(ada, '/bff/v1/achievement/overview'),
      call(ada, '/bff/v1/achievement/rank'),
      call(ada, '/bff/v1/achievement/months', { count: 12 }),
      call(ada, '/bff/v1/achievement/marketingstardetail'),
      call(ada, '/bff/v1/achievement/topup'),
      call(ada, '/bff/v1/incentive/market/details', { queryAda: ada }),
      call(ada, '/bff/v1/income/statement'),
      call(ada, '/bff/v1/income/statements'),
      call(ada, '/bff/v1/income/distributorannualincome'),
    ]);
    return { home, seminar, star, overview, rank, months, starDetail, topup, details, statement, statements, annual };
  };

  const achieved = (plan: any, kind: string): number => plan.criteria.find((c: { kind: string }) => c.kind === kind).achieved;

  for (const ada of [PLATINUM, DIAMOND]) {
    it(`${ada}: this PY's PQ, SP, FLQ months and cumulative APV, the open month so far included on every page`, async () => {
      const p = await pagesOf(ada);
      const month = p.home.month;
      const py = p.home.py;
      expect(month).toBe(toMonthKey(demo.t.config.today()));
      const pyRecords = p.seminar.records.filter((r: { state: string }) => countsSoFar(r.state as never));
      const pyAch = p.months.months.filter((m: { month: string }) => pyOf(m.month) === py);
      // Both lists hold the open month, marked so: the rows the pages label "so far".
      expect(pyRecords.find((r: any) => r.month === month).state).toBe('open');
      expect(pyAch.find((m: any) => m.month === month).state).toBe('open');

      const pq = achieved(p.seminar, 'pqMonths');
      const flq = achieved(p.seminar, 'flqMonths');
      expect({
        home: p.home.pqMonths,
        planGrid: countMonths(pyRecords, (r: any) => r.isPq),
        achievementMonths: countMonths(pyAch, (m: any) => m.isSp),
        rankCounter: p.rank.counters.spMonths,
      }).toEqual({ home: pq, planGrid: pq, achievementMonths: pq, rankCounter: pq });
      expect({
        home: p.home.flqMonths,
        planGrid: pyRecords.reduce((n: number, r: any) => n + r.qLegs, 0),
        achievementMonths: pyAch.reduce((n: number, m: any) => n + m.qLegs, 0),
      }).toEqual({ home: flq, planGrid: flq, achievementMonths: flq });
      const apv = achieved(p.seminar, 'apv');
      expect({
        planGrid: pyRecords.reduce((n: number, r: any) => n + r.apv, 0),
        achievementMonths: pyAch.reduce((n: number, m: any) => n + m.apv, 0),
      }).toEqual({ planGrid: apv, achievementMonths: apv });
      // The marketing-star page counts as the annual marketing-star plan.
      expect([p.starDetail.starMonths, p.starDetail.customers]).toEqual([achieved(p.star, 'monthsMeeting'), achieved(p.star, 'customers')]);
    });

    it(`${ada}: a pin condition is met on the rank pages only when its figure reaches what it needs, on track when only this month so far does`, async () => {
      const { rank, overview } = await pagesOf(ada);
      for (const pin of [...rank.pins, ...(overview.nextPin ? [overview.nextPin] : [])]) {
        for (const c of pin.conditions) {
          const which = `${pin.pinCode} ${c.key}`;
          // Met needs its figure reached; reached only with the open month's figures, it is on track ("met so far").
          if (c.status === 'met') expect(c.achieved, which).toBeGreaterThanOrEqual(c.required);
          else if (c.achieved >= c.required) {
            expect(c.status, which).toBe('onTrack');
            expect(c.reason?.en, which).toBe('met so far: confirmed when this month closes');
          }
        }
      }
    });

    it(`${ada}: this month so far reads the same on home, achievement, the plan page and market details`, async () => {
      const p = await pagesOf(ada);
      const month = p.home.month;
      const record = p.seminar.records.find((r: { month: string }) => r.month === month);
      const row = p.months.months.find((m: { month: string }) => m.month === month);
      const figures = (x: { ppv: number; pgpv: number; bracket: number }) => ({ ppv: x.ppv, pgpv: x.pgpv, bracket: x.bracket });
      const home = { ppv: p.home.monthPpv, pgpv: p.home.monthPgpv, bracket: p.home.monthBracket };
      expect(figures(p.overview.current)).toEqual(home);
      expect(figures(row)).toEqual(home);
      expect(figures(record)).toEqual(home);
      expect(figures(p.topup)).toEqual(home);
      expect({ pgpv: p.details.current.pgpv, bracket: p.details.current.bracket }).toEqual({ pgpv: home.pgpv, bracket: home.bracket });
      expect([p.overview.current.state, row.state, record.state]).toEqual(['open', 'open', 'open']);
    });

    it(`${ada}: this month's promotion fee so far reads the same in the estimate, the projection and "so far vs last month"`, async () => {
      const [estimate, projection, soFar] = await Promise.all([
        call(ada, '/bff/v1/achievement/estimate'),
        call(ada, '/bff/v1/achievement/projection'),
        call(ada, '/bff/v1/achievement/soFarChange'),
      ]);
      // The demo's orders are dated in the month, so cutting them at today gives the open month so far.
      expect(soFar.hasOrders).toBe(true);
      expect(soFar.to.promotionFen).toBeGreaterThan(0);
      expect([projection.soFar.promotionFen, soFar.to.promotionFen]).toEqual([estimate.before.promotionFen, estimate.before.promotionFen]);
      expect([projection.soFar.gpv, soFar.toVolume.gpv]).toEqual([estimate.before.gpv, estimate.before.gpv]);
    });

    it(`${ada}: the last closed month and its pay read the same on home, income, achievement and the plan page`, async () => {
      const p = await pagesOf(ada);
      const last = p.home.lastMonth;
      expect(last).not.toBeNull();
      const record = p.seminar.records.find((r: { month: string }) => r.month === last);
      const row = p.months.months.find((m: { month: string }) => m.month === last);
      expect([record.state, row.state]).toEqual(['closed', 'closed']);
      // "Q month?" on home is the PQ flag the plan grid shows.
      expect(p.home.lastMonthQ).toBe(record.isPq);
      expect(row.isSp).toBe(record.isPq);
      // The newest statement is the last closed month's, on home and every income page.
      expect(p.home.lastStatementMonth).toBe(last);
      expect(p.statement.month).toBe(last);
      expect(p.statements.rows[0].month).toBe(last);
      const annualRow = p.annual.months.find((m: { month: string }) => m.month === last);
      expect([p.statement.netFen, p.statements.rows[0].netFen, annualRow.netFen]).toEqual([
        p.home.lastNetFen,
        p.home.lastNetFen,
        p.home.lastNetFen,
      ]);
      expect(p.statement.pretaxFen).toBe(p.home.lastPretaxFen);
      // The month's volume and bracket behind the pay, as the volume pages show the month.
      const vol = p.statement.volume;
      expect({ pgpv: vol.pgpv, bracket: vol.bracketPercent, qLegs: vol.qLegs }).toEqual({
        pgpv: record.pgpv,
        bracket: record.bracket,
        qLegs: record.qLegs,
      });
      expect({ pgpv: row.pgpv, bracket: row.bracket }).toEqual({ pgpv: record.pgpv, bracket: record.bracket });
      const detailsRow = p.details.months.find((m: { month: string }) => m.month === last);
      expect({ pgpv: detailsRow.pgpv, bracket: detailsRow.bracket, state: detailsRow.state }).toEqual({
        pgpv: record.pgpv,
        bracket: record.bracket,
        state: 'closed',
      });
    });
  }

  it('a leg’s way to Q reads the same on home, the partners list and market details, and 100 % only once Q', async () => {
    const [home, partners, details] = await Promise.all([
      call(DIAMOND, '/bff/v1/home/summary'),
      call(DIAMOND, '/bff/v1/incentive/market/partners', { view: 'monthly' }),
      call(DIAMOND, '/bff/v1/incentive/market/details', { queryAda: DIAMOND }),
    ]);
    type Leg = { ref: string; gpv: number; isQ: boolean; progressPct: number };
    const rows: Leg[] = partners.rows;
    const legs: Leg[] = details.legs;
    expect(legs.length).toBeGreaterThan(0);
    for (const leg of legs) {
      const row = rows.find((r) => r.ref === leg.ref)!;
      expect({ gpv: leg.gpv, isQ: leg.isQ, pct: leg.progressPct }, leg.ref).toEqual({ gpv: row.gpv, isQ: row.isQ, pct: row.progressPct });
      expect(leg.progressPct === 100, leg.ref).toBe(leg.isQ);
    }
    const closest = home.legs.closest;
    if (closest) expect(closest.progressPct).toBe(rows.find((r) => r.ref === closest.ref)!.progressPct);
    expect(details.current.progressPct === 100).toBe(details.current.isQ);
  });

  it('"compared with last month" adds up to the two statements the service-fee page shows, the fee split by leg', async () => {
    for (const ada of [PLATINUM, DIAMOND]) {
      const months: string[] = (await call(ada, '/bff/v1/income/statement')).months.slice(0, 6);
      for (let k = 0; k + 1 < months.length; k++) {
        const [to, from, change] = await Promise.all([
          call(ada, '/bff/v1/income/statement', { month: months[k] }),
          call(ada, '/bff/v1/income/statement', { month: months[k + 1] }),
          call(ada, '/bff/v1/income/statementChange', { month: months[k] }),
        ]);
        const at = `${ada} ${months[k]}`;
        expect(change.compare, at).toBe(months[k + 1]);
        expect(change.pretaxChangeFen, at).toBe(to.pretaxFen - from.pretaxFen);
        expect(change.netChangeFen, at).toBe(to.netFen - from.netFen);
        const parts: { kind: string; itemCode: string; pretaxFen: number; netFen: number }[] = change.parts;
        expect(
          parts.reduce((s, p) => s + p.netFen, 0),
          at,
        ).toBe(change.netChangeFen);
        // The stored fee is the rule's: split into bracket, own orders and legs, never one lump or a remainder.
        expect(
          parts.filter((p) => p.kind === 'promotion' || p.itemCode === 'OTHER'),
          at,
        ).toEqual([]);
        const promo = (s: any): number => s.items.find((i: { code: string }) => i.code === 'PROMOTION')?.amountFen ?? 0;
        const promoParts = parts.filter((p) => p.itemCode === 'PROMOTION').reduce((s, p) => s + p.pretaxFen, 0);
        expect(promoParts, at).toBe(promo(to) - promo(from));
      }
    }
  });

  it('home asks "Q month?" of the PQ test, not of a group at 21 % through its legs alone', async () => {
    // Last month at 21 % only through the legs: the group is Q, the distributor is not PQ.
    const last = (await call(PLATINUM, '/bff/v1/home/summary')).lastMonth;
    await demo.t.db
      .updateTable('monthly_results')
      .set({ is_q: 1, is_sp: 0, apv: 3_000, pgpv: 3_000 })
      .where('ada', '=', PLATINUM)
      .where('month', '=', last)
      .execute();
    await markDataReplaced(demo.t.db);
    const home = await call(PLATINUM, '/bff/v1/home/summary');
    const plan = await call(PLATINUM, '/bff/v1/incentive/plan', { route: '/incentiveplan/seminars' });
    const record = plan.records.find((r: { month: string }) => r.month === last);
    expect(record.isPq).toBe(false);
    expect(home.lastMonthQ).toBe(false);
    expect(home.pqMonths).toBe(achieved(plan, 'pqMonths'));
  });
});
