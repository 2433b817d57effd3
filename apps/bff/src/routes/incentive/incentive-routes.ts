import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  biennialTagBodySchema,
  biennialTagDataSchema,
  envelopeSchema,
  monthsBodySchema,
  monthsDataSchema,
  ok,
  planBodySchema,
  planDataSchema,
  plansBodySchema,
  plansDataSchema,
  type CriterionData,
  type PlanSummary,
} from '@abo/contract';
import {
  decodePlanSummary,
  evaluatePlan,
  evaluatePlans,
  knownPys,
  PLANS,
  planByCode,
  planCard,
  planCardFromSummary,
  planMonths,
  plansByRoute,
  plansFor,
  previousPy,
  pyMonths,
  pyOf,
  rulesFor,
  toMonthKey,
  type CriterionResult,
  type PlanDef,
} from '@abo/plan';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { okJson, sendJson, type JsonAnswer } from '../../lib/json-answer.ts';
import { nameViewerOf } from '../../lib/name-policy.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { dataVersion, VersionedCache } from '../data-version.ts';
import { legsFor, loadHistory, recordsFor } from './plan-history.ts';

const personRow = preparedQuery((db, p: { ada: string }) =>
  db.selectFrom('distributors').select(['ada', 'pin_code', 'pin_month', 'join_date']).where('ada', '=', p.ada),
);

async function person(db: DB, ada: string) {
  const [d] = await personRow(db, { ada });
  if (!d) throw notFound('Distributor not found');
  return d;
}

const biennialTagOf = preparedQuery((db, p: { ada: string }) =>
  db.selectFrom('user_settings').select('biennial_tag').where('ada', '=', p.ada),
);

/** Plan answers kept per process (each up to ~30 KB of JSON). */
const PLAN_ANSWERS = 500;

function criterionOut(c: CriterionResult): CriterionData {
  return {
    kind: c.kind,
    label: c.label,
    unit: c.unit,
    required: c.required,
    achieved: c.achieved,
    met: c.met,
    status: c.status,
    gap: c.gap,
    trace: c.trace ? [...c.trace] : [],
    ...(c.events ? { events: c.events.map((e) => ({ ...e })) } : {}),
    ...(c.components ? { components: c.components.map((k) => ({ ...k })) } : {}),
  };
}

/** The edition a route shows: the asked year, else this PY's, else the newest before it. */
export function pickEdition(editions: readonly PlanDef[], year: string | undefined, thisPy: string): PlanDef | undefined {
  if (year !== undefined) return editions.find((p) => p.py === year);
  return editions.find((p) => p.py === thisPy) ?? editions.find((p) => p.py <= thisPy) ?? editions[0];
}

