import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@abo/contract';
import {
  addMonths,
  evaluatePlan,
  isPqMonth,
  monthProjection,
  periodTotal,
  pinName,
  plansFor,
  pyMonths,
  pyOf,
  qThresholdOf,
  rulesFor,
  summarizeHistory,
  toMonthKey,
  type PyName,
} from '@abo/plan';
import { distributorOr404 } from '../../db/distributors.ts';
import { monthlyResultOf } from '../../db/monthly-results.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { nameFor, nameViewerOf, ownAdaFor } from '../../lib/name-policy.ts';
import { sessionOf } from '../../lib/session.ts';
import { frontlineWithMonths } from '../incentive/market-queries.ts';
import { loadHistory } from '../incentive/plan-queries.ts';
import { legsOfMonth } from '../achievement/achievement-queries.ts';
import { monthSoFar, withLegFrontlines } from '../achievement/month-so-far.ts';
import { closestLeg, firstGoalOf, legsQ, projectedPayOf, seminarAtGlance } from './home-presenter.ts';
import { latestStatementTotals } from './home-queries.ts';

/** The seminar plan a PY shows at /incentiveplan/seminars (the one home answers for). */
const seminarOf = (py: PyName) => plansFor(py, 'seminar').find((p) => p.route === '/incentiveplan/seminars');

/** The home page's headline numbers for the three areas. */
export async function homeRoutes(app: FastifyInstance, opts: { today: () => Date }): Promise<void> {
  const db = app.db;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpoint('/bff/v1/home/summary'),
    handler: async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const today = opts.today();
      const month = toMonthKey(today);
      const py = pyOf(today);
      const months = pyMonths(py);
      const d = await distributorOr404(db, ada);
      const seminarPlan = seminarOf(py);
      const lastMonth = addMonths(month, -1);
      const rules = rulesFor(py, { fallback: 'nearest' });
      // The frontline's month is read once: for the legs' way to Q and, with each leg's own
      // frontline, for the projected pay.
      const frontlineRead = frontlineWithMonths(db, ada, month, month);
      const [loaded, statement, last, frontline, reads] = await Promise.all([
        loadHistory(db, ada, months[0]!, month, d),
        latestStatementTotals(db, ada),
        monthlyResultOf(db, ada, lastMonth),
        frontlineRead,
        Promise.all([monthlyResultOf(db, ada, month), frontlineRead]).then(([own, f]) =>
          withLegFrontlines(db, own, legsOfMonth(f.frontline, f.results), month),
        ),
      ]);
      // The month at its pace as the estimate page starts from it (the same reads, the same engine).
      const soFar = monthSoFar(reads, names, rules);
      const projection = monthProjection({
        month,
        today,
        ppv: soFar.ppv,
        ...(soFar.ppvBvFen === undefined ? {} : { ppvBvFen: soFar.ppvBvFen }),
        legs: soFar.legs,
        lastYearGpv: null,
        rules,
      });
      // The PY's PQ and FLQ months as the plans count them (the open month so far included).
      const pyTotals = summarizeHistory(loaded.history, months, today);
      // Evaluated as the seminar page evaluates it (the same history and day), so both say the
      // same status, reason and gap.
      const seminar = seminarPlan ? seminarAtGlance(seminarPlan, evaluatePlan(seminarPlan, loaded.history, { today })) : null;
      const current = loaded.own.get(month);
      const name = pinName(d.pin_code);
      const threshold = qThresholdOf(py);
      return ok({
        ada: d.ada,
        maskedAda: ownAdaFor(session, d.ada),
        fullName: nameFor(names, { ada: d.ada, sponsorAda: d.sponsor_ada, nameZh: d.name_zh, nameEn: d.name_en }).nameZh,
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
        // What that test reads, so the "why" beside the answer is the test worked out for the month.
        lastMonthTest: last ? { apv: last.apv, qLegs: last.qLegs } : null,
        lastMonthPlan: last ? (seminarOf(pyOf(lastMonth))?.code ?? null) : null,
        seminar,
        legs: {
          month,
          total: frontline.frontline.length,
          qSoFar: legsQ(frontline.results, month),
          qThreshold: threshold,
          closest: closestLeg(frontline.frontline, frontline.results, { month, threshold, names }),
        },
        // The PY's own table, as the top-up page reads it (a PY without one: the nearest).
        firstGoal: firstGoalOf({ month, today, brackets: rules.brackets, groupPv: current?.gpv ?? 0 }),
        projectedPay: projectedPayOf(projection),
      });
    },
  });
}
