import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { maskPrivacy, ok } from '@abo/contract';
import { addMonths, isPqMonth, periodTotal, pinName, plansFor, pyMonths, pyOf, summarizeHistory, toMonthKey } from '@abo/plan';
import { distributorOr404 } from '../../db/distributors.ts';
import { monthlyResultOf } from '../../db/monthly-results.ts';
import { planSummaryOf } from '../../db/plan-results.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { nameFor, nameViewerOf } from '../../lib/name-policy.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { loadHistory } from '../incentive/plan-history.ts';
import { latestStatementTotals } from './home-queries.ts';

/** The home page's headline numbers for the three areas. */
export async function homeRoutes(app: FastifyInstance, opts: { today: () => Date }): Promise<void> {
  const db = app.db;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpoint('/bff/v1/home/summary'),
    handler: async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const today = opts.today();
      const month = toMonthKey(today);
      const py = pyOf(today);
      const months = pyMonths(py);
      const d = await distributorOr404(db, ada);
      const seminarPlan = plansFor(py, 'seminar').find((p) => p.route === '/incentiveplan/seminars');
      const lastMonth = addMonths(month, -1);
      const [loaded, statement, plans, last] = await Promise.all([
        loadHistory(db, ada, months[0]!, month, d),
        latestStatementTotals(db, ada),
        planSummaryOf(db, ada, py),
        monthlyResultOf(db, ada, lastMonth),
      ]);
      // The PY's PQ and FLQ months as the plans count them (the open month so far included).
      const pyTotals = summarizeHistory(loaded.history, months, today);
      const stored = seminarPlan ? plans.get(seminarPlan.code) : undefined;
      const status = stored?.status;
      const current = loaded.own.get(month);
      const name = pinName(d.pin_code);
      return ok({
        ada: d.ada,
        maskedAda: maskPrivacy(d.ada),
        fullName: nameFor(nameViewerOf(session), { ada: d.ada, sponsorAda: d.sponsor_ada, nameZh: d.name_zh, nameEn: d.name_en }).nameZh,
        pinCode: d.pin_code,
        pinName: { zh: name.zh, en: name.en },
        py,
        month,
        monthPpv: current?.ppv ?? 0,
        monthPgpv: current?.pgpv ?? 0,
        monthBracket: current?.bracket ?? 0,
        pqMonths: periodTotal(pyTotals, 'pqMonths'),
        flqMonths: periodTotal(pyTotals, 'flqMonths'),
        lastStatementMonth: statement?.month ?? null,
        lastNetFen: statement?.netFen ?? null,
        lastPretaxFen: statement?.pretaxFen ?? null,
        lastMonth: last ? lastMonth : null,
        // A Q month is a PQ month (qualified at 21 % in one's own right), as the plan pages flag it,
        // not a group at 21 % through its legs alone.
        lastMonthQ: last ? isPqMonth(last) : null,
        seminar:
          seminarPlan && status
            ? {
                code: seminarPlan.code,
                name: { zh: seminarPlan.name.zh, en: seminarPlan.name.en },
                status,
                ...(stored?.reason ? { reason: stored.reason.text } : {}),
              }
            : null,
      });
    },
  });
}
