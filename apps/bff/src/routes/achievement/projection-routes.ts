// Projections and this PY against the last (issue #22): /bff/v1/achievement/projection and
// /bff/v1/achievement/yearOnYear. The engine projects (packages/plan projections.ts); this file
// reads the months and shapes the answers.
import type { AchProjectionData, AchYearOnYearData, ProjectedMonthData, YoyMonthData, YoyTotalsData } from '@abo/contract';
import { achProjectionDataSchema, ok } from '@abo/contract';
import {
  addMonths,
  countsSoFar,
  dayOfMonth,
  monthProjection,
  monthStateOf,
  previousPy,
  projectCount,
  pyMonths,
  type ProjectedMonth,
  type PyName,
} from '@abo/plan';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { distributorOr404 } from '../../db/distributors.ts';
import type { DB } from '../../db/index.ts';
import { historyStartOf } from '../../db/history-start.ts';
import { frontlineMonthlyResults, monthlyResultOf, monthlyResultsOf, type MonthlyResult } from '../../db/monthly-results.ts';
import { pyStatementTotals } from '../../income/income-queries.ts';
import { AnswerCache } from '../../db/answer-cache.ts';
import { badRequest } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { okJson, sendJson, type JsonAnswer } from '../../lib/json-answer.ts';
import { nameViewerOf, type NameViewer } from '../../lib/name-policy.ts';
import { sessionOf } from '../../lib/session.ts';
import { clockOf, rulesOf, type Clock } from './achievement-data.ts';
import { joinsPerMonth } from './achievement-queries.ts';
import { monthSoFar, readMonth } from './month-so-far.ts';

/** Year-on-year answers, and projections, kept per process. */
const ANSWERS = 1000;
/** PYs the year-on-year view offers: the demo data and the company's history hold four. */
const PYS_OFFERED = 4;

const projected = (p: ProjectedMonth | null): ProjectedMonthData | null =>
  p && {
    basis: p.basis,
    factor: p.factor,
    gpv: p.gpv,
    bracket: p.bracketPercent,
    isQ: p.isQ,
    promotionFen: p.promotionFen,
    pretaxFen: p.pretaxFen,
    taxFen: p.taxFen,
    netFen: p.netFen,
    paidOn: p.paidOn,
    pvForNextBracket: p.pvForNextBracket,
  };

/**
 * One month as the year-on-year view compares it: PV and Q (the SP-month test) as the
 * achievement months page stores them, the statement's pre-tax and net as the income month page
 * shows them, active legs = frontline legs with group PV > 0, new members = downline joins.
 */
export function yoyMonth(
  month: string,
  today: string,
  historyStart: string | null,
  r: MonthlyResult | undefined,
  statement: { pretaxFen: number; netFen: number } | undefined,
  activeLegs: number,
  newMembers: number,
): YoyMonthData {
  return {
    month,
    state: r ? monthStateOf(month, today) : monthStateOf(month, today, historyStart ?? today),
    present: !!r,
    ppv: r?.ppv ?? 0,
    gpv: r?.gpv ?? 0,
    apv: r?.apv ?? 0,
    isQ: r?.isSp ?? false,
    pretaxFen: statement ? statement.pretaxFen : null,
    netFen: statement ? statement.netFen : null,
    activeLegs,
    newMembers,
  };
}

/** Sums over the months that count so far (closed and open, never future). */
export function yoyTotals(months: readonly YoyMonthData[]): YoyTotalsData {
  const t = { ppv: 0, gpv: 0, qMonths: 0, pretaxFen: 0, netFen: 0, newMembers: 0 };
  for (const m of months) {
    if (!countsSoFar(m.state)) continue;
    t.ppv += m.ppv;
    t.gpv += m.gpv;
    t.qMonths += m.isQ ? 1 : 0;
    t.pretaxFen += m.pretaxFen ?? 0;
    t.netFen += m.netFen ?? 0;
    t.newMembers += m.newMembers;
  }
  return t;
}

