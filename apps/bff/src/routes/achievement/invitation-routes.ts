// The invitations of /bff/v1/achievement/*: a distributor's sign-in links for people they invite.
import { ok } from '@abo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { distributorOr404 } from '../../db/distributors.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../lib/session.ts';
import { invitationData } from './invitation-presenter.ts';
import {
  activeInvitationCount,
  activeInvitationLike,
  createInvitation,
  invitationOf,
  invitationsOf,
  revokeInvitation,
} from './invitation-queries.ts';
import { writer } from '../../lib/writer.ts';

const MAX_ACTIVE_INVITATIONS = 50;

export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.route({
    ...endpoint('/bff/v1/achievement/invitations'),
    handler: async (request) => ok({ invitations: (await invitationsOf(db, sessionOf(request).ada)).map(invitationData) }),
  });

  r.route({
    ...endpoint('/bff/v1/achievement/invitations/create'),
    handler: async (request) => {
      const ada = writer(request);
      await distributorOr404(db, ada);
      const { inviteeName, note } = request.body;
      // The same invitee and note while one is still active: hand back that one (no duplicates on a retry).
      const same = await activeInvitationLike(db, ada, inviteeName, note);
      if (same) return ok({ invitation: invitationData(same) });
      if ((await activeInvitationCount(db, ada)) >= MAX_ACTIVE_INVITATIONS) {
        throw badRequest(`At most ${MAX_ACTIVE_INVITATIONS} active invitations; revoke one first`);
      }
      return ok({ invitation: invitationData(await createInvitation(db, ada, inviteeName, note)) });
    },
  });

  r.route({
    ...endpoint('/bff/v1/achievement/invitations/revoke'),
    handler: async (request) => {
      const ada = writer(request);
      const row = await invitationOf(db, ada, request.body.id);
      if (!row) throw notFound('Invitation not found');
      if (row.revoked_at) return ok({ invitation: invitationData(row) });
      const revokedAt = await revokeInvitation(db, ada, row.id);
      return ok({ invitation: invitationData({ ...row, revoked_at: revokedAt }) });
    },
  });
}
