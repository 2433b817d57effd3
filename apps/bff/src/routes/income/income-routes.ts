import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, statementDataSchema, type StatementData } from '@abo/contract';
import { previousPy, pyMonths, pyOf, serviceFeeAnnualTax, toMonthKey } from '@abo/plan';
import type { Config } from '../../config.ts';
import { historyStartOf } from '../../db/history-start.ts';
import { paymentYears, queryableMonths } from '../../db/statements.ts';
import { AnswerCache } from '../../db/answer-cache.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { okJson, sendJson, type JsonAnswer } from '../../lib/json-answer.ts';
import { nameViewerOf } from '../../lib/name-policy.ts';
import { sessionOf } from '../../lib/session.ts';
import { sumTotals } from '../../income/income-data.ts';
import {
  annualReviewData,
  annualTaxableData,
  incomeTypesData,
  noStatement,
  pretaxData,
  promotionData,
  pysOf,
  statementData,
  twelveMonths,
} from '../../income/income-presenter.ts';
import { statementChangeOf } from '../../income/statement-change.ts';
import {
  checkMonthRange,
  latestStatement,
  legPeople,
  payeeOr404,
  personOr404,
  pinMonths,
  planStatuses,
  promotionLegs,
  pyStatementTotals,
  resolveMonth,
  statementOr404,
  statementsBetween,
  statementTotalsBetween,
  statementTotalsPaidIn,
  volumeOf,
} from '../../income/income-queries.ts';

/** Statement answers kept per process (each about 1 KB of JSON). */
const STATEMENT_ANSWERS = 2000;

/**
 * The PY the year in review opens on: the last complete PY with statements (a review of the open
 * PY is a part year), or the open PY for a member who has no complete one yet.
 * `months`: the queryable statement months, newest first.
 */
export function reviewDefaultPy(currentPy: string, months: readonly string[]): string {
  return months.map((m) => pyOf(m)).find((py) => py < currentPy) ?? currentPy;
}

