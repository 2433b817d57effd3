import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { DB } from '../db/index.ts';

export const SIGNING_ALG = 'RS256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface KeyRing {
  /** The key new tokens are signed with. */
  current: SigningKey;
  /** Public keys of every key not retired, for verification and JWKS. */
  publicJwks: JWK[];
}

/**
 * Loads the signing keys from the database, creating the first RS256 key on
 * first start. Keys live in the database (not a file) so several BFF
 * processes sharing one database sign and verify with the same keys.
 */
export async function loadKeyRing(db: DB, now = new Date()): Promise<KeyRing> {
  let rows = await db.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).orderBy('created_at', 'desc').execute();
  if (rows.length === 0) {
    await createSigningKey(db, now);
    rows = await db.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).orderBy('created_at', 'desc').execute();
  }
  const newest = rows[0]!;
  const privateKey = (await importJWK(JSON.parse(newest.private_jwk) as JWK, SIGNING_ALG)) as CryptoKey;
  const publicJwks = rows.map((r) => JSON.parse(r.public_jwk) as JWK);
  return { current: { kid: newest.kid, privateKey, publicJwk: publicJwks[0]! }, publicJwks };
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
