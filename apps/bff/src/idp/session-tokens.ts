import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db/index.ts';

/** One-time session tokens live 5 minutes; only their hash is stored. */
export const SESSION_TOKEN_TTL_MS = 5 * 60 * 1000;
/**
 * How long a dead token (expired or used) is kept: for a day an exchange of a used token still
 * answers "already used" rather than "unknown". pruneSessionTokens removes older ones.
 */
export const SESSION_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;

export type SessionTokenKind = 'distributor' | 'staff' | 'wechat';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSessionToken(db: DB, ada: string, kind: SessionTokenKind, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('session_tokens')
    .values({
      token_hash: hashToken(token),
      ada,
      kind,
      expires_at: new Date(now.getTime() + SESSION_TOKEN_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

export type ExchangeResult = { ok: true; ada: string; kind: SessionTokenKind } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * Marks a session token used and returns whose it was. The conditional
 * UPDATE makes the exchange atomic: of two concurrent exchanges one wins.
 */
export async function exchangeSessionToken(db: DB, token: string, now = new Date()): Promise<ExchangeResult> {
  const tokenHash = hashToken(token);
  const row = await db.selectFrom('session_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.used_at) return { ok: false, reason: 'used' };
  if (row.expires_at <= now.toISOString()) return { ok: false, reason: 'expired' };
  const result = await db
    .updateTable('session_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { ok: false, reason: 'used' };
  return { ok: true, ada: row.ada, kind: row.kind as SessionTokenKind };
}

/**
 * Removes tokens that expired, or were used, more than SESSION_TOKEN_RETENTION_MS before `now`,
 * and returns how many. The housekeeping plugin calls it on a timer; a plain idempotent DELETE,
 * so processes sharing one database may run it at the same time. Timestamps are ISO-8601 UTC
 * text (toISOString), so comparing the strings compares the instants.
 */
export async function pruneSessionTokens(db: DB, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SESSION_TOKEN_RETENTION_MS).toISOString();
  const result = await db
    .deleteFrom('session_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('used_at', '<', cutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
