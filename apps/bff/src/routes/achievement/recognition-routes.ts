// The recognition pages of /bff/v1/achievement/*: the downline's outstanding performers of a
// month, the company's marketing stars, and this PY's way to the annual marketing-star award.
import { ok } from '@abo/contract';
import { addMonths, closedMonths, marketingStarRule, pyOf } from '@abo/plan';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { distributorOr404 } from '../../db/distributors.ts';
import { historyStartOf } from '../../db/history-start.ts';
import { monthlyResultsOf } from '../../db/monthly-results.ts';
import { AnswerCache } from '../../db/answer-cache.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { nameViewerOf } from '../../lib/name-policy.ts';
import { sessionOf } from '../../lib/session.ts';
import { clockOf, pickMonth } from './achievement-data.ts';
import { outstandingData, starDetailData, starsData } from './recognition-presenter.ts';
import { marketingStarsOf, topPerformers } from './achievement-queries.ts';

/** Month scans kept per process (a downline's top performers, a month's stars). */
const SCANS = 1000;

export async function recognitionRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const clock = () => clockOf(opts.config.today());
  // Scans of the downline or a whole month: kept while the data (its version) stays the same.
  const scans = new AnswerCache<unknown>(SCANS);

  r.route({
    ...endpoint('/bff/v1/achievement/outstanding'),
    handler: async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const { month } = clock();
      const by = request.body?.by ?? 'ppv';
      const { m, available } = pickMonth(request.body?.month, addMonths(month, -1), month);
      const d = await distributorOr404(db, ada);
      const rows = await scans.get(db, `top|${ada}|${m}|${by}`, () => topPerformers(db, d, m, by), ada);
      return ok(outstandingData({ month: m, current: month, by, availableMonths: available }, d, rows, nameViewerOf(session)));
    },
  });

  r.route({
    ...endpoint('/bff/v1/achievement/marketingstars'),
    handler: async (request) => {
      const session = sessionOf(request);
      const { month } = clock();
      const { m, available } = pickMonth(request.body?.month, addMonths(month, -1), month);
      const { condition } = marketingStarRule(pyOf(m));
      // Every qualifier of the month, best first, kept as rows for everyone: names are shown per
      // viewer by the presenter (the company-wide list is masked for everyone but the star).
      const all = await scans.get(db, `stars|${m}`, () => marketingStarsOf(db, m, condition));
      return ok(starsData({ month: m, availableMonths: available, ada: session.ada }, condition, all, nameViewerOf(session)));
    },
  });

  r.route({
    ...endpoint('/bff/v1/achievement/marketingstardetail'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const c = clock();
      await distributorOr404(db, ada);
      const list = [...closedMonths(c.py, c.today), c.month];
      const [results, start] = await Promise.all([monthlyResultsOf(db, ada, list[0]!, c.month), historyStartOf(db, ada)]);
      return ok(starDetailData(c, list, results, start));
    },
  });
}
