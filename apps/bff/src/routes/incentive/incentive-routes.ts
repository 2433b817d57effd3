import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, planDataSchema, type PlanBody, type PlanSummary } from '@abo/contract';
import {
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
  type PlanDef,
} from '@abo/plan';
import type { Config } from '../../config.ts';
import { distributorOr404 } from '../../db/distributors.ts';
import type { DB } from '../../db/index.ts';
import { planSummariesOf } from '../../db/plan-results.ts';
import { saveSettings, settingsOf } from '../../db/user-settings.ts';
import { AnswerCache } from '../../db/answer-cache.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { okJson, sendJson, type JsonAnswer } from '../../lib/json-answer.ts';
import { nameViewerOf } from '../../lib/name-policy.ts';
import { sessionOf } from '../../lib/session.ts';
import { closestPlan } from './plan-glance.ts';
import { loadHistory } from './plan-queries.ts';
import { gapLegsOf, planCounts } from './plan-gap-legs.ts';
import { historyStartIn, planData, recordsFor } from './plan-presenter.ts';

/** Plan answers kept per process (each up to ~30 KB of JSON). */
const PLAN_ANSWERS = 500;

const PERSON = ['ada', 'pin_code', 'pin_month', 'pin_held', 'join_date'] as const;
const person = (db: DB, ada: string) => distributorOr404(db, ada, PERSON);

/** The edition a route shows: the asked year, else this PY's, else the newest before it. */
function pickEdition(editions: readonly PlanDef[], year: string | undefined, thisPy: string): PlanDef | undefined {
  if (year !== undefined) return editions.find((p) => p.py === year);
  return editions.find((p) => p.py === thisPy) ?? editions.find((p) => p.py <= thisPy) ?? editions[0];
}

/** The plan a body names (by code, else by route and year) and the editions of its page, or not found. */
function planOf(body: PlanBody, thisPy: string): { plan: PlanDef; editions: PlanDef[] } {
  if (body.code !== undefined) {
    const plan = planByCode(body.code);
    if (!plan) throw notFound(`No plan with code ${body.code}`);
    return { plan, editions: plansByRoute(plan.route) };
  }
  const editions = plansByRoute(body.route!);
  if (!editions.length) throw notFound(`No plan is shown at ${body.route}`);
  const plan = pickEdition(editions, body.year, thisPy);
  if (!plan) throw notFound(`No edition of this plan for ${body.year}`);
  return { plan, editions };
}

/** The biennial track the distributor saved, when it is one of this plan's tracks. */
async function chosenTrackOf(db: DB, ada: string, plan: PlanDef): Promise<string | null> {
  if (plan.levels?.mode !== 'tracks') return null;
  const tag = (await settingsOf(db, ada))?.biennialTag ?? null;
  return tag !== null && plan.levels.list.some((l) => l.code === tag) ? tag : null;
}

