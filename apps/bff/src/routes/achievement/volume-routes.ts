// The volume pages of /bff/v1/achievement/*: how this month's APV is composed, the whole market,
// and the downline abroad (the estimate of this month is in estimate-routes.ts).
import { ok } from '@abo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { distributorOr404 } from '../../db/distributors.ts';
import { historyStartOf } from '../../db/history-start.ts';
import { monthlyResultOf, monthlyResultsOf } from '../../db/monthly-results.ts';
import { AnswerCache } from '../../db/answer-cache.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { nameViewerOf } from '../../lib/name-policy.ts';
import { sessionOf } from '../../lib/session.ts';
import { clockOf, fillMonths, monthsEnding, pickMonth } from './achievement-data.ts';
import { compositionData, overallMarketData, overseaData } from './volume-presenter.ts';
import { downlineAbroad, frontlineCount, frontlineOfMonth } from './achievement-queries.ts';

/** Downline scans kept per process (the downline abroad). */
const SCANS = 1000;

export async function volumeRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const clock = () => clockOf(opts.config.today());
  // Scans of the downline: kept while the data (its version) stays the same.
  const scans = new AnswerCache<unknown>(SCANS);

  r.route({
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

  r.route({
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

  r.route({
    ...endpoint('/bff/v1/achievement/oversea'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const { month } = clock();
      const d = await distributorOr404(db, ada);
      const list = monthsEnding(month, 12);
      const [abroad, historyStart] = await Promise.all([
        scans.get(db, `oversea|${ada}|${month}`, () => downlineAbroad(db, d, list[0]!, month), ada),
        historyStartOf(db, ada),
      ]);
      return ok(overseaData(d, month, list, abroad, historyStart));
    },
  });
}
