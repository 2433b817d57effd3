import type { FastifyRequest } from 'fastify';
import { forbidden } from './app-error.ts';
import { sessionOf } from './session.ts';

/** The distributor a write changes: only they change their settings and invitations (staff and downline views read only). */
export function writer(request: FastifyRequest): string {
  const s = sessionOf(request);
  if (s.staff) throw forbidden("Staff accounts cannot change a distributor's settings");
  if (s.ada !== s.actor) throw forbidden('You can only change your own settings');
  return s.ada;
}
