import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code, isChannel } from '@abo/contract';
import { auditAction, recordRead, subjectsReadSince } from '../db/audit.ts';
import { isInDownline } from '../db/distributors.ts';
import { distributorSessionStands, staffRole, staffSessionStands } from '../idp/live-accounts.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../lib/app-error.ts';
import type { TokenService } from '../idp/tokens.ts';
// What this plugin sets on every request, and how routes read it.
import '../lib/session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that answer without a signed-in session (idaasToken, health, IdP). */
    public?: boolean;
    /** Routes where a distributor may read a downline member through queryAda (market pages). */
    downlineQuery?: boolean;
  }
  interface FastifyInstance {
    tokens: TokenService;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name.toLowerCase()];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

const ADA_PATTERN = /^\d{4,12}$/;

/** The operators' calls (routes/operator): a staff session whose account is an operator now. */
export const OPERATOR_PREFIX = '/bff/v1/operator/';
/** Calls that show distributors to staff without a queryAda header. */
const STAFF_READS = new Set(['/bff/v1/common/staffLookup']);
export const NOT_OPERATOR = 'Only operator accounts may load files and export the audit log';
export const OPERATOR_READS_NO_ONE = 'An operator account does not look up distributors: sign in with a customer-service account';

/** Distributors one staff account may open through queryAda in a minute: the staff look-up's budget. */
export const STAFF_SUBJECTS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;