/** The /bff/v1/incentive/* page data calls. */
export async function incentiveRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const todayMonth = () => toMonthKey(opts.config.today());
  // Plan answers (written as JSON once) of recently asked distributors: a page is usually
  // asked again (tabs, back, refresh) and evaluating a plan with detail is the dearest call.
  const planAnswers = new AnswerCache<JsonAnswer>(PLAN_ANSWERS);

  r.route({
    ...endpoint('/bff/v1/incentive/plans'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const today = opts.config.today();
      const month = toMonthKey(today);
      const py = pyOf(today);
      const lastPy = previousPy(py);
      const plans = request.body?.scope === 'all' ? PLANS.filter((p) => p.py <= py) : [...plansFor(py), ...plansFor(lastPy)];
      // Fast path: the per-PY summaries the close stored; a plan missing from them is evaluated
      // from the month rows instead.
      const [d, stored] = await Promise.all([
        person(db, ada),
        planSummariesOf(
          db,
          ada,
          plans.map((p) => p.py),
        ),
      ]);
      const cards: (PlanSummary | null)[] = plans.map((p) => {
        const hit = stored.get(p.py)?.get(p.code);
        return hit ? planCardFromSummary(p, hit, today) : null;
      });
      const missing = plans.filter((_, i) => cards[i] === null);
      if (missing.length) {
        const from = missing.map((p) => planMonths(p)[0]!).reduce((a, b) => (b < a ? b : a), month);
        const loaded = await loadHistory(db, ada, from, month, d);
        const results = evaluatePlans(missing, loaded.history, { today, detail: false });
        let k = 0;
        for (let i = 0; i < cards.length; i++) if (cards[i] === null) cards[i] = planCard(plans[i]!, results[k++]!);
      }
      return ok({ today: month, py, lastPy, plans: cards as PlanSummary[], closest: closestPlan(cards as PlanSummary[], py) });
    },
  });

  r.route({
    ...endpoint('/bff/v1/incentive/plan'),
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const today = opts.config.today();
      const month = toMonthKey(today);
      const { plan, editions } = planOf(request.body, pyOf(today));
      // Read on every call (another process may just have saved one): not part of the kept answer.
      const chosenTrack = await chosenTrackOf(db, ada, plan);
      // Besides the read-only data (its version) the answer depends on the month, the saved
      // track and who looks at it (the legs' names, name-policy.ts).
      const key = `${ada}|${names.ada}|${plan.code}|${month}|${chosenTrack ?? ''}`;
      const answer = await planAnswers.get(
        db,
        key,
        async () => {
          const months = planMonths(plan);
          const last = months[months.length - 1]!;
          const loaded = await loadHistory(db, ada, months[0]!, last < month ? last : month, await person(db, ada));
          const res = evaluatePlan(plan, loaded.history, { today, detail: true, ...(chosenTrack !== null ? { track: chosenTrack } : {}) });
          return okJson(planDataSchema, planData(plan, res, { editions, months, month, chosenTrack }, loaded, names));
        },
        ada,
      );
      return sendJson(request, reply, answer);
    },
  });

  r.route({
    ...endpoint('/bff/v1/incentive/plan/gapLegs'),
    handler: async (request) => {
      const session = sessionOf(request);
      const today = opts.config.today();
      const { kind } = request.body;
      const { plan } = planOf(request.body, pyOf(today));
      if (!planCounts(plan, kind)) throw badRequest(`${plan.code} does not count ${kind === 'flqMonths' ? 'FLQ months' : 'LDD markets'}`);
      return ok(await gapLegsOf(db, { ada: session.ada, plan, kind, month: toMonthKey(today), names: nameViewerOf(session) }));
    },
  });

  r.route({
    ...endpoint('/bff/v1/incentive/months'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const month = todayMonth();
      const thisPy = pyOf(month);
      const py = request.body?.year ?? thisPy;
      if (py > thisPy) throw badRequest(`PY ${py} has not started yet`);
      const d = await person(db, ada);
      const months = pyMonths(py);
      const last = months[months.length - 1]!;
      const loaded = await loadHistory(db, ada, months[0]!, last < month ? last : month, d);
      const joinPy = pyOf(`${d.join_date.slice(0, 7)}-01`);
      const years = knownPys().filter((y) => y <= thisPy && y >= joinPy);
      if (!years.includes(thisPy)) years.push(thisPy);
      return ok({
        py,
        today: month,
        years: years.sort().reverse(),
        compliancePpv: rulesFor(py, { fallback: 'nearest' }).compliance.minPpv,
        records: recordsFor(loaded, months, month),
        historyStart: historyStartIn(loaded, months),
      });
    },
  });

  r.route({
    ...endpoint('/bff/v1/incentive/biennial/settag'),
    handler: async (request) => {
      const { ada, staff } = sessionOf(request);
      if (staff) throw forbidden('Staff cannot choose a track for a distributor');
      const track = request.body.track;
      const plan = pickEdition(plansByRoute('/incentiveplan/biennialaward'), undefined, pyOf(opts.config.today()));
      if (!plan?.levels?.list.some((l) => l.code === track)) throw badRequest(`Unknown biennial track ${track}`);
      await person(db, ada);
      const existing = await settingsOf(db, ada);
      if (existing?.biennialTag === track) return ok({ track, updatedAt: existing.updatedAt });
      return ok({ track, updatedAt: await saveSettings(db, ada, { biennial_tag: track }) });
    },
  });
}
