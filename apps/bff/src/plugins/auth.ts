import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '@abo/contract';
import { AppError, unauthorized } from '../lib/app-error.ts';
import type { TokenService } from '../idp/tokens.ts';

export interface Session {
  /** The signed-in distributor (or staff member's ada on iinquiry). */
  ada: string;
  channel: string;
  staff: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that answer without a signed-in session (idaasToken, health, IdP). */
    public?: boolean;
  }
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

/**
 * Access control in one place: every /bff route that is not marked public
 * needs a valid access token and id token for the same ada. Failures answer
 * 9900401 with HTTP 200 (spec §8) so the front end sends the user to sign in.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { tokens: TokenService }) => {
    app.decorate('tokens', opts.tokens);
    app.decorateRequest('session', null);

    app.addHook('preHandler', async (request) => {
      // Unknown paths fall through to the 404 envelope; public routes need no session.
      if (!request.routeOptions.url || !request.url.startsWith('/bff/') || request.routeOptions.config?.public) return;
      const channel = (header(request, 'channel') ?? '').toLowerCase();
      if (channel === 'iinquiry') {
        throw new AppError(Code.IINQUIRY_EXPIRED, 'The query has expired, please query again');
      }
      const access = header(request, 'idaas-accesstoken');
      const id = header(request, 'idaas-idtoken');
      if (!access || !id) throw unauthorized('Please sign in');
      let ada: string;
      try {
        const [a, i] = await Promise.all([opts.tokens.verify(access, 'access'), opts.tokens.verify(id, 'id')]);
        if (typeof a.sub !== 'string' || a.sub !== i.sub) throw new Error('token subjects differ');
        ada = a.sub;
      } catch {
        throw unauthorized('Your session has expired, please sign in again');
      }
      const body = request.body as { loginada?: unknown; channel?: unknown } | undefined;
      if (body && typeof body === 'object' && body.loginada !== undefined && body.loginada !== ada) {
        throw new AppError(Code.FORBIDDEN, 'loginada does not match the signed-in user');
      }
      const bodyChannel = typeof body?.channel === 'string' ? body.channel.toLowerCase() : '';
      request.session = { ada, channel: bodyChannel || 'ebiz', staff: false };
    });
  },
  { name: 'auth' },
);