/**
 * Access control in one place: every /bff route not marked public needs a
 * valid session. Distributor channels: access + id token for the same ada,
 * failing with 9900401 (HTTP 200, docs/contract.md §8). iinquiry: the staff ada-token,
 * failing with code 401. queryAda reads are checked and audited here.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { tokens: TokenService; ownDistributorTokens?: boolean }) => {
    app.decorate('tokens', opts.tokens);
    app.decorateRequest('session', null);

    const audit = (actor: string, subject: string, request: FastifyRequest, channel: string) =>
      recordRead(app.db, { actor, subjectAda: subject, action: auditAction(request), channel });

    // A staff account's queryAda reads are counted in distinct distributors a minute, checked and
    // recorded one after another per account in this process so parallel requests cannot all
    // slip under the budget.
    const staffTurns = new Map<string, Promise<unknown>>();
    const auditStaffRead = (staff: string, subject: string, request: FastifyRequest, reply: FastifyReply) => {
      const turn = (staffTurns.get(staff) ?? Promise.resolve())
        .catch(() => undefined)
        .then(async () => {
          const now = Date.now();
          const read = await subjectsReadSince(app.db, staff, new Date(now - MINUTE_MS).toISOString(), subject);
          if (!read.seen && read.count >= STAFF_SUBJECTS_PER_MINUTE) {
            const freeAt = read.oldest ? Date.parse(read.oldest) + MINUTE_MS : now + MINUTE_MS;
            const seconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
            reply.header('Retry-After', String(seconds));
            throw new AppError(
              Code.RATE_LIMITED,
              `More than ${STAFF_SUBJECTS_PER_MINUTE} distributors in a minute, try again in ${seconds} seconds`,
              429,
            );
          }
          await audit(staff, subject, request, 'iinquiry');
        });
      staffTurns.set(staff, turn);
      void turn
        .finally(() => {
          if (staffTurns.get(staff) === turn) staffTurns.delete(staff);
        })
        .catch(() => undefined);
      return turn;
    };

    // Before validation, so a caller without a session learns nothing, not even a body's shape.
    app.addHook('preValidation', async (request, reply) => {
      // Decided on the matched route, never on how the address was spelt (routing ignores case
      // and decodes): every route needs a session unless its own options declare it public.
      // Unknown paths have no route and fall through to the 404 envelope.
      if (request.routeOptions.url === undefined || request.routeOptions.config?.public) return;
      const operatorCall = request.routeOptions.url.toLowerCase().startsWith(OPERATOR_PREFIX);
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const sent = header(request, 'channel') ?? body['channel'];
      const channel = sent === undefined || sent === '' ? '' : String(sent).toLowerCase();
      // The channel is written to the audit log: only the four of docs/contract.md §9.
      if (channel !== '' && !isChannel(channel)) throw badRequest('Unknown channel');
      const queryAda = header(request, 'queryAda');
      if (queryAda !== undefined && !ADA_PATTERN.test(queryAda)) throw forbidden('queryAda is not a valid ADA');

      if (channel === 'iinquiry') {
        const adaToken = header(request, 'ada-token');
        const kid = header(request, 'jwks');
        let staff: string;
        let stamp: unknown;
        try {
          if (!adaToken || !kid) throw new Error('missing staff token');
          const payload = await opts.tokens.verify(adaToken, 'ada', kid);
          if (payload['staff'] !== true || typeof payload.sub !== 'string') throw new Error('not a staff token');
          staff = payload.sub;
          stamp = payload['cv'];
        } catch {
          throw new AppError(Code.IINQUIRY_EXPIRED, 'The query has expired, please query again');
        }
        // A removed account, or one whose password changed since, has no session any more.
        if (!(await staffSessionStands(app.db, staff, stamp))) {
          throw new AppError(Code.IINQUIRY_EXPIRED, 'The query has expired, please query again');
        }
        // Least privilege: operators load files and export the audit log, customer service reads
        // distributors; neither does the other's work. The role is read from the database on
        // every operator call, so a role taken away ends the right at the next one.
        if (operatorCall) {
          if ((await staffRole(app.db, staff, { fresh: true })) !== 'operator') throw forbidden(NOT_OPERATOR);
        } else if ((queryAda || STAFF_READS.has(request.routeOptions.url)) && (await staffRole(app.db, staff)) === 'operator') {
          throw forbidden(OPERATOR_READS_NO_ONE);
        }
        if (queryAda) await auditStaffRead(staff, queryAda, request, reply);
        request.session = { actor: staff, ada: queryAda ?? '', channel, staff: true };
        return;
      }

      const access = header(request, 'idaas-accesstoken');
      const id = header(request, 'idaas-idtoken');
      if (!access || !id) throw unauthorized('Please sign in');
      let ada: string;
      let idToken: Record<string, unknown>;
      let accessToken: Record<string, unknown>;
      try {
        // Tokens seen before are answered from the token service's memory without a promise.
        const a = opts.tokens.verified(access, 'access') ?? (await opts.tokens.verify(access, 'access'));
        const i = opts.tokens.verified(id, 'id') ?? (await opts.tokens.verify(id, 'id'));
        if (typeof a.sub !== 'string' || a.sub !== i.sub) throw new Error('token subjects differ');
        ada = a.sub;
        idToken = i;
        accessToken = a;
      } catch {
        throw unauthorized('Your session has expired, please sign in again');
      }
      // The ADA left the data (import --replace), is someone else's now or has a new password:
      // that session ended. Outside the try: a database that fails answers 500, it does not sign
      // everyone out.
      if (opts.ownDistributorTokens && !(await distributorSessionStands(app.db, ada, idToken, accessToken))) {
        throw unauthorized('Your session has expired, please sign in again');
      }
      if (operatorCall) throw forbidden(NOT_OPERATOR);
      if (body['loginada'] !== undefined && body['loginada'] !== ada) {
        throw forbidden('loginada does not match the signed-in user');
      }
      let subject = ada;
      if (queryAda && queryAda !== ada) {
        if (!request.routeOptions.config?.downlineQuery) throw forbidden('This page cannot be viewed for another distributor');
        if (!(await isInDownline(app.db, ada, queryAda))) throw forbidden('You can only view distributors in your own market');
        await audit(ada, queryAda, request, channel || 'ebiz');
        subject = queryAda;
      }
      request.session = { actor: ada, ada: subject, channel: channel || 'ebiz', staff: false };
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