/** This month's projection of `ada` as `names` sees it (labelled an estimate). */
async function projectionOf(db: DB, ada: string, names: NameViewer, c: Clock): Promise<AchProjectionData> {
  await distributorOr404(db, ada);
  const months = pyMonths(c.py);
  const lastYearMonth = addMonths(c.month, -12);
  const [reads, lastYear, pyRows, start] = await Promise.all([
    readMonth(db, ada, c.month),
    monthlyResultOf(db, ada, lastYearMonth),
    monthlyResultsOf(db, ada, months[0]!, c.month),
    historyStartOf(db, ada),
  ]);
  // The legs with their own nodes, as the estimate reads them: the same volumes, the same figure.
  const rules = rulesOf(c.py);
  const { ppv, ppvBvFen, legs } = monthSoFar(reads, names, rules);
  const p = monthProjection({
    month: c.month,
    today: c.today,
    ppv,
    ...(ppvBvFen === undefined ? {} : { ppvBvFen }),
    legs,
    lastYearGpv: lastYear ? lastYear.gpv : null,
    rules,
  });
  const sp = new Map(pyRows.map((r) => [r.month, r.isSp]));
  const q = projectCount(
    months.map((m) => ({ month: m, state: monthStateOf(m, c.month, start ?? c.month), value: sp.get(m) ? 1 : 0 })),
    { maxPerMonth: 1 },
  );
  return {
    estimate: true as const,
    month: c.month,
    py: c.py,
    daysElapsed: p.daysElapsed,
    daysInMonth: p.daysInMonth,
    soFar: {
      ppv,
      gpv: p.soFar.gpv,
      bracket: p.soFar.bracketPercent,
      promotionFen: p.soFar.promotionFen,
      pretaxFen: p.soFar.pretaxFen,
      taxFen: p.soFar.taxFen,
      netFen: p.soFar.netFen,
      pvForNextBracket: p.soFar.pvForNextBracket,
    },
    pace: projected(p.pace),
    lastYearMonth,
    lastYearGpv: p.lastYearGpv,
    lastYear: projected(p.lastYear),
    qMonths: q && {
      soFar: q.soFar,
      closedSoFar: q.closedSoFar,
      monthsElapsed: q.monthsElapsed,
      monthsInPeriod: q.monthsInPeriod,
      monthsLeft: q.monthsLeft,
      projected: q.projected,
      lastMonth: q.lastMonth,
    },
  };
}

export async function projectionRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const clock = () => clockOf(opts.config.today());
  const answers = new AnswerCache<AchYearOnYearData>(ANSWERS);
  // Projections written as JSON once (security finding M6: a heavy call asked for again and again).
  const projections = new AnswerCache<JsonAnswer>(ANSWERS);

  r.route({
    // Limited per account (plugins/heavy-calls.ts): it reads the month of the whole frontline.
    ...endpoint('/bff/v1/achievement/projection', { config: { heavy: true } }),
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const c = clock();
      // Whose projection, who looks (the legs' names, name-policy.ts) and the day (the pace is
      // the month so far); the data version is the cache's. A refused ADA (404) is not kept.
      const key = `${ada}|${names.ada}|${c.month}|${dayOfMonth(c.today)}`;
      const answer = await projections.get(
        db,
        key,
        async () => okJson(achProjectionDataSchema, await projectionOf(db, ada, names, c)),
        ada,
      );
      return sendJson(request, reply, answer);
    },
  });

  r.route({
    ...endpoint('/bff/v1/achievement/yearOnYear'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const c = clock();
      const d = await distributorOr404(db, ada);
      const pys: PyName[] = [c.py];
      for (let i = 1; i < PYS_OFFERED; i++) pys.push(previousPy(pys[i - 1]!));
      const py = request.body?.year ?? c.py;
      if (!pys.includes(py)) throw badRequest(`Year ${py} is not one of ${pys.join(', ')}`);
      const answer = await answers.get(
        db,
        `${ada}|${py}|${c.month}`,
        async (): Promise<AchYearOnYearData> => {
          const prevPy = previousPy(py);
          const thisMonths = pyMonths(py);
          const lastMonths = pyMonths(prevPy);
          const from = lastMonths[0]!;
          const to = thisMonths[11]!;
          const [own, legs, joins, stThis, stLast, start] = await Promise.all([
            monthlyResultsOf(db, ada, from, to),
            frontlineMonthlyResults(db, ada, from, to),
            joinsPerMonth(db, d, from, to),
            pyStatementTotals(db, ada, py),
            pyStatementTotals(db, ada, prevPy),
            historyStartOf(db, ada),
          ]);
          const byMonth = new Map(own.map((r) => [r.month, r]));
          const active = new Map<string, number>();
          for (const l of legs) if (l.gpv > 0) active.set(l.month, (active.get(l.month) ?? 0) + 1);
          const statements = new Map([...stThis, ...stLast].map((s) => [s.month, s]));
          const row = (m: string) => yoyMonth(m, c.month, start, byMonth.get(m), statements.get(m), active.get(m) ?? 0, joins.get(m) ?? 0);
          const rows = thisMonths.map((m, i) => ({ thisYear: row(m), lastYear: row(lastMonths[i]!) }));
          return {
            py,
            prevPy,
            pys,
            today: c.month,
            rows,
            // Like with like: the last PY's sums cover the same months as this PY's so far, and its
            // income only the months this PY has a statement for (the open month has none yet).
            totals: {
              thisYear: yoyTotals(rows.map((r) => r.thisYear)),
              lastYear: yoyTotals(
                rows
                  .filter((r) => countsSoFar(r.thisYear.state))
                  .map((r) => ({
                    ...r.lastYear,
                    state: r.lastYear.state === 'noData' ? ('noData' as const) : ('closed' as const),
                    ...(r.thisYear.netFen === null ? { pretaxFen: null, netFen: null } : {}),
                  })),
              ),
            },
          };
        },
        ada,
      );
      return ok(answer);
    },
  });
}