/** The /bff/v1/income/* page data calls. */
export async function incomeRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const today = () => opts.config.today();

  const statementOf = async (ada: string, askedMonth: string | undefined): Promise<StatementData> => {
    const { months, month } = await resolveMonth(db, ada, askedMonth);
    if (month === null) return noStatement(pyOf(today()), months);
    const [s, vol] = await Promise.all([statementOr404(db, ada, month), volumeOf(db, ada, month)]);
    return statementData(s, months, vol);
  };

  // Statements are written by the close, never by the BFF: an answer holds while the data
  // version does (the month is in the key for the answer without statements).
  const statementAnswers = new AnswerCache<JsonAnswer>(STATEMENT_ANSWERS);
  const cachedStatement = (ada: string, askedMonth: string | undefined): Promise<JsonAnswer> =>
    statementAnswers.get(
      db,
      `${ada}|${askedMonth ?? ''}|${toMonthKey(today())}`,
      async () => okJson(statementDataSchema, await statementOf(ada, askedMonth)),
      ada,
    );

  // One month's statement: every item with its base volume and rate.
  r.route({
    ...endpoint('/bff/v1/income/statement'),
    handler: async (request, reply) => sendJson(request, reply, await cachedStatement(sessionOf(request).ada, request.body.month)),
  });
  // Commission detail: the same items, read per item (its base, rate and the month's volume).
  r.route({
    ...endpoint('/bff/v1/income/commissiondetail'),
    handler: async (request, reply) => sendJson(request, reply, await cachedStatement(sessionOf(request).ada, request.body.month)),
  });

  // Monthly statements of one PY.
  r.route({
    ...endpoint('/bff/v1/income/statements'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const py = request.body.year ?? pyOf(today());
      const [months, rows] = await Promise.all([queryableMonths(db, ada), pyStatementTotals(db, ada, py)]);
      return ok({ py, pys: pysOf(pyOf(today()), months), latestMonth: months[0] ?? null, rows: rows.reverse(), totals: sumTotals(rows) });
    },
  });

  // Statements between two queryable months.
  r.route({
    ...endpoint('/bff/v1/income/query'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const { from, to } = request.body;
      await checkMonthRange(db, ada, from, to);
      const rows = await statementTotalsBetween(db, ada, from, to);
      return ok({ from, to, rows, totals: sumTotals(rows) });
    },
  });

  // The market promotion service fee, one line per frontline leg.
  r.route({
    ...endpoint('/bff/v1/income/promotionservicefee'),
    handler: async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const { months, month } = await resolveMonth(db, ada, request.body.month);
      if (month === null) return ok({ month, months, ownPercent: 0, gpv: 0, pgpv: 0, baseBvFen: 0, amountFen: 0, lines: [] });
      const [s, vol] = await Promise.all([statementOr404(db, ada, month), volumeOf(db, ada, month)]);
      const promo = s.items.find((i) => i.code === 'PROMOTION');
      const legs = await promotionLegs(db, ada, month, promo);
      const people = await legPeople(
        db,
        legs.map((l) => l.legId).filter((id): id is string => id !== null),
      );
      return ok(promotionData(month, months, promo, legs, vol, people, nameViewerOf(session)));
    },
  });

  // Why a statement differs from another (by default the one before it): the causes, largest first.
  r.route({
    ...endpoint('/bff/v1/income/statementChange'),
    handler: async (request) => {
      const session = sessionOf(request);
      return ok(await statementChangeOf(db, session.ada, nameViewerOf(session), request.body.month, request.body.compare));
    },
  });

  // Pre-tax, tax withheld (how it was computed), net and the masked bank card it was paid to.
  r.route({
    ...endpoint('/bff/v1/income/pretaxdetails'),
    handler: async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const [{ months, month }, payee] = await Promise.all([resolveMonth(db, ada, request.body.month), payeeOr404(db, ada)]);
      const s = month === null ? null : await statementOr404(db, ada, month);
      return ok(pretaxData(month, months, s, payee, nameViewerOf(session)));
    },
  });

  // The 12 months of a PY and their totals.
  r.route({
    ...endpoint('/bff/v1/income/distributorannualincome'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const py = request.body.year ?? pyOf(today());
      const [months, rows, start] = await Promise.all([queryableMonths(db, ada), pyStatementTotals(db, ada, py), historyStartOf(db, ada)]);
      const twelve = twelveMonths(py, rows, start ?? toMonthKey(today()));
      return ok({ py, pys: pysOf(pyOf(today()), months), months: twelve, totals: sumTotals(twelve) });
    },
  });

  // Comprehensive-income view of a calendar year, by payment date (a December statement, paid in
  // January, is the next year's income): annual tax vs what was withheld.
  r.route({
    ...endpoint('/bff/v1/income/annualtaxable'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const todayMonth = toMonthKey(today());
      const thisYear = todayMonth.slice(0, 4);
      const year = request.body.year ?? thisYear;
      const [paidYears, paid] = await Promise.all([paymentYears(db, ada), statementTotalsPaidIn(db, ada, year)]);
      const years = [...new Set([thisYear, ...paidYears])].sort().reverse();
      const totals = sumTotals(paid);
      return ok(annualTaxableData(year, years, paid, serviceFeeAnnualTax(totals.pretaxFen, totals.taxFen), todayMonth));
    },
  });

  // The year in review.
  r.route({
    ...endpoint('/bff/v1/income/annualreview'),
    handler: async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const currentPy = pyOf(today());
      const months = await queryableMonths(db, ada);
      const py = request.body.year ?? reviewDefaultPy(currentPy, months);
      const prevPy = previousPy(py);
      const [person, rows, prevRows, pinRows, statuses] = await Promise.all([
        personOr404(db, ada),
        pyStatementTotals(db, ada, py),
        pyStatementTotals(db, ada, prevPy),
        pinMonths(db, ada, pyMonths(prevPy)[11]!, pyMonths(py)[11]!),
        planStatuses(db, ada, py),
      ]);
      const input = { py, prevPy, pys: pysOf(currentPy, months), person, twelve: twelveMonths(py, rows), prevRows, pinRows };
      return ok(annualReviewData({ ...input, planStatuses: statuses }, nameViewerOf(session)));
    },
  });

  // The income type index: what each kind of service fee is and what it brought this PY.
  r.route({
    ...endpoint('/bff/v1/income/types'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const py = pyOf(today());
      const pm = pyMonths(py);
      const [latest, pyRows] = await Promise.all([latestStatement(db, ada), statementsBetween(db, ada, pm[0]!, pm[11]!)]);
      return ok(incomeTypesData(py, latest, pyRows));
    },
  });
}
