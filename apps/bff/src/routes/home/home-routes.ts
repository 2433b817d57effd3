import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { baseBodySchema, envelopeSchema, homeSummaryDataSchema, maskPrivacy, ok } from '@abo/contract';
import { addMonths, pinName, plansFor, pyMonths, pyOf, toMonthKey } from '@abo/plan';
import { notFound } from '../../lib/app-error.ts';
import { nameFor, nameViewerOf } from '../../lib/name-policy.ts';
import { sessionOf } from '../../plugins/auth.ts';

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
          .select(['ada', 'sponsor_ada', 'name_zh', 'name_en', 'pin_code'])
          .where('ada', '=', ada)
          .executeTakeFirst();
        if (!d) throw notFound('Distributor not found');
        const seminarPlan = plansFor(py, 'seminar').find((p) => p.route === '/incentiveplan/seminars');
        const lastMonth = addMonths(month, -1);
        const [rows, frontline, statement, plans, last] = await Promise.all([
          app.db
            .selectFrom('monthly_results')
            .select(['month', 'ppv', 'pgpv', 'bracket', 'is_q', 'closed'])
            .where('ada', '=', ada)
            .where('month', '>=', months[0]!)
            .where('month', '<=', month)
            .execute(),
          app.db
            .selectFrom('monthly_results as m')
            .innerJoin('distributors as l', 'l.ada', 'm.ada')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('l.sponsor_ada', '=', ada)
            .where('m.month', '>=', months[0]!)
            .where('m.closed', '=', 1)
            .where('m.is_q', '=', 1)
            .executeTakeFirst(),
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
        const stored =
          plans && seminarPlan ? (JSON.parse(plans.summary) as Record<string, { status?: string }>)[seminarPlan.code] : undefined;
        const status = stored?.status;
        const current = rows.find((r) => r.month === month);
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
          pqMonths: rows.filter((r) => r.closed === 1 && r.is_q === 1).length,
          flqMonths: Number(frontline?.n ?? 0),
          lastStatementMonth: statement?.month ?? null,
          lastNetFen: statement ? Number(statement.net_fen) : null,
          lastPretaxFen: statement ? Number(statement.pretax_fen) : null,
          lastMonth: last ? lastMonth : null,
          lastMonthQ: last ? last.is_q === 1 : null,
          seminar:
            seminarPlan && (status === 'met' || status === 'onTrack' || status === 'atRisk' || status === 'missed')
              ? { code: seminarPlan.code, name: seminarPlan.name.zh, nameEn: seminarPlan.name.en, status }
              : null,
        });
      },
    );
}
