// The signed-in session a request carries: set by the auth plugin (plugins/auth.ts), read by the
// routes and the helpers they share through sessionOf.
import type { FastifyRequest } from 'fastify';
import { Code } from '@abo/contract';
import { AppError, unauthorized } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export interface Session {
  /** Who is signed in: a distributor's ada, or a staff account on iinquiry. */
  actor: string;
  /** Whose data this request reads: the actor, or the distributor named by queryAda. */
  ada: string;
  channel: string;
  staff: boolean;
}

/** The session of a route that requires one (the guard guarantees it). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  if (!request.session.ada) throw new AppError(Code.BAD_REQUEST, 'Staff queries need a queryAda', 400);
  return request.session;
}
