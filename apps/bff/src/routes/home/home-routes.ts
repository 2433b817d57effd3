import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { baseBodySchema, envelopeSchema, homeSummaryDataSchema, maskPrivacy, ok } from '@abo/contract';
import { addMonths, decodePlanSummary, periodTotal, pinName, plansFor, pyMonths, pyOf, summarizeHistory, toMonthKey } from '@abo/plan';
import { notFound } from '../../lib/app-error.ts';
import { nameFor, nameViewerOf } from '../../lib/name-policy.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { loadHistory } from '../incentive/plan-history.ts';

/** The home page's headline numbers for the three areas. */
export async function homeRoutes(app: FastifyInstance, opts: { today: () => Date }): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/bff/v1/home/summary',
      { schema: { body: baseBodySchema.optional(), response: { 200: envelopeSchema(homeSummaryDataSchema) } } },
      async (request) => {
        const session = sessionOf(request);
        const { ada } = session;
        const today = opts.today();
        const month = toMonthKey(today);
        const py = pyOf(today);
        const months = pyMonths(py);
        const d = await app.db
          .selectFrom('distributors')
          .select(['ada', 'sponsor_ada', 'name_zh', 'name_en', 'pin_code', 'pin_month'])
          .where('ada', '=', ada)
          .executeTakeFirst();
        if (!d) throw notFound('Distributor not found');
        const seminarPlan = plansFor(py, 'seminar').find((p) => p.route === '/incentiveplan/seminars');
        const lastMonth = addMonths(month, -1);
        const [loaded, statement, plans, last] = await Promise.all([
          loadHistory(app.db, ada, months[0]!, month, d),
          app.db
            .selectFrom('statements')
            .select(['month', 'net_fen', 'pretax_fen'])
            .where('ada', '=', ada)
            .orderBy('month', 'desc')
            .limit(1)
            .executeTakeFirst(),
          app.db.selectFrom('plan_results').select('summary').where('ada', '=', ada).where('py', '=', py).executeTakeFirst(),
          app.db.selectFrom('monthly_results').select('is_q').where('ada', '=', ada).where('month', '=', lastMonth).executeTakeFirst(),
        ]);
        // The PY's PQ and FLQ months as the plans count them (the open month so far included).
        const pyTotals = summarizeHistory(loaded.history, months, today);
        const status = seminarPlan ? decodePlanSummary(plans?.summary).get(seminarPlan.code)?.status : undefined;
        const current = loaded.own.get(month);
        const name = pinName(d.pin_code);
        return ok({
          ada: d.ada,
          maskedAda: maskPrivacy(d.ada),
          fullName: nameFor(nameViewerOf(session), { ada: d.ada, sponsorAda: d.sponsor_ada, nameZh: d.name_zh, nameEn: d.name_en }).nameZh,
          pinCode: d.pin_code,
          pinName: name.zh,
          pinNameEn: name.en,
          py,
          month,
          monthPpv: current?.ppv ?? 0,
          monthPgpv: current?.pgpv ?? 0,
          monthBracket: current?.bracket ?? 0,
          pqMonths: periodTotal(pyTotals, 'pqMonths'),
          flqMonths: periodTotal(pyTotals, 'flqMonths'),
          lastStatementMonth: statement?.month ?? null,
          lastNetFen: statement ? Number(statement.net_fen) : null,
          lastPretaxFen: statement ? Number(statement.pretax_fen) : null,
          lastMonth: last ? lastMonth : null,
          lastMonthQ: last ? last.is_q === 1 : null,
          seminar:
            seminarPlan && status ? { code: seminarPlan.code, name: seminarPlan.name.zh, nameEn: seminarPlan.name.en, status } : null,
        });
      },
    );
}
