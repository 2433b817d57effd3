import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  annualIncomeDataSchema,
  annualReviewDataSchema,
  annualTaxableDataSchema,
  baseBodySchema,
  envelopeSchema,
  incomeMonthBodySchema,
  incomePyBodySchema,
  incomeRangeBodySchema,
  incomeRangeDataSchema,
  incomeTaxYearBodySchema,
  incomeTypesDataSchema,
  maskPrivacy,
  ok,
  pretaxDataSchema,
  promotionDataSchema,
  statementDataSchema,
  statementListDataSchema,
  type AnnualReviewData,
  type StatementData,
} from '@abo/contract';
import {
  ITEM_NAMES,
  annualTaxSummary,
  ANNUAL_BASIC_DEDUCTION_FEN,
  pinName,
  planByCode,
  promotionFee,
  rulesForMonth,
  previousPy,
  pyMonths,
  pyOf,
  remunerationWithholdingDetail,
  toMonthKey,
} from '@abo/plan';
import type { Config } from '../../config.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { okJson, sendJson, type JsonAnswer } from '../../lib/json-answer.ts';
import { nameFor, nameViewerOf, type NameViewer } from '../../lib/name-policy.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { dataVersion, VersionedCache } from '../data-version.ts';
import { groupBy4, parseItems, sumTotals, type ParsedItem, type ParsedLeg, type Totals } from './income-data.ts';

/** Remuneration for services enters annual comprehensive income at 80 % (PRC IIT law, art. 6). */
const INCOME_RATIO_BP = 8_000;

interface StoredStatement extends Totals {
  month: string;
  items: string;
}

const rowOf = (s: { month: string; pretax_fen: number; tax_fen: number; net_fen: number }) => ({
  month: s.month,
  pretaxFen: Number(s.pretax_fen),
  taxFen: Number(s.tax_fen),
  netFen: Number(s.net_fen),
});

const statementMonths = preparedQuery((db, p: { ada: string }) =>
  db.selectFrom('statements').select('month').where('ada', '=', p.ada).orderBy('month', 'desc'),
);

const statementOf = preparedQuery((db, p: { ada: string; month: string }) =>
  db
    .selectFrom('statements')
    .select(['month', 'pretax_fen', 'tax_fen', 'net_fen', 'items'])
    .where('ada', '=', p.ada)
    .where('month', '=', p.month),
);

const volumeOf = preparedQuery((db, p: { ada: string; month: string }) =>
  db.selectFrom('monthly_results').select(['ppv', 'pgpv', 'bracket', 'q_legs']).where('ada', '=', p.ada).where('month', '=', p.month),
);

/**
 * A promotion leg's names as this viewer may see them (name-policy.ts), from the tree when the
 * leg is still in it, else from the name the statement kept (then nobody's frontline: masked).
 */
function legName(
  viewer: NameViewer,
  legId: string,
  stored: string | null,
  person: { sponsor_ada: string | null; name_zh: string; name_en: string } | undefined,
): { nameZh: string; nameEn: string } | null {
  if (person) return nameFor(viewer, { ada: legId, sponsorAda: person.sponsor_ada, nameZh: person.name_zh, nameEn: person.name_en });
  if (stored === null) return null;
  return nameFor(viewer, { ada: legId, sponsorAda: null, nameZh: stored, nameEn: stored });
}

/** Statement answers kept per process (each about 1 KB of JSON). */
const STATEMENT_ANSWERS = 2000;

