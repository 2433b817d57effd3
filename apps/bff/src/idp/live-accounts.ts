// Whether the account behind a session still stands (README, "Sessions"): a token outlives a
// removed staff account, a new password or a distributor dropped by `import --replace`, so the
// guard asks here on every request. Answers are kept per process while the data version
// (db/data-version.ts) stays the same; whatever changes an account calls accountsChanged, which
// moves that version for every process.
import { createHash } from 'node:crypto';
import { maskPrivacy } from '@abo/contract';
import { dataVersion, markDataReplaced } from '../db/data-version.ts';
import type { DB } from '../db/index.ts';

/** A short fingerprint of a password hash: a new password (a new salt) or a re-made account changes it. */
export function credentialStamp(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);
}

/** A staff account as a renewal needs it (/idp/okta/renew), read now: null when there is none. */
export async function staffAccount(db: DB, username: string): Promise<{ displayName: string; stamp: string } | null> {
  const row = await db
    .selectFrom('credentials')
    .select(['display_name', 'password_hash'])
    .where('username', '=', username)
    .where('kind', '=', 'staff')
    .executeTakeFirst();
  return row ? { displayName: row.display_name, stamp: credentialStamp(row.password_hash) } : null;
}

/** The stamp a staff token carries (claim `cv`): null when there is no such staff account. */
export async function staffStamp(db: DB, username: string): Promise<string | null> {
  return (await staffAccount(db, username))?.stamp ?? null;
}

/**
 * The stamp a distributor's access token of the embedded IdP carries (claim `cv`): of every
 * sign-in account for the ADA, so a new password for any of them changes it; null when the ADA
 * has none.
 */
export async function distributorStamp(db: DB, ada: string): Promise<string | null> {
  const rows = await db
    .selectFrom('credentials')
    .select('password_hash')
    .where('ada', '=', ada)
    .where('kind', '=', 'distributor')
    .orderBy('username')
    .execute();
  return rows.length ? credentialStamp(rows.map((r) => r.password_hash).join('|')) : null;
}

/**
 * Who holds an ADA now, as the id token names them (idp/profile.ts), and the stamp of its
 * sign-in accounts: null when no one holds it.
 */
async function holderOf(db: DB, ada: string): Promise<string | null> {
  const d = await db.selectFrom('distributors').select(['name_zh', 'national_id']).where('ada', '=', ada).executeTakeFirst();
  return d ? `${d.name_zh}|${maskPrivacy(d.national_id)}|${(await distributorStamp(db, ada)) ?? ''}` : null;
}

const KEPT_MAX = 10_000;
const kept = new WeakMap<DB, { version: string; entries: Map<string, string | null> }>();

async function keptLookup(db: DB, key: string, read: () => Promise<string | null>): Promise<string | null> {
  const version = await dataVersion(db);
  let c = kept.get(db);
  if (!c || c.version !== version) kept.set(db, (c = { version, entries: new Map() }));
  if (c.entries.has(key)) return c.entries.get(key)!;
  const value = await read();
  if (c.entries.size >= KEPT_MAX) c.entries.clear();
  c.entries.set(key, value);
  return value;
}

/** A staff token stands while its account exists with the password it was issued under. */
export async function staffSessionStands(db: DB, username: string, stamp: unknown): Promise<boolean> {
  if (typeof stamp !== 'string') return false;
  return (await keptLookup(db, `staff|${username}`, () => staffStamp(db, username))) === stamp;
}

/**
 * A staff account's role ('service' or 'operator'; null: no such staff account). `fresh` reads the
 * row now (the operator calls decide on it); otherwise the answer is kept while the data version
 * stays (set-role moves it through accountsChanged, so every process reads it again).
 */
export async function staffRole(db: DB, username: string, { fresh = false } = {}): Promise<string | null> {
  const read = async () =>
    (await db.selectFrom('credentials').select('role').where('username', '=', username).where('kind', '=', 'staff').executeTakeFirst())
      ?.role ?? null;
  return fresh ? read() : keptLookup(db, `role|${username}`, read);
}

/**
 * A distributor token of the embedded IdP stands while the ADA is in the data, held by the
 * person its id token names (name and masked national ID: a reused ADA is someone else), with
 * the sign-in password its access token was issued under (claim `cv`).
 */
export async function distributorSessionStands(
  db: DB,
  ada: string,
  idToken: Record<string, unknown>,
  accessToken: Record<string, unknown>,
): Promise<boolean> {
  const cv = accessToken['cv'];
  const claimed = `${String(idToken['fullName'])}|${String(idToken['personal_id'])}|${typeof cv === 'string' ? cv : ''}`;
  if ((await keptLookup(db, `ada|${ada}`, () => holderOf(db, ada))) === claimed) return true;
  // A sign-in account added since this process looked moves no data version: read once more
  // before refusing. (What could make a kept yes wrong, a new password or holder, moves it.)
  return (await holderOf(db, ada)) === claimed;
}

/**
 * Call after removing an account or changing its password (db may be the transaction): every
 * process then reads accounts again, so their sessions end at the next request.
 */
export async function accountsChanged(db: DB): Promise<void> {
  kept.delete(db);
  await markDataReplaced(db);
}
