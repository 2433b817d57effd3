import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code, ok } from '@abo/contract';
import { distributorOr404 } from '../../db/distributors.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { isValidChineseId } from '../../lib/national-id.ts';
import { exchangeSessionToken } from '../../idp/session-tokens.ts';
import { loadProfile } from '../../idp/profile.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { pinName } from '@abo/plan';

/** Checks of a national ID number per signed-in user: a form needs a few, guessing needs many. */
export const ID_CHECKS_PER_WINDOW = 10;
const ID_CHECK_WINDOW = '15 minutes';
/** Novice guides a user can mark done: enough for every page that has one, and bounded. */
export const MAX_GUIDES_PER_USER = 20;

/** The common calls of spec §7. */
export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => new Date().toISOString();
  await app.register(rateLimit, { global: false });

  r.route({
    ...endpoint('/bff/v1/common/idaasToken'),
    handler: async (request) => {
      const result = await exchangeSessionToken(app.db, request.body.sessionToken);
      if (!result.ok || result.kind !== 'distributor') {
        throw result.ok === false && result.reason === 'used'
          ? new AppError(Code.SESSION_TOKEN_USED, 'This sign-in link was already used; please sign in again')
          : new AppError(Code.UNAUTHORIZED, 'The sign-in link is invalid or has expired; please sign in again');
      }
      const profile = await loadProfile(app.db, result.ada);
      if (!profile) throw new AppError(Code.UNAUTHORIZED, 'Account not found; please sign in again');
      return ok(await app.tokens.issue(profile));
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/dstInfo'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const d = await distributorOr404(app.db, ada, ['ada', 'name_zh', 'user_type', 'pin_code', 'join_date', 'shop_code']);
      return ok({
        ada: d.ada,
        amway_id: d.ada,
        amway_user_type: d.user_type,
        fullName: d.name_zh,
        pinCode: d.pin_code,
        pinName: pinName(d.pin_code).zh,
        pinNameEn: pinName(d.pin_code).en,
        joinDate: d.join_date,
        shopCode: d.shop_code,
      });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/getConfig'),
    handler: async () => {
      const rows = await app.db.selectFrom('description_pages').selectAll().orderBy('code').execute();
      return ok({
        descriptionPageList: rows.map((d) => ({
          code: d.code,
          title: d.title_zh,
          titleEn: d.title_en,
          content: d.content_zh,
          contentEn: d.content_en,
        })),
      });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/shops'),
    handler: async () => {
      const rows = await app.db.selectFrom('shops').selectAll().orderBy('code').execute();
      return ok({
        shops: rows.map((s) => ({
          code: s.code,
          name: s.name_zh,
          nameEn: s.name_en,
          city: s.city_zh,
          cityEn: s.city_en,
          address: s.address,
          phone: s.phone,
        })),
      });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/generate/queryable/month'),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const rows = await app.db.selectFrom('statements').select('month').where('ada', '=', ada).orderBy('month', 'desc').execute();
      const months = rows.map((m) => m.month);
      return ok({ months, earliest: months.at(-1) ?? null, latest: months[0] ?? null });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/IDcardVerification', {
      config: {
        // "matches" would let a stolen session guess the full number from its masked form:
        // counted per signed-in user, after the session guard.
        rateLimit: {
          max: ID_CHECKS_PER_WINDOW,
          timeWindow: ID_CHECK_WINDOW,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `id-check|${request.session?.actor ?? request.ip}`,
        },
      },
    }),
    handler: async (request) => {
      const { ada } = sessionOf(request);
      const number = request.body.data.toUpperCase();
      const valid = isValidChineseId(number);
      const d = await app.db.selectFrom('distributors').select('national_id').where('ada', '=', ada).executeTakeFirst();
      return ok({ valid, matches: valid && d?.national_id === number });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/weChatInfo'),
    handler: async (request) => {
      const session = sessionOf(request);
      if (request.body.ada !== session.ada) throw forbidden('You can only read your own WeChat profile');
      const d = await app.db.selectFrom('distributors').select('head_image').where('ada', '=', session.ada).executeTakeFirst();
      return ok({ headImage: d?.head_image ?? null });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/guideNovices'),
    handler: async (request) => {
      const { actor } = sessionOf(request);
      const done = await app.db
        .selectFrom('novice_guides')
        .select('done_at')
        .where('ada', '=', actor)
        .where('business_type', '=', request.body.businessType)
        .executeTakeFirst();
      return ok({ businessType: request.body.businessType, show: !done });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/guideNovices/add'),
    handler: async (request) => {
      const { actor } = sessionOf(request);
      const done = await app.db
        .selectFrom('novice_guides')
        .select('business_type')
        .where('ada', '=', actor)
        .limit(MAX_GUIDES_PER_USER + 1)
        .execute();
      if (done.length >= MAX_GUIDES_PER_USER && !done.some((g) => g.business_type === request.body.businessType)) {
        throw badRequest(`At most ${MAX_GUIDES_PER_USER} guides can be marked done`);
      }
      // Idempotent: a second "done" keeps the first time.
      await app.db
        .insertInto('novice_guides')
        .values({ ada: actor, business_type: request.body.businessType, done_at: now() })
        .onConflict((oc) => oc.columns(['ada', 'business_type']).doNothing())
        .execute();
      return ok({ done: true as const });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/prompts'),
    handler: async (request) => {
      const { actor } = sessionOf(request);
      const { businessType, year, checkScopes } = request.body;
      let q = app.db
        .selectFrom('prompts as p')
        .leftJoin('prompt_closes as c', (j) =>
          j
            .onRef('c.business_type', '=', 'p.business_type')
            .onRef('c.year', '=', 'p.year')
            .onRef('c.month', '=', 'p.month')
            .onRef('c.type', '=', 'p.type')
            .on('c.ada', '=', actor),
        )
        .selectAll('p')
        .where('p.business_type', '=', businessType)
        .where('c.ada', 'is', null);
      if (year) q = q.where('p.year', '=', year);
      if (checkScopes?.length) q = q.where('p.type', 'in', checkScopes);
      const rows = await q.orderBy('p.id').execute();
      return ok({
        prompts: rows.map((p) => ({
          id: p.id,
          businessType: p.business_type,
          type: p.type,
          year: p.year,
          month: p.month,
          title: p.title_zh,
          titleEn: p.title_en,
          content: p.content_zh,
          contentEn: p.content_en,
        })),
      });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/prompts/close'),
    handler: async (request) => {
      const { actor } = sessionOf(request);
      const { businessType, year, month, type } = request.body;
      const exists = await app.db
        .selectFrom('prompts')
        .select('id')
        .where('business_type', '=', businessType)
        .where('year', '=', year)
        .where('month', '=', month)
        .where('type', '=', type)
        .executeTakeFirst();
      if (!exists) throw notFound('No such prompt');
      await app.db
        .insertInto('prompt_closes')
        .values({ ada: actor, business_type: businessType, year, month, type, closed_at: now() })
        .onConflict((oc) => oc.columns(['ada', 'business_type', 'year', 'month', 'type']).doNothing())
        .execute();
      return ok({ done: true as const });
    },
  });

  // Staff see their own audit trail on /test (every queryAda read is logged by the auth plugin).
  r.route({
    ...endpoint('/bff/v1/common/auditTrail'),
    handler: async (request) => {
      const session = request.session;
      if (!session?.staff) throw forbidden('Only staff have an audit trail');
      const rows = await app.db
        .selectFrom('audit_log')
        .select(['subject_ada', 'action', 'channel', 'at'])
        .where('actor', '=', session.actor)
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return ok({ entries: rows.map((e) => ({ subjectAda: e.subject_ada, action: e.action, channel: e.channel, at: e.at })) });
    },
  });
}