/** The /bff/v1/income/* page data calls. */
export async function incomeRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const today = () => opts.config.today();

  /** Months with a statement, newest first: exactly the list generate/queryable/month gives. */
  const queryableMonths = async (ada: string): Promise<string[]> => (await statementMonths(app.db, { ada })).map((m) => m.month);

  const rejectMonth = (month: string, months: readonly string[]) =>
    badRequest(
      months.length === 0
        ? `Month ${month} cannot be queried: there are no service-fee statements yet`
        : `Month ${month} cannot be queried; choose a month from generate/queryable/month (${months.at(-1)} to ${months[0]})`,
    );

  /** The month asked for (checked against the queryable months) or the latest one; null when none exist. */
  const resolveMonth = async (ada: string, month: string | undefined) => {
    const months = await queryableMonths(ada);
    if (month !== undefined && !months.includes(month)) throw rejectMonth(month, months);
    return { months, month: month ?? months[0] ?? null };
  };

  const loadStatement = async (ada: string, month: string): Promise<StoredStatement> => {
    const [s] = await statementOf(app.db, { ada, month });
    if (!s) throw notFound(`No statement for ${month}`);
    return { ...rowOf(s), items: s.items };
  };

  const statementsBetween = async (ada: string, from: string, to: string) =>
    (
      await app.db
        .selectFrom('statements')
        .select(['month', 'pretax_fen', 'tax_fen', 'net_fen'])
        .where('ada', '=', ada)
        .where('month', '>=', from)
        .where('month', '<=', to)
        .orderBy('month')
        .execute()
    ).map(rowOf);

  /** PYs that have statements plus the current one, newest first. */
  const pysOf = (months: readonly string[]) => [...new Set([pyOf(today()), ...months.map((m) => pyOf(m))])].sort().reverse();

  const itemView = (it: ParsedItem) => ({
    code: it.code,
    subCode: it.subCode,
    name: it.name,
    nameEn: it.nameEn,
    baseBvFen: it.baseBvFen,
    rateBp: it.rateBp,
    amountFen: it.amountFen,
    note: it.note,
    noteEn: it.noteEn,
    legCount: it.legs.length,
  });

  const statementHandler = async (ada: string, askedMonth: string | undefined): Promise<StatementData> => {
    const { months, month } = await resolveMonth(ada, askedMonth);
    if (month === null) {
      return {
        month: null,
        py: pyOf(today()),
        months,
        volume: null,
        items: [],
        pretaxFen: 0,
        taxFen: 0,
        netFen: 0,
        withholding: remunerationWithholdingDetail(0),
      };
    }
    const [s, [vol]] = await Promise.all([loadStatement(ada, month), volumeOf(app.db, { ada, month })]);
    return {
      month,
      py: pyOf(month),
      months,
      volume: vol ? { ppv: vol.ppv, pgpv: vol.pgpv, bracketPercent: vol.bracket, qLegs: vol.q_legs } : null,
      items: parseItems(s.items).map(itemView),
      pretaxFen: s.pretaxFen,
      taxFen: s.taxFen,
      netFen: s.netFen,
      withholding: remunerationWithholdingDetail(s.pretaxFen),
    };
  };

  const monthRoute = { body: incomeMonthBodySchema, response: { 200: envelopeSchema(statementDataSchema) } };

  // Statements are written by the close, never by the BFF: an answer holds while the data
  // version does (the month is in the key for the answer without statements).
  const statementAnswers = new VersionedCache<JsonAnswer>(STATEMENT_ANSWERS);
  const cachedStatement = async (ada: string, askedMonth: string | undefined): Promise<JsonAnswer> => {
    const version = await dataVersion(app.db);
    const key = `${ada}|${askedMonth ?? ''}|${toMonthKey(today())}`;
    const known = statementAnswers.get(key, version);
    if (known) return known;
    const answer = okJson(statementDataSchema, await statementHandler(ada, askedMonth));
    statementAnswers.set(key, version, answer);
    return answer;
  };

  // One month's statement: every item with its base volume and rate.
  r.post('/bff/v1/income/statement', { schema: monthRoute }, async (request, reply) =>
    sendJson(request, reply, await cachedStatement(sessionOf(request).ada, request.body.month)),
  );
  // Commission detail: the same items, read per item (its base, rate and the month's volume).
  r.post('/bff/v1/income/commissiondetail', { schema: monthRoute }, async (request, reply) =>
    sendJson(request, reply, await cachedStatement(sessionOf(request).ada, request.body.month)),
  );

  // Monthly statements of one PY.
  r.post(
    '/bff/v1/income/statements',
    { schema: { body: incomePyBodySchema, response: { 200: envelopeSchema(statementListDataSchema) } } },
    async (request) => {
      const { ada } = sessionOf(request);
      const py = request.body.year ?? pyOf(today());
      const pm = pyMonths(py);
      const [months, rows] = await Promise.all([queryableMonths(ada), statementsBetween(ada, pm[0]!, pm[11]!)]);
      return ok({ py, pys: pysOf(months), latestMonth: months[0] ?? null, rows: rows.reverse(), totals: sumTotals(rows) });
    },
  );

  // Statements between two queryable months.
  r.post(
    '/bff/v1/income/query',
    { schema: { body: incomeRangeBodySchema, response: { 200: envelopeSchema(incomeRangeDataSchema) } } },
    async (request) => {
      const { ada } = sessionOf(request);
      const { from, to } = request.body;
      const months = await queryableMonths(ada);
      if (!months.includes(from)) throw rejectMonth(from, months);
      if (!months.includes(to)) throw rejectMonth(to, months);
      if (from > to) throw badRequest(`The start month ${from} is after the end month ${to}`);
      const rows = await statementsBetween(ada, from, to);
      return ok({ from, to, rows, totals: sumTotals(rows) });
    },
  );

  // The market promotion service fee, one line per frontline leg.
  r.post(
    '/bff/v1/income/promotionservicefee',
    { schema: { body: incomeMonthBodySchema, response: { 200: envelopeSchema(promotionDataSchema) } } },
    async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const viewer = nameViewerOf(session);
      const { months, month } = await resolveMonth(ada, request.body.month);
      if (month === null) return ok({ month, months, ownPercent: 0, pgpv: 0, baseBvFen: 0, amountFen: 0, lines: [] });
      const [s, vol] = await Promise.all([
        loadStatement(ada, month),
        app.db
          .selectFrom('monthly_results')
          .select(['pgpv', 'bracket'])
          .where('ada', '=', ada)
          .where('month', '=', month)
          .executeTakeFirst(),
      ]);
      const promo = parseItems(s.items).find((i) => i.code === 'PROMOTION');
      let legs = promo?.legs ?? [];
      if (promo && legs.length === 0) legs = await rebuildLegs(ada, month);
      const ids = legs.map((l) => l.legId).filter((id): id is string => id !== null);
      // Each leg as it is in the tree today: the policy shows a leg's name in full only while it
      // is this viewer's frontline (a leg that moved, or whose statement kept only a name, is masked).
      const people = new Map(
        ids.length === 0
          ? []
          : (
              await app.db.selectFrom('distributors').select(['ada', 'sponsor_ada', 'name_zh', 'name_en']).where('ada', 'in', ids).execute()
            ).map((d) => [d.ada, d] as const),
      );
      const ownLine = legs.find((l) => l.legId === null);
      const ownPercent = vol?.bracket ?? ownLine?.differentialPercent ?? Math.round((promo?.rateBp ?? 0) / 100);
      const lines = legs
        .map((l) => {
          const name = l.legId ? legName(viewer, l.legId, l.name, people.get(l.legId)) : null;
          return {
            legAdaMasked: l.legId ? maskPrivacy(l.legId) : null,
            legName: name && name.nameZh,
            legNameEn: name && name.nameEn,
            pv: l.pv,
            bvFen: l.bvFen,
            legPercent: l.legPercent,
            isQ: l.isQ,
            differentialPercent: l.differentialPercent,
            amountFen: l.amountFen,
          };
        })
        // Own PV first, then the legs by what they gave.
        .sort((a, b) => (a.legAdaMasked === null ? -1 : b.legAdaMasked === null ? 1 : b.amountFen - a.amountFen || b.pv - a.pv));
      return ok({
        month,
        months,
        ownPercent,
        pgpv: vol?.pgpv ?? 0,
        baseBvFen: promo?.baseBvFen ?? 0,
        amountFen: promo?.amountFen ?? 0,
        lines,
      });
    },
  );

  // Pre-tax, tax withheld (how it was computed), net and the masked bank card it was paid to.
  r.post(
    '/bff/v1/income/pretaxdetails',
    { schema: { body: incomeMonthBodySchema, response: { 200: envelopeSchema(pretaxDataSchema) } } },
    async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const [{ months, month }, d] = await Promise.all([
        resolveMonth(ada, request.body.month),
        app.db
          .selectFrom('distributors')
          .select(['ada', 'sponsor_ada', 'name_zh', 'name_en', 'bank_card', 'bank_name', 'national_id'])
          .where('ada', '=', ada)
          .executeTakeFirst(),
      ]);
      if (!d) throw notFound('Distributor not found');
      const s = month === null ? null : await loadStatement(ada, month);
      const pretaxFen = s?.pretaxFen ?? 0;
      return ok({
        month,
        months,
        pretaxFen,
        taxFen: s?.taxFen ?? 0,
        netFen: s?.netFen ?? 0,
        withholding: remunerationWithholdingDetail(pretaxFen),
        // The payee is the distributor: a name (name-policy.ts), not an identifier for maskPrivacy.
        payeeName: nameFor(nameViewerOf(session), { ada: d.ada, sponsorAda: d.sponsor_ada, nameZh: d.name_zh, nameEn: d.name_en }).nameZh,
        bankCardMasked: groupBy4(maskPrivacy(d.bank_card)),
        bankName: d.bank_name,
        nationalIdMasked: maskPrivacy(d.national_id),
      });
    },
  );

  /**
   * Per-leg lines recomputed by the plan engine from the frontline's monthly results, for a
   * stored promotion item that carries none (same rule, same rounding as the statement).
   */
  const rebuildLegs = async (ada: string, month: string): Promise<ParsedLeg[]> => {
    const [own, frontline] = await Promise.all([
      app.db.selectFrom('monthly_results').select('ppv').where('ada', '=', ada).where('month', '=', month).executeTakeFirst(),
      app.db
        .selectFrom('distributors as d')
        .innerJoin('monthly_results as m', (j) => j.onRef('m.ada', '=', 'd.ada').on('m.month', '=', month))
        .select(['d.ada', 'm.pgpv'])
        .where('d.sponsor_ada', '=', ada)
        .where('m.pgpv', '>', 0)
        .execute(),
    ]);
    if (!own) return [];
    const fee = promotionFee(
      own.ppv,
      frontline.map((l) => ({ id: l.ada, pgpv: l.pgpv })),
      rulesForMonth(month, { fallback: 'nearest' }),
    );
    return fee.lines.map((l) => ({ ...l, name: null }));
  };

  const twelveMonths = async (ada: string, py: string) => {
    const pm = pyMonths(py);
    const rows = await statementsBetween(ada, pm[0]!, pm[11]!);
    const byMonth = new Map(rows.map((x) => [x.month, x]));
    return pm.map((month) => {
      const x = byMonth.get(month);
      return { month, pretaxFen: x?.pretaxFen ?? 0, taxFen: x?.taxFen ?? 0, netFen: x?.netFen ?? 0, hasStatement: !!x };
    });
  };

  // The 12 months of a PY and their totals.
  r.post(
    '/bff/v1/income/distributorannualincome',
    { schema: { body: incomePyBodySchema, response: { 200: envelopeSchema(annualIncomeDataSchema) } } },
    async (request) => {
      const { ada } = sessionOf(request);
      const py = request.body.year ?? pyOf(today());
      const [months, twelve] = await Promise.all([queryableMonths(ada), twelveMonths(ada, py)]);
      return ok({ py, pys: pysOf(months), months: twelve, totals: sumTotals(twelve) });
    },
  );

  // Comprehensive-income view of a calendar year: annual tax vs what was withheld.
  r.post(
    '/bff/v1/income/annualtaxable',
    { schema: { body: incomeTaxYearBodySchema, response: { 200: envelopeSchema(annualTaxableDataSchema) } } },
    async (request) => {
      const { ada } = sessionOf(request);
      const now = today();
      const thisYear = String(now.getUTCFullYear());
      const year = request.body.year ?? thisYear;
      const [months, rows] = await Promise.all([queryableMonths(ada), statementsBetween(ada, `${year}-01`, `${year}-12`)]);
      const years = [...new Set([thisYear, ...months.map((m) => m.slice(0, 4))])].sort().reverse();
      const byMonth = new Map(rows.map((x) => [x.month, x]));
      const list = Array.from({ length: 12 }, (_, i) => {
        const month = `${year}-${String(i + 1).padStart(2, '0')}`;
        const x = byMonth.get(month);
        return { month, grossFen: x?.pretaxFen ?? 0, withheldFen: x?.taxFen ?? 0, hasStatement: !!x };
      });
      const totals = sumTotals(rows);
      const sum = annualTaxSummary(totals.pretaxFen, totals.taxFen, 0, { incomeRatioBp: INCOME_RATIO_BP });
      const incomeFen = Math.round((totals.pretaxFen * INCOME_RATIO_BP) / 10_000);
      return ok({
        year,
        years,
        months: list,
        complete: `${year}-12` < toMonthKey(now),
        grossFen: sum.grossFen,
        incomeRatioPercent: INCOME_RATIO_BP / 100,
        incomeFen,
        basicDeductionFen: ANNUAL_BASIC_DEDUCTION_FEN,
        taxableFen: sum.taxableFen,
        ratePercent: sum.band.ratePercent,
        quickDeductionFen: sum.band.quickDeductionFen,
        annualTaxFen: sum.annualTaxFen,
        withheldFen: sum.withheldFen,
        balanceFen: sum.balanceFen,
      });
    },
  );

  // The year in review.
  r.post(
    '/bff/v1/income/annualreview',
    { schema: { body: incomePyBodySchema, response: { 200: envelopeSchema(annualReviewDataSchema) } } },
    async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const py = request.body.year ?? pyOf(today());
      const prevPy = previousPy(py);
      const pm = pyMonths(py);
      const [d, months, twelve, prevRows, pinRows, planRows] = await Promise.all([
        app.db
          .selectFrom('distributors')
          .select(['ada', 'sponsor_ada', 'name_zh', 'name_en', 'pin_code', 'pin_month'])
          .where('ada', '=', ada)
          .executeTakeFirst(),
        queryableMonths(ada),
        twelveMonths(ada, py),
        statementsBetween(ada, pyMonths(prevPy)[0]!, pyMonths(prevPy)[11]!),
        app.db
          .selectFrom('monthly_results')
          .select(['month', 'pin_code'])
          .where('ada', '=', ada)
          .where('month', '>=', pyMonths(prevPy)[11]!)
          .where('month', '<=', pm[11]!)
          .orderBy('month')
          .execute(),
        app.db.selectFrom('plan_results').selectAll().where('ada', '=', ada).where('py', '=', py).execute(),
      ]);
      if (!d) throw notFound('Distributor not found');
      const totals = sumTotals(twelve);
      const paid = twelve.filter((m) => m.hasStatement);
      let best: (typeof paid)[number] | undefined;
      for (const m of paid) if (!best || m.netFen > best.netFen) best = m;
      const prev = prevRows.length > 0 ? { py: prevPy, ...sumTotals(prevRows) } : null;
      // Like for like: this PY's months up to its last statement against the same months a year earlier.
      const comparedMonths = paid.length > 0 ? pm.indexOf(paid[paid.length - 1]!.month) + 1 : 0;
      const prevMonths = pyMonths(prevPy).slice(0, comparedMonths);
      const samePeriod = prev && comparedMonths > 0 ? sumTotals(prevRows.filter((x) => prevMonths.includes(x.month))) : null;
      const growthPercent =
        samePeriod && samePeriod.netFen > 0 ? Math.round(((totals.netFen - samePeriod.netFen) / samePeriod.netFen) * 1000) / 10 : null;

      // Pins reached: each month the pin rose above everything held before (the month before the PY counts as "before").
      const pinsReached: AnnualReviewData['pinsReached'] = [];
      let held = 0;
      for (const row of pinRows) {
        if (row.month >= pm[0]! && row.pin_code > held && held > 0) {
          const n = pinName(row.pin_code);
          pinsReached.push({ code: String(row.pin_code), name: n.zh, nameEn: n.en, month: row.month });
        }
        held = Math.max(held, row.pin_code);
      }
      if (pinRows.length === 0 && d.pin_month && d.pin_month >= pm[0]! && d.pin_month <= pm[11]!) {
        const n = pinName(d.pin_code);
        pinsReached.push({ code: String(d.pin_code), name: n.zh, nameEn: n.en, month: d.pin_month });
      }

      // Plans: one row per (ada, py) with a JSON map code → {status}, or (older data) one row per plan.
      const statuses = new Map<string, string>();
      for (const row of planRows as Record<string, unknown>[]) {
        const code = row['plan_code'];
        if (typeof code === 'string' && typeof row['status'] === 'string') {
          statuses.set(code, row['status']);
          continue;
        }
        try {
          const summary: unknown = JSON.parse(String(row['summary'] ?? '{}'));
          if (summary && typeof summary === 'object' && !Array.isArray(summary)) {
            for (const [k, v] of Object.entries(summary as Record<string, unknown>)) {
              const status = typeof v === 'string' ? v : v && typeof v === 'object' ? (v as { status?: unknown }).status : undefined;
              if (typeof status === 'string') statuses.set(k, status);
            }
          }
        } catch {
          // An unreadable summary counts no plans.
        }
      }
      const plansMet = [...statuses]
        .filter(([, s]) => s === 'met')
        .map(([code]) => {
          const p = planByCode(code);
          return { code, name: p?.name.zh ?? code, nameEn: p?.name.en ?? code };
        });
      const pin = pinName(d.pin_code);
      return ok({
        py,
        pys: pysOf(months),
        displayName: nameFor(nameViewerOf(session), { ada: d.ada, sponsorAda: d.sponsor_ada, nameZh: d.name_zh, nameEn: d.name_en }).nameZh,
        ...totals,
        monthsPaid: paid.length,
        months: twelve,
        bestMonth: best ? { month: best.month, pretaxFen: best.pretaxFen, taxFen: best.taxFen, netFen: best.netFen } : null,
        previous: prev,
        previousSamePeriod: samePeriod,
        comparedMonths,
        growthPercent,
        pin: { code: String(d.pin_code), name: pin.zh, nameEn: pin.en },
        pinsReached,
        plansMet,
        plansEvaluated: statuses.size,
      });
    },
  );

  // The income type index: what each kind of service fee is and what it brought this PY.
  r.post(
    '/bff/v1/income/types',
    { schema: { body: baseBodySchema.optional(), response: { 200: envelopeSchema(incomeTypesDataSchema) } } },
    async (request) => {
      const { ada } = sessionOf(request);
      const py = pyOf(today());
      const pm = pyMonths(py);
      const [latest, pyRows] = await Promise.all([
        app.db
          .selectFrom('statements')
          .select(['month', 'pretax_fen', 'tax_fen', 'net_fen', 'items'])
          .where('ada', '=', ada)
          .orderBy('month', 'desc')
          .limit(1)
          .executeTakeFirst(),
        app.db
          .selectFrom('statements')
          .select(['month', 'pretax_fen', 'tax_fen', 'net_fen', 'items'])
          .where('ada', '=', ada)
          .where('month', '>=', pm[0]!)
          .where('month', '<=', pm[11]!)
          .execute(),
      ]);
      const latestItems = latest ? parseItems(latest.items) : [];
      const pyAmount = new Map<string, number>();
      for (const s of pyRows) for (const it of parseItems(s.items)) pyAmount.set(it.code, (pyAmount.get(it.code) ?? 0) + it.amountFen);
      const types = (Object.keys(ITEM_NAMES) as (keyof typeof ITEM_NAMES)[]).map((code) => ({
        code,
        name: ITEM_NAMES[code].zh,
        nameEn: ITEM_NAMES[code].en,
        pyAmountFen: pyAmount.get(code) ?? 0,
        latestAmountFen: latestItems.filter((i) => i.code === code).reduce((a, i) => a + i.amountFen, 0),
      }));
      return ok({
        py,
        latestMonth: latest?.month ?? null,
        latest: latest ? { pretaxFen: Number(latest.pretax_fen), taxFen: Number(latest.tax_fen), netFen: Number(latest.net_fen) } : null,
        pyTotals: sumTotals(pyRows.map(rowOf)),
        types,
      });
    },
  );
}
