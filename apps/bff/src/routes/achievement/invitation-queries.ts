// The invitations behind /bff/v1/achievement/invitations*: a distributor's sign-in links for the
// people they invite, kept bounded (active ones by the route, revoked ones here).
import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/index.ts';
import type { InvitationsTable } from '../../db/schema.ts';

/** Revoked invitations kept per user (the newest): the list shows them, and create/revoke cannot grow it without end. */
export const MAX_KEPT_REVOKED_INVITATIONS = 50;

export type Invitation = InvitationsTable;

/** A distributor's newest 100 invitations, newest first. */
export async function invitationsOf(db: DB, ada: string): Promise<Invitation[]> {
  return db.selectFrom('invitations').selectAll().where('ada', '=', ada).orderBy('created_at', 'desc').orderBy('id').limit(100).execute();
}

/** An active invitation of the same invitee and note, or undefined. */
export async function activeInvitationLike(db: DB, ada: string, inviteeName: string, note: string): Promise<Invitation | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('ada', '=', ada)
    .where('invitee_name', '=', inviteeName)
    .where('note', '=', note)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function activeInvitationCount(db: DB, ada: string): Promise<number> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ada', '=', ada)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Saves a new invitation (an unguessable id) and answers it. */
export async function createInvitation(db: DB, ada: string, inviteeName: string, note: string): Promise<Invitation> {
  const row: Invitation = {
    id: randomBytes(12).toString('base64url'),
    ada,
    invitee_name: inviteeName,
    note,
    created_at: new Date().toISOString(),
    revoked_at: null,
  };
  await db.insertInto('invitations').values(row).execute();
  return row;
}

/** One of a distributor's invitations, or undefined (someone else's is not found either). */
export async function invitationOf(db: DB, ada: string, id: string): Promise<Invitation | undefined> {
  return db.selectFrom('invitations').selectAll().where('id', '=', id).where('ada', '=', ada).executeTakeFirst();
}

/** Revokes an invitation and drops the revoked ones beyond the newest MAX_KEPT_REVOKED_INVITATIONS; answers the time. */
export async function revokeInvitation(db: DB, ada: string, id: string): Promise<string> {
  const now = new Date().toISOString();
  await db.updateTable('invitations').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  const revoked = await db
    .selectFrom('invitations')
    .select('id')
    .where('ada', '=', ada)
    .where('revoked_at', 'is not', null)
    .orderBy('revoked_at', 'desc')
    .orderBy('id')
    .execute();
  const dropped = revoked.slice(MAX_KEPT_REVOKED_INVITATIONS).map((r) => r.id);
  if (dropped.length) await db.deleteFrom('invitations').where('id', 'in', dropped).execute();
  return now;
}