/** The /bff/v1/incentive/* page data calls. */
export async function incentiveRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const todayMonth = () => toMonthKey(opts.config.today());
  // Plan answers (written as JSON once) of recently asked distributors: a page is usually
  // asked again (tabs, back, refresh) and evaluating a plan with detail is the dearest call.
  const planAnswers = new VersionedCache<JsonAnswer>(PLAN_ANSWERS);

  r.post(
    '/bff/v1/incentive/plans',
    { schema: { body: plansBodySchema.optional(), response: { 200: envelopeSchema(plansDataSchema) } } },
    async (request) => {
      const { ada } = sessionOf(request);
      const today = opts.config.today();
      const month = toMonthKey(today);
      const py = pyOf(today);
      const lastPy = previousPy(py);
      const plans = request.body?.scope === 'all' ? PLANS.filter((p) => p.py <= py) : [...plansFor(py), ...plansFor(lastPy)];
      // Fast path: the per-PY summaries the close stored (one row per PY); any plan missing
      // from them is evaluated from the month rows instead.
      const stored = await app.db
        .selectFrom('plan_results')
        .select(['py', 'summary'])
        .where('ada', '=', ada)
        .where('py', 'in', [...new Set(plans.map((p) => p.py))])
        .execute();
      const byPy = new Map(stored.map((row) => [row.py, decodePlanSummary(row.summary)]));
      const cards: (PlanSummary | null)[] = plans.map((p) => {
        const hit = byPy.get(p.py)?.get(p.code);
        return hit ? planCardFromSummary(p, hit, today) : null;
      });
      const missing = plans.filter((_, i) => cards[i] === null);
      if (missing.length) {
        const d = await person(app.db, ada);
        let from = month;
        for (const p of missing) {
          const first = planMonths(p)[0]!;
          if (first < from) from = first;
        }
        const loaded = await loadHistory(app.db, ada, from, month, d);
        const results = evaluatePlans(missing, loaded.history, { today, detail: false });
        let k = 0;
        for (let i = 0; i < cards.length; i++) if (cards[i] === null) cards[i] = planCard(plans[i]!, results[k++]!);
      } else {
        await person(app.db, ada);
      }
      return ok({ today: month, py, lastPy, plans: cards as PlanSummary[] });
    },
  );

  r.post(
    '/bff/v1/incentive/plan',
    { schema: { body: planBodySchema, response: { 200: envelopeSchema(planDataSchema) } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const body = request.body;
      const today = opts.config.today();
      const month = toMonthKey(today);
      let plan: PlanDef | undefined;
      let editions: PlanDef[];
      if (body.code !== undefined) {
        plan = planByCode(body.code);
        if (!plan) throw notFound(`No plan with code ${body.code}`);
        editions = plansByRoute(plan.route);
      } else {
        editions = plansByRoute(body.route!);
        if (!editions.length) throw notFound(`No plan is shown at ${body.route}`);
        plan = pickEdition(editions, body.year, pyOf(today));
        if (!plan) throw notFound(`No edition of this plan for ${body.year}`);
      }
      let chosenTrack: string | null = null;
      if (plan.levels?.mode === 'tracks') {
        const [s] = await biennialTagOf(app.db, { ada });
        const tag = s?.biennial_tag ?? null;
        chosenTrack = tag !== null && plan.levels.list.some((l) => l.code === tag) ? tag : null;
      }
      // Besides the read-only data (its version) the answer depends on the month, on the
      // saved track, read above on every call (another process may just have saved one), and
      // on who looks at it (the legs' names, name-policy.ts).
      const version = await dataVersion(app.db);
      const key = `${ada}|${names.ada}|${plan.code}|${month}|${chosenTrack ?? ''}`;
      const known = planAnswers.get(key, version);
      if (known) return sendJson(request, reply, known);
      const d = await person(app.db, ada);
      const months = planMonths(plan);
      const last = months[months.length - 1]!;
      const loaded = await loadHistory(app.db, ada, months[0]!, last < month ? last : month, d);
      const res = evaluatePlan(plan, loaded.history, {
        today,
        detail: true,
        ...(chosenTrack !== null ? { track: chosenTrack } : {}),
      });
      const rules = rulesFor(plan.py, { fallback: 'nearest' });
      const answer = okJson(planDataSchema, {
        code: plan.code,
        py: plan.py,
        years: plan.years ?? 1,
        type: plan.type,
        name: plan.name,
        route: plan.route,
        reward: plan.reward,
        today: month,
        status: res.status,
        met: res.met,
        periodState: res.periodState,
        months: [...res.months],
        remainingMonths: res.remainingMonths,
        criteria: res.criteria.map(criterionOut),
        levelsMode: plan.levels?.mode ?? null,
        levelsRequired: plan.levels?.required ?? false,
        levels: (res.levels ?? []).map((l) => ({
          code: l.code,
          name: l.name,
          status: l.status,
          met: l.met,
          ...(l.rewardFen !== undefined ? { rewardFen: l.rewardFen } : {}),
          criteria: l.criteria.map(criterionOut),
        })),
        achievedLevel: res.achievedLevel ?? null,
        chosenTrack,
        editions: editions.map((p) => ({ code: p.code, py: p.py })),
        records: recordsFor(loaded, months, month),
        pins: {
          initialPin: loaded.history.initialPin ?? 230,
          current: loaded.currentPin,
          events: (loaded.history.pins ?? []).map((e) => ({ month: e.month, pinCode: e.pinCode })),
        },
        legs: legsFor(loaded, months, rules.pins.legQMonths, names),
        legQMonths: rules.pins.legQMonths,
        compliancePpv: rules.compliance.minPpv,
      });
      planAnswers.set(key, version, answer);
      return sendJson(request, reply, answer);
    },
  );

  r.post(
    '/bff/v1/incentive/months',
    { schema: { body: monthsBodySchema.optional(), response: { 200: envelopeSchema(monthsDataSchema) } } },
    async (request) => {
      const { ada } = sessionOf(request);
      const month = todayMonth();
      const thisPy = pyOf(month);
      const py = request.body?.year ?? thisPy;
      if (py > thisPy) throw badRequest(`PY ${py} has not started yet`);
      const d = await person(app.db, ada);
      const months = pyMonths(py);
      const last = months[months.length - 1]!;
      const loaded = await loadHistory(app.db, ada, months[0]!, last < month ? last : month, d);
      const joinPy = pyOf(`${d.join_date.slice(0, 7)}-01`);
      const years = knownPys().filter((y) => y <= thisPy && y >= joinPy);
      if (!years.includes(thisPy)) years.push(thisPy);
      return ok({
        py,
        today: month,
        years: years.sort().reverse(),
        compliancePpv: rulesFor(py, { fallback: 'nearest' }).compliance.minPpv,
        records: recordsFor(loaded, months, month),
      });
    },
  );

  r.post(
    '/bff/v1/incentive/biennial/settag',
    { schema: { body: biennialTagBodySchema, response: { 200: envelopeSchema(biennialTagDataSchema) } } },
    async (request) => {
      const { ada, staff } = sessionOf(request);
      if (staff) throw forbidden('Staff cannot choose a track for a distributor');
      const track = request.body.track;
      const plan = pickEdition(plansByRoute('/incentiveplan/biennialaward'), undefined, pyOf(opts.config.today()));
      if (!plan?.levels?.list.some((l) => l.code === track)) throw badRequest(`Unknown biennial track ${track}`);
      await person(app.db, ada);
      const now = new Date().toISOString();
      const existing = await app.db
        .selectFrom('user_settings')
        .select(['biennial_tag', 'updated_at'])
        .where('ada', '=', ada)
        .executeTakeFirst();
      if (existing?.biennial_tag === track) return ok({ track, updatedAt: existing.updated_at });
      await app.db
        .insertInto('user_settings')
        .values({ ada, target_pin: null, shop_code: null, biennial_tag: track, updated_at: now })
        .onConflict((oc) => oc.column('ada').doUpdateSet({ biennial_tag: track, updated_at: now }))
        .execute();
      return ok({ track, updatedAt: now });
    },
  );
}
