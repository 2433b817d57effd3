// One-time links to a document (routes/documents, README "Statements and exports"): an opaque
// random token in the address, a random value in an HttpOnly cookie of the browser that asked for
// it, and in the database only the hashes of both (migration 0006), so a database read opens no file.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { documentRequestSchema, type DocumentRequest } from '@abo/contract';
import type { DB } from './index.ts';
import type { DocumentLinksTable } from './schema.ts';

/** Who a document is for and who asked (the session's fields: plugins/auth.ts Session). */
export interface DocumentReader {
  /** Who asked: the distributor, or a staff account. */
  actor: string;
  /** Whose document it is. */
  ada: string;
  channel: string;
  staff: boolean;
}

/** A link lives 5 minutes (and its cookie as long). */
export const DOCUMENT_LINK_TTL_MS = 5 * 60 * 1000;
/** Where files are served: outside /bff/v1, since a plain navigation carries no Authorization. */
export const FILES_PATH = '/bff/files';

/** 32 random bytes in base64url: 43 characters. Anything else is no token of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const secret = () => randomBytes(32).toString('base64url');

/**
 * The cookie a link is bound to is named after the link, so two links asked for at once (a
 * double click, the CSV and the XLSX) each keep their own. Derived from the token's hash: the
 * name tells nothing about the token.
 */
export function bindingCookieName(tokenHash: string): string {
  return `abo_file_${tokenHash.slice(0, 16)}`;
}

export interface NewDocumentLink {
  token: string;
  tokenHash: string;
  /** The value of the browser cookie the link is bound to. */
  cookieValue: string;
  cookieName: string;
  expiresAt: string;
}

/** Stores a link to `document` for the session's reader and returns its token and cookie. */
export async function createDocumentLink(db: DB, session: DocumentReader, document: DocumentRequest, now: Date): Promise<NewDocumentLink> {
  const token = secret();
  const cookieValue = secret();
  const tokenHash = sha256(token);
  const expiresAt = new Date(now.getTime() + DOCUMENT_LINK_TTL_MS).toISOString();
  await db
    .insertInto('document_links')
    .values({
      token_hash: tokenHash,
      cookie_hash: sha256(cookieValue),
      actor: session.actor,
      ada: session.ada,
      channel: session.channel,
      staff: session.staff ? 1 : 0,
      request: JSON.stringify(document),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { token, tokenHash, cookieValue, cookieName: bindingCookieName(tokenHash), expiresAt };
}

/** A cookie's value from a Cookie header (only what this module sets: base64url values, no quoting). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type OpenRefusal = 'unknown' | 'other-browser' | 'expired' | 'used';

export interface OpenedLink {
  tokenHash: string;
  cookieName: string;
  /** The session the link was made in: whose document, read as whom. */
  session: DocumentReader;
  document: DocumentRequest;
}

export type OpenResult = { ok: true; link: OpenedLink } | { ok: false; reason: OpenRefusal };

/**
 * Opens a link once. The checks run in this order: an unknown (or tampered) token; a browser
 * without the link's cookie, told only that the link is not theirs (whether it was used or
 * expired is the owner's business); expired; used. Then a conditional UPDATE marks it used: of
 * two opens at the same moment exactly one changes the row, the other is refused as used.
 */
export async function openDocumentLink(db: DB, token: string, cookieHeader: string | undefined, now: Date): Promise<OpenResult> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: 'unknown' };
  const tokenHash = sha256(token);
  const row: DocumentLinksTable | undefined = await db
    .selectFrom('document_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  const cookieName = bindingCookieName(tokenHash);
  const presented = cookieValue(cookieHeader, cookieName);
  if (presented === undefined || !sameHash(sha256(presented), row.cookie_hash)) return { ok: false, reason: 'other-browser' };
  const at = now.toISOString();
  if (row.expires_at <= at) return { ok: false, reason: 'expired' };
  if (row.used_at !== null) return { ok: false, reason: 'used' };
  const result = await db
    .updateTable('document_links')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { ok: false, reason: 'used' };
  return {
    ok: true,
    link: {
      tokenHash,
      cookieName,
      session: { actor: row.actor, ada: row.ada, channel: row.channel, staff: Number(row.staff) === 1 },
      document: documentRequestSchema.parse(JSON.parse(row.request)),
    },
  };
}

/**
 * Deletes the links that have expired (used or not) and returns how many: the housekeeping
 * timer's task. An expired link is refused whether its row is there or not, so this is a plain
 * idempotent DELETE that processes sharing one database may run at the same time.
 */
export async function pruneDocumentLinks(db: DB, now: Date): Promise<number> {
  const result = await db.deleteFrom('document_links').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
