// "So far this month against the same day of last month" (issue #31): /bff/v1/achievement/soFarChange.
// The downline's orders up to today and up to the same day of last month, handed to the plan
// engine by the presenter; this file reads them and keeps the answer.
import { soFarChangeDataSchema, type SoFarChangeData } from '@abo/contract';
import { addMonths, dayOfMonth, daysInMonth } from '@abo/plan';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { distributorOr404 } from '../../db/distributors.ts';
import type { DB } from '../../db/index.ts';
import { legPeople } from '../../income/income-queries.ts';
import { AnswerCache } from '../../db/answer-cache.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { okJson, sendJson, type JsonAnswer } from '../../lib/json-answer.ts';
import { nameViewerOf, type NameViewer } from '../../lib/name-policy.ts';
import { sessionOf } from '../../lib/session.ts';
import { clockOf, type Clock } from './achievement-data.ts';
import { noSoFarOrders, soFarChangeData } from './so-far-presenter.ts';
import { downlineHasOrders, ordersUpTo, subtreeOf } from './so-far-queries.ts';

/** Answers kept per process. */
const ANSWERS = 1000;

/** `ada`'s promotion fee so far against last month's up to the same day, as `names` sees the legs. */
async function soFarChangeOf(db: DB, ada: string, names: NameViewer, c: Clock): Promise<SoFarChangeData> {
  const d = await distributorOr404(db, ada, ['ada', 'tree_pos', 'tree_size']);
  const day = dayOfMonth(c.today);
  const last = addMonths(c.month, -1);
  // Last month up to the same day, or to its last day when it is shorter (31 March: 28 February).
  const to = { month: c.month, day };
  const from = { month: last, day: Math.min(day, daysInMonth(last)) };
  if (!(await downlineHasOrders(db, d, [from.month, to.month])))
    return noSoFarOrders({ ...to, orders: new Map() }, { ...from, orders: new Map() });
  const [nodes, toOrders, fromOrders] = await Promise.all([
    subtreeOf(db, d),
    ordersUpTo(db, d, to.month, to.day),
    ordersUpTo(db, d, from.month, from.day),
  ]);
  const people = await legPeople(
    db,
    nodes.filter((n) => n.sponsor_ada === ada).map((n) => n.ada),
  );
  return soFarChangeData(nodes, { ...to, orders: toOrders }, { ...from, orders: fromOrders }, people, names);
}

export async function soFarRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const answers = new AnswerCache<JsonAnswer>(ANSWERS);

  r.route({
    // Limited per account (plugins/heavy-calls.ts): it reads the orders of the whole downline.
    ...endpoint('/bff/v1/achievement/soFarChange', { config: { heavy: true } }),
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const c = clockOf(opts.config.today());
      // Whose comparison, who looks (the legs' names) and the day it is cut at, as the projection's.
      const key = `${ada}|${names.ada}|${c.month}|${dayOfMonth(c.today)}`;
      const answer = await answers.get(db, key, async () => okJson(soFarChangeDataSchema, await soFarChangeOf(db, ada, names, c)), ada);
      return sendJson(request, reply, answer);
    },
  });
}
