import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@abo/contract';
import { PIN_CODES, addMonths, pinName } from '@abo/plan';
import type { Config } from '../../config.ts';
import { distributorOr404 } from '../../db/distributors.ts';
import { historyStartOf } from '../../db/history-start.ts';
import { monthlyResultOf, monthlyResultsOf } from '../../db/monthly-results.ts';
import { saveSettings, settingsOf } from '../../db/user-settings.ts';
import { AnswerCache } from '../../db/answer-cache.ts';
import { badRequest } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { nameViewerOf } from '../../lib/name-policy.ts';
import { sessionOf } from '../../lib/session.ts';
import { clockOf, closedHistoryOf, monthsEnding, rankStateOf, rulesOf, type ClosedHistory } from './achievement-data.ts';
import { monthsData, overviewData, rankData, shopData, targetData, topupData } from './achievement-presenter.ts';
import { closedMonthsOf, frontlineCount, shopOf } from './achievement-queries.ts';
import { estimateRoutes } from './estimate-routes.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { projectionRoutes } from './projection-routes.ts';
import { soFarRoutes } from './so-far-routes.ts';
import { recognitionRoutes } from './recognition-routes.ts';
import { volumeRoutes } from './volume-routes.ts';
import { writer } from '../../lib/writer.ts';

export { MAX_KEPT_REVOKED_INVITATIONS } from './invitation-queries.ts';

/** Closed histories kept per process (a distributor's months with the pin replayed over them). */
const HISTORIES = 1000;

/** The /bff/v1/achievement/* page data calls: the distributor's own pin, volume and settings here, the rest by area. */
export async function achievementRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const clock = () => clockOf(opts.config.today());
  // The closed months and the engine's replay of them change only with the data (its version).
  const histories = new AnswerCache<ClosedHistory>(HISTORIES);

  const rankState = async (ada: string) => {
    const c = clock();
    const d = await distributorOr404(db, ada);
    const [history, current, settings, legs] = await Promise.all([
      histories.get(
        db,
        `${ada}|${c.month}`,
        async () => {
          const [{ results, legsQ }, start] = await Promise.all([closedMonthsOf(db, ada, addMonths(c.month, -1)), historyStartOf(db, ada)]);
          return closedHistoryOf(results, legsQ, c.month, start, d.pin_held);
        },
        ada,
      ),
      monthlyResultOf(db, ada, c.month),
      settingsOf(db, ada),
      frontlineCount(db, ada),
    ]);
    return rankStateOf(d, c, history, current, settings, legs);
  };

  r.route({
    ...endpoint('/bff/v1/achievement/overview'),
    handler: async (request) => {
      const session = sessionOf(request);
      return ok(overviewData(await rankState(session.ada), nameViewerOf(session)));
    },
  });

  r.route({
    ...endpoint('/bff/v1/achievement/rank'),
    handler: async (request) => ok(rankData(await rankState(sessionOf(request).ada))),
  });

  const saveTarget = (mode: 'set' | 'adjust') => async (request: FastifyRequest<{ Body: { pinCode: number } }>) => {
    const ada = writer(request);
    const pin = request.body.pinCode;
    if (!(PIN_CODES as readonly number[]).includes(pin)) throw badRequest(`Unknown pin code ${pin}`);
    const current = (await distributorOr404(db, ada)).pin_code;
    if (pin <= current) throw badRequest(`The target pin must be above your current pin (${pinName(current).en} ${current})`);
    const existing = await settingsOf(db, ada);
    if (mode === 'adjust' && existing?.targetPin == null) throw badRequest('No target pin is set yet; set a target first');
    if (existing?.targetPin === pin) return ok(targetData(pin, existing.updatedAt, false));
    return ok(targetData(pin, await saveSettings(db, ada, { target_pin: pin }), true));
  };
  r.route({ ...endpoint('/bff/v1/achievement/settarget'), handler: saveTarget('set') });
  r.route({ ...endpoint('/bff/v1/achievement/adjusttarget'), handler: saveTarget('adjust') });

  r.route({
    ...endpoint('/bff/v1/achievement/topup'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const c = clock();
      await distributorOr404(db, ada);
      return ok(topupData(c, await monthlyResultOf(db, ada, c.month), rulesOf(c.py)));
    },
  });

  const shopView = async (ada: string) => {
    const settings = await settingsOf(db, ada);
    return shopData(settings, settings?.shopCode ? await shopOf(db, settings.shopCode) : undefined);
  };

  r.route({
    ...endpoint('/bff/v1/achievement/shop'),
    handler: async (request) => ok(await shopView(sessionOf(request).ada)),
  });

  r.route({
    ...endpoint('/bff/v1/achievement/setshop'),
    handler: async (request) => {
      const ada = writer(request);
      const code = request.body.shopCode;
      if (!(await shopOf(db, code))) throw badRequest(`Unknown shop ${code}; choose one from the shop list`);
      if ((await settingsOf(db, ada))?.shopCode !== code) await saveSettings(db, ada, { shop_code: code });
      return ok(await shopView(ada));
    },
  });

  r.route({
    ...endpoint('/bff/v1/achievement/months'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const c = clock();
      await distributorOr404(db, ada);
      const list = monthsEnding(c.month, request.body?.count ?? 12);
      const [results, start] = await Promise.all([monthlyResultsOf(db, ada, list[0]!, c.month), historyStartOf(db, ada)]);
      return ok(monthsData(c, list, results, rulesOf(c.py), start));
    },
  });

  await app.register(volumeRoutes, opts);
  await app.register(estimateRoutes, opts);
  await app.register(recognitionRoutes, opts);
  await app.register(invitationRoutes);
  await app.register(projectionRoutes, opts);
  await app.register(soFarRoutes, opts);
}
