import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { DB } from '../db/index.ts';

export const SIGNING_ALG = 'RS256';

/** How long a process trusts its copy of the keys before re-reading them (rotation reaches every process within this). */
export const KEY_REFRESH_MS = 60_000;
/** Fewest milliseconds between two re-reads forced by a token with an unknown kid (a flood of forged kids costs one query per window). */
const UNKNOWN_KID_REFRESH_MS = 5_000;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface KeyRing {
  /** The key new tokens are signed with: the newest key not retired. */
  readonly current: SigningKey;
  /** Public keys of every key not retired, for verification and JWKS: a new array when the keys change. */
  readonly publicJwks: JWK[];
  /**
   * Re-reads the keys when this copy is older than KEY_REFRESH_MS, or (`unknownKid`) when a
   * token names a key this copy lacks — another process may have rotated. Never throws: a
   * database that is away leaves the keys as they were.
   */
  refresh(opts?: { unknownKid?: boolean }): Promise<void>;
}

interface KeyRow {
  kid: string;
  public_jwk: string;
  private_jwk: string;
}

async function readKeys(db: DB): Promise<KeyRow[]> {
  return db
    .selectFrom('signing_keys')
    .select(['kid', 'public_jwk', 'private_jwk'])
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('kid', 'desc')
    .execute();
}

async function toState(rows: KeyRow[]): Promise<{ current: SigningKey; publicJwks: JWK[] }> {
  const newest = rows[0]!;
  const privateKey = (await importJWK(JSON.parse(newest.private_jwk) as JWK, SIGNING_ALG)) as CryptoKey;
  const publicJwks = rows.map((r) => JSON.parse(r.public_jwk) as JWK);
  return { current: { kid: newest.kid, privateKey, publicJwk: publicJwks[0]! }, publicJwks };
}

/**
 * Loads the signing keys from the database, creating the first RS256 key on first start. Keys
 * live in the database (not a file) so several BFF processes sharing one database sign and
 * verify with the same keys; `npm run keys -- rotate` adds a key that every process signs with
 * within KEY_REFRESH_MS, while tokens signed with older keys verify until those are retired.
 */
export async function loadKeyRing(db: DB, now: () => number = Date.now): Promise<KeyRing> {
  let rows = await readKeys(db);
  if (rows.length === 0) {
    await createSigningKey(db, new Date(now()));
    // Processes starting together may each create one: all read the same newest afterwards.
    rows = await readKeys(db);
  }
  let state = await toState(rows);
  let readAt = now();
  let forcedAt = 0;
  let inFlight: Promise<void> | null = null;
  const reread = () =>
    (inFlight ??= (async () => {
      try {
        const fresh = await readKeys(db);
        // The same keys keep the same state object: holders of publicJwks (verified-token
        // caches, JWKS answers) can tell a change of keys by identity.
        const kids = (keys: Array<{ kid?: string }>) => keys.map((k) => k.kid).join(' ');
        if (fresh.length > 0 && kids(fresh) !== kids(state.publicJwks)) state = await toState(fresh);
        readAt = now();
      } catch {
        // Keep signing and verifying with the keys we have; the next call tries again.
      } finally {
        inFlight = null;
      }
    })());
  return {
    get current() {
      return state.current;
    },
    get publicJwks() {
      return state.publicJwks;
    },
    async refresh(opts = {}) {
      const t = now();
      if (opts.unknownKid) {
        if (t - forcedAt < UNKNOWN_KID_REFRESH_MS) return;
        forcedAt = t;
        return reread();
      }
      if (t - readAt >= KEY_REFRESH_MS) return reread();
    },
  };
}

/** Adds a new signing key; older keys stay valid for verification until retired. */
export async function createSigningKey(db: DB, now = new Date()): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true, modulusLength: 2048 });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
  await db
    .insertInto('signing_keys')
    .values({
      kid,
      alg: SIGNING_ALG,
      public_jwk: JSON.stringify(publicJwk),
      private_jwk: JSON.stringify(privateJwk),
      created_at: now.toISOString(),
      retired_at: null,
    })
    .execute();
  return kid;
}

export interface KeyInfo {
  kid: string;
  createdAt: string;
  retiredAt: string | null;
}

export async function listSigningKeys(db: DB): Promise<KeyInfo[]> {
  const rows = await db.selectFrom('signing_keys').select(['kid', 'created_at', 'retired_at']).orderBy('created_at').execute();
  return rows.map((r) => ({ kid: r.kid, createdAt: r.created_at, retiredAt: r.retired_at }));
}

/**
 * Retires every key but the newest: tokens they signed stop verifying (in every process within
 * KEY_REFRESH_MS). The newest key is never retired, so signing always has a key. Returns the
 * retired kids.
 */
export async function retireOlderSigningKeys(db: DB, now = new Date()): Promise<string[]> {
  const [newest, ...older] = await readKeys(db);
  if (!newest || older.length === 0) return [];
  const kids = older.map((r) => r.kid);
  await db.updateTable('signing_keys').set({ retired_at: now.toISOString() }).where('kid', 'in', kids).execute();
  return kids;
}
