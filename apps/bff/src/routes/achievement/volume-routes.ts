// The volume pages of /bff/v1/achievement/*: how this month's APV is composed, the whole market,
// the downline abroad, and the estimate of this month with extra volume.
import { ok } from '@abo/contract';
import { estimateMonth, pyOf } from '@abo/plan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { distributorOr404 } from '../../db/distributors.ts';
import { historyStartOf } from '../../db/history-start.ts';
import { frontlinesOfMonth, monthlyResultOf, monthlyResultsOf } from '../../db/monthly-results.ts';
import { AnswerCache } from '../../db/answer-cache.ts';
import { badRequest } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { nameViewerOf } from '../../lib/name-policy.ts';
import { sessionOf } from '../../lib/session.ts';
import { clockOf, fillMonths, monthsEnding, pickMonth, rulesOf } from './achievement-data.ts';
import { compositionData, estimateData, estimateLegs, overallMarketData, overseaData } from './achievement-presenter.ts';
import { downlineAbroad, frontlineCount, frontlineOfMonth } from './achievement-queries.ts';

/** Downline scans kept per process (the downline abroad, a month's frontline for the estimate). */
const SCANS = 1000;

export const volumeRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, opts) => {
  const db = app.db;
  const clock = () => clockOf(opts.config.today());
  // Scans of the downline or a month: kept while the data (its version) stays the same.
  const scans = new AnswerCache<unknown>(SCANS);

  app.route({
    ...endpoint('/bff/v1/achievement/composition'),
    handler: async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const { month } = clock();
      const { m, available } = pickMonth(request.body?.month, month, month);
      await distributorOr404(db, ada);
      const [own, legs, historyStart] = await Promise.all([
        monthlyResultOf(db, ada, m),
        frontlineOfMonth(db, ada, m),
        historyStartOf(db, ada),
      ]);
      const at = { month: m, current: month, availableMonths: available, historyStart };
      return ok(compositionData(at, own, legs, nameViewerOf(session)));
    },
  });

  app.route({
    ...endpoint('/bff/v1/achievement/overallmarket'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const { month } = clock();
      const d = await distributorOr404(db, ada);
      const list = monthsEnding(month, 12);
      // The leader's own GPV already is the whole downline's volume: no scan of the tree.
      const [results, frontline, historyStart] = await Promise.all([
        monthlyResultsOf(db, ada, list[0]!, month),
        frontlineCount(db, ada),
        historyStartOf(db, ada),
      ]);
      return ok(overallMarketData(d, month, fillMonths(results, list, month, historyStart), frontline));
    },
  });

  app.route({
    ...endpoint('/bff/v1/achievement/oversea'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const { month } = clock();
      const d = await distributorOr404(db, ada);
      const list = monthsEnding(month, 12);
      const [abroad, historyStart] = await Promise.all([
        scans.get(db, `oversea|${ada}|${month}`, () => downlineAbroad(db, d, list[0]!, month)),
        historyStartOf(db, ada),
      ]);
      return ok(overseaData(d, month, list, abroad, historyStart));
    },
  });

  app.route({
    ...endpoint('/bff/v1/achievement/estimate'),
    handler: async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const { month } = clock();
      await distributorOr404(db, ada);
      const [own, frontline, frontlines] = await scans.get(db, `estimate|${ada}|${month}`, async () => {
        const [o, f] = await Promise.all([monthlyResultOf(db, ada, month), frontlineOfMonth(db, ada, month)]);
        // Each leg's own frontline: the what-if recomputes a leg given extra PV from its own node.
        return [
          o,
          f,
          await frontlinesOfMonth(
            db,
            f.map((l) => l.person.ada),
            month,
          ),
        ] as const;
      });
      const rules = rulesOf(pyOf(month));
      const legs = estimateLegs(frontline, nameViewerOf(session), { frontlines, rules });
      const extraLegPv = request.body?.extraLegPv ?? {};
      for (const id of Object.keys(extraLegPv)) if (!legs.some((l) => l.id === id)) throw badRequest(`Unknown leg ${id}`);
      const ppv = own?.ppv ?? 0;
      const ppvBvFen = own?.bvFen;
      const est = estimateMonth({
        month,
        ppv,
        ...(ppvBvFen === undefined ? {} : { ppvBvFen }),
        legs,
        extraPpv: request.body?.extraPpv ?? 0,
        extraLegPv,
        rules,
      });
      return ok(estimateData(month, ppv, ppvBvFen, legs, est));
    },
  });
};
