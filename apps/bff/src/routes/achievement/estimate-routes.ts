// The estimate of this month with extra volume: /bff/v1/achievement/estimate, the plan engine's
// what-if over the open month so far (month-so-far.ts), as the browser runs it too.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@abo/contract';
import { estimateMonth, monthProjection, pyOf } from '@abo/plan';
import type { Config } from '../../config.ts';
import { distributorOr404 } from '../../db/distributors.ts';
import { AnswerCache } from '../../db/answer-cache.ts';
import { badRequest } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { nameViewerOf } from '../../lib/name-policy.ts';
import { sessionOf } from '../../lib/session.ts';
import { clockOf, rulesOf } from './achievement-data.ts';
import { estimateData } from './estimate-presenter.ts';
import { monthSoFar, readMonth, type MonthReads } from './month-so-far.ts';

/** A month's reads kept per process (own result, frontline and each leg's frontline). */
const SCANS = 1000;

export async function estimateRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const clock = () => clockOf(opts.config.today());
  // A month's reads: kept while the data (its version) stays the same.
  const scans = new AnswerCache<MonthReads>(SCANS);

  r.route({
    ...endpoint('/bff/v1/achievement/estimate'),
    handler: async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const { month, today } = clock();
      await distributorOr404(db, ada);
      const reads = await scans.get(db, `estimate|${ada}|${month}`, () => readMonth(db, ada, month), ada);
      const rules = rulesOf(pyOf(month));
      const { ppv, ppvBvFen, legs } = monthSoFar(reads, nameViewerOf(session), rules);
      const extraLegPv = request.body?.extraLegPv ?? {};
      for (const id of Object.keys(extraLegPv)) if (!legs.some((l) => l.id === id)) throw badRequest(`Unknown leg ${id}`);
      const input = { month, ppv, ...(ppvBvFen === undefined ? {} : { ppvBvFen }), legs, rules };
      const est = estimateMonth({ ...input, extraPpv: request.body?.extraPpv ?? 0, extraLegPv });
      // The pace the what-if starts from: the projection's extra volumes (projections.ts).
      const projection = monthProjection({ ...input, today, lastYearGpv: null });
      return ok(estimateData(month, ppv, ppvBvFen, legs, est, projection));
    },
  });
}
