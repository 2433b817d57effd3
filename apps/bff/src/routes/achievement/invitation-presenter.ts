// The invitations as the contract shows them, each with the sign-in link to send. Pure.
import type { AchInvitation } from '@abo/contract';
import type { Invitation } from './invitation-queries.ts';

function invitationPath(id: string): string {
  return `/idp/login?redirect_uri=${encodeURIComponent(`/front/?invitation=${id}`)}&invitation=${id}`;
}

export function invitationData(r: Invitation): AchInvitation {
  return {
    id: r.id,
    inviteeName: r.invitee_name,
    note: r.note,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
    path: invitationPath(r.id),
  };
}
