import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code, ok } from '@abo/contract';
import { readCloseState } from '../../close/state.ts';
import { auditAction, recordReads } from '../../db/audit.ts';
import { distributorOr404, findDistributor } from '../../db/distributors.ts';
import { queryableMonths } from '../../db/statements.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { isValidChineseId } from '../../lib/national-id.ts';
import { exchangeSessionToken } from '../../idp/session-tokens.ts';
import { loadProfile } from '../../idp/profile.ts';
import { sessionOf } from '../../lib/session.ts';
import {
  auditTrailData,
  configData,
  DST_INFO_COLUMNS,
  dstInfoData,
  promptsData,
  queryableMonthsData,
  shopsData,
  staffLookupData,
} from './common-presenter.ts';
import {
  allShops,
  auditTrailOf,
  closePrompt,
  descriptionPages,
  guidesDone,
  isGuideDone,
  lookupDistributors,
  markGuideDone,
  openPrompts,
  promptExists,
} from './common-queries.ts';
import { freshnessData } from './freshness-presenter.ts';

/** Checks of a national ID number per signed-in user: a form needs a few, guessing needs many. */
export const ID_CHECKS_PER_WINDOW = 10;
const ID_CHECK_WINDOW = '15 minutes';
/** Novice guides a user can mark done: enough for every page that has one, and bounded. */
export const MAX_GUIDES_PER_USER = 20;
/** Entries of a staff member's audit trail shown: the newest ones. */
const AUDIT_TRAIL_ENTRIES = 50;
/** People a staff look-up lists; more sharing a name means asking the caller for their ADA. */
export const LOOKUP_MATCHES = 10;
/** Staff look-ups per staff account: enough for a busy service desk, not for walking the register. */
export const LOOKUPS_PER_WINDOW = 30;
const LOOKUP_WINDOW = '1 minute';

export interface CommonRoutesOptions {
  /** The business "today" (config.today): the open month when no close has recorded one. */
  today?: () => Date;
}

/** The common calls of docs/contract.md §7, and how fresh the month figures are. */
export async function commonRoutes(app: FastifyInstance, opts: CommonRoutesOptions = {}): Promise<void> {
  const today = opts.today ?? (() => new Date());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const now = () => new Date().toISOString();
  await app.register(rateLimit, { global: false });

  r.route({
    ...endpoint('/bff/v1/common/idaasToken'),
    handler: async (request) => {
      const result = await exchangeSessionToken(db, request.body.sessionToken);
      if (!result.ok || result.kind !== 'distributor') {
        throw result.ok === false && result.reason === 'used'
          ? new AppError(Code.SESSION_TOKEN_USED, 'This sign-in link was already used; please sign in again')
          : new AppError(Code.UNAUTHORIZED, 'The sign-in link is invalid or has expired; please sign in again');
      }
      const profile = await loadProfile(db, result.ada);
      if (!profile) throw new AppError(Code.UNAUTHORIZED, 'Account not found; please sign in again');
      return ok(await app.tokens.issue(profile));
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/dstInfo'),
    handler: async (request) => ok(dstInfoData(await distributorOr404(db, sessionOf(request).ada, DST_INFO_COLUMNS))),
  });

  r.route({
    ...endpoint('/bff/v1/common/getConfig'),
    handler: async () => ok(configData(await descriptionPages(db))),
  });

  r.route({
    ...endpoint('/bff/v1/common/shops'),
    handler: async () => ok(shopsData(await allShops(db))),
  });

  r.route({
    ...endpoint('/bff/v1/common/generate/queryable/month'),
    handler: async (request) => ok(queryableMonthsData(await queryableMonths(db, sessionOf(request).ada))),
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
      const d = await findDistributor(db, ada, ['national_id']);
      return ok({ valid, matches: valid && d?.national_id === number });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/weChatInfo'),
    handler: async (request) => {
      const session = sessionOf(request);
      if (request.body.ada !== session.ada) throw forbidden('You can only read your own WeChat profile');
      const d = await findDistributor(db, session.ada, ['head_image']);
      return ok({ headImage: d?.head_image ?? null });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/guideNovices'),
    handler: async (request) => {
      const { businessType } = request.body;
      // The first-visit guide introduces the app to a distributor; staff answering a call do not get it.
      if (request.session?.staff) return ok({ businessType, show: false });
      return ok({ businessType, show: !(await isGuideDone(db, sessionOf(request).actor, businessType)) });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/guideNovices/add'),
    handler: async (request) => {
      const { actor } = sessionOf(request);
      const { businessType } = request.body;
      const done = await guidesDone(db, actor, MAX_GUIDES_PER_USER + 1);
      if (done.length >= MAX_GUIDES_PER_USER && !done.includes(businessType)) {
        throw badRequest(`At most ${MAX_GUIDES_PER_USER} guides can be marked done`);
      }
      await markGuideDone(db, actor, businessType, now());
      return ok({ done: true as const });
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/prompts'),
    handler: async (request) => {
      const { businessType, year, checkScopes } = request.body;
      // Notices speak to the distributor ("your month is closed"); staff on a call get none.
      if (request.session?.staff) return ok(promptsData([]));
      return ok(promptsData(await openPrompts(db, sessionOf(request).actor, { businessType, year, checkScopes })));
    },
  });

  r.route({
    ...endpoint('/bff/v1/common/prompts/close'),
    handler: async (request) => {
      const { actor } = sessionOf(request);
      const { businessType, year, month, type } = request.body;
      const key = { businessType, year, month, type };
      if (!(await promptExists(db, key))) throw notFound('No such prompt');
      await closePrompt(db, actor, key, now());
      return ok({ done: true as const });
    },
  });

  // Read on every call, not kept: one meta row, and a close may write it at any time.
  r.route({
    ...endpoint('/bff/v1/common/freshness'),
    handler: async () => ok(freshnessData(await readCloseState(db), today())),
  });

  // Staff see their own audit trail on /test (every queryAda read is logged by the auth plugin).
  r.route({
    ...endpoint('/bff/v1/common/auditTrail'),
    handler: async (request) => {
      const session = request.session;
      if (!session?.staff) throw forbidden('Only staff have an audit trail');
      return ok(auditTrailData(await auditTrailOf(db, session.actor, AUDIT_TRAIL_ENTRIES)));
    },
  });

  // Staff on a call find the caller (README, "Staff"): iinquiry staff tokens only, every person
  // shown is an audited read, and a staff account's look-ups are counted like ID checks are.
  r.route({
    ...endpoint('/bff/v1/common/staffLookup', {
      config: {
        rateLimit: {
          max: LOOKUPS_PER_WINDOW,
          timeWindow: LOOKUP_WINDOW,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `staff-lookup|${request.session?.actor ?? request.ip}`,
        },
      },
    }),
    handler: async (request) => {
      const session = request.session;
      if (!session?.staff) throw forbidden('Only staff can look distributors up');
      const rows = await lookupDistributors(db, request.body.q, LOOKUP_MATCHES + 1);
      const data = staffLookupData(rows, LOOKUP_MATCHES);
      const action = auditAction(request);
      await recordReads(
        db,
        data.matches.map((m) => ({ actor: session.actor, subjectAda: m.ada, action, channel: session.channel })),
      );
      return ok(data);
    },
  });
}
